package io.statlens.analysis;

import io.statlens.model.UserException;
import io.statlens.store.read.SeriesReader;
import io.statlens.store.DataTable;
import io.statlens.store.schema.Repository;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** Loads metric series of a run from the repository, one per key. */
public final class SeriesLoader {
    private final SeriesReader reader;

    public SeriesLoader(Repository repo) {
        this.reader = new SeriesReader(repo);
    }

    /**
     * @param dataset   {@code iostat}, {@code iostat.cpu}, ... (as {@code statlens show} lists them)
     * @param label     the metric label as printed ({@code %util})
     * @param keys      which keys to keep
     * @param sinceBoot whether to include the since-boot sample
     * @return one series per key, keys in order of first appearance
     */
    public List<MetricSeries> load(String run, String dataset, String label, Predicate<String> keys, boolean sinceBoot) {
        SeriesReader.Selection all = reader.select(run, dataset);
        DataTable.MetricColumn column = all.metrics().stream().filter(m -> m.label().equals(label)).findFirst()
                .orElseThrow(() -> new UserException("data set '" + all.dataset() + "' of run '" + run + "' has no metric '" + label
                        + "'; it has: " + String.join(", ", all.metrics().stream().map(DataTable.MetricColumn::label).toList())));
        SeriesReader.Selection one = new SeriesReader.Selection(all.run(), all.dataset(), all.table(), all.keyLabel(), all.datasetIds(),
                List.of(column));
        Map<String, Builder> byKey = new LinkedHashMap<>();
        reader.read(one, sinceBoot, row -> {
            if (!keys.test(row.key())) return;
            byKey.computeIfAbsent(row.key(), k -> new Builder()).add(row.time(), row.elapsed(), row.values()[0]);
        });
        List<MetricSeries> out = new ArrayList<>();
        byKey.forEach((key, b) -> out.add(b.build(all.dataset(), label, column.unit(), key)));
        return out;
    }

    /** The keys of a data set (none when unkeyed), from the statistics stored at import. */
    public List<String> keys(SeriesReader.Selection dataset) {
        return reader.keys(dataset);
    }

    /** Labels of the metrics a run's data set holds, in table order. */
    public List<DataTable.MetricColumn> metrics(String run, String dataset) {
        return reader.select(run, dataset).metrics();
    }

    /** Every data set of a run, with the metrics it holds (see {@link SeriesReader#selectAll}). */
    public List<SeriesReader.Selection> datasets(String run) {
        return reader.selectAll(run);
    }

    /**
     * All series of a data set in one pass over its rows: one per metric and key, metrics in table order, keys in order
     * of first appearance. The series of one key share their {@code times} and {@code elapsed} arrays.
     *
     * @param labels which metrics to keep, by label
     */
    public List<MetricSeries> loadAll(SeriesReader.Selection dataset, Predicate<String> labels, boolean sinceBoot) {
        return loadAll(dataset, labels, List.of(), sinceBoot);
    }

    /**
     * As {@link #loadAll(SeriesReader.Selection, Predicate, boolean)}, of these keys only (all when empty): the database
     * leaves the other keys' rows out, so a look at the 8 busiest of 256 CPUs reads 8/256 of the rows.
     */
    public List<MetricSeries> loadAll(SeriesReader.Selection dataset, Predicate<String> labels, java.util.Collection<String> keys,
                                      boolean sinceBoot) {
        List<DataTable.MetricColumn> metrics = dataset.metrics().stream().filter(m -> labels.test(m.label())).toList();
        if (metrics.isEmpty()) return List.of();
        SeriesReader.Selection chosen = new SeriesReader.Selection(dataset.run(), dataset.dataset(), dataset.table(),
                dataset.keyLabel(), dataset.datasetIds(), metrics);
        Map<String, KeyRows> byKey = new LinkedHashMap<>();
        reader.read(chosen, sinceBoot, keys, row -> byKey.computeIfAbsent(row.key(), k -> new KeyRows(metrics.size()))
                .add(row.time(), row.elapsed(), row.values()));
        List<MetricSeries> out = new ArrayList<>();
        for (int i = 0; i < metrics.size(); i++) {
            DataTable.MetricColumn m = metrics.get(i);
            for (Map.Entry<String, KeyRows> e : byKey.entrySet()) {
                KeyRows k = e.getValue();
                out.add(new MetricSeries(dataset.dataset(), m.label(), m.unit(), e.getKey(), k.times(), k.elapsed(),
                        k.values(i)));
            }
        }
        return out;
    }

    /** The rows of one key: times once, values per metric. */
    private static final class KeyRows {
        private final List<Instant> times = new ArrayList<>();
        private double[] elapsed = new double[64];
        private final double[][] values;
        private int n;
        private Instant[] timesArray;
        private double[] elapsedArray;

        KeyRows(int metrics) {
            values = new double[metrics][64];
        }

        void add(Instant t, double e, double[] row) {
            if (n == elapsed.length) {
                elapsed = java.util.Arrays.copyOf(elapsed, n * 2);
                for (int i = 0; i < values.length; i++) values[i] = java.util.Arrays.copyOf(values[i], n * 2);
            }
            times.add(t);
            elapsed[n] = e;
            for (int i = 0; i < values.length; i++) values[i][n] = row[i];
            n++;
        }

        Instant[] times() {
            if (timesArray == null) timesArray = times.toArray(Instant[]::new);
            return timesArray;
        }

        double[] elapsed() {
            if (elapsedArray == null) elapsedArray = java.util.Arrays.copyOf(elapsed, n);
            return elapsedArray;
        }

        double[] values(int metric) {
            return java.util.Arrays.copyOf(values[metric], n);
        }
    }

    private static final class Builder {
        private final List<Instant> times = new ArrayList<>();
        private double[] elapsed = new double[64];
        private double[] values = new double[64];
        private int n;

        void add(Instant t, double e, double v) {
            if (n == values.length) {
                elapsed = java.util.Arrays.copyOf(elapsed, n * 2);
                values = java.util.Arrays.copyOf(values, n * 2);
            }
            times.add(t);
            elapsed[n] = e;
            values[n] = v;
            n++;
        }

        MetricSeries build(String dataset, String label, String unit, String key) {
            return new MetricSeries(dataset, label, unit, key, times.toArray(Instant[]::new), java.util.Arrays.copyOf(elapsed, n),
                    java.util.Arrays.copyOf(values, n));
        }
    }
}
