package io.statlens.analysis;

import io.statlens.model.Fact;
import io.statlens.model.SummaryValue;
import io.statlens.model.UserException;
import io.statlens.store.read.RowSource;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.read.SeriesReader;
import io.statlens.store.read.TimeWindow;
import io.statlens.store.DataTable;
import io.statlens.store.schema.Repository;
import org.apache.commons.statistics.descriptive.Quantile;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What the findings of one run are drawn from, read once: the run's contents (data sets and summary values, without
 * an average's spread companions), the statistics stored at import per data set, metric and key, and, on request,
 * the samples of a few keys, streamed past whoever asks ({@link #scan}), never held. Statistics answer most
 * questions without reading a row; samples are read only for the keys that may cross a threshold.
 */
final class RunEvidence {
    /** Linear interpolation between order statistics (Hyndman-Fan 7), as the stored statistics and numpy do it. */
    private static final Quantile QUANTILE = Quantile.withDefaults().with(Quantile.EstimationMethod.HF7);

    private final Repository repo;
    private final RowSource rows;
    private final RunContents contents;
    private final Map<String, List<MetricStats>> statsByDataset = new LinkedHashMap<>();
    private final String host;
    private List<SeriesReader.Selection> selections;

    /**
     * @param host  the host whose data sets this evidence holds, for a run of several hosts; empty for the run's data sets
     *              of one host, its summary values and facts
     * @param stats the statistics of the data sets it holds
     */
    private RunEvidence(Repository repo, RowSource rows, RunContents contents, String host, List<MetricStats> stats) {
        this.repo = repo;
        this.rows = rows;
        this.contents = contents;
        this.host = host;
        for (MetricStats s : stats) {
            if (contents.datasets().containsKey(s.dataset())) {
                statsByDataset.computeIfAbsent(s.dataset(), d -> new ArrayList<>()).add(s);
            }
        }
    }

    /**
     * The evidence of a run part by part: for a run of one host, the run; for a run of several hosts' data
     * ({@link SeriesReader#byHost}), first what is not any one host's (the summary values, the facts, the data sets only
     * one host has), then each host's data sets, so that one host's CPUs and disks are judged by themselves, never
     * merged with another's.
     *
     * @param rows where {@link #scan} reads samples from
     */
    static List<RunEvidence> perHost(Repository repo, RowSource rows, String run) {
        RunContents contents = RunContents.of(new RunCatalog(repo).details(run));
        List<MetricStats> all = allStats(repo, run);
        List<String> hosts = all.stream().map(MetricStats::host).filter(h -> !h.isEmpty()).distinct().toList();
        if (hosts.isEmpty()) return List.of(new RunEvidence(repo, rows, contents, "", all));
        List<RunEvidence> out = new ArrayList<>();
        for (String h : java.util.stream.Stream.concat(java.util.stream.Stream.of(""), hosts.stream()).toList()) {
            out.add(new RunEvidence(repo, rows, contents, h, all.stream().filter(s -> s.host().equals(h)).toList()));
        }
        return out;
    }

    private static List<MetricStats> allStats(Repository repo, String run) {
        try {
            return new RunStatistics(repo).stats(StatsRequest.all(run));
        } catch (UserException e) {
            // Only since-boot samples: nothing measured over the run.
            return List.of();
        }
    }

    /** The host whose data sets this evidence holds; empty for a run of one host, or the part that is no one host's. */
    String host() {
        return host;
    }

    String run() {
        return contents.name();
    }

    boolean averaged() {
        return contents.averaged();
    }

    /** How many runs an averaged run averages; 1 for a run that is not an average. */
    int runCount() {
        return contents.averaged() ? AveragedRuns.runCount(contents.facts()).orElse(1) : 1;
    }

    boolean has(String dataset) {
        return statsByDataset.containsKey(dataset);
    }

    /** Whether the run has any statistics at all (not only since-boot samples or summary values). */
    boolean hasSamples() {
        return !statsByDataset.isEmpty();
    }

    /** Of a metric's alternative labels ({@code %util}, {@code %b}), the first the data set holds. */
    Optional<String> label(String dataset, List<String> alternatives) {
        List<MetricStats> stats = statsByDataset.getOrDefault(dataset, List.of());
        for (String a : alternatives) {
            if (stats.stream().anyMatch(s -> s.label().equals(a))) return Optional.of(a);
        }
        return Optional.empty();
    }

    /** The labels of a data set's metrics that have statistics, in the data set's order. */
    List<String> labels(String dataset) {
        return statsByDataset.getOrDefault(dataset, List.of()).stream().map(MetricStats::label).distinct().toList();
    }

    /** The statistics of one metric, per key (keys in order). */
    List<MetricStats> stats(String dataset, String label) {
        return statsByDataset.getOrDefault(dataset, List.of()).stream().filter(s -> s.label().equals(label)).toList();
    }

    Optional<MetricStats> stats(String dataset, String label, String key) {
        return stats(dataset, label).stream().filter(s -> s.key().equals(key)).findFirst();
    }

    /** The keys of a data set other than the aggregate {@code all}. */
    List<String> keys(String dataset) {
        return statsByDataset.getOrDefault(dataset, List.of()).stream().map(MetricStats::key)
                .filter(k -> !k.isEmpty() && !k.equals(KeyOrder.ALL)).distinct().toList();
    }

    /** The tools the run holds data sets or summary values of ({@code iostat} for iostat and iostat.cpu), sorted. */
    List<String> tools() {
        java.util.TreeSet<String> out = new java.util.TreeSet<>();
        contents.datasets().keySet().forEach(d -> out.add(toolOf(d)));
        contents.summary().forEach(v -> out.add(toolOf(v.dataset())));
        return List.copyOf(out);
    }

    private static String toolOf(String dataset) {
        int dot = dataset.indexOf('.');
        return dot < 0 ? dataset : dataset.substring(0, dot);
    }

    /** The time the run's samples cover: the longest data set, first to last sample. */
    double spanSeconds() {
        double span = 0;
        for (RunCatalog.DatasetInfo d : contents.datasets().values()) {
            if (d.first() != null && d.last() != null) {
                span = Math.max(span, (d.last().toEpochMilli() - d.first().toEpochMilli()) / 1000.0);
            }
        }
        return span;
    }

    /** The last summary value of this name (any key when {@code key} is null). */
    Optional<SummaryValue> summary(String dataset, String name) {
        SummaryValue found = null;
        for (SummaryValue v : summary()) {
            if (v.dataset().equals(dataset) && v.name().equals(name)) found = v;
        }
        return Optional.ofNullable(found);
    }

    List<SummaryValue> summaries(String dataset) {
        return summary().stream().filter(v -> v.dataset().equals(dataset)).toList();
    }

    /** The run's summary values, in the part that is no one host's (a benchmark's result is the run's, judged once). */
    private List<SummaryValue> summary() {
        return host.isEmpty() ? contents.summary() : List.of();
    }

    /** The spread across runs of an averaged run's summary value; NaN otherwise. */
    double stddevOf(SummaryValue v) {
        return contents.stddevOf(v);
    }

    Optional<String> fact(String name) {
        String found = null;
        for (Fact f : contents.facts()) if (f.name().equals(name)) found = f.value();
        return Optional.ofNullable(found);
    }

    List<Fact> facts() {
        return contents.facts();
    }

    /**
     * The CPUs of the host: the {@code cpus} fact a tool's banner gave, else the CPUs of a per-CPU data set
     * (mpstat, sar -P ALL).
     */
    OptionalInt cpus() {
        for (Fact f : contents.facts()) {
            if (!f.name().equals("cpus")) continue;
            try {
                int n = Integer.parseInt(f.value().strip());
                if (n > 0) return OptionalInt.of(n);
            } catch (NumberFormatException e) {
                // "8 (16 threads)" and the like: look at the data instead.
            }
        }
        for (String dataset : List.of("mpstat", "sar.cpu")) {
            int n = keys(dataset).size();
            if (n > 0) return OptionalInt.of(n);
        }
        return OptionalInt.empty();
    }

    /** One sample of a scan: its key, seconds since the run's start, and the values of the labels asked for, in that order. */
    interface SampleHandler {
        /** @param values in the order of the labels asked for; NaN where there is none (or the data set lacks the metric) */
        void sample(String key, double elapsed, double[] values);
    }

    /**
     * Streams the samples of these metrics (by label) of these keys (all when empty) in time order, without
     * since-boot samples, holding none of them: what a finding needs of them it gathers as they pass, so that a run
     * of millions of rows is judged in bounded memory. Nothing is read when the run lacks the data set or the metrics.
     */
    void scan(String dataset, List<String> labels, Collection<String> keys, SampleHandler handler) {
        SeriesLoader loader = new SeriesLoader(repo);
        if (selections == null) {
            SeriesReader reader = new SeriesReader(repo);
            selections = loader.datasets(run()).stream().flatMap(s -> reader.byHost(s).stream()).toList();
        }
        SeriesReader.Selection all = selections.stream().filter(s -> s.dataset().equals(dataset) && s.host().equals(host))
                .findFirst().orElse(null);
        if (all == null) return;
        List<DataTable.MetricColumn> metrics = all.metrics().stream().filter(m -> labels.contains(m.label())).toList();
        if (metrics.isEmpty()) return;
        // Where each metric read goes among the labels asked for.
        int[] slot = metrics.stream().mapToInt(m -> labels.indexOf(m.label())).toArray();
        SeriesReader.Selection chosen = all.withMetrics(metrics);
        double[] values = new double[labels.size()];
        rows.read(chosen, false, TimeWindow.ALL, keys, row -> {
            Arrays.fill(values, Double.NaN);
            for (int i = 0; i < slot.length; i++) values[slot[i]] = row.values()[i];
            handler.sample(row.key(), row.elapsed(), values);
        });
    }

    /** The p-th quantile (0..1) of the values with a value. */
    static double quantile(double[] values, double p) {
        double[] x = Arrays.stream(values).filter(v -> !Double.isNaN(v)).toArray();
        return x.length == 0 ? Double.NaN : QUANTILE.evaluate(x, p);
    }

    static double mean(double[] values) {
        return Arrays.stream(values).filter(v -> !Double.isNaN(v)).average().orElse(Double.NaN);
    }
}
