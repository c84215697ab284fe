package io.statlens.analysis;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Fact;
import io.statlens.model.Metric;
import io.statlens.model.Row;
import io.statlens.model.SummaryValue;
import io.statlens.model.UserException;
import io.statlens.parse.spi.RecordSink;
import io.statlens.store.load.DerivedRunWriter;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.stats.Moments;
import io.statlens.store.read.SeriesReader;
import io.statlens.store.DataTable;
import io.statlens.store.schema.Repository;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Builds a run whose series are the per-interval mean of other runs, aligned by elapsed time.
 *
 * <p>For every data set all source runs have (by qualified name), with the metrics and keys all of
 * them have: each run's samples are put on one grid of elapsed seconds by {@link Resampler} (the grid
 * step is the largest typical interval of the runs unless one is given; grid points are centred on
 * the earliest run's samples, so that runs with the same interval keep their sample times exactly),
 * then mean, standard deviation and count across runs are taken per grid point, key and metric. The
 * means go into the data set itself, the spread into its companion (see {@link AveragedRuns}).
 * Summary values every run has are averaged the same way. Facts come from one representative run
 * ({@link RepresentativeRun}). The result is written by {@link DerivedRunWriter} in one transaction.
 *
 * <p>An averaged source run counts as one run: its means are averaged like any run's values and its
 * companions are left out.
 */
public final class RunAverager {
    /** More grid points than this for one data set means the interval is a mistake, not a wish. */
    static final int MAX_POINTS = 5_000_000;
    private static final int LISTED = 10;

    private final Repository repo;
    private final SeriesReader reader;

    public RunAverager(Repository repo) {
        this.repo = repo;
        this.reader = new SeriesReader(repo);
    }

    /**
     * @param runs     source runs, at least two, each once
     * @param name     the new run's name
     * @param textFrom the run to take textual facts from; empty = the representative run
     * @param interval grid step in seconds for every data set; empty = per data set, the largest typical interval
     * @param replace  replace an existing run of that name
     */
    public record Request(List<String> runs, String name, Optional<String> textFrom, OptionalDouble interval, boolean replace) {
        public Request {
            runs = List.copyOf(runs);
            Objects.requireNonNull(textFrom, "textFrom");
            Objects.requireNonNull(interval, "interval");
        }
    }

    /** One averaged data set: its grid interval, how many keys and rows it got. */
    public record DatasetResult(String dataset, double intervalS, int keys, long rows) {
    }

    /**
     * What was built.
     *
     * @param summaryValues how many summary values were averaged (each is stored with its {@code _stddev} companion)
     * @param textFrom the fact {@code average.text_from}: the run the facts came from and why
     * @param notes    what was left out (data sets, metrics, keys, summary values not in every run)
     */
    public record Result(String run, List<String> sources, String textFrom, List<DatasetResult> datasets, int summaryValues,
                         List<String> notes) {
    }

    public Result average(Request request) {
        validate(request);
        RunCatalog catalog = new RunCatalog(repo);
        List<RunContents> runs = request.runs().stream().map(r -> RunContents.of(catalog.details(r))).toList();
        RepresentativeRun.Choice choice = RepresentativeRun.choose(runs, request.textFrom());
        RunContents representative = runs.stream().filter(r -> r.name().equals(choice.run())).findFirst().orElseThrow();
        List<String> notes = new ArrayList<>();
        List<AveragedDataset> datasets = new ArrayList<>();
        for (String dataset : commonDatasets(runs, notes)) {
            averageDataset(runs, dataset, request.interval(), notes).ifPresent(datasets::add);
        }
        List<AveragedValue> summary = averageSummary(runs, notes);
        if (datasets.isEmpty() && summary.isEmpty()) {
            throw new UserException("runs " + String.join(", ", request.runs())
                    + " have no data set and no summary value in common; there is nothing to average");
        }
        List<Fact> facts = facts(request, representative, choice, datasets);
        Instant start = representative.start() != null ? representative.start()
                : runs.stream().map(RunContents::start).filter(Objects::nonNull).findFirst().orElse(null);
        DerivedRunWriter.Header header = new DerivedRunWriter.Header(request.name(), representative.host(), start,
                "average of " + String.join(", ", request.runs()), AveragedRuns.PRODUCER, request.replace());
        new DerivedRunWriter(repo).write(header, sink -> {
            sink.variant("mean of " + runs.size() + " runs");
            for (AveragedDataset d : datasets) d.write(sink, start);
            for (AveragedValue v : summary) {
                sink.summary(v.mean());
                sink.summary(v.stddevValue());
            }
            facts.forEach(sink::fact);
            notes.forEach(n -> sink.notice(0, n));
        });
        return new Result(request.name(), request.runs(), choice.fact(),
                datasets.stream().map(d -> new DatasetResult(d.qualified, d.grid.step, d.keys.size(), d.rowCount())).toList(),
                summary.size(), List.copyOf(notes));
    }

