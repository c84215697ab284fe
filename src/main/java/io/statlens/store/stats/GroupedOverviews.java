package io.statlens.store.stats;

import io.statlens.store.DataTable;
import io.statlens.store.StoreException;
import io.statlens.store.read.SeriesReader;
import io.statlens.store.read.TimeWindow;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.SqlDialect;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A view's series reduced by the database as it reads them, where no overview kept at import covers the view
 * ({@link Overviews}): each key's samples cut into buckets of consecutive samples, and of each bucket only what an
 * overview keeps ({@link OverviewBuckets}: the first, the minimum, the maximum and the last value with their times, the
 * first gap, the count and the sum), grouped on the server. The busy heat map of a ten-million-row run (a complement,
 * {@code 100 - %idle - %iowait}, which no overview holds, of 256 CPUs) then has the server send some 150,000 buckets,
 * not every row for the client to reduce the same way. Minima and maxima are the samples' own, at their own times, so
 * peaks survive as they do through {@code KeySamples}.
 *
 * <p>Only where the engine gives a row's value with its time in one aggregate ({@link SqlDialect#extremeRow}:
 * PostgreSQL); Derby keeps rows in blocks, which it reads faster than it could group rows.
 */
public final class GroupedOverviews {
    /** Fewer samples per key than this many times the buckets asked for are read as rows: KeySamples keeps them all. */
    private static final int ROWS_PER_BUCKET_READ = 4;
    /** What a group's states take in the engine's memory, per metric: two arrays of three doubles and their headers, and more. */
    private static final long BYTES_PER_GROUP = 512;
    /** The most memory asked for a grouping (a heat map of thousands of keys): beyond it the engine spills to disk. */
    private static final long MAX_GROUP_MEMORY = 256L << 20;
    /** Per metric: count, sum, then the first, minimum, maximum and last (three values each) and the gap (two). */
    private static final int COLUMNS_PER_METRIC = 2 + 4 * 3 + 2;

    private final Repository repo;

    public GroupedOverviews(Repository repo) {
        this.repo = repo;
    }

