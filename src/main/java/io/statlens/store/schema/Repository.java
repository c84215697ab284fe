package io.statlens.store.schema;

import io.statlens.model.UserException;
import io.statlens.store.StoreException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.TimeZone;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An open statlens repository: one JDBC connection, its schema brought up to date on open.
 *
 * <p>Timestamps are stored as UTC wall-clock {@code TIMESTAMP}s. JDBC converts
 * {@link Timestamp}s through the JVM's default zone, where a local daylight-saving gap would shift
 * times; so the repository requires, and sets, a UTC default zone. Entry points capture the user's
 * local zone before opening (for {@code --tz}'s default).
 */
public final class Repository implements AutoCloseable {
    private final RepositoryLocation location;
    private final SqlDialect dialect;
    private final Connection connection;
    private final DataTables tables;
    /** Where data tables are partitioned by data set, the tables of deleted data sets until they are dropped. */
    private final LeftTables left;

    private Repository(RepositoryLocation location, SqlDialect dialect, Connection connection) throws SQLException {
        this.location = location;
        this.dialect = dialect;
        this.connection = connection;
        this.tables = new DataTables(connection, dialect);
        this.left = dialect.partitionsByDataset() ? new LeftTables(this::openQueryConnection) : null;
    }

    /** Opens (creating if needed) and migrates the repository. */
    public static Repository open(RepositoryLocation location) {
        return open(location, true);
    }

    /**
     * Opens and migrates the repository.
     *
     * @param create whether to create an embedded repository that does not exist yet; commands that
     *               only read refuse a missing one instead of leaving an empty repository behind
     */
    public static Repository open(RepositoryLocation location, boolean create) {
        if (!create && !location.exists()) {
            throw new UserException("no repository at " + location.description()
                    + " (import something first: statlens import FILE --run NAME, or give --repo DIR / --db URL)");
        }
        TimeZone.setDefault(TimeZone.getTimeZone(ZoneOffset.UTC));
        SqlDialect dialect = SqlDialect.forUrl(location.jdbcUrl());
        if (location.embeddedDir() != null && DerbyMessages.routed()) {
            // Derby's messages (routed to DerbyMessages by cli.Main before any command) go to derby.log beside the repository,
            // and only when there is something in it worth reading.
            DerbyMessages.STREAM.useFile(location.embeddedDir().toAbsolutePath().resolveSibling("derby.log"));
        }
        if (dialect instanceof DerbyDialect) tuneDerby();
        if (location.embeddedDir() == null) return connectAndMigrate(location, dialect, create);
        // Two processes creating the same new repository would race inside Derby's create, and the loser
        // would be told that the directory the winner is filling "already exists"; a lock beside the
        // folder lets one create while the other waits, then meets the usual "in use" refusal.
        try (CreationLock ignored = CreationLock.acquire(location.embeddedDir())) {
            return connectAndMigrate(location, dialect, create);
        }
    }

    private static Repository connectAndMigrate(RepositoryLocation location, SqlDialect dialect, boolean create) {
        Connection c;
        try {
            if (location.embeddedDir() != null) {
                refuseForeignFolder(location);
                // a new repository copied from the empty one recorded with the jar, where there is one: Derby then boots it
                if (create && !location.exists()) RepositoryTemplate.copyTo(location.embeddedDir());
            }
            c = DriverManager.getConnection(location.jdbcUrl() + (location.embeddedDir() != null
                    || location.jdbcUrl().startsWith("jdbc:derby:memory:") ? ";create=true" : ""), location.connectionProperties());
        } catch (SQLException e) {
            if (dialect.isRepositoryInUse(e)) {
                throw new RepositoryInUse(location);
            }
            if (isAuthenticationFailure(e)) {
                throw new UserException("cannot open repository " + location.description() + ": authentication failed"
                        + " (give the user in the URL and the password in " + passwordSource(location) + "; see docs/team.md)");
            }
            throw new UserException("cannot open repository " + location.description() + ": "
                    + RepositoryLocation.redact(messages(e)), e);
        } catch (java.io.IOException e) {
            throw new UserException("cannot create repository folder " + location.description() + ": " + e.getMessage(), e);
        }
        try {
            c.setAutoCommit(false);
            dialect.openSession(c, create);
            Repository repo = new Repository(location, dialect, c);
            repo.migrate(create);
            repo.dropLeftTables();
            return repo;
        } catch (SQLException | RuntimeException e) {
            closeQuietly(c, location);
            java.util.Optional<String> refused = io.statlens.store.AccessRefusal.in(e);
            if (refused.isPresent() && !(e instanceof UserException)) {
                throw new UserException("cannot prepare repository " + location.description() + ": " + refused.get()
                        + " (this user may read the repository but not create or upgrade it; ask its owner to open it first)", e);
            }
            if (e instanceof RuntimeException r) throw r;
            throw new IllegalStateException("cannot prepare repository " + location.description() + ": "
                    + RepositoryLocation.redact(e.getMessage()), e);
        }
    }

    /** Whether the server refused the user or password (Derby says so in 08004 with its reason, PostgreSQL in 28xxx). */
    private static boolean isAuthenticationFailure(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        if (state.startsWith("28")) return true;
        String message = e.getMessage() == null ? "" : e.getMessage().toLowerCase(java.util.Locale.ROOT);
        return state.equals("08004") && (message.contains("authentica") || message.contains("userid or password")
                || message.contains("connection refused"));
    }

    private static String passwordSource(RepositoryLocation location) {
        return location.jdbcUrl().startsWith("jdbc:postgresql:") ? "PGPASSWORD or ~/.pgpass" : "STATLENS_DB_PASSWORD";
    }

    /**
     * Derby creates a database only in a folder that does not exist yet: an empty folder (left by a creation
     * that was killed before it wrote anything) is removed, and a folder with other content is refused
     * rather than read as a broken repository.
     */
    private static void refuseForeignFolder(RepositoryLocation location) throws java.io.IOException {
        Path dir = location.embeddedDir();
        if (location.exists() || !Files.isDirectory(dir)) return;
        try (var entries = Files.list(dir)) {
            if (entries.findAny().isEmpty()) {
                Files.delete(dir);
                return;
            }
        }
        throw new UserException(location.description() + " is a folder but not a statlens repository (it has no"
                + " service.properties); give --repo a new or an existing repository folder");
    }

    /**
     * Derby's defaults suit small OLTP work: a 4 MB page cache, a log file switch (with a sync) every
     * megabyte and a checkpoint every 10 MB. Imports append millions of rows in one transaction,
     * so a larger cache and rarer log switches and checkpoints cut the time spent waiting on disk.
     * Set only when the user has not set them.
     */
    private static void tuneDerby() {
        setDefault("derby.storage.pageCacheSize", Integer.toString(pageCachePages(Runtime.getRuntime().maxMemory())));
        setDefault("derby.storage.logSwitchInterval", Integer.toString(32 << 20));
        setDefault("derby.storage.checkpointInterval", Integer.toString(128 << 20));
    }

    /** Derby's own page cache: 1,000 pages. */
    private static final int DERBY_PAGE_CACHE = 1000;
    /** The cache that the import's large transactions were measured with (docs/bench.md). */
    private static final int LARGE_PAGE_CACHE = 4000;
    /** The page of a table with a BLOB column (BLOCKS, where an import's rows go): Derby gives it 32 KiB. */
    private static final int BLOB_TABLE_PAGE = 32 << 10;

    /**
     * Derby counts its page cache in pages, not bytes, and an import fills it: a day of {@code mysqladmin ext -r -i 1}
     * writes about 15,000 pages of 32 KiB into {@code BLOCKS} (474 MB), so a cache of 4,000 such pages held 125 MiB, all of a
     * 128 MiB heap (issue 23). A quarter of the heap in {@code BLOCKS} pages, between Derby's own 1,000 pages and the
     * 4,000 the imports were tuned with, leaves the rest to the import's statistics and blocks (at the launcher's 320
     * MiB, 2,560 pages: more than the default benchmark's blocks take).
     */
    static int pageCachePages(long maxHeapBytes) {
        long quarter = maxHeapBytes / 4 / BLOB_TABLE_PAGE;
        return (int) Math.max(DERBY_PAGE_CACHE, Math.min(LARGE_PAGE_CACHE, quarter));
    }

    private static void setDefault(String property, String value) {
        if (System.getProperty(property) == null) System.setProperty(property, value);
    }

    /** Derby explains many failures in chained "next" exceptions; say all of it. */
    private static String messages(SQLException e) {
        StringBuilder sb = new StringBuilder(e.getMessage());
        for (SQLException next = e.getNextException(); next != null; next = next.getNextException()) {
            if (!sb.toString().contains(next.getMessage())) sb.append("; ").append(next.getMessage());
        }
        return sb.toString().replace(", see the next exception for details", "");
    }

    private static final Pattern CREATED = Pattern.compile("CREATE (?:TABLE|VIEW) (\\w+)");

    private void migrate(boolean create) throws SQLException {
        int latest = Migrations.latestVersion(dialect);
        int current = 0;
        boolean exists = dialect.tableExists(connection, "STATLENS_SCHEMA");
        if (!exists && !create) {
            throw new UserException("no statlens repository in " + location.description()
                    + " (import something first: statlens import FILE --run NAME --db URL)");
        }
        if (exists) {
            try (Statement s = connection.createStatement();
                 ResultSet rs = s.executeQuery("SELECT MAX(VERSION) FROM STATLENS_SCHEMA")) {
                if (rs.next()) current = rs.getInt(1);
            }
        } else {
            Statements.execute(connection, "CREATE TABLE STATLENS_SCHEMA (VERSION INT NOT NULL PRIMARY KEY, DESCRIPTION "
                    + dialect.varchar(400) + ", APPLIED_AT TIMESTAMP NOT NULL)");
            dialect.grantRead(connection, "STATLENS_SCHEMA");
        }
        if (current > latest) {
            connection.rollback();
            throw new UserException("repository " + location.description() + " was written by a newer statlens (schema version "
                    + current + "; this statlens knows up to " + latest + "); use a newer statlens to open it");
        }
        if (current == latest) {
            connection.commit();
            return;
        }
        // asked once: a new repository creates some thirty tables and views, and none of its steps makes the role
        boolean grant = dialect.mayGrantRead(connection);
        // prepared once: after DDL, Derby compiles afresh every statement prepared in the same transaction
        try (PreparedStatement recordStep = connection.prepareStatement("INSERT INTO STATLENS_SCHEMA VALUES (?, ?, ?)")) {
            for (Migrations.Step step : Migrations.steps(dialect)) {
                if (step.version() <= current) continue;
                for (String sql : step.statements()) {
                    Statements.execute(connection, sql);
                    // where the repository has a reader role already (PostgreSQL's statlens_reader made before the
                    // first import, a statlens server upgraded), its readers see what a migration creates
                    Matcher created = CREATED.matcher(sql);
                    if (grant && created.lookingAt()) dialect.grantRead(connection, created.group(1));
                }
                if (step.convert() != null && current > 0) step.convert().run(tables);
                recordStep.setInt(1, step.version());
                recordStep.setString(2, step.description());
                recordStep.setTimestamp(3, timestamp(Instant.now()));
                recordStep.executeUpdate();
            }
        }
        connection.commit();
    }

    /**
     * Drops, on a thread of their own, the tables of deleted data sets that a delete left (it was killed before it
     * dropped them: {@link LeftTables}). The open does not wait for them; {@link #close} does.
     */
    private void dropLeftTables() {
        if (left == null) return;
        boolean any = LeftTables.anyLeft(connection);
        endRead();
        if (any) left.dropLater();
    }

    /**
     * The tables of deleted data sets until they are dropped, where data tables are partitioned by data set
     * (PostgreSQL); empty otherwise, where a delete deletes rows.
     */
    public java.util.Optional<LeftTables> leftTables() {
        return java.util.Optional.ofNullable(left);
    }

    /**
     * Waits until the tables of the data sets deleted so far are dropped ({@link LeftTables}); at once where a delete
     * drops nothing after its commit. For a benchmark, whose next step should not share the machine with the drop.
     */
    public void awaitDeletedTablesDropped() {
        if (left != null) left.awaitDropped();
    }

    /** The schema version the repository is at. */
    public int schemaVersion() {
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SELECT MAX(VERSION) FROM STATLENS_SCHEMA")) {
            rs.next();
            return rs.getInt(1);
        } catch (SQLException e) {
            throw new StoreException("cannot read the schema version of " + location.description() + ": " + e.getMessage(), e);
        }
    }

    /** Undoes the current transaction (the tables it created too: each table is read from the catalog as it is used). */
    public void rollback() {
        try {
            connection.rollback();
        } catch (SQLException ignored) {
            // the connection is gone; nothing was committed
        }
    }

    /**
     * Ends the connection's transaction after work that only read. On a server a reading transaction
     * holds what it read until it ends (PostgreSQL its table locks, Derby its intent locks); an import
     * by another client that adds a column to one of those tables would wait for it. Work that wrote
     * has committed or rolled back already, so nothing is lost here.
     */
    public void endRead() {
        try {
            connection.rollback();
        } catch (SQLException ignored) {
            // the connection is gone; there is nothing to hold
        }
    }

    /**
     * The operating-system process of the database server that serves this connection, where the engine
     * says (PostgreSQL's {@code pg_backend_pid()}); empty for Derby, embedded (this process) or served.
     */
    public java.util.OptionalLong serverProcess() {
        return dialect.serverProcess(connection);
    }

    /**
     * A second connection to the same repository, for a question that may have to be stopped: Derby stops an
     * embedded statement only by closing its connection (see {@link ReadOnlyQuery.Stop}). The caller closes it.
     */
    public Connection openQueryConnection() {
        try {
            Connection c = DriverManager.getConnection(location.jdbcUrl(), location.connectionProperties());
            c.setAutoCommit(false);
            // On a server, the same schema and role as the repository's own connection.
            dialect.openSession(c, false);
            return c;
        } catch (SQLException e) {
            throw new UserException("cannot open a query connection to " + location.description() + ": " + RepositoryLocation.redact(messages(e)), e);
        }
    }

    public Connection connection() {
        return connection;
    }

    public SqlDialect dialect() {
        return dialect;
    }

    public DataTables tables() {
        return tables;
    }

    public RepositoryLocation location() {
        return location;
    }

    /** A UTC instant as a repository timestamp. */
    public static Timestamp timestamp(Instant instant) {
        return Timestamp.valueOf(LocalDateTime.ofEpochSecond(instant.getEpochSecond(), instant.getNano(), ZoneOffset.UTC));
    }

    /** A repository timestamp as a UTC instant; null stays null. */
    public static Instant instant(Timestamp ts) {
        return ts == null ? null : ts.toLocalDateTime().toInstant(ZoneOffset.UTC);
    }

    /**
     * Ends the connection, after the tables of the data sets deleted through it are dropped ({@link LeftTables}): the
     * space comes back before the process ends.
     */
    @Override
    public void close() {
        if (left != null) left.awaitDropped();
        try {
            if (!connection.isClosed()) connection.rollback();
        } catch (SQLException ignored) {
            // closing anyway
        }
        closeQuietly(connection, location);
    }

    private static void closeQuietly(Connection c, RepositoryLocation location) {
        try {
            c.close();
        } catch (SQLException ignored) {
            // nothing left to do
        }
        if (location.embeddedDir() != null) {
            // Release the embedded database's lock so that another process may open it.
            try {
                DriverManager.getConnection(location.jdbcUrl() + ";shutdown=true").close();
            } catch (SQLException expected) {
                // Derby reports a successful shutdown as SQLState 08006.
            }
        }
    }
}