    private static void validate(Request request) {
        if (request.name() == null || request.name().isBlank()) {
            throw new UserException("a name for the new run is required (--as NAME)");
        }
        if (request.runs().size() < 2) throw new UserException("averaging needs at least two runs, got " + request.runs().size());
        Set<String> seen = new HashSet<>();
        for (String r : request.runs()) {
            if (!seen.add(r)) throw new UserException("run '" + r + "' is named twice; name each run to average once");
        }
        if (seen.contains(request.name())) {
            throw new UserException("--as " + request.name() + ": the new run cannot replace one of the runs it averages");
        }
        request.interval().ifPresent(i -> {
            if (!(i > 0) || Double.isInfinite(i)) throw new UserException("--interval: expected seconds > 0, got " + i);
        });
    }

    /** Qualified names of the data sets every run has, in the first run's order; the others noted. */
    private static List<String> commonDatasets(List<RunContents> runs, List<String> notes) {
        Set<String> all = new LinkedHashSet<>();
        runs.forEach(r -> all.addAll(r.datasets().keySet()));
        List<String> common = new ArrayList<>();
        for (String d : all) {
            List<String> missing = runs.stream().filter(r -> !r.datasets().containsKey(d)).map(RunContents::name).toList();
            if (missing.isEmpty()) common.add(d);
            else notes.add("data set " + d + " left out: not in " + String.join(", ", missing));
        }
        return common;
    }

    private Optional<AveragedDataset> averageDataset(List<RunContents> runs, String dataset, OptionalDouble interval,
                                                     List<String> notes) {
        List<SeriesReader.Selection> selections = runs.stream().map(r -> reader.select(r.name(), dataset)).toList();
        List<DataTable.MetricColumn> metrics = commonMetrics(dataset, runs, selections, notes);
        if (metrics.isEmpty()) {
            notes.add("data set " + dataset + " left out: no metric with values in every run");
            return Optional.empty();
        }
        // Pass 1: sample times and keys only, to size the grid before any values are held.
        List<Timeline> timelines = selections.stream().map(this::timeline).toList();
        Set<String> keys = commonKeys(dataset, runs, timelines, notes);
        if (keys.isEmpty() || timelines.stream().anyMatch(t -> t.elapsed.length == 0)) {
            notes.add("data set " + dataset + " left out: no samples (other than since-boot ones) common to every run");
            return Optional.empty();
        }
        Grid grid = Grid.of(dataset, timelines, interval);
        unevenSpans(dataset, runs, timelines, grid).ifPresent(notes::add);
        SeriesReader.Selection first = selections.get(0);
        String qualified = first.dataset();
        int dot = qualified.indexOf('.');
        AveragedDataset out = new AveragedDataset(qualified, dot < 0 ? qualified : qualified.substring(0, dot),
                dot < 0 ? "" : qualified.substring(dot + 1), first.keyLabel(),
                metrics.stream().map(m -> new Metric(m.label(), m.unit(), m.description())).toList(), grid);
        keys.forEach(k -> out.keys.put(k, new KeyCells(grid.points, metrics.size())));
        // Pass 2: one run at a time, resampled onto the grid and folded into the across-run statistics.
        for (SeriesReader.Selection s : selections) {
            SeriesReader.Selection chosen = withMetrics(s, metrics);
            Map<String, SeriesBuilder> byKey = new LinkedHashMap<>();
            reader.read(chosen, false, row -> {
                if (keys.contains(row.key())) byKey.computeIfAbsent(row.key(), k -> new SeriesBuilder(metrics.size())).add(row);
            });
            byKey.forEach((key, series) -> out.keys.get(key).add(series, grid));
        }
        return Optional.of(out);
    }

