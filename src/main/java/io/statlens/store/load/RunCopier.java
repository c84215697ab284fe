package io.statlens.store.load;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.UserException;
import io.statlens.store.StoreException;
import io.statlens.store.read.DatasetChecksum;
import io.statlens.store.DataTable;
import io.statlens.store.schema.Repository;
import io.statlens.store.stats.OverviewWriter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Copies runs from one repository into another, on any engines (embedded Derby, a Derby network server,
 * PostgreSQL): the run with its tags and notes, its files, data sets and their rows, statistics, summary
 * values, facts, warnings, annotations and the labels its files printed in another language. Data rows go in through the target's bulk path (COPY on
 * PostgreSQL), and table and column names are the target's own, matched by the metrics' labels.
 *
 * <p>Each run is one transaction of the target, committed only after the copy is checked: every data
 * set's {@link DatasetChecksum} and every other table's row count read back from the target equal the
 * source's. A failure leaves the target as it was.
 */
public final class RunCopier {
    private static final int FETCH = 10_000;
    private static final int BATCH = 1000;
    private final Repository from;
    private final Repository to;

    /**
     * What one run's copy held; all of it was read back from the target and matched the source.
     *
     * @param notes annotations
     */
    public record Copied(String run, int files, int datasets, long rows, long statistics, long summaries, long facts,
                         long warnings, long notes) {
    }

    public RunCopier(Repository from, Repository to) {
        this.from = from;
        this.to = to;
    }

    /** The names of every run of the source, oldest first. */
    public List<String> allRuns() {
        try {
            return new RunLedger(from).names();
        } catch (SQLException e) {
            throw new StoreException("cannot list the runs of " + from.location().description() + ": " + e.getMessage(), e);
        } finally {
            from.rollback();
        }
    }

    /**
     * Copies one run, checks the copy against the source, and commits it.
     *
     * @param replace overwrite a run of that name in the target instead of refusing
     */
    public Copied copy(String run, boolean replace) {
        try {
            Copied copied = copyRun(run, replace);
            to.connection().commit();
            return copied;
        } catch (SQLException e) {
            to.rollback();
            throw new StoreException("cannot copy run '" + run + "': " + e.getMessage(), e);
        } catch (IOException e) {
            to.rollback();
            throw new UncheckedIOException("cannot copy run '" + run + "': " + e.getMessage(), e);
        } catch (RuntimeException e) {
            to.rollback();
            throw e;
        } finally {
            // The source was only read: end its transaction, releasing what it holds on a server.
            from.rollback();
        }
    }

    private record StoredDataset(long id, long fileId, String tool, String name, String table, String keyLabel, long rows,
                                 java.sql.Timestamp first, java.sql.Timestamp last) {
    }

