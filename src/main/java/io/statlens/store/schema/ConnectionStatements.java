package io.statlens.store.schema;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * Catalog look-ups prepared once and kept with the connection they were prepared on. Once a transaction has run DDL
 * (an import creating its tables and views), Derby no longer takes statements from its statement cache: every
 * statement prepared in it is compiled afresh, into a class of its own, and the JIT compiles that again. An import of
 * a file with a dozen data sets asked the same three catalog questions for each, each compiled anew. A statement from
 * here is never closed by its user; the connection closes it. Asked on another connection, it prepares anew for that.
 */
final class ConnectionStatements {
    private Connection connection;
    private final Map<String, PreparedStatement> bySql = new HashMap<>();

    synchronized PreparedStatement of(Connection c, String sql) throws SQLException {
        if (c != connection) {
            bySql.clear();
            connection = c;
        }
        PreparedStatement ps = bySql.get(sql);
        if (ps == null || ps.isClosed()) {
            ps = c.prepareStatement(sql);
            bySql.put(sql, ps);
        }
        return ps;
    }
}