    /**
     * A note when some runs end well before the longest: past their end the average's points hold fewer
     * runs, and a line that jumps there is the runs changing, not the system.
     */
    private static Optional<String> unevenSpans(String dataset, List<RunContents> runs, List<Timeline> timelines, Grid grid) {
        double first = timelines.stream().mapToDouble(t -> t.elapsed[0]).min().orElseThrow();
        double last = timelines.stream().mapToDouble(t -> t.elapsed[t.elapsed.length - 1]).max().orElseThrow();
        double slack = Math.max(2 * grid.step, 0.1 * (last - first));
        List<String> shorter = new ArrayList<>();
        for (int i = 0; i < timelines.size(); i++) {
            double end = timelines.get(i).elapsed[timelines.get(i).elapsed.length - 1];
            if (end < last - slack) shorter.add(runs.get(i).name() + " " + Phrase.duration(end - first, ReadableNumbers.ROOT));
        }
        if (shorter.isEmpty()) return Optional.empty();
        return Optional.of(dataset + ": runs of different lengths: the longest lasts " + Phrase.duration(last - first, ReadableNumbers.ROOT)
                + ", but " + listed(shorter) + "; past a run's end fewer runs are averaged (N in the stddev data set counts them"
                + " per point)");
    }

    /** Metric columns every run's data set holds values for, in table order; the others noted. */
    private static List<DataTable.MetricColumn> commonMetrics(String dataset, List<RunContents> runs,
                                                              List<SeriesReader.Selection> selections, List<String> notes) {
        List<DataTable.MetricColumn> common = new ArrayList<>();
        List<String> dropped = new ArrayList<>();
        Set<String> labels = new LinkedHashSet<>();
        selections.forEach(s -> s.metrics().forEach(m -> labels.add(m.label())));
        for (String label : labels) {
            List<String> missing = new ArrayList<>();
            DataTable.MetricColumn column = null;
            for (int i = 0; i < selections.size(); i++) {
                Optional<DataTable.MetricColumn> m = selections.get(i).metrics().stream()
                        .filter(c -> c.label().equals(label)).findFirst();
                if (m.isEmpty()) missing.add(runs.get(i).name());
                else column = m.get();
            }
            if (missing.isEmpty()) common.add(column);
            else dropped.add(label + " (not in " + String.join(", ", missing) + ")");
        }
        if (!dropped.isEmpty()) notes.add(dataset + ": metrics left out: " + listed(dropped));
        return common;
    }

    private static Set<String> commonKeys(String dataset, List<RunContents> runs, List<Timeline> timelines, List<String> notes) {
        Set<String> all = new LinkedHashSet<>();
        timelines.forEach(t -> all.addAll(t.keys));
        Set<String> common = new LinkedHashSet<>();
        List<String> dropped = new ArrayList<>();
        for (String k : all) {
            List<String> missing = new ArrayList<>();
            for (int i = 0; i < timelines.size(); i++) {
                if (!timelines.get(i).keys.contains(k)) missing.add(runs.get(i).name());
            }
            if (missing.isEmpty()) common.add(k);
            else dropped.add(k + " (not in " + String.join(", ", missing) + ")");
        }
        if (!dropped.isEmpty()) notes.add(dataset + ": keys left out: " + listed(dropped));
        return common;
    }

    private static String listed(List<String> items) {
        if (items.size() <= LISTED) return String.join(", ", items);
        return String.join(", ", items.subList(0, LISTED)) + " and " + (items.size() - LISTED) + " more";
    }

    /** A run's distinct sample times (ascending) and keys in one data set. */
    private record Timeline(double[] elapsed, Set<String> keys) {
    }

    private Timeline timeline(SeriesReader.Selection s) {
        SeriesReader.Selection timesOnly = withMetrics(s, List.of());
        DoubleList elapsed = new DoubleList();
        Set<String> keys = new LinkedHashSet<>();
        reader.read(timesOnly, false, row -> {
            // Rows come ordered by time; the rows of one multi-line report share it.
            if (elapsed.size == 0 || row.elapsed() != elapsed.last()) elapsed.add(row.elapsed());
            keys.add(row.key());
        });
        return new Timeline(elapsed.toArray(), keys);
    }

    private static SeriesReader.Selection withMetrics(SeriesReader.Selection s, List<DataTable.MetricColumn> metrics) {
        return new SeriesReader.Selection(s.run(), s.dataset(), s.table(), s.keyLabel(), s.datasetIds(), metrics);
    }

