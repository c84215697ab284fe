package io.statlens.store.stats;

import io.statlens.store.StoreException;
import io.statlens.store.read.SeriesReader;
import io.statlens.store.read.TimeWindow;
import io.statlens.store.schema.Repository;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Reads a data set's series from its overviews ({@link OverviewBuckets}) instead of its rows, when the view holds so
 * many samples per key that a resolution kept has at least the buckets asked for: a chart of ten million samples then
 * reads some ten thousand buckets, as a chart of a hundred thousand does. Empty (read the rows) when the view is narrow
 * enough to show the rows, when the selection spans several data sets, or when the data set has no overviews that match
 * its rows (a repository of an earlier statlens, a collect stopped before its last commit, keys too short).
 */
public final class Overviews {
    private final Repository repo;

    public Overviews(Repository repo) {
        this.repo = repo;
    }

    /**
     * One key's metric as drawn from its overview: the minimum and maximum of each bucket (and its first gap, a NaN
     * value), the first and last sample, in time order, within the window.
     *
     * @param mean    the mean of the values of the buckets that start in the window (of every sample when unbounded)
     * @param samples the values those buckets hold
     */
    public record Line(double[] time, double[] elapsed, double[] values, double mean, long samples) {
    }

    /**
     * @param keys    the keys wanted; all the data set's keys when empty
     * @param allKeys every key of the data set (empty for unkeyed data)
     * @param buckets the fewest buckets per key the view must have (about the pixel columns to fill)
     * @return per key, a line per metric of the selection (in its order); empty when the rows are to be read
     */
    public Optional<Map<String, Line[]>> read(SeriesReader.Selection s, TimeWindow window, Collection<String> keys,
                                              Collection<String> allKeys, int buckets) {
        if (s.datasetIds().size() != 1 || s.metrics().isEmpty()) return Optional.empty();
        long id = s.datasetIds().get(0);
        try {
            Optional<ViewSize> size = ViewSize.of(repo, id, window, allKeys.size());
            if (size.isEmpty()) return Optional.empty();
            double from = size.get().from();
            double to = size.get().to();
            long rowCount = size.get().rowCount();
            int level = 0;
            for (int l : OverviewBuckets.LEVELS) if (size.get().perKey() / l >= buckets) level = l;
            if (level == 0) return Optional.empty();
            List<String> wanted = keys.isEmpty() ? (allKeys.isEmpty() ? List.of("") : List.copyOf(allKeys)) : List.copyOf(keys);
            Map<String, Integer> metricAt = new HashMap<>();
            for (int m = 0; m < s.metrics().size(); m++) metricAt.put(s.metrics().get(m).column(), m);
            if (!complete(id, level, rowCount, wanted, metricAt)) return Optional.empty();
            Map<String, List<double[]>[]> byKey = new TreeMap<>();
            for (String key : wanted) {
                @SuppressWarnings("unchecked")
                List<double[]>[] perMetric = new List[s.metrics().size()];
                for (int m = 0; m < perMetric.length; m++) perMetric[m] = new ArrayList<>();
                byKey.put(key, perMetric);
            }
            try (PreparedStatement ps = repo.connection().prepareStatement("SELECT ITEM, COLUMN_NAME, DATA FROM OVERVIEWS"
                    + " WHERE DATASET_ID = ? AND SAMPLES_PER_BUCKET = ?" + (window.from() == null ? "" : " AND LAST_TS >= ?")
                    + (window.to() == null ? "" : " AND FIRST_TS <= ?") + " ORDER BY ITEM, COLUMN_NAME, SEQ")) {
                int p = 1;
                ps.setLong(p++, id);
                ps.setInt(p++, level);
                if (window.from() != null) ps.setTimestamp(p++, Repository.timestamp(window.from()));
                if (window.to() != null) ps.setTimestamp(p, Repository.timestamp(window.to()));
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        List<double[]>[] perMetric = byKey.get(rs.getString(1));
                        Integer m = metricAt.get(rs.getString(2));
                        if (perMetric == null || m == null) continue;
                        perMetric[m].addAll(Arrays.asList(OverviewBuckets.decode(rs.getBytes(3))));
                    }
                }
            }
            Map<String, Line[]> out = new TreeMap<>();
            byKey.forEach((key, perMetric) -> {
                Line[] lines = new Line[perMetric.length];
                for (int m = 0; m < lines.length; m++) lines[m] = line(perMetric[m], from, to);
                out.put(key, lines);
            });
            return Optional.of(out);
        } catch (SQLException e) {
            throw new StoreException("cannot read the overviews of " + s.dataset() + " of run " + s.run() + ": " + e.getMessage(), e);
        }
    }

    /** Whether every key wanted has the level's overview of every metric, built from the rows the data set holds now. */
    private boolean complete(long id, int level, long rowCount, List<String> wanted, Map<String, Integer> metricAt) throws SQLException {
        Map<String, Integer> found = new HashMap<>();
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT ITEM, COLUMN_NAME, ROWS_SEEN FROM OVERVIEWS"
                + " WHERE DATASET_ID = ? AND SAMPLES_PER_BUCKET = ? AND SEQ = 0")) {
            ps.setLong(1, id);
            ps.setInt(2, level);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    if (rs.getLong(3) != rowCount) return false;
                    if (metricAt.containsKey(rs.getString(2))) found.merge(rs.getString(1), 1, Integer::sum);
                }
            }
        }
        for (String key : wanted) if (found.getOrDefault(key, 0) != metricAt.size()) return false;
        return true;
    }

    /** The buckets' points within [from, to], in time order, each once. */
    static Line line(List<double[]> buckets, double from, double to) {
        double[] time = new double[buckets.size() * 5];
        double[] elapsed = new double[time.length];
        double[] values = new double[time.length];
        int n = 0;
        double sum = 0;
        long count = 0;
        int[] order = new int[5];
        for (int k = 0; k < buckets.size(); k++) {
            double[] b = buckets.get(k);
            double start = OverviewBuckets.earliest(b);
            if (start >= from && start <= to) {
                sum += b[OverviewBuckets.SUM];
                count += (long) b[OverviewBuckets.COUNT];
            }
            int points = 0;
            if (b[OverviewBuckets.COUNT] > 0) {
                // Of a bucket its extremes only, as KeySamples keeps of the rows: points about a bucket apart, so that a
                // step of many buckets still reads as a gap in the samples (Gaps); the series' own ends are kept.
                if (k == 0 && !Double.isNaN(b[OverviewBuckets.FIRST])) order[points++] = OverviewBuckets.FIRST;
                order[points++] = OverviewBuckets.MIN;
                order[points++] = OverviewBuckets.MAX;
                if (k == buckets.size() - 1 && !Double.isNaN(b[OverviewBuckets.LAST])) order[points++] = OverviewBuckets.LAST;
            }
            if (!Double.isNaN(b[OverviewBuckets.GAP])) order[points++] = OverviewBuckets.GAP;
            // by time; on equal times the order above (a gap after the values of its time)
            for (int i = 1; i < points; i++) {
                for (int j = i; j > 0 && b[order[j]] < b[order[j - 1]]; j--) {
                    int t = order[j];
                    order[j] = order[j - 1];
                    order[j - 1] = t;
                }
            }
            int kept = n;
            for (int i = 0; i < points; i++) {
                int at = order[i];
                double t = b[at];
                if (t < from || t > to) continue;
                double v = at == OverviewBuckets.GAP ? Double.NaN : b[at + 2];
                // the same sample as the point before (the first that is also the minimum)
                if (n > kept && time[n - 1] == t && (values[n - 1] == v || Double.isNaN(v) && Double.isNaN(values[n - 1]))) continue;
                time[n] = t;
                elapsed[n] = b[at + 1];
                values[n] = v;
                n++;
            }
        }
        return new Line(Arrays.copyOf(time, n), Arrays.copyOf(elapsed, n), Arrays.copyOf(values, n),
                count == 0 ? Double.NaN : sum / count, count);
    }
}
