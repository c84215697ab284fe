package io.statlens.store.schema;

import io.statlens.store.StoreException;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where the engine partitions data tables ({@link SqlDialect#partitionsByDataset()}: PostgreSQL's declarative
 * partitioning, {@code PARTITION BY LIST (DATASET_ID)}), each data set's rows are a table of their own, attached to
 * its data table: deleting a run takes its data sets' tables out and drops them ({@link LeftTables}: no row is
 * visited, however many there are), and a
 * query of one run's data sets ({@code WHERE DATASET_ID = ?}, as every chart, statistic and report reads) reads only
 * theirs. A run's data sets are its partitions: a data set belongs to one run and one table.
 *
 * <p>A new data set's rows are copied into a table not yet attached, its index built once after the rows are in,
 * then attached ({@code ATTACH PARTITION} takes a lock readers do not wait for; a {@code CHECK} on the data set id
 * spares it the scan that proves the rows belong).
 */
public final class DatasetPartitions {
    /** PostgreSQL's longest name (NAMEDATALEN - 1). */
    private static final int NAME_LENGTH = 63;

    private DatasetPartitions() {
    }

    /** The clause that makes a new data table partitioned by data set. */
    static String partitionClause() {
        return " PARTITION BY LIST (DATASET_ID)";
    }

    /** The name of the data set's partition of {@code table}: the table's name, cut to fit, and the data set's id. */
    public static String name(String table, long datasetId) {
        String suffix = "_D" + datasetId;
        String prefix = table.length() + suffix.length() > NAME_LENGTH ? table.substring(0, NAME_LENGTH - suffix.length()) : table;
        return prefix + suffix;
    }

    /** Whether {@code table} is partitioned (a data table of this schema step), rather than a plain table. */
    public static boolean isPartitioned(Connection c, String table) {
        try {
            return isPartitionedWithJdbc(c, table);
        } catch (SQLException e) {
            throw new StoreException("cannot read whether table " + table + " is partitioned: " + e.getMessage(), e);
        }
    }

    private static boolean isPartitionedWithJdbc(Connection c, String table) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM pg_catalog.pg_class T JOIN pg_catalog.pg_namespace N"
                + " ON N.oid = T.relnamespace WHERE T.relname = ? AND N.nspname = current_schema() AND T.relkind = 'p'")) {
            ps.setString(1, table.toLowerCase(Locale.ROOT));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    /** The data sets of {@code table} that have a partition already. */
    public static List<Long> attached(Connection c, String table) {
        try {
            return attachedWithJdbc(c, table);
        } catch (SQLException e) {
            throw new StoreException("cannot read the partitions of table " + table + ": " + e.getMessage(), e);
        }
    }

    private static List<Long> attachedWithJdbc(Connection c, String table) throws SQLException {
        List<Long> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT pg_catalog.pg_get_expr(T.relpartbound, T.oid) FROM pg_catalog.pg_inherits I"
                + " JOIN pg_catalog.pg_class T ON T.oid = I.inhrelid JOIN pg_catalog.pg_class P ON P.oid = I.inhparent"
                + " JOIN pg_catalog.pg_namespace N ON N.oid = P.relnamespace WHERE P.relname = ? AND N.nspname = current_schema()")) {
            ps.setString(1, table.toLowerCase(Locale.ROOT));
            try (ResultSet rs = ps.executeQuery()) {
                // FOR VALUES IN ('42')
                while (rs.next()) out.add(Long.parseLong(rs.getString(1).replaceAll("[^0-9]", "")));
            }
        }
        return out;
    }

    /**
     * Creates the data set's table, shaped like {@code table} and not attached yet: rows are copied in, then
     * {@link #attach} makes it the data set's partition. Inside the caller's transaction.
     */
    public static String createDetached(Connection c, String table, long datasetId) {
        String partition = name(table, datasetId);
        execute(c, "CREATE TABLE " + partition + " (LIKE " + table + ", CONSTRAINT " + partition
                + "_ID CHECK (DATASET_ID = " + datasetId + "))");
        return partition;
    }

    /** Attaches the table {@link #createDetached} made; its index is built now, over the rows copied in. */
    public static void attach(Connection c, String table, long datasetId) {
        execute(c, "ALTER TABLE " + table + " ATTACH PARTITION " + name(table, datasetId) + " FOR VALUES IN (" + datasetId + ")");
    }

    /**
     * Gives the planner the statistics of the data set's partition, filled and attached, inside the caller's transaction
     * (they count from its commit). Without them, until autovacuum gets to the table (a minute or more after the commit),
     * PostgreSQL guessed a few thousand rows of the data set and read a chart of every key with a bitmap scan and a sort on
     * disk: at 1M rows 2.0 to 2.3 s of the server's time where the index by sample takes 0.7 s (docs/bench.md). ANALYZE
     * reads a sample of 30,000 rows, whatever the table's size: about 0.3 s at 1M rows.
     */
    public static void analyze(Connection c, String table, long datasetId) {
        execute(c, "ANALYZE " + name(table, datasetId));
    }

    /** Creates the data set's partition, empty, attached at once (rows then go through the data table). */
    public static void create(Connection c, String table, long datasetId) {
        createDetached(c, table, datasetId);
        attach(c, table, datasetId);
    }

    /**
     * Adds {@code seconds} to the elapsed time of every row of the data set, in its partition alone (a data set without
     * rows has none). Inside the caller's transaction.
     */
    public static void shiftElapsed(Connection c, String table, long datasetId, double seconds) {
        String partition = name(table, datasetId);
        Statements.inStore("cannot move the elapsed times of data set " + datasetId, () -> {
            try (PreparedStatement exists = c.prepareStatement("SELECT to_regclass(?)")) {
                exists.setString(1, partition.toLowerCase(Locale.ROOT));
                try (ResultSet rs = exists.executeQuery()) {
                    if (!rs.next() || rs.getString(1) == null) return;
                }
            }
            try (PreparedStatement ps = c.prepareStatement("UPDATE " + partition + " SET ELAPSED_S = ELAPSED_S + ?")) {
                ps.setDouble(1, seconds);
                ps.executeUpdate();
            }
        });
    }

    /** A statement whose failure is the repository's (the store's callers see no JDBC). */
    private static void execute(Connection c, String sql) {
        Statements.inStore("cannot change the partitions of a data table", () -> Statements.execute(c, sql));
    }
}