    /** The elapsed-seconds grid of one data set. Point i covers [origin + i*step, origin + (i+1)*step). */
    private record Grid(double origin, double step, int points) {
        static Grid of(String dataset, List<Timeline> timelines, OptionalDouble interval) {
            double step = interval.orElseGet(() -> timelines.stream().mapToDouble(t -> Resampler.typicalStep(t.elapsed))
                    .filter(d -> !Double.isNaN(d)).max().orElse(1));
            double first = timelines.stream().mapToDouble(t -> t.elapsed[0]).min().orElseThrow();
            double last = timelines.stream().mapToDouble(t -> t.elapsed[t.elapsed.length - 1]).max().orElseThrow();
            // Centring points on the earliest samples keeps equal-interval runs on their own sample times,
            // and a sample a few milliseconds early or late still lands in its interval.
            double origin = first - step / 2;
            double points = Math.floor((last - origin) / step) + 1;
            if (points > MAX_POINTS) {
                throw new UserException("--interval " + ReadableNumbers.ROOT.number(step, "s") + " gives " + (long) points
                        + " points for data set " + dataset + " (at most " + MAX_POINTS + "); choose a larger interval");
            }
            return new Grid(origin, step, (int) points);
        }

        double elapsed(int point) {
            return origin + (point + 0.5) * step;
        }
    }

    /** One key's rows of one run, columns by metric. */
    private static final class SeriesBuilder {
        final DoubleList elapsed = new DoubleList();
        final DoubleList[] values;

        SeriesBuilder(int metrics) {
            values = new DoubleList[metrics];
            for (int i = 0; i < metrics; i++) values[i] = new DoubleList();
        }

        void add(SeriesReader.SeriesRow row) {
            elapsed.add(row.elapsed());
            for (int i = 0; i < values.length; i++) values[i].add(row.values()[i]);
        }
    }

    /**
     * Across-run statistics of one key: per grid point, runs with a sample; per point and metric, count, mean and
     * population standard deviation, one value at a time by {@link Moments} (Welford's update, but without overflow).
     */
    private static final class KeyCells {
        final int metrics;
        final int[] runs;
        final int[] count;
        final double[] mean;
        final double[] spread;

        KeyCells(int points, int metrics) {
            this.metrics = metrics;
            runs = new int[points];
            count = new int[points * metrics];
            mean = new double[points * metrics];
            spread = new double[points * metrics];
        }

        void add(SeriesBuilder series, Grid grid) {
            double[] positions = series.elapsed.toArray();
            double[] present = new double[positions.length];
            Arrays.fill(present, 1);
            double[] sampled = Resampler.onGrid(positions, present, grid.origin, grid.step, grid.points);
            for (int p = 0; p < grid.points; p++) if (!Double.isNaN(sampled[p])) runs[p]++;
            for (int m = 0; m < metrics; m++) {
                double[] onGrid = Resampler.onGrid(positions, series.values[m].toArray(), grid.origin, grid.step, grid.points);
                for (int p = 0; p < grid.points; p++) {
                    double v = onGrid[p];
                    if (Double.isNaN(v)) continue;
                    int c = p * metrics + m;
                    spread[c] = Moments.combinedSpread(count[c], mean[c], spread[c], 1, v, 0);
                    mean[c] = Moments.combinedMean(count[c], mean[c], 1, v);
                    count[c]++;
                }
            }
        }

        double mean(int point, int metric) {
            int c = point * metrics + metric;
            return count[c] == 0 ? Double.NaN : mean[c];
        }

        /** Sample standard deviation (n - 1); NaN with fewer than two values. */
        double stddev(int point, int metric) {
            int c = point * metrics + metric;
            return count[c] < 2 ? Double.NaN : Moments.sampleStddev(count[c], spread[c]);
        }
    }

    private static final class AveragedDataset {
        final String qualified;
        final String tool;
        final String name;
        final String keyLabel;
        final List<Metric> metrics;
        final Grid grid;
        final Map<String, KeyCells> keys = new LinkedHashMap<>();

        AveragedDataset(String qualified, String tool, String name, String keyLabel, List<Metric> metrics, Grid grid) {
            this.qualified = qualified;
            this.tool = tool;
            this.name = name;
            this.keyLabel = keyLabel;
            this.metrics = metrics;
            this.grid = grid;
        }

        long rowCount() {
            long n = 0;
            for (KeyCells k : keys.values()) for (int r : k.runs) if (r > 0) n++;
            return n;
        }