    /**
     * @param s       the metrics as drawn: a metric's column may be an expression of the row's columns (a complement)
     * @param keys    the keys wanted; all when empty
     * @param allKeys every key of the data set (empty for unkeyed data)
     * @param buckets the most buckets per key (at least half of them are given): those a chart reduces its rows to
     * @return per key read, a line per metric of the selection (in its order); empty when the rows are to be read
     */
    public Optional<Map<String, Overviews.Line[]>> read(SeriesReader.Selection s, TimeWindow window, Collection<String> keys,
                                                        Collection<String> allKeys, int buckets) {
        SqlDialect dialect = repo.dialect();
        // the engine has what the query needs (an embedded Derby asks nothing)
        if (s.datasetIds().size() != 1 || s.metrics().isEmpty() || dialect.fastSecondsBetween("TS", "TS").isEmpty()) return Optional.empty();
        try {
            Optional<ViewSize> size = ViewSize.of(repo, s.datasetIds().get(0), window, allKeys.size());
            if (size.isEmpty() || size.get().perKey() < (double) ROWS_PER_BUCKET_READ * buckets) return Optional.empty();
            // Times as seconds after the data set's first, a literal (each aggregate named once): small doubles, exact to
            // the microsecond, where seconds since 1970 would lose it in a few decades.
            Timestamp base = size.get().first();
            Optional<String> offset = dialect.fastSecondsBetween("TIMESTAMP '" + base + "'", "TS");
            Instant baseTime = Repository.instant(base);
            long baseMicros = Math.addExact(Math.multiplyExact(baseTime.getEpochSecond(), 1_000_000L), baseTime.getNano() / 1000);
            // a power of two, as KeySamples' buckets: between half the buckets asked for and all of them
            long perBucket = Math.max(2, Long.highestOneBit((long) (size.get().perKey() / buckets)) * 2);
            long[] samples = sampleRange(s, window);
            if (samples.length == 0) return Optional.empty();
            Optional<String> sql = query(dialect, s, offset.orElseThrow(), window, keys, perBucket, (samples[0] / perBucket + 1) * perBucket,
                    samples[1] / perBucket * perBucket);
            if (sql.isEmpty()) return Optional.empty();
            int metrics = s.metrics().size();
            Map<String, TreeMap<Long, double[][]>> byKey = new TreeMap<>();
            long groups = (keys.isEmpty() ? Math.max(1, allKeys.size()) : keys.size()) * ((samples[1] - samples[0]) / perBucket + 2);
            try (AutoCloseable memory = dialect.groupInMemory(repo.connection(),
                    Math.min(MAX_GROUP_MEMORY, groups * metrics * BYTES_PER_GROUP));
                 PreparedStatement ps = repo.connection().prepareStatement(sql.get())) {
                ps.setFetchSize(10_000);
                dialect.readRowsInBinary(ps);
                int p = bindView(ps, s, window);
                for (String key : keys) ps.setString(p++, key);
                boolean keyed = s.keyLabel() != null && !s.keyLabel().isEmpty();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        double[][] bucket = new double[metrics][];
                        int column = 3;
                        for (int m = 0; m < metrics; m++) {
                            bucket[m] = bucket(rs, column, baseMicros);
                            column += COLUMNS_PER_METRIC;
                        }
                        byKey.computeIfAbsent(keyed ? rs.getString(1) : "", k -> new TreeMap<>()).put(rs.getLong(2), bucket);
                    }
                }
            }
            Map<String, Overviews.Line[]> out = new TreeMap<>();
            byKey.forEach((key, ofKey) -> {
                Overviews.Line[] lines = new Overviews.Line[metrics];
                for (int m = 0; m < metrics; m++) {
                    List<double[]> ofMetric = new ArrayList<>(ofKey.size());
                    for (double[][] b : ofKey.values()) ofMetric.add(b[m]);
                    lines[m] = Overviews.line(ofMetric, size.get().from(), size.get().to());
                }
                out.put(key, lines);
            });
            return Optional.of(out);
        } catch (Exception e) {
            if (e instanceof RuntimeException r) throw r;
            throw new StoreException("cannot read " + s.dataset() + " of run " + s.run() + " grouped: " + e.getMessage(), e);
        }
    }

    /** The first and last sample number of the view's rows; none when it has no row. */
    private long[] sampleRange(SeriesReader.Selection s, TimeWindow window) throws SQLException {
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT MIN(SAMPLE), MAX(SAMPLE) FROM " + s.table()
                + viewConditions(window))) {
            bindView(ps, s, window);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                long first = rs.getLong(1);
                return rs.wasNull() ? new long[0] : new long[]{first, rs.getLong(2)};
            }
        }
    }

    private static String viewConditions(TimeWindow window) {
        return " WHERE DATASET_ID = ? AND SINCE_BOOT = FALSE" + (window.from() == null ? "" : " AND TS >= ?")
                + (window.to() == null ? "" : " AND TS <= ?");
    }

    /** Binds the data set and window of {@link #viewConditions}; returns the next parameter's index. */
    private static int bindView(PreparedStatement ps, SeriesReader.Selection s, TimeWindow window) throws SQLException {
        int p = 1;
        ps.setLong(p++, s.datasetIds().get(0));
        if (window.from() != null) ps.setTimestamp(p++, Repository.timestamp(window.from()));
        if (window.to() != null) ps.setTimestamp(p++, Repository.timestamp(window.to()));
        return p;
    }

    /**
     * The query of the buckets: per key and bucket, per metric its {@link #COLUMNS_PER_METRIC} columns. Empty when the
     * engine has no aggregate of a row's values ({@link SqlDialect#extremeRow}).
     */
    static Optional<String> query(SqlDialect dialect, SeriesReader.Selection s, String offset, TimeWindow window,
                                  Collection<String> keys, long perBucket, long firstBucketEnd, long lastBucketStart) {
        List<String> columns = new ArrayList<>(List.of("ITEM", "SAMPLE / " + perBucket));
        for (DataTable.MetricColumn metric : s.metrics()) {
            String v = metric.column();
            String valued = v + " IS NOT NULL";
            List<List<String>> extremes = new ArrayList<>();
            // Of equal values the earliest sample, as KeySamples and the overviews keep it. A line shows a key's first and
            // last value only (Overviews.line), so they are asked of the view's first and last buckets alone: an aggregate
            // of arrays costs some 0.2 microseconds a row, plain ones and a filter that leaves the row out a tenth of it.
            for (Optional<List<String>> e : List.of(
                    dialect.extremeRow(List.of("ELAPSED_S", offset, v), false, valued + " AND SAMPLE < " + firstBucketEnd),
                    dialect.extremeRow(List.of(v, "ELAPSED_S", offset), false, valued),
                    dialect.extremeRow(List.of(v, "-ELAPSED_S", offset), true, valued),
                    dialect.extremeRow(List.of("ELAPSED_S", offset, v), true, valued + " AND SAMPLE >= " + lastBucketStart),
                    dialect.extremeRow(List.of("ELAPSED_S", offset), false, v + " IS NULL"))) {
                if (e.isEmpty()) return Optional.empty();
                extremes.add(e.get());
            }
            columns.add("COUNT(" + v + ")");
            columns.add("SUM(" + v + ")");
            extremes.forEach(columns::addAll);
        }
        String where = viewConditions(window)
                + (keys.isEmpty() ? "" : " AND ITEM IN (" + String.join(", ", Collections.nCopies(keys.size(), "?")) + ")");
        return Optional.of("SELECT " + String.join(", ", columns) + " FROM " + s.table() + where + " GROUP BY ITEM, SAMPLE / " + perBucket);
    }

    /**
     * One metric's bucket in {@link OverviewBuckets}' layout, from its columns of a row of {@link #query}; times in seconds
     * after {@code baseMicros} (microseconds since the epoch).
     */
    private static double[] bucket(ResultSet rs, int at, long baseMicros) throws SQLException {
        double[] b = OverviewBuckets.empty();
        b[OverviewBuckets.COUNT] = rs.getLong(at);
        if (b[OverviewBuckets.COUNT] > 0) {
            b[OverviewBuckets.SUM] = rs.getDouble(at + 1);
            point(b, OverviewBuckets.FIRST, rs, at + 2, at + 3, at + 4, false, baseMicros);
            point(b, OverviewBuckets.MIN, rs, at + 6, at + 7, at + 5, false, baseMicros);
            point(b, OverviewBuckets.MAX, rs, at + 9, at + 10, at + 8, true, baseMicros);
            point(b, OverviewBuckets.LAST, rs, at + 11, at + 12, at + 13, false, baseMicros);
        }
        point(b, OverviewBuckets.GAP, rs, at + 14, at + 15, -1, false, baseMicros);
        return b;
    }

    /**
     * A point of a bucket from its columns: elapsed seconds (negated: {@code negated}), time and value (none: -1, a gap);
     * left NaN when the query has none (a first value asked of other buckets than the view's first). Its time is whole
     * epoch milliseconds as {@code Instant.toEpochMilli} gives them, what a row read gives a chart: the nearest
     * microsecond of the offset, then its millisecond.
     */
    private static void point(double[] b, int at, ResultSet rs, int elapsedAt, int timeAt, int valueAt, boolean negated,
                              long baseMicros) throws SQLException {
        double elapsed = rs.getDouble(elapsedAt);
        if (rs.wasNull()) return;
        b[at] = Math.floorDiv(baseMicros + Math.round(rs.getDouble(timeAt) * 1e6), 1000L);
        b[at + 1] = negated ? -elapsed : elapsed;
        b[at + 2] = valueAt < 0 ? Double.NaN : rs.getDouble(valueAt);
    }
}
