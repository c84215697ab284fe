package io.statlens.analysis;

import io.statlens.model.UserException;
import io.statlens.store.read.SeriesReader;
import io.statlens.store.DataTable;
import io.statlens.store.schema.Repository;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Ranks the series of a run (every metric of every data set, per key) by their correlation over time with one target
 * series: "what moved with tps?", one ranking across the tools of the run. The target's own data set is left out unless
 * asked for: sysbench's qps, reads and writes follow its tps by construction, and would fill the top of the list with
 * what everybody knows. Data sets are read one at a time, so a run larger than memory in total is fine as long as one
 * data set fits. Since-boot samples are left out.
 */
public final class RunCorrelator {
    private final SeriesLoader loader;

    public RunCorrelator(Repository repo) {
        this.loader = new SeriesLoader(repo);
    }

    /**
     * @param target {@code <dataset>.<label>}, see {@link MetricRef}
     * @param key    the target's key (device, CPU) when its data set is keyed; empty when not needed
     * @param with   data sets ({@code iostat}) or metrics ({@code iostat.%util}) to limit the other series to; empty
     *               for all. Naming the target's own data set (or one of its metrics) here keeps it
     * @param includeOwn whether the other series of the target's own data set are candidates too
     */
    public record Request(String run, String target, String key, List<String> with, Correlator.Settings settings,
                          boolean includeOwn) {
        public Request {
            key = key == null ? "" : key;
            with = List.copyOf(with);
        }

        /** The other data sets only: the target's own is left out. */
        public Request(String run, String target, String key, List<String> with, Correlator.Settings settings) {
            this(run, target, key, with, settings, false);
        }
    }

    /**
     * @param targetSamples samples of the target series
     * @param targetStep    the target's typical interval in seconds
     * @param ranked        correlations, strongest (largest |r|) first
     * @param skipped       series that could not be correlated, with the reason
     * @param ownLeftOut    series of the target's own data set that were left out (not asked for); 0 when kept, or when
     *                      {@code with} chose the candidates
     */
    public record Report(String run, Correlator.SeriesName target, int targetSamples, double targetStep,
                         Correlator.Settings settings, List<Correlator.Correlation> ranked, List<Correlator.Skipped> skipped,
                         int ownLeftOut) {
        /** The strongest series of each data set, strongest first: what moved with the target, tool by tool. */
        public List<Correlator.Correlation> strongestPerDataset() {
            java.util.Map<String, Correlator.Correlation> best = new LinkedHashMap<>();
            for (Correlator.Correlation c : ranked) best.putIfAbsent(c.series().dataset(), c);
            return List.copyOf(best.values());
        }
    }

    /** Strongest first; among equals the more significant, then by name so that output is stable. */
    static final Comparator<Correlator.Correlation> STRONGEST_FIRST = Comparator
            .comparingDouble((Correlator.Correlation c) -> -Math.abs(c.r()))
            .thenComparingDouble(Correlator.Correlation::p)
            .thenComparing(c -> c.series().display());

