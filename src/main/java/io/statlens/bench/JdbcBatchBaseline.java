package io.statlens.bench;

import io.statlens.architecture.AllowedToUse;
import io.statlens.store.StoreException;
import io.statlens.store.load.CsvBulkLoader;
import io.statlens.store.DataTable;
import io.statlens.store.schema.DataTables;
import io.statlens.store.schema.Repository;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;

/**
 * The yardstick of the import benchmark on a server engine: the same rows appended with JDBC batches of
 * plain INSERTs (1000 rows a batch), the portable way, into a table shaped and indexed like a statlens
 * data table. {@code statlens bench --db} sets statlens' import (COPY on PostgreSQL) against it, and
 * statlens' bulk path alone ({@link #bulkLoadCsv}) on the same CSV rows, like for like.
 */
@AllowedToUse(value = "java.sql..", reason = "the yardstick on a server engine is what any JDBC client does, batches of plain"
        + " INSERTs; statlens' own bulk path it is set against stays in the store (CsvBulkLoader)")
public final class JdbcBatchBaseline {
    private static final int BATCH = 1000;

    private JdbcBatchBaseline() {
    }

    /** Creates {@code table} like {@code like}, inserts the CSV's rows in batches, commits; returns rows. */
    public static long importCsv(Repository repo, DataTable like, String table, Path csv) throws IOException {
        try {
            return insertCsv(repo, like, table, csv);
        } catch (SQLException e) {
            repo.rollback();
            throw new StoreException("the JDBC batch baseline failed: " + e.getMessage(), e);
        }
    }

    /**
     * Creates {@code table} like {@code like} and appends the CSV's rows through the import's bulk path
     * ({@link CsvBulkLoader}: COPY on PostgreSQL); returns rows.
     */
    public static long bulkLoadCsv(Repository repo, DataTable like, String table, Path csv) throws IOException {
        createTable(repo, like, table);
        return CsvBulkLoader.load(repo, like, table, csv);
    }

    /**
     * Creates {@code table} shaped and indexed like {@code like}, empty, and commits: for rows another client loads
     * (psql's {@code \copy}).
     */
    public static void createTable(Repository repo, DataTable like, String table) {
        try {
            createLike(repo, like, table);
        } catch (SQLException e) {
            repo.rollback();
            throw new StoreException("cannot create the baseline's table " + table + ": " + e.getMessage(), e);
        }
    }

    private static void createLike(Repository repo, DataTable like, String table) throws SQLException {
        Connection c = repo.connection();
        String dbl = repo.dialect().doubleType();
        StringBuilder ddl = new StringBuilder("CREATE TABLE ").append(table).append(" (DATASET_ID BIGINT NOT NULL, SAMPLE BIGINT NOT NULL,"
                + " TS TIMESTAMP NOT NULL, ELAPSED_S " + dbl + " NOT NULL, ITEM " + repo.dialect().varchar(DataTable.ITEM_LENGTH)
                + " NOT NULL, SINCE_BOOT BOOLEAN NOT NULL");
        for (DataTable.MetricColumn m : like.metrics()) ddl.append(", ").append(m.column()).append(' ').append(dbl);
        execute(c, ddl.append(")").toString());
        execute(c, "CREATE INDEX IX_" + table + " ON " + table + " (DATASET_ID, SAMPLE)");
        if (!repo.dialect().storesBlocks()) execute(c, DataTables.keyIndex(table));
        c.commit();
    }

    private static long insertCsv(Repository repo, DataTable like, String table, Path csv) throws SQLException, IOException {
        Connection c = repo.connection();
        createLike(repo, like, table);
        int metrics = like.metrics().size();
        String sql = "INSERT INTO " + table + " VALUES (" + "?, ".repeat(DataTable.FIXED_COLUMNS.size() + metrics - 1) + "?)";
        long rows = 0;
        try (Reader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8); PreparedStatement ps = c.prepareStatement(sql)) {
            int pending = 0;
            for (CSVRecord r : CSVFormat.DEFAULT.parse(in)) {
                ps.setLong(1, Long.parseLong(r.get(0)));
                ps.setLong(2, Long.parseLong(r.get(1)));
                ps.setTimestamp(3, Timestamp.valueOf(r.get(2)));
                ps.setDouble(4, Double.parseDouble(r.get(3)));
                ps.setString(5, r.get(4));
                ps.setBoolean(6, Boolean.parseBoolean(r.get(5)));
                for (int i = 0; i < metrics; i++) {
                    String v = 6 + i < r.size() ? r.get(6 + i) : "";
                    if (v.isEmpty()) ps.setNull(7 + i, Types.DOUBLE);
                    else ps.setDouble(7 + i, Double.parseDouble(v));
                }
                ps.addBatch();
                rows++;
                if (++pending == BATCH) {
                    ps.executeBatch();
                    pending = 0;
                }
            }
            if (pending > 0) ps.executeBatch();
        }
        c.commit();
        return rows;
    }

    /** Drops a table the benchmark made, and commits. */
    public static void drop(Repository repo, String table) {
        try {
            execute(repo.connection(), "DROP TABLE " + table);
            repo.connection().commit();
        } catch (SQLException e) {
            repo.rollback();
            throw new StoreException("cannot drop the baseline's table " + table + ": " + e.getMessage(), e);
        }
    }

    private static void execute(Connection c, String sql) throws SQLException {
        try (java.sql.Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }
}
