package io.statlens.store.stats;

import io.statlens.store.IdParameters;
import io.statlens.store.StoreException;
import io.statlens.store.schema.Repository;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

/**
 * The statistics computed at import, one row per data set, key and metric column in
 * {@code DATASET_STATS} (since-boot samples excluded). They answer {@code statlens stats} and
 * {@code top} without reading the data tables; {@code V_STATS} shows them to SQL users.
 */
public final class StoredStats {
    private final Repository repo;

    public StoredStats(Repository repo) {
        this.repo = repo;
    }

    /**
     * One stored summary.
     *
     * @param dataset  qualified data set name ({@code iostat}, {@code sar.cpu})
     * @param position the metric's position in its table, for ordering
     */
    public record Entry(long datasetId, String dataset, String keyLabel, String table, String key, String column, String label,
                        String unit, int position, SeriesStats stats, byte[] digest) {
        public SeriesSummary.Part part() {
            return new SeriesSummary.Part(stats, digest);
        }
    }

    /** The summaries of these data sets (one data set of a run, from each of its files), in data set order, then key, then metric position. */
    public List<Entry> datasets(Collection<Long> datasetIds) {
        if (datasetIds.isEmpty()) return List.of();
        return read(new IdParameters(datasetIds));
    }

    /** One key's stored summary of one metric column of one data set, as {@link #columns} reads it. */
    public record KeyStats(long datasetId, String key, String column, SeriesStats stats, byte[] digest) {
        public SeriesSummary.Part part() {
            return new SeriesSummary.Part(stats, digest);
        }
    }

    /**
     * The summaries of only these metric columns of these data sets (one data set of a run, from each of its
     * files), in no particular order. What one chart or its statistics pane needs: neither a join with the
     * catalogue nor a sort, where {@link #datasets} reads every metric of the data sets and sorts them by their
     * position in the table, digests and all. Derby follows the index of data set and column
     * ({@code DATASET_STATS_COLUMN}) to them when the data sets are a part of the table (SeriesReaderTest shows the
     * plan); when they are all of it (a repository of one run of one tool) it may read the table's few pages instead,
     * the cheaper plan there (figures in docs/bench.md, the window's section).
     */
    public List<KeyStats> columns(Collection<Long> datasetIds, Collection<String> columns) {
        if (datasetIds.isEmpty() || columns.isEmpty()) return List.of();
        IdParameters ids = new IdParameters(datasetIds);
        List<String> names = List.copyOf(columns);
        List<KeyStats> out = new ArrayList<>();
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT DATASET_ID, ITEM, COLUMN_NAME, N, MIN_V, MAX_V,"
                + " MEAN_V, STDDEV_V, P50, P90, P95, P99, DIGEST FROM DATASET_STATS WHERE DATASET_ID IN (" + ids.marks() + ")"
                + " AND COLUMN_NAME IN (" + String.join(", ", Collections.nCopies(names.size(), "?")) + ")")) {
            int first = ids.bind(ps, 1);
            for (int i = 0; i < names.size(); i++) ps.setString(first + i, names.get(i));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new KeyStats(rs.getLong(1), rs.getString(2), rs.getString(3), stats(rs, 4), rs.getBytes(13)));
                }
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read the statistics of " + String.join(", ", names) + " of data sets " + ids
                    + ": " + e.getMessage(), e);
        }
        return out;
    }

    /**
     * The keys (CPUs, devices) these data sets hold statistics of, in any metric column, in no particular order; the
     * unkeyed series ({@code ''}) is no key. Derby answers from the primary key (data set, key, column) alone.
     */
    public List<String> keys(Collection<Long> datasetIds) {
        if (datasetIds.isEmpty()) return List.of();
        IdParameters ids = new IdParameters(datasetIds);
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT DISTINCT ITEM FROM DATASET_STATS WHERE DATASET_ID IN ("
                + ids.marks() + ") AND ITEM <> ''")) {
            ids.bind(ps, 1);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.add(rs.getString(1));
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read the keys of the statistics of data sets " + ids + ": " + e.getMessage(), e);
        }
        return out;
    }

    /**
     * The statistics in the columns N, MIN_V, MAX_V, MEAN_V, STDDEV_V, P50, P90, P95, P99, in that order from {@code first};
     * an empty one (beyond a double when it was computed) is NaN.
     */
    private static SeriesStats stats(ResultSet rs, int first) throws SQLException {
        return new SeriesStats(rs.getLong(first), value(rs, first + 1), value(rs, first + 2), value(rs, first + 3),
                value(rs, first + 4), value(rs, first + 5), value(rs, first + 6), value(rs, first + 7), value(rs, first + 8));
    }

    private static double value(ResultSet rs, int column) throws SQLException {
        double v = rs.getDouble(column);
        return rs.wasNull() ? Double.NaN : v;
    }

    private List<Entry> read(IdParameters ids) {
        List<Entry> out = new ArrayList<>();
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT S.DATASET_ID, D.TOOL, D.NAME, D.KEY_LABEL,"
                + " D.TABLE_NAME, S.ITEM, S.COLUMN_NAME, M.LABEL, M.UNIT, M.POSITION, S.N, S.MIN_V, S.MAX_V, S.MEAN_V,"
                + " S.STDDEV_V,"
                + " S.P50, S.P90, S.P95, S.P99, S.DIGEST FROM DATASET_STATS S JOIN DATASETS D ON D.ID = S.DATASET_ID"
                + " JOIN METRICS M ON M.TABLE_NAME = D.TABLE_NAME AND M.COLUMN_NAME = S.COLUMN_NAME"
                + " WHERE S.DATASET_ID IN (" + ids.marks() + ") ORDER BY S.DATASET_ID, S.ITEM, M.POSITION")) {
            ids.bind(ps, 1);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String name = rs.getString(3);
                    SeriesStats stats = stats(rs, 11);
                    out.add(new Entry(rs.getLong(1), name.isEmpty() ? rs.getString(2) : rs.getString(2) + "." + name,
                            rs.getString(4), rs.getString(5), rs.getString(6), rs.getString(7), rs.getString(8), rs.getString(9),
                            rs.getInt(10), stats, rs.getBytes(20)));
                }
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read the statistics of data sets " + ids + ": " + e.getMessage(), e);
        }
        return out;
    }
}