    private Copied copyRun(String name, boolean replace) throws SQLException, IOException {
        RunLedger source = new RunLedger(from);
        RunLedger target = new RunLedger(to);
        RunLedger.StoredRun stored = source.stored(name).orElseThrow(() -> new UserException("no run named '" + name + "' in "
                + from.location().description()));
        RunLedger.OpenRun run = target.restore(stored, replace);
        Map<Long, Long> fileIds = new HashMap<>();
        List<RunLedger.StoredFile> files = source.storedFiles(stored.id());
        for (RunLedger.StoredFile f : files) fileIds.put(f.id(), target.restore(run, f));

        Map<Long, Long> datasetIds = new LinkedHashMap<>();
        Map<Long, DataTable> targetTables = new LinkedHashMap<>();
        Map<String, RowSpill> spills = new LinkedHashMap<>();
        long rows = 0;
        try (ColumnUses uses = new ColumnUses(to.connection())) {
            for (StoredDataset d : datasets(stored.id())) {
                DataTable sourceTable = from.tables().table(d.table()).orElseThrow(() -> new IllegalStateException(
                        "data set " + d.id() + " of run '" + name + "' names table " + d.table() + ", which is not in the catalog"));
                List<Metric> metrics = sourceTable.metrics().stream().map(m -> new Metric(m.label(), m.unit(), m.description())).toList();
                DataTable targetTable = to.tables().ensure(new DatasetSpec(d.tool(), d.name(), d.keyLabel(), metrics));
                long id = insertDataset(run.id(), fileIds.get(d.fileId()), d, targetTable.name());
                datasetIds.put(d.id(), id);
                targetTables.put(id, targetTable);
                int[] columnOf = new int[metrics.size()];
                for (int i = 0; i < columnOf.length; i++) columnOf[i] = targetTable.indexOfLabel(metrics.get(i).label());
                // as the source's catalog holds them: every column of its table is kept for the copy
                uses.record(id, Arrays.stream(columnOf).mapToObj(c -> targetTable.metrics().get(c).column()).distinct().toList());
                RowSpill spill = spills.computeIfAbsent(targetTable.name(), k -> new RowSpill());
                rows += spillRows(d.id(), sourceTable, id, spill, columnOf, targetTable.metrics().size());
                copyStatistics(d.id(), id, sourceTable, targetTable);
                copyPrintedLabels(d.id(), id, sourceTable, targetTable);
                copyWholeKeys(d.id(), id);
            }
            try (BulkLoader loader = BulkLoader.forDialect(to.dialect())) {
                for (Map.Entry<String, RowSpill> e : spills.entrySet()) {
                    loader.load(to.connection(), to.tables().table(e.getKey()).orElseThrow(), e.getValue());
                }
            }
            // The overviews are built again from the copied rows (their column names may differ from the source's).
            OverviewWriter overviews = new OverviewWriter(to);
            for (Map.Entry<Long, DataTable> e : targetTables.entrySet()) overviews.rebuild(name, e.getKey(), e.getValue());
        } finally {
            spills.values().forEach(RowSpill::close);
        }
        copyRunRows("SUMMARY", List.of("FILE_ID", "DATASET", "ITEM", "NAME", "VAL", "UNIT"), "", stored.id(), run.id(), fileIds);
        copyRunRows("FACTS", List.of("FILE_ID", "NAME", "VAL"), "", stored.id(), run.id(), fileIds);
        copyRunRows("WARNINGS", List.of("FILE_ID", "LINE_NO", "KIND", "MESSAGE"), "", stored.id(), run.id(), fileIds);
        copyRunRows("ANNOTATIONS", List.of("TS", "TEXT", "SOURCE"), " ORDER BY ID", stored.id(), run.id(), fileIds);
        copyRunRows("TIME_WINDOWS", List.of("NAME", "FROM_TS", "TO_TS", "SAVED_AT"), "", stored.id(), run.id(), fileIds);

        // a replaced run's columns that no run uses now go; the checks below read the copy as it will be committed
        target.dropUnusedColumns();
        verifyDatasets(name, datasetIds);
        same(name, "translated labels", "SELECT COUNT(*) FROM DATASET_LABELS L JOIN DATASETS D ON D.ID = L.DATASET_ID WHERE D.RUN_ID = ?",
                stored.id(), run.id());
        same(name, "whole keys", "SELECT COUNT(*) FROM DATASET_WHOLE_KEYS K JOIN DATASETS D ON D.ID = K.DATASET_ID WHERE D.RUN_ID = ?",
                stored.id(), run.id());
        return new Copied(name, files.size(), datasetIds.size(), rows,
                same(name, "statistics", "SELECT COUNT(*) FROM DATASET_STATS S JOIN DATASETS D ON D.ID = S.DATASET_ID WHERE D.RUN_ID = ?",
                        stored.id(), run.id()),
                same(name, "summary values", "SELECT COUNT(*) FROM SUMMARY WHERE RUN_ID = ?", stored.id(), run.id()),
                same(name, "facts", "SELECT COUNT(*) FROM FACTS WHERE RUN_ID = ?", stored.id(), run.id()),
                same(name, "warnings", "SELECT COUNT(*) FROM WARNINGS WHERE RUN_ID = ?", stored.id(), run.id()),
                same(name, "notes", "SELECT COUNT(*) FROM ANNOTATIONS WHERE RUN_ID = ?", stored.id(), run.id()));
    }

