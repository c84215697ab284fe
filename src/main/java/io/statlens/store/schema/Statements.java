package io.statlens.store.schema;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/** Runs a statement without parameters or results: DDL, mostly. */
final class Statements {
    private Statements() {
    }

    /** JDBC work whose failure is the repository's: SQLException becomes StoreException. */
    interface Work {
        void run() throws SQLException;
    }

    static void inStore(String what, Work work) {
        try {
            work.run();
        } catch (SQLException e) {
            throw new io.statlens.store.StoreException(what + ": " + e.getMessage(), e);
        }
    }

    static void execute(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }
}