        void write(RecordSink sink, Instant start) {
            DatasetSpec means = new DatasetSpec(tool, name, keyLabel, metrics);
            List<Metric> spread = new ArrayList<>();
            for (Metric m : metrics) spread.add(new Metric(m.label(), m.unit(), "standard deviation across runs: " + m.label()));
            // A tool metric literally labelled "n" keeps its stddev column; the count then takes another label.
            String countLabel = means.indexOf(AveragedRuns.COUNT_LABEL) < 0 ? AveragedRuns.COUNT_LABEL : "n (runs)";
            spread.add(new Metric(countLabel, "", "runs with a sample in this interval"));
            String companion = AveragedRuns.stddevDataset(qualified);
            DatasetSpec stddev = new DatasetSpec(tool, companion.substring(tool.length() + 1), keyLabel, spread);
            sink.dataset(means);
            sink.dataset(stddev);
            int n = metrics.size();
            for (int p = 0; p < grid.points; p++) {
                double elapsed = grid.elapsed(p);
                Instant time = start.plusNanos(Math.round(elapsed * 1e9));
                for (Map.Entry<String, KeyCells> e : keys.entrySet()) {
                    KeyCells cells = e.getValue();
                    if (cells.runs[p] == 0) continue;
                    double[] mean = new double[n];
                    double[] sd = new double[n + 1];
                    for (int m = 0; m < n; m++) {
                        mean[m] = cells.mean(p, m);
                        sd[m] = cells.stddev(p, m);
                    }
                    sd[n] = cells.runs[p];
                    sink.row(means, new Row(p, time, e.getKey(), false, mean));
                    sink.row(stddev, new Row(p, time, e.getKey(), false, sd));
                }
            }
        }
    }

    /** A summary value averaged over runs, and its sample standard deviation. */
    private record AveragedValue(SummaryValue mean, double stddev) {
        SummaryValue stddevValue() {
            String name = mean.name() + AveragedRuns.STDDEV_SUMMARY_SUFFIX;
            return new SummaryValue(mean.dataset(), mean.key(), name, stddev, mean.unit());
        }
    }

    /** Summary values every run has, averaged; the others noted. */
    private static List<AveragedValue> averageSummary(List<RunContents> runs, List<String> notes) {
        Map<List<String>, List<SummaryValue>> byIdentity = new LinkedHashMap<>();
        for (RunContents r : runs) {
            for (SummaryValue v : r.summary()) {
                byIdentity.computeIfAbsent(List.of(v.dataset(), v.key(), v.name()), k -> new ArrayList<>()).add(v);
            }
        }
        List<AveragedValue> out = new ArrayList<>();
        List<String> dropped = new ArrayList<>();
        for (List<SummaryValue> values : byIdentity.values()) {
            SummaryValue first = values.get(0);
            if (values.size() < runs.size()) {
                dropped.add(first.dataset() + (first.key().isEmpty() ? "" : "[" + first.key() + "]") + "." + first.name());
                continue;
            }
            double[] x = values.stream().mapToDouble(SummaryValue::value).toArray();
            double mean = 0;
            double spread = 0;
            for (int i = 0; i < x.length; i++) {
                spread = Moments.combinedSpread(i, mean, spread, 1, x[i], 0);
                mean = Moments.combinedMean(i, mean, 1, x[i]);
            }
            out.add(new AveragedValue(new SummaryValue(first.dataset(), first.key(), first.name(), mean, first.unit()),
                    Moments.sampleStddev(x.length, spread)));
        }
        if (!dropped.isEmpty()) notes.add("summary values left out (not in every run): " + listed(dropped));
        return out;
    }

    /** The representative run's facts (not its own provenance), then this average's provenance. */
    private static List<Fact> facts(Request request, RunContents representative, RepresentativeRun.Choice choice,
                                    List<AveragedDataset> datasets) {
        Set<Fact> taken = new LinkedHashSet<>();
        for (Fact f : representative.facts()) {
            if (!f.name().startsWith(AveragedRuns.FACT_PREFIX)) taken.add(f);
        }
        List<Fact> out = new ArrayList<>(taken);
        out.add(new Fact(AveragedRuns.FACT_SOURCES, String.join(", ", request.runs())));
        out.add(new Fact(AveragedRuns.FACT_RUNS, Integer.toString(request.runs().size())));
        out.add(new Fact(AveragedRuns.FACT_ALIGNMENT, "elapsed"));
        out.add(new Fact(AveragedRuns.FACT_TEXT_FROM, choice.fact()));
        for (AveragedDataset d : datasets) {
            out.add(new Fact(AveragedRuns.FACT_INTERVAL + "." + d.qualified, ReadableNumbers.exact(d.grid.step)));
        }
        return out;
    }

    /** A growable array of doubles; series can hold millions of samples. */
    private static final class DoubleList {
        double[] data = new double[64];
        int size;

        void add(double v) {
            if (size == data.length) data = Arrays.copyOf(data, size * 2);
            data[size++] = v;
        }

        double last() {
            return data[size - 1];
        }

        double[] toArray() {
            return Arrays.copyOf(data, size);
        }
    }
}
