package io.statlens.store.schema;

import io.statlens.store.block.BlockStore;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * What differs between SQL engines, kept in one place: Derby is retired upstream, and a server
 * engine must be able to follow by implementing this seam rather than by editing SQL everywhere.
 */
public interface SqlDialect {

    /** Column type for an auto-numbered primary key. */
    String identityColumn();

    /** Column type for metric values. */
    String doubleType();

    /** Column type for text up to {@code length} characters. */
    String varchar(int length);

    /** Column type for long text (notes, fact values, warning messages). */
    String longText();

    /** Column type for binary data up to {@code length} bytes. */
    String varbinary(int length);

    /** Statement that lets a column hold NULL. */
    String dropNotNull(String table, String column);

    /** Expression for the seconds, with fractions, from one timestamp expression to another. */
    String secondsBetween(String from, String to);

    /**
     * A query of the identity key that the connection's last single-row INSERT gave its row, where asking it costs less
     * than JDBC's generated keys; empty: ask the INSERT's generated keys.
     */
    default Optional<String> lastIdentityQuery() {
        return Optional.empty();
    }

    /** Whether the table exists (in the default schema). */
    boolean tableExists(Connection c, String table);

    /** Whether this exception says another process holds the repository. */
    boolean isRepositoryInUse(SQLException e);

    /** Whether this exception says there is no repository at the location. */
    boolean isMissingDatabase(SQLException e);

    /** Reserved words that cannot be column names. */
    boolean isReserved(String upperCaseWord);

    /** Statement that limits a query's rows, appended to a SELECT. */
    String fetchFirst(int rows);

    /**
     * A result column's name as statlens shows it: the same on every engine for the same query
     * ({@code SELECT ts} shows {@code TS}, as Derby reports it).
     *
     * @param sql the query, for how it spelled the name
     */
    default String resultLabel(String label, String sql) {
        return label;
    }

    /**
     * Prepares a new connection before the schema is read: finds the repository's schema, takes the
     * role the user was given.
     *
     * @param create whether the repository may be created
     */
    default void openSession(Connection c, boolean create) {
    }

    /**
     * Lets the repository's readers see a table or view just created, where the repository has a
     * reader role ({@code STATLENS_READER}); views are re-created when their table grows, so this runs
     * for every creation.
     */
    default void grantRead(Connection c, String tableOrView) {
    }

    /**
     * Whether {@link #grantRead} may have anything to do on this connection now: false only where the engine
     * can tell, in one look, that the repository has no reader role, so that a migration creating dozens of
     * tables and views need not ask again for each (no migration step creates the role).
     */
    default boolean mayGrantRead(Connection c) {
        return true;
    }

    /** Narrows a read-only transaction further where the engine can (a reader role), before a user's query runs. */
    default void enterReadOnly(Connection c) {
    }

    /**
     * Before a schema change other clients' readers may wait for: the statement that bounds how long
     * the transaction's next statements wait for a lock, or null for no bound (Derby: its lock timeout and
     * deadlock detection see to it). The bound, when there is one, is lifted with {@link #unboundLockWait()}.
     */
    default String boundLockWait(Connection c) {
        return null;
    }

    /** @see #boundLockWait(Connection) */
    default String unboundLockWait() {
        return null;
    }

    /**
     * Called where {@link #boundLockWait(Connection)} bounds the wait, before a schema change of {@code relation}:
     * fails at once, as a lock not to be had, when another client that waits for this transaction holds the relation,
     * for waiting would close a cycle the engine may break by undoing the other client, a reader (none on Derby,
     * which bounds no wait).
     *
     * @throws io.statlens.store.StoreException caused by an SQLException with the engine's state for a lock not
     *                                           available, which {@code LockConflict} recognises
     */
    default void refuseLockCycle(Connection c, String relation) {
    }

    /**
     * What the server process (see {@link #serverProcess}) waits for, asked on another connection: the
     * clients whose locks it waits for, in words; empty when it waits for nobody, or the engine cannot say.
     */
    default java.util.Optional<String> waitsFor(Connection other, long serverProcess) {
        return java.util.Optional.empty();
    }

    /**
     * Has a statement that reads many rows (a series, millions at a time) get them in the engine's binary form where the
     * driver can choose: PostgreSQL otherwise prints every time and double as text on the server, and the driver parses
     * the text back.
     */
    default void readRowsInBinary(java.sql.PreparedStatement ps) {
    }

    /** The process id of the server process serving the connection, where the engine tells it. */
    default java.util.OptionalLong serverProcess(Connection c) {
        return java.util.OptionalLong.empty();
    }

    /**
     * Whether data sets' rows are kept in blocks ({@link BlockStore}: Derby, whose per-row cost is the import's and
     * reads' whole budget) rather than one row per sample in each data table (PostgreSQL, whose COPY is fast).
     */
    default boolean storesBlocks() {
        return false;
    }

    /**
     * Whether rows are appended fastest with the engine's own bulk copy (PostgreSQL's {@code COPY ... FROM STDIN}) rather
     * than JDBC batches of inserts: the import's loader is chosen by this and {@link #storesBlocks}, never by the URL.
     */
    default boolean copiesRows() {
        return false;
    }

    /**
     * Whether each data set's rows are a partition of their data table ({@link DatasetPartitions}: PostgreSQL's
     * declarative partitioning), so that deleting a run drops tables instead of deleting rows, and a query of one
     * run reads only its own rows' tables.
     */
    default boolean partitionsByDataset() {
        return false;
    }

    /**
     * Of a group's rows (a {@code GROUP BY}) where {@code filter} holds, the values {@code values} of the row that comes
     * first (or last) by them, the first value deciding, then the next: one select-list expression per value, NULL when
     * no row of the group qualifies. Where the engine has such an aggregate of plain types (PostgreSQL: {@code MIN} and
     * {@code MAX} of arrays, one per row and group), a minimum comes with its sample's time in the same pass; else empty.
     */
    default Optional<List<String>> extremeRow(List<String> values, boolean last, String filter) {
        return Optional.empty();
    }

    /**
     * The seconds from one timestamp to another as a double, computed row by row at a double's cost, where the engine has
     * such a function (PostgreSQL: {@code date_part} of the interval; {@link #secondsBetween} gives a numeric there,
     * several times dearer per row); else empty. Exact to the microsecond for spans of decades.
     */
    default Optional<String> fastSecondsBetween(String from, String to) {
        return Optional.empty();
    }

    /**
     * Lets the connection's statements until the returned closer runs group some {@code bytes} of group states in memory,
     * in its own process. Where the engine spills a grouping larger than a small default to disk and splits it among
     * parallel workers (PostgreSQL's 4 MB {@code work_mem}: a grouping of a ten-million-row series cost half as much
     * CPU again), it sets more memory and no workers for these statements only; the closer puts back what was set.
     */
    default AutoCloseable groupInMemory(Connection c, long bytes) {
        return () -> { };
    }

    /** Whether queries may start with {@code WITH} (common table expressions): PostgreSQL yes, Derby no. */
    default boolean withQueries() {
        return true;
    }

    /** The dialect of the engine a JDBC URL names. */
    static SqlDialect forUrl(String jdbcUrl) {
        if (jdbcUrl.startsWith("jdbc:postgresql:")) return new PostgresDialect();
        if (jdbcUrl.startsWith("jdbc:derby:")) return new DerbyDialect();
        throw new io.statlens.model.UserException("statlens does not know the database of " + RepositoryLocation.redact(jdbcUrl)
                + "; it works with jdbc:derby:... (embedded or a network server) and jdbc:postgresql://host:port/database");
    }
}
