package io.statlens.store.schema;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/** Runs a statement without parameters or results: DDL, mostly. */
final class Statements {
    private Statements() {
    }

    static void execute(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }
}
