package io.statlens.store.schema;

import io.statlens.store.StoreException;
import io.statlens.store.block.BlockStore;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.Set;

/** Apache Derby (embedded or network server): the default repository engine. */
public final class DerbyDialect implements SqlDialect {
    /** The catalog look-ups an import asks for each table it creates (see {@link ConnectionStatements}). */
    private final ConnectionStatements lookups = new ConnectionStatements();
    private static final Set<String> RESERVED = Set.of(("ADD ALL ALLOCATE ALTER AND ANY ARE AS ASC ASSERTION AT AUTHORIZATION AVG"
            + " BEGIN BETWEEN BIGINT BIT BOOLEAN BOTH BY CALL CASCADE CASCADED CASE CAST CHAR CHARACTER CHARACTER_LENGTH"
            + " CHAR_LENGTH CHECK CLOSE COALESCE COLLATE COLLATION COLUMN COMMIT CONNECT CONNECTION CONSTRAINT CONSTRAINTS"
            + " CONTINUE CONVERT CORRESPONDING CREATE CROSS CURRENT CURRENT_DATE CURRENT_ROLE CURRENT_TIME CURRENT_TIMESTAMP"
            + " CURRENT_USER CURSOR DATE DEALLOCATE DEC DECIMAL DECLARE DEFAULT DEFERRABLE DEFERRED DELETE DESC DESCRIBE"
            + " DIAGNOSTICS DISCONNECT DISTINCT DOUBLE DROP ELSE END ESCAPE EXCEPT EXCEPTION EXEC EXECUTE EXISTS EXPLAIN"
            + " EXTERNAL FALSE FETCH FIRST FLOAT FOR FOREIGN FOUND FROM FULL FUNCTION GET GETCURRENTCONNECTION GLOBAL GO"
            + " GOTO GRANT GROUP HAVING HOUR IDENTITY IMMEDIATE IN INDICATOR INITIALLY INNER INOUT INPUT INSENSITIVE INSERT"
            + " INT INTEGER INTERSECT INTO IS ISOLATION JOIN KEY LAST LEFT LIKE LOWER LTRIM MATCH MAX MIN MINUTE NATIONAL"
            + " NATURAL NCHAR NVARCHAR NEXT NO NONE NOT NULL NULLIF NUMERIC OF OFFSET ON ONLY OPEN OPTION OR ORDER OUT OUTER"
            + " OUTPUT OVERLAPS PAD PARTIAL PREPARE PRESERVE PRIMARY PRIOR PRIVILEGES PROCEDURE PUBLIC READ REAL REFERENCES"
            + " RELATIVE RESTRICT REVOKE RIGHT ROLLBACK ROWS ROW_NUMBER RTRIM SCHEMA SCROLL SECOND SELECT SESSION_USER SET"
            + " SMALLINT SOME SPACE SQL SQLCODE SQLERROR SQLSTATE SUBSTR SUBSTRING SUM SYSTEM_USER TABLE TEMPORARY TIME"
            + " TIMESTAMP TIMEZONE_HOUR TIMEZONE_MINUTE TO TRANSACTION TRANSLATE TRANSLATION TRIM TRUE UNION UNIQUE UNKNOWN"
            + " UPDATE UPPER USER USING VALUES VARCHAR VARYING VIEW WHENEVER WHERE WITH WORK WRITE XML XMLEXISTS XMLPARSE"
            + " XMLQUERY XMLSERIALIZE YEAR").split(" "));

    @Override
    public String identityColumn() {
        return "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY";
    }

    @Override
    public String doubleType() {
        return "DOUBLE";
    }

    @Override
    public String varchar(int length) {
        return "VARCHAR(" + length + ")";
    }

    @Override
    public String longText() {
        return "VARCHAR(32672)";
    }

    @Override
    public String varbinary(int length) {
        return "VARCHAR(" + length + ") FOR BIT DATA";
    }

    @Override
    public String dropNotNull(String table, String column) {
        return "ALTER TABLE " + table + " ALTER COLUMN " + column + " NULL";
    }

    @Override
    public String secondsBetween(String from, String to) {
        // FRAC_SECOND counts nanoseconds as a BIGINT: exact, and good for 292 years.
        return "CAST({fn TIMESTAMPDIFF(SQL_TSI_FRAC_SECOND, " + from + ", " + to + ")} AS DOUBLE) / 1e9";
    }

    @Override
    public boolean storesBlocks() {
        return true;
    }

    @Override
    public boolean withQueries() {
        return false;
    }

