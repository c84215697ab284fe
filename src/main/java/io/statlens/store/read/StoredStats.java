package io.statlens.store.read;

import io.statlens.store.StoreException;
import io.statlens.store.schema.Repository;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

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

    /** The summaries of a run's data sets, in data set order, then key, then metric position. */
    public List<Entry> run(long runId) {
        return read("D.RUN_ID = " + runId, "run " + runId);
    }

    /** The summaries of these data sets (one data set of a run, from each of its files), in the order of {@link #run}. */
    public List<Entry> datasets(Collection<Long> datasetIds) {
        if (datasetIds.isEmpty()) return List.of();
        String ids = datasetIds.stream().map(String::valueOf).collect(Collectors.joining(", "));
        return read("S.DATASET_ID IN (" + ids + ")", "data sets " + ids);
    }

    /** @param where a condition on numbers only: ids are longs, so nothing the user typed reaches the SQL */
    private List<Entry> read(String where, String what) {
        List<Entry> out = new ArrayList<>();
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT S.DATASET_ID, D.TOOL, D.NAME, D.KEY_LABEL,"
                + " D.TABLE_NAME, S.ITEM, S.COLUMN_NAME, M.LABEL, M.UNIT, M.POSITION, S.N, S.MIN_V, S.MAX_V, S.MEAN_V,"
                + " S.STDDEV_V,"
                + " S.P50, S.P90, S.P95, S.P99, S.DIGEST FROM DATASET_STATS S JOIN DATASETS D ON D.ID = S.DATASET_ID"
                + " JOIN METRICS M ON M.TABLE_NAME = D.TABLE_NAME AND M.COLUMN_NAME = S.COLUMN_NAME"
                + " WHERE " + where + " ORDER BY S.DATASET_ID, S.ITEM, M.POSITION")) {
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String name = rs.getString(3);
                    SeriesStats stats = new SeriesStats(rs.getLong(11), rs.getDouble(12), rs.getDouble(13), rs.getDouble(14),
                            rs.getDouble(15), rs.getDouble(16), rs.getDouble(17), rs.getDouble(18), rs.getDouble(19));
                    out.add(new Entry(rs.getLong(1), name.isEmpty() ? rs.getString(2) : rs.getString(2) + "." + name,
                            rs.getString(4), rs.getString(5), rs.getString(6), rs.getString(7), rs.getString(8), rs.getString(9),
                            rs.getInt(10), stats, rs.getBytes(20)));
                }
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read the statistics of " + what + ": " + e.getMessage(), e);
        }
        return out;
    }
}