    private List<StoredDataset> datasets(long runId) throws SQLException {
        List<StoredDataset> out = new ArrayList<>();
        try (PreparedStatement ps = from.connection().prepareStatement("SELECT ID, FILE_ID, TOOL, NAME, TABLE_NAME, KEY_LABEL, ROW_COUNT,"
                + " FIRST_TS, LAST_TS FROM DATASETS WHERE RUN_ID = ? ORDER BY ID")) {
            ps.setLong(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new StoredDataset(rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getString(4), rs.getString(5),
                            rs.getString(6), rs.getLong(7), rs.getTimestamp(8), rs.getTimestamp(9)));
                }
            }
        }
        return out;
    }

    private long insertDataset(long runId, long fileId, StoredDataset d, String table) throws SQLException {
        try (PreparedStatement ps = to.connection().prepareStatement("INSERT INTO DATASETS (RUN_ID, FILE_ID, TOOL, NAME, TABLE_NAME,"
                + " KEY_LABEL, ROW_COUNT, FIRST_TS, LAST_TS) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", Statement.RETURN_GENERATED_KEYS)) {
            ps.setLong(1, runId);
            ps.setLong(2, fileId);
            ps.setString(3, d.tool());
            ps.setString(4, d.name());
            ps.setString(5, table);
            ps.setString(6, d.keyLabel());
            ps.setLong(7, d.rows());
            ps.setTimestamp(8, d.first());
            ps.setTimestamp(9, d.last());
            ps.executeUpdate();
            try (ResultSet keys = ps.getGeneratedKeys()) {
                keys.next();
                return keys.getLong(1);
            }
        }
    }

    /** Reads a data set's rows from the source into the target table's spill, under the target's data set id. */
    private long spillRows(long sourceId, DataTable sourceTable, long targetId, RowSpill spill, int[] columnOf, int width)
            throws SQLException, IOException {
        int metrics = sourceTable.metrics().size();
        StringBuilder sql = new StringBuilder("SELECT SAMPLE, TS, ELAPSED_S, ITEM, SINCE_BOOT");
        for (DataTable.MetricColumn m : sourceTable.metrics()) sql.append(", ").append(m.column());
        sql.append(" FROM ").append(sourceTable.name()).append(" WHERE DATASET_ID = ?");
        double[] values = new double[metrics];
        long rows = 0;
        try (PreparedStatement ps = from.connection().prepareStatement(sql.toString())) {
            ps.setFetchSize(FETCH);
            ps.setLong(1, sourceId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    for (int i = 0; i < metrics; i++) {
                        values[i] = rs.getDouble(6 + i);
                        if (rs.wasNull()) values[i] = Double.NaN;
                    }
                    spill.add(targetId, rs.getLong(1), Repository.instant(rs.getTimestamp(2)), rs.getDouble(3), rs.getString(4),
                            rs.getBoolean(5), values, columnOf, width);
                    rows++;
                }
            }
        }
        return rows;
    }

    /** Copies a data set's stored statistics, each under the target's name of its column. */
    private void copyStatistics(long sourceId, long targetId, DataTable sourceTable, DataTable targetTable) throws SQLException {
        Map<String, String> column = new HashMap<>();
        for (DataTable.MetricColumn m : sourceTable.metrics()) {
            column.put(m.column(), targetTable.metrics().get(targetTable.indexOfLabel(m.label())).column());
        }
        try (PreparedStatement read = from.connection().prepareStatement("SELECT ITEM, COLUMN_NAME, N, MIN_V, MAX_V, MEAN_V,"
                + " STDDEV_V, P50, P90, P95, P99, DIGEST FROM DATASET_STATS WHERE DATASET_ID = ?");
             PreparedStatement write = to.connection().prepareStatement("INSERT INTO DATASET_STATS (DATASET_ID, ITEM, COLUMN_NAME,"
                     + " N, MIN_V, MAX_V, MEAN_V, STDDEV_V, P50, P90, P95, P99, DIGEST) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            read.setFetchSize(FETCH);
            read.setLong(1, sourceId);
            int pending = 0;
            try (ResultSet rs = read.executeQuery()) {
                while (rs.next()) {
                    String targetColumn = column.get(rs.getString(2));
                    if (targetColumn == null) {
                        throw new IllegalStateException("statistics of data set " + sourceId + " name column " + rs.getString(2)
                                + ", which table " + sourceTable.name() + " does not have");
                    }
                    write.setLong(1, targetId);
                    write.setString(2, rs.getString(1));
                    write.setString(3, targetColumn);
                    write.setLong(4, rs.getLong(3));
                    for (int i = 4; i <= 11; i++) {
                        double v = rs.getDouble(i);
                        if (rs.wasNull()) write.setNull(i + 1, Types.DOUBLE);
                        else write.setDouble(i + 1, v);
                    }
                    write.setBytes(13, rs.getBytes(12));
                    write.addBatch();
                    if (++pending == BATCH) {
                        write.executeBatch();
                        pending = 0;
                    }
                }
            }
            if (pending > 0) write.executeBatch();
        }
    }

    /** Copies the labels a data set's file printed in another language (DATASET_LABELS), under the target's column names. */
    private void copyPrintedLabels(long sourceId, long targetId, DataTable sourceTable, DataTable targetTable) throws SQLException {
        Map<String, String> column = new HashMap<>();
        for (DataTable.MetricColumn m : sourceTable.metrics()) {
            column.put(m.column(), targetTable.metrics().get(targetTable.indexOfLabel(m.label())).column());
        }
        try (PreparedStatement read = from.connection().prepareStatement(
                "SELECT COLUMN_NAME, PRINTED FROM DATASET_LABELS WHERE DATASET_ID = ?");
             PreparedStatement write = to.connection().prepareStatement(
                     "INSERT INTO DATASET_LABELS (DATASET_ID, COLUMN_NAME, PRINTED) VALUES (?, ?, ?)")) {
            read.setLong(1, sourceId);
            try (ResultSet rs = read.executeQuery()) {
                while (rs.next()) {
                    String targetColumn = column.get(rs.getString(1));
                    if (targetColumn == null) {
                        throw new IllegalStateException("a translated label of data set " + sourceId + " names column " + rs.getString(1)
                                + ", which table " + sourceTable.name() + " does not have");
                    }
                    write.setLong(1, targetId);
                    write.setString(2, targetColumn);
                    write.setString(3, rs.getString(2));
                    write.executeUpdate();
                }
            }
        }
    }

    /** Copies the whole keys of a data set's keys too long for its table (DATASET_WHOLE_KEYS). */
    private void copyWholeKeys(long sourceId, long targetId) throws SQLException {
        try (PreparedStatement read = from.connection().prepareStatement("SELECT ITEM, WHOLE_KEY FROM DATASET_WHOLE_KEYS WHERE DATASET_ID = ?");
             PreparedStatement write = to.connection().prepareStatement(
                     "INSERT INTO DATASET_WHOLE_KEYS (DATASET_ID, ITEM, WHOLE_KEY) VALUES (?, ?, ?)")) {
            read.setLong(1, sourceId);
            try (ResultSet rs = read.executeQuery()) {
                while (rs.next()) {
                    write.setLong(1, targetId);
                    write.setString(2, rs.getString(1));
                    write.setString(3, rs.getString(2));
                    write.executeUpdate();
                }
            }
        }
    }

    /**
     * Copies a run's rows of a table keyed by RUN_ID (and FILE_ID, where it has one), column by column in
     * the column's type, so that each engine's text, number and time types meet.
     */
    private void copyRunRows(String table, List<String> columns, String order, long sourceRun, long targetRun,
                             Map<Long, Long> fileIds) throws SQLException {
        String list = String.join(", ", columns);
        try (PreparedStatement read = from.connection().prepareStatement("SELECT " + list + " FROM " + table + " WHERE RUN_ID = ?" + order);
             PreparedStatement write = to.connection().prepareStatement("INSERT INTO " + table + " (RUN_ID, " + list + ") VALUES (?"
                     + ", ?".repeat(columns.size()) + ")")) {
            read.setFetchSize(FETCH);
            read.setLong(1, sourceRun);
            int pending = 0;
            try (ResultSet rs = read.executeQuery()) {
                ResultSetMetaData md = rs.getMetaData();
                while (rs.next()) {
                    write.setLong(1, targetRun);
                    for (int i = 1; i <= columns.size(); i++) copyValue(rs, i, md.getColumnType(i), columns.get(i - 1), write, i + 1, fileIds);
                    write.addBatch();
                    if (++pending == BATCH) {
                        write.executeBatch();
                        pending = 0;
                    }
                }
            }
            if (pending > 0) write.executeBatch();
        }
    }

    private static void copyValue(ResultSet rs, int in, int type, String column, PreparedStatement write, int out,
                                  Map<Long, Long> fileIds) throws SQLException {
        switch (type) {
            case Types.BIGINT, Types.INTEGER, Types.SMALLINT -> {
                long v = rs.getLong(in);
                if (rs.wasNull()) write.setNull(out, type);
                else write.setLong(out, column.equals("FILE_ID") ? fileIds.get(v) : v);
            }
            case Types.DOUBLE, Types.FLOAT, Types.REAL -> {
                double v = rs.getDouble(in);
                if (rs.wasNull()) write.setNull(out, Types.DOUBLE);
                else write.setDouble(out, v);
            }
            case Types.TIMESTAMP -> write.setTimestamp(out, rs.getTimestamp(in));
            default -> write.setString(out, rs.getString(in));
        }
    }

    /** Every copied data set's rows, read back from the target, against the source's. */
    private void verifyDatasets(String run, Map<Long, Long> datasetIds) {
        for (Map.Entry<Long, Long> e : datasetIds.entrySet()) {
            DatasetChecksum.Checksum source = DatasetChecksum.of(from, e.getKey());
            DatasetChecksum.Checksum copy = DatasetChecksum.of(to, e.getValue());
            if (!source.equals(copy)) {
                throw new IllegalStateException("the copy of run '" + run + "' does not match its source (data set " + e.getKey()
                        + ": " + source + " in the source, " + copy + " in the copy); nothing was copied");
            }
        }
    }

    /** The count, equal in the source and the copy; a difference fails the copy. */
    private long same(String run, String what, String countSql, long sourceRun, long targetRun) throws SQLException {
        long source = count(from.connection(), countSql, sourceRun);
        long copy = count(to.connection(), countSql, targetRun);
        if (source != copy) {
            throw new IllegalStateException("the copy of run '" + run + "' has " + copy + " " + what + ", the source " + source
                    + "; nothing was copied");
        }
        return copy;
    }

    private static long count(Connection c, String sql, long id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
