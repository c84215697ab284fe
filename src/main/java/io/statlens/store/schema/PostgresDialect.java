package io.statlens.store.schema;

import io.statlens.store.StoreException;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * PostgreSQL, the team engine: the same schema as Derby's, with PostgreSQL's types. Unquoted names
 * fold to lower case there (to upper case in Derby), so the repository's upper-case names work
 * unchanged in SQL; only what the server reports back (result column names, catalog entries) is lower
 * case, and this dialect turns it back where statlens shows or looks it up.
 */
public final class PostgresDialect implements SqlDialect {
    /** A name PostgreSQL folded: lower case letters, digits and underscores only. */
    private static final Pattern FOLDED = Pattern.compile("[a-z_][a-z0-9_$]*");
    /** A schema name statlens creates: plain, unquoted. */
    private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}");
    /**
     * Key words that cannot name a column: PostgreSQL's reserved ones and those reserved except as a
     * function or type name (SQL Key Words, PostgreSQL 16).
     */
    private static final Set<String> RESERVED = Set.of(("ALL ANALYSE ANALYZE AND ANY ARRAY AS ASC ASYMMETRIC AUTHORIZATION"
            + " BINARY BOTH CASE CAST CHECK COLLATE COLLATION COLUMN CONCURRENTLY CONSTRAINT CREATE CROSS CURRENT_CATALOG"
            + " CURRENT_DATE CURRENT_ROLE CURRENT_SCHEMA CURRENT_TIME CURRENT_TIMESTAMP CURRENT_USER DEFAULT DEFERRABLE DESC"
            + " DISTINCT DO ELSE END EXCEPT FALSE FETCH FOR FOREIGN FREEZE FROM FULL GRANT GROUP HAVING ILIKE IN INITIALLY"
            + " INNER INTERSECT INTO IS ISNULL JOIN LATERAL LEADING LEFT LIKE LIMIT LOCALTIME LOCALTIMESTAMP NATURAL NOT"
            + " NOTNULL NULL OFFSET ON ONLY OR ORDER OUTER OVERLAPS PLACING PRIMARY REFERENCES RETURNING RIGHT SELECT"
            + " SESSION_USER SIMILAR SOME SYMMETRIC SYSTEM_USER TABLE TABLESAMPLE THEN TO TRAILING TRUE UNION UNIQUE USER"
            + " USING VARIADIC VERBOSE WHEN WHERE WINDOW WITH").split(" "));

    @Override
    public String identityColumn() {
        return "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY";
    }

    @Override
    public String doubleType() {
        return "DOUBLE PRECISION";
    }

    @Override
    public boolean copiesRows() {
        return true;
    }

    /**
     * Text sorts and compares by code point, as in Derby, whatever the database's locale: a server made
     * with en_US.UTF-8 would otherwise order keys ({@code ORDER BY ITEM}: sda, SDB, dm-0) otherwise, and
     * the same question would get rows in another order on each engine.
     */
    @Override
    public String varchar(int length) {
        return "VARCHAR(" + length + ") COLLATE \"C\"";
    }

    @Override
    public String longText() {
        return "TEXT COLLATE \"C\"";
    }

    @Override
    public String varbinary(int length) {
        return "BYTEA";
    }

    @Override
    public String dropNotNull(String table, String column) {
        return "ALTER TABLE " + table + " ALTER COLUMN " + column + " DROP NOT NULL";
    }

    @Override
    public String secondsBetween(String from, String to) {
        return "CAST(EXTRACT(EPOCH FROM (" + to + " - " + from + ")) AS DOUBLE PRECISION)";
    }

    @Override
    public boolean tableExists(Connection c, String table) {
        try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM pg_catalog.pg_class T JOIN pg_catalog.pg_namespace N"
                + " ON N.oid = T.relnamespace WHERE T.relname = ? AND N.nspname = current_schema()")) {
            ps.setString(1, table.toLowerCase(Locale.ROOT));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        } catch (SQLException e) {
            throw new StoreException("cannot look up table " + table + ": " + e.getMessage(), e);
        }
    }

    @Override
    public boolean isRepositoryInUse(SQLException e) {
        return false;
    }

    @Override
    public boolean isMissingDatabase(SQLException e) {
        return "3D000".equals(e.getSQLState()) || "3F000".equals(e.getSQLState());
    }

    @Override
    public boolean isReserved(String upperCaseWord) {
        return RESERVED.contains(upperCaseWord);
    }

    @Override
    public boolean partitionsByDataset() {
        return true;
    }

    @Override
    public String fetchFirst(int rows) {
        return " LIMIT " + rows;
    }

    @Override
    public String resultLabel(String label, String sql) {
        // Derby shows an unquoted SELECT ts as TS and PostgreSQL as ts: show what Derby shows, unless
        // the query asked for this spelling in quotes ("ts").
        if (!FOLDED.matcher(label).matches() || sql.contains("\"" + label + "\"")) return label;
        return label.toUpperCase(Locale.ROOT);
    }

    @Override
    public void openSession(Connection c, boolean create) {
        Statements.inStore("cannot prepare the session", () -> openSessionWithJdbc(c, create));
    }

    private void openSessionWithJdbc(Connection c, boolean create) throws SQLException {
        // A search_path naming a schema that does not exist leaves current_schema() null: the repository
        // lives in its own schema (?currentSchema=team), created with the first import.
        String schema;
        try (PreparedStatement ps = c.prepareStatement("SELECT current_schema(), current_setting('search_path')");
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            if (rs.getString(1) != null) return;
            schema = rs.getString(2).split(",")[0].trim();
        }
        if (!create || !PLAIN_NAME.matcher(schema).matches()) return;
        Statements.execute(c, "CREATE SCHEMA IF NOT EXISTS " + schema);
        c.commit();
    }

    @Override
    public void grantRead(Connection c, String tableOrView) {
        Statements.inStore("cannot grant the reader role SELECT", () -> grantReadWithJdbc(c, tableOrView));
    }

    private void grantReadWithJdbc(Connection c, String tableOrView) throws SQLException {
        if (!readerRole(c, false)) return;
        Statements.execute(c, "GRANT SELECT ON " + tableOrView + " TO statlens_reader");
        // A repository in a schema of its own (?currentSchema=perf) is readable only with USAGE on that schema;
        // its owner (statlens made it) may grant that, a user of someone else's schema leaves it to them.
        try (PreparedStatement ps = c.prepareStatement("SELECT quote_ident(current_schema()) WHERE"
                + " has_schema_privilege(current_user, current_schema(), 'USAGE WITH GRANT OPTION')"
                + " AND NOT has_schema_privilege('statlens_reader', current_schema(), 'USAGE')");
             ResultSet rs = ps.executeQuery()) {
            if (rs.next()) Statements.execute(c, "GRANT USAGE ON SCHEMA " + rs.getString(1) + " TO statlens_reader");
        }
    }

    /** Whether the role statlens_reader exists (and, if {@code member}, the current user is in it). */
    private static boolean readerRole(Connection c, boolean member) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'statlens_reader'"
                + (member ? " AND pg_has_role(current_user, oid, 'MEMBER')" : ""));
             ResultSet rs = ps.executeQuery()) {
            return rs.next();
        }
    }

    /**
     * A schema change takes its table or view for itself until the transaction ends. A reader that waits
     * for one the import changed earlier, while the import waits for a table the reader holds, closes a
     * cycle; PostgreSQL breaks it by undoing the transaction whose deadlock check runs first, that of the
     * process that has waited deadlock_timeout (1 s by default). The reader may have started waiting before
     * the import did, so the import's wait must end well before the reader's second is up: once the
     * transaction holds such a lock, it waits at most a tenth of that for the next one, then gives up and
     * starts over, and the reader goes on. (At half of it, a suite run under a load of 28 on 2 cores saw the
     * reader's check come first.) Before that it holds nothing a reader waits for, and may wait as long as
     * it takes.
     */
    @Override
    public String boundLockWait(Connection c) {
        try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM pg_catalog.pg_locks WHERE pid = pg_backend_pid()"
                + " AND locktype = 'relation' AND mode = 'AccessExclusiveLock'" + fetchFirst(1));
             ResultSet rs = ps.executeQuery()) {
            return rs.next() ? "SET LOCAL lock_timeout = '100ms'" : null;
        } catch (SQLException e) {
            throw new StoreException("cannot read the locks this transaction holds: " + e.getMessage(), e);
        }
    }

    /**
     * The bound above leaves a window: a reader that began waiting for this transaction's table just under
     * deadlock_timeout before the import waits for one the reader holds runs its deadlock check inside the import's
     * wait, finds the cycle and is undone. So the import does not wait at all for a table held by a client that
     * waits for it (pg_blocking_pids); it gives up with 55P03, as the bound's timeout would, and starts over. A
     * reader that begins waiting after this look checks deadlock_timeout later, when the bounded wait is long over.
     */
    @Override
    public void refuseLockCycle(Connection c, String relation) {
        long waiting;
        try (PreparedStatement ps = c.prepareStatement("SELECT H.PID FROM pg_catalog.pg_locks H WHERE H.locktype = 'relation'"
                + " AND H.granted AND H.relation = to_regclass(?) AND H.pid <> pg_backend_pid()"
                + " AND pg_backend_pid() = ANY (pg_catalog.pg_blocking_pids(H.pid))" + fetchFirst(1))) {
            ps.setString(1, relation.toLowerCase(Locale.ROOT));
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) return;
                waiting = rs.getLong(1);
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read the locks other clients wait for: " + e.getMessage(), e);
        }
        String message = "server process " + waiting + " holds " + relation + " and waits for this import; the import gives way";
        throw new StoreException(message, new SQLException(message, "55P03"));
    }

    @Override
    public String unboundLockWait() {
        return "SET LOCAL lock_timeout TO DEFAULT";
    }

    /**
     * The clients whose locks the process waits for (pg_blocking_pids): their server process, user, state and
     * since when their transaction runs. PostgreSQL shows another user's state and times to superusers and
     * pg_read_all_stats only; otherwise they are left out.
     */
    @Override
    public java.util.Optional<String> waitsFor(Connection other, long serverProcess) {
        List<String> holders = new ArrayList<>();
        try (PreparedStatement ps = other.prepareStatement("SELECT A.pid, A.usename, A.state, A.xact_start FROM pg_catalog.pg_stat_activity A"
                + " WHERE A.pid = ANY (pg_catalog.pg_blocking_pids(?)) ORDER BY A.pid")) {
            ps.setInt(1, (int) serverProcess);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    StringBuilder who = new StringBuilder("server process " + rs.getLong(1) + " of user " + rs.getString(2));
                    if (rs.getString(3) != null) who.append(", ").append(rs.getString(3));
                    java.sql.Timestamp since = rs.getTimestamp(4);
                    if (since != null) who.append(", in a transaction since ").append(since.toInstant().truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
                    holders.add(who.toString());
                }
            }
        } catch (SQLException e) {
            return java.util.Optional.empty();
        }
        return holders.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(String.join("; ", holders));
    }

    @Override
    public AutoCloseable groupInMemory(Connection c, long bytes) {
        try {
            String memory;
            String workers;
            try (PreparedStatement ps = c.prepareStatement("SELECT current_setting('work_mem'), current_setting('max_parallel_workers_per_gather'),"
                    + " set_config('work_mem', GREATEST(pg_size_bytes(current_setting('work_mem')) / 1024, ?) || 'kB', false),"
                    + " set_config('max_parallel_workers_per_gather', '0', false)")) {
                ps.setLong(1, (bytes + 1023) / 1024);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    memory = rs.getString(1);
                    workers = rs.getString(2);
                }
            }
            return () -> {
                try (PreparedStatement ps = c.prepareStatement("SELECT set_config('work_mem', ?, false), set_config('max_parallel_workers_per_gather', ?, false)")) {
                    ps.setString(1, memory);
                    ps.setString(2, workers);
                    ps.executeQuery().close();
                }
            };
        } catch (SQLException e) {
            throw new StoreException("cannot set PostgreSQL's work_mem for a grouping: " + e.getMessage(), e);
        }
    }

    @Override
    public java.util.Optional<String> fastSecondsBetween(String from, String to) {
        return java.util.Optional.of("date_part('epoch', " + to + " - " + from + ")");
    }

    @Override
    public java.util.Optional<List<String>> extremeRow(List<String> values, boolean last, String filter) {
        // An identical aggregate is computed once per group however often the select list names it.
        String aggregate = "(" + (last ? "MAX" : "MIN") + "(ARRAY[" + String.join(", ", values) + "]) FILTER (WHERE " + filter + "))";
        return java.util.Optional.of(java.util.stream.IntStream.rangeClosed(1, values.size()).mapToObj(i -> aggregate + "[" + i + "]").toList());
    }

    @Override
    public void readRowsInBinary(PreparedStatement ps) {
        // PgJDBC's threshold -1: prepared on the server from the first run, its results sent in binary ("forceBinary")
        try {
            ps.unwrap(org.postgresql.PGStatement.class).setPrepareThreshold(-1);
        } catch (SQLException e) {
            throw new StoreException("cannot ask PostgreSQL for binary results: " + e.getMessage(), e);
        }
    }

    @Override
    public java.util.OptionalLong serverProcess(Connection c) {
        try (PreparedStatement ps = c.prepareStatement("SELECT pg_backend_pid()"); ResultSet rs = ps.executeQuery()) {
            rs.next();
            return java.util.OptionalLong.of(rs.getLong(1));
        } catch (SQLException e) {
            return java.util.OptionalLong.empty();
        }
    }

    @Override
    public void enterReadOnly(Connection c) {
        Statements.inStore("cannot take the reader role", () -> enterReadOnlyWithJdbc(c));
    }

    private void enterReadOnlyWithJdbc(Connection c) throws SQLException {
        // The connection is read-only (BEGIN READ ONLY); where the administrator set up a reader role,
        // the query runs with that role's privileges too, so that functions with side effects are refused.
        if (readerRole(c, true)) Statements.execute(c, "SET LOCAL ROLE statlens_reader");
    }
}