    /**
     * Derby answers {@code getGeneratedKeys} by compiling this very query for every row, afresh in a transaction that
     * created tables (an import's, for each of its data sets); prepared once, it is compiled once.
     */
    @Override
    public Optional<String> lastIdentityQuery() {
        return Optional.of("VALUES IDENTITY_VAL_LOCAL()");
    }

    @Override
    public boolean tableExists(Connection c, String table) {
        try {
            PreparedStatement ps = lookups.of(c, "SELECT 1 FROM SYS.SYSTABLES T JOIN SYS.SYSSCHEMAS S ON T.SCHEMAID = S.SCHEMAID"
                    + " WHERE T.TABLENAME = ? AND S.SCHEMANAME = CURRENT SCHEMA");
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        } catch (SQLException e) {
            throw new StoreException("cannot look up table " + table + ": " + e.getMessage(), e);
        }
    }

    @Override
    public boolean isRepositoryInUse(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException s && "XSDB6".equals(s.getSQLState())) return true;
            if (t instanceof SQLException s) {
                for (SQLException n = s.getNextException(); n != null; n = n.getNextException()) {
                    if ("XSDB6".equals(n.getSQLState())) return true;
                }
            }
        }
        return false;
    }

    @Override
    public boolean isMissingDatabase(SQLException e) {
        return "XJ004".equals(e.getSQLState()) || "08004".equals(e.getSQLState());
    }

    @Override
    public boolean isReserved(String upperCaseWord) {
        return RESERVED.contains(upperCaseWord);
    }


    @Override
    public String fetchFirst(int rows) {
        return " FETCH FIRST " + rows + " ROWS ONLY";
    }

    /** The role a Derby network server ({@code statlens server}) gives people who only query and report. */
    public static final String READER_ROLE = "STATLENS_READER";

    /**
     * On a server repository (statlens server) the tables live in their owner's schema and readers
     * hold a role that a Derby session must take explicitly: go to that schema, take that role.
     */
    @Override
    public void openSession(Connection c, boolean create) {
        Statements.inStore("cannot prepare the session", () -> openSessionWithJdbc(c, create));
    }

    private void openSessionWithJdbc(Connection c, boolean create) throws SQLException {
        if (!tableExists(c, "STATLENS_SCHEMA")) {
            try (PreparedStatement ps = c.prepareStatement("SELECT S.SCHEMANAME FROM SYS.SYSTABLES T JOIN SYS.SYSSCHEMAS S"
                    + " ON T.SCHEMAID = S.SCHEMAID WHERE T.TABLENAME = 'STATLENS_SCHEMA'");
                 ResultSet rs = ps.executeQuery()) {
                String schema = rs.next() ? rs.getString(1) : null;
                if (schema != null && !rs.next()) Statements.execute(c, "SET SCHEMA \"" + schema.replace("\"", "\"\"") + "\"");
            }
        }
        boolean reader;
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT 1 FROM SYS.SYSROLES WHERE ROLEID = ? AND GRANTEE = CURRENT_USER AND ISDEF = 'N'")) {
            ps.setString(1, READER_ROLE);
            try (ResultSet rs = ps.executeQuery()) {
                reader = rs.next();
            }
        }
        c.commit();
        if (reader) Statements.execute(c, "SET ROLE " + READER_ROLE);
    }

    @Override
    public void grantRead(Connection c, String tableOrView) {
        Statements.inStore("cannot grant the reader role SELECT", () -> grantReadWithJdbc(c, tableOrView));
    }

    private void grantReadWithJdbc(Connection c, String tableOrView) throws SQLException {
        if (!readerRoleExists(c)) return;
        Statements.execute(c, "GRANT SELECT ON " + tableOrView + " TO " + READER_ROLE);
    }

    @Override
    public boolean mayGrantRead(Connection c) {
        try {
            return readerRoleExists(c);
        } catch (SQLException e) {
            throw new StoreException("cannot look up the reader role: " + e.getMessage(), e);
        }
    }

    private boolean readerRoleExists(Connection c) throws SQLException {
        PreparedStatement ps = lookups.of(c, "SELECT 1 FROM SYS.SYSROLES WHERE ROLEID = ? AND ISDEF = 'Y'");
        ps.setString(1, READER_ROLE);
        try (ResultSet rs = ps.executeQuery()) {
            return rs.next();
        }
    }

    /** Whether the repository has the function (the table functions of blocks, {@link BlockStore}). */
    boolean functionExists(Connection c, String function) throws SQLException {
        PreparedStatement ps = lookups.of(c, "SELECT 1 FROM SYS.SYSALIASES WHERE ALIAS = ?");
        ps.setString(1, function);
        try (ResultSet rs = ps.executeQuery()) {
            return rs.next();
        }
    }
}