    public Report correlate(Request request) {
        List<SeriesReader.Selection> datasets = loader.datasets(request.run());
        Map<String, List<String>> labels = new LinkedHashMap<>();
        for (SeriesReader.Selection s : datasets) {
            labels.put(s.dataset(), s.metrics().stream().map(DataTable.MetricColumn::label).toList());
        }
        MetricRef targetRef = MetricRef.parse(request.target(), labels);
        List<MetricRef> with = request.with().stream().map(w -> MetricRef.parseSelection(w, labels)).toList();
        SeriesReader.Selection targetSet = datasets.stream().filter(s -> s.dataset().equals(targetRef.dataset()))
                .findFirst().orElseThrow();
        // The target's own data set is a candidate when asked for, or when --with names it.
        boolean own = request.includeOwn() || with.stream().anyMatch(w -> w.dataset().equals(targetSet.dataset()));
        // The target's data set is read once, for the target and for its other series.
        List<MetricSeries> targetSetSeries = loader.loadAll(targetSet,
                label -> label.equals(targetRef.label()) || own && wanted(with, targetSet, label), false);
        MetricSeries target = target(targetSet, targetRef, request.key(),
                targetSetSeries.stream().filter(s -> s.label().equals(targetRef.label())).toList());

        Correlator correlator = new Correlator(request.settings());
        List<Correlator.Correlation> ranked = new ArrayList<>();
        List<Correlator.Skipped> skipped = new ArrayList<>();
        int ownLeftOut = 0;
        // Worth saying only when the user did not choose the candidates with --with.
        if (!own && with.isEmpty()) {
            // Counted from the catalog, not read: one series per metric and key.
            int keys = Math.max(1, loader.keys(targetSet).size());
            ownLeftOut = targetSet.metrics().size() * keys - 1;
        }
        for (SeriesReader.Selection set : datasets) {
            if (set == targetSet && !own) continue;
            List<MetricSeries> others = set == targetSet ? targetSetSeries
                    : loader.loadAll(set, label -> wanted(with, set, label), false);
            for (MetricSeries other : others) {
                if (isSame(other, target) || !wanted(with, set, other.label())) continue;
                switch (correlator.correlate(target, other)) {
                    case Correlator.Correlation c -> ranked.add(c);
                    case Correlator.Skipped s -> skipped.add(s);
                }
            }
        }
        ranked.sort(STRONGEST_FIRST);
        return new Report(request.run(), Correlator.SeriesName.of(target), target.size(), Resampler.typicalStep(target.elapsed()),
                request.settings(), List.copyOf(ranked), List.copyOf(skipped), ownLeftOut);
    }

    private static boolean wanted(List<MetricRef> with, SeriesReader.Selection set, String label) {
        return with.isEmpty() || with.stream().anyMatch(w -> w.matches(set.dataset(), label));
    }

    /** Chooses the target among the series of its metric, one per key. */
    private static MetricSeries target(SeriesReader.Selection set, MetricRef ref, String key, List<MetricSeries> perKey) {
        List<String> keys = perKey.stream().map(MetricSeries::key).toList();
        MetricSeries chosen;
        if (!key.isEmpty()) {
            if (set.keyLabel() == null || set.keyLabel().isEmpty()) {
                throw new UserException("--key " + key + ": data set '" + set.dataset() + "' has no keys");
            }
            chosen = perKey.stream().filter(s -> s.key().equals(key)).findFirst().orElseThrow(() -> new UserException(
                    "--key " + key + ": " + ref + " has no " + set.keyLabel() + " '" + key + "'; it has: " + listed(keys)));
        } else if (perKey.size() == 1) {
            chosen = perKey.get(0);
        } else if (perKey.isEmpty()) {
            throw new UserException(ref + " has no samples in run '" + set.run() + "' (since-boot samples are left out)");
        } else {
            throw new UserException(ref + " has one series per " + set.keyLabel() + "; choose one with --key: " + listed(keys));
        }
        double[] values = chosen.values();
        boolean varies = false;
        double first = Double.NaN;
        for (double v : values) {
            if (Double.isNaN(v)) continue;
            if (Double.isNaN(first)) first = v;
            else if (v != first) varies = true;
        }
        if (!varies) {
            throw new UserException(Correlator.SeriesName.of(chosen).display() + " does not vary over the run"
                    + (Double.isNaN(first) ? " (it has no values)" : " (always " + plain(first) + ")")
                    + ": nothing to correlate with");
        }
        return chosen;
    }

    private static String plain(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    private static boolean isSame(MetricSeries a, MetricSeries b) {
        return a.dataset().equals(b.dataset()) && a.label().equals(b.label()) && a.key().equals(b.key());
    }

    private static String listed(List<String> keys) {
        if (keys.size() <= 20) return String.join(", ", keys);
        return String.join(", ", keys.subList(0, 20)) + ", ... (" + keys.size() + ")";
    }
}
