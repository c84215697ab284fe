package io.statlens.store.stats;

import io.statlens.store.StoreException;
import io.statlens.store.read.SeriesReader;
import io.statlens.store.read.TimeWindow;
import io.statlens.store.DataTable;
import io.statlens.store.Jdbc;
import io.statlens.store.schema.Repository;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a data set's overviews ({@link OverviewBuckets}, table {@code OVERVIEWS}) again from the rows the repository
 * holds, inside the caller's transaction: after an import wrote the data set's statistics, at a live collect's last
 * commit, and in a copy. Only keys long enough for the finest resolution have any (how long is read from their
 * statistics, written just before); each row records the data set's row count it was built from, so that a reader
 * takes rows instead of overviews that rows came after (a collect killed before its last commit).
 */
public final class OverviewWriter {
    /** Key and metric series built at once: each holds a row of buckets per resolution (about 30 KB). */
    private static final int SERIES_AT_ONCE = 256;

    private final Repository repo;

    public OverviewWriter(Repository repo) {
        this.repo = repo;
    }

    /** Deletes the data set's overviews and builds them again from its rows (since-boot samples excluded). */
    public void rebuild(String run, long datasetId, DataTable table) {
        Jdbc.run(() -> write(run, datasetId, table));
    }

    private void write(String run, long datasetId, DataTable table) throws SQLException {
        try (PreparedStatement ps = repo.connection().prepareStatement("DELETE FROM OVERVIEWS WHERE DATASET_ID = ?")) {
            ps.setLong(1, datasetId);
            ps.executeUpdate();
        }
        long rowCount = rowCount(datasetId);
        // the key label says the rows are keyed: a reader of a row store (PostgreSQL) selects their ITEM only then
        String keyLabel = new SeriesReader(repo).keyLabel(datasetId);
        // The samples of each key, from its statistics: the largest count of values of any of its columns.
        Map<String, Long> samples = new LinkedHashMap<>();
        Map<String, List<String>> columnsOf = new HashMap<>();
        try (PreparedStatement ps = repo.connection().prepareStatement(
                "SELECT ITEM, COLUMN_NAME, N FROM DATASET_STATS WHERE DATASET_ID = ? ORDER BY ITEM")) {
            ps.setLong(1, datasetId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    long n = rs.getLong(3);
                    if (n / OverviewBuckets.LEVELS[0] < OverviewBuckets.MIN_BUCKETS) continue;
                    samples.merge(rs.getString(1), n, Math::max);
                    columnsOf.computeIfAbsent(rs.getString(1), k -> new ArrayList<>()).add(rs.getString(2));
                }
            }
        }
        if (samples.isEmpty()) return;
        List<DataTable.MetricColumn> metrics = table.metrics().stream()
                .filter(m -> columnsOf.values().stream().anyMatch(c -> c.contains(m.column()))).toList();
        SeriesReader.Selection all = new SeriesReader.Selection(run, table.name(), table.name(), keyLabel, List.of(datasetId), metrics);
        List<String> keys = new ArrayList<>(samples.keySet());
        int keysAtOnce = Math.max(1, SERIES_AT_ONCE / Math.max(1, metrics.size()));
        try (PreparedStatement insert = repo.connection().prepareStatement("INSERT INTO OVERVIEWS (DATASET_ID, ITEM, COLUMN_NAME,"
                + " SAMPLES_PER_BUCKET, SEQ, ROWS_SEEN, FIRST_TS, LAST_TS, DATA) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (int from = 0; from < keys.size(); from += keysAtOnce) {
                List<String> group = keys.subList(from, Math.min(keys.size(), from + keysAtOnce));
                Map<String, OverviewBuckets.Builder[]> builders = new HashMap<>();
                int[] pending = new int[1];
                for (String key : group) {
                    int[] levels = OverviewBuckets.levelsFor(samples.get(key));
                    OverviewBuckets.Builder[] perMetric = new OverviewBuckets.Builder[metrics.size()];
                    for (int m = 0; m < perMetric.length; m++) {
                        String column = metrics.get(m).column();
                        perMetric[m] = new OverviewBuckets.Builder(levels, (level, seq, first, last, data) -> {
                            try {
                                insert.setLong(1, datasetId);
                                insert.setString(2, key);
                                insert.setString(3, column);
                                insert.setInt(4, level);
                                insert.setInt(5, seq);
                                insert.setLong(6, rowCount);
                                insert.setTimestamp(7, Repository.timestamp(Instant.ofEpochMilli((long) Math.floor(first))));
                                insert.setTimestamp(8, Repository.timestamp(Instant.ofEpochMilli((long) Math.ceil(last))));
                                insert.setBytes(9, data);
                                insert.addBatch();
                                // a row is up to 32 KB: a few at a time, not a key's thousands
                                if (++pending[0] == 32) {
                                    insert.executeBatch();
                                    pending[0] = 0;
                                }
                            } catch (SQLException e) {
                                throw new StoreException("cannot write the overviews of data set " + datasetId + ": " + e.getMessage(), e);
                            }
                        });
                    }
                    builders.put(key, perMetric);
                }
                new SeriesReader(repo).read(all, false, TimeWindow.ALL, group, row -> {
                    OverviewBuckets.Builder[] perMetric = builders.get(row.key());
                    double time = row.epochSecond() * 1000.0 + row.nano() / 1e6;
                    for (int m = 0; m < perMetric.length; m++) perMetric[m].add(time, row.elapsed(), row.values()[m]);
                });
                for (OverviewBuckets.Builder[] perMetric : builders.values()) {
                    for (OverviewBuckets.Builder b : perMetric) b.finish();
                }
                insert.executeBatch();
            }
        }
    }

    private long rowCount(long datasetId) throws SQLException {
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT ROW_COUNT FROM DATASETS WHERE ID = ?")) {
            ps.setLong(1, datasetId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0;
            }
        }
    }
}
