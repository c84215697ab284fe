package io.statlens.analysis;

import io.statlens.model.SummaryValue;
import io.statlens.model.UserException;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.read.SeriesReader;
import io.statlens.store.read.TimeWindow;
import io.statlens.store.DataTable;
import io.statlens.store.schema.Repository;
import org.apache.commons.statistics.descriptive.Quantile;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Compares runs against a base run: per data set, metric and key that the base and the other run both
 * have, the mean, 95th percentile and maximum of the per-interval samples side by side, the change of
 * the mean, and whether it is beyond run-to-run noise ({@link ChangeSignificance}); summary values the
 * same way. Since-boot samples are left out. Rows are sorted significant first, then by the size of
 * the relative change.
 */
public final class RunComparer {
    /** Linear interpolation between order statistics (Hyndman-Fan 7), as numpy and spreadsheets do it. */
    private static final Quantile QUANTILE = Quantile.withDefaults().with(Quantile.EstimationMethod.HF7);

    private final Repository repo;
    private final SeriesReader reader;

    public RunComparer(Repository repo) {
        this.repo = repo;
        this.reader = new SeriesReader(repo);
    }

    /**
     * @param tool    a tool ({@code iostat}: all its data sets) or a data set ({@code iostat.cpu}); empty = all
     * @param metrics metric labels and summary value names to keep; empty = all
     * @param keys    keys (CPUs, devices) to keep; empty = all, unkeyed data included
     * @param window  the name of a time window every run has saved ({@code steady}): each run's samples in its own window
     *                of that name are compared, steady state against steady state; summary values, which describe
     *                whole runs, are left out then. Empty = the whole runs
     */
    public record Request(String base, List<String> others, Optional<String> tool, List<String> metrics, List<String> keys,
                          Optional<String> window) {
        public Request {
            others = List.copyOf(others);
            metrics = List.copyOf(metrics);
            keys = List.copyOf(keys);
            Objects.requireNonNull(tool, "tool");
            Objects.requireNonNull(window, "window");
        }

        /** Of the whole runs. */
        public Request(String base, List<String> others, Optional<String> tool, List<String> metrics, List<String> keys) {
            this(base, others, tool, metrics, keys, Optional.empty());
        }
    }

    /** Whether a row compares per-interval samples or single summary values. */
    public enum Kind { series, summary }

    /**
     * One run's side of a comparison: for a summary value, {@code mean} is the value, {@code n} 1 (or the
     * number of runs of an average) and p95 and max are NaN.
     */
    public record Side(int n, double mean, double p95, double max) {
    }

    /**
     * @param host      the host whose series these are, when either run holds this data set of several hosts (a collect of
     *                  {@code --host db01 --host app01}): each host is compared with the same host of the other run, never
     *                  the hosts' series merged; empty when both runs hold it of one host
     * @param change    {@code other.mean - base.mean}
     * @param changePct change relative to the base mean, in %; NaN when the base mean is 0
     */
    public record Comparison(Kind kind, String dataset, String metric, String unit, String key, String host, String run, Side base,
                             Side other, double change, double changePct, ChangeSignificance.Verdict verdict) {
    }

    /** Significant first, then the largest relative change (then absolute change; no relative change last). */
    static final Comparator<Comparison> ORDER = Comparator
            .comparing((Comparison c) -> !c.verdict().significant())
            .thenComparing(c -> Double.isNaN(c.changePct()) ? -1 : Math.abs(c.changePct()), Comparator.reverseOrder())
            .thenComparing(c -> Math.abs(c.change()), Comparator.reverseOrder());

    public List<Comparison> compare(Request request) {
        validate(request);
        RunCatalog catalog = new RunCatalog(repo);
        RunContents base = RunContents.of(catalog.details(request.base()));
        List<RunContents> others = request.others().stream().map(r -> RunContents.of(catalog.details(r))).toList();
        List<RunContents> all = new ArrayList<>();
        all.add(base);
        all.addAll(others);
        request.tool().ifPresent(t -> checkTool(t, base));
        Map<List<String>, Map<String, Map<String, double[]>>> cache = new HashMap<>();
        Set<String> seenMetrics = new HashSet<>();
        Set<String> seenKeys = new HashSet<>();
        List<Comparison> out = new ArrayList<>();
        Map<String, TimeWindow> windows = new HashMap<>();
        WindowResolver resolver = new WindowResolver(repo);
        for (RunContents r : all) windows.put(r.name(), request.window().map(w -> resolver.named(r.name(), w)).orElse(TimeWindow.ALL));
        for (RunContents other : others) {
            if (request.window().isEmpty()) compareSummary(request, base, other, out, seenMetrics, seenKeys);
            for (String dataset : base.datasets().keySet()) {
                if (!other.datasets().containsKey(dataset) || !matchesTool(dataset, request.tool())) continue;
                compareDataset(request, dataset, base, other, windows, cache, out, seenMetrics, seenKeys);
            }
        }
        checkNamed("--metric", request.metrics(), seenMetrics, all, request);
        checkNamed("--key", request.keys(), seenKeys, all, request);
        if (out.isEmpty()) {
            throw new UserException("runs " + request.base() + " and " + String.join(", ", request.others())
                    + " have no data set or summary value in common" + request.tool().map(t -> " for --tool " + t).orElse("")
                    + request.window().map(w -> " with samples in their windows '" + w + "'").orElse(""));
        }
        out.sort(ORDER);
        return out;
    }

    /**
     * That the runs ran on different hosts, when their run metadata names at least two: {@code Different hosts:
     * tpcc-2000wh ran on db01, ubuntu1804 on web3; a change may be the machines', not the runs'.} Said once for a
     * comparison (the command line, the report, the findings and the compare window use this sentence), because a
     * change between machines is no change of the workload. Empty when the hosts agree or are unknown.
     */
    public Optional<String> hostsNote(String base, List<String> others) {
        Map<String, String> hosts = new HashMap<>();
        for (RunCatalog.RunInfo r : new RunCatalog(repo).runs()) hosts.put(r.name(), r.host());
        Map<String, String> byRun = new LinkedHashMap<>();
        byRun.put(base, hosts.get(base));
        others.forEach(r -> byRun.put(r, hosts.get(r)));
        return hostsNote(byRun);
    }

    /** {@link #hostsNote(String, List)} of these runs (base first) and their hosts (null or blank: unknown). */
    static Optional<String> hostsNote(Map<String, String> hostByRun) {
        // a run of several hosts names them all (vm, loop), in the order its files came: the same hosts in another order agree
        Set<String> known = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        hostByRun.values().stream().filter(h -> h != null && !h.isBlank())
                .map(h -> String.join(",", new TreeSet<>(java.util.Arrays.stream(h.split(",")).map(String::strip)
                        .map(x -> x.toLowerCase(java.util.Locale.ROOT)).toList())))
                .forEach(known::add);
        if (known.size() < 2) return Optional.empty();
        List<String> parts = new ArrayList<>();
        hostByRun.forEach((run, host) -> parts.add(run + (parts.isEmpty() ? " ran on " : " on ")
                + (host == null || host.isBlank() ? "an unknown host" : host)));
        return Optional.of("Different hosts: " + String.join(", ", parts) + "; a change may be the machines', not the runs'.");
    }

    private static void validate(Request request) {
        if (request.others().isEmpty()) throw new UserException("name at least one run to compare with the base run");
        Set<String> seen = new HashSet<>();
        seen.add(request.base());
        for (String r : request.others()) {
            if (!seen.add(r)) throw new UserException("run '" + r + "' is named twice; name each run once");
        }
    }

    /** {@code iostat} matches iostat and iostat.cpu; {@code iostat.cpu} only itself. */
    static boolean matchesTool(String dataset, Optional<String> tool) {
        if (tool.isEmpty()) return true;
        String t = tool.get().toLowerCase();
        return dataset.equals(t) || dataset.startsWith(t + ".");
    }

    private static void checkTool(String tool, RunContents base) {
        Set<String> known = new TreeSet<>(base.datasets().keySet());
        base.summary().forEach(v -> known.add(v.dataset()));
        if (known.stream().noneMatch(d -> matchesTool(d, Optional.of(tool)))) {
            throw new UserException("run '" + base.name() + "' has no data set or summary values of '" + tool + "'; it has: "
                    + String.join(", ", known));
        }
    }

    private void compareSummary(Request request, RunContents base, RunContents other, List<Comparison> out,
                                Set<String> seenMetrics, Set<String> seenKeys) {
        Map<List<String>, SummaryValue> theirs = new LinkedHashMap<>();
        other.summary().forEach(v -> theirs.put(identity(v), v));
        for (SummaryValue b : base.summary()) {
            SummaryValue o = theirs.get(identity(b));
            if (o == null || !matchesTool(b.dataset(), request.tool())) continue;
            if (!selected(request.metrics(), b.name(), seenMetrics) || !selectedKey(request.keys(), b.key(), seenKeys)) continue;
            int baseN = base.averaged() ? AveragedRuns.runCount(base.facts()).orElse(1) : 1;
            int otherN = other.averaged() ? AveragedRuns.runCount(other.facts()).orElse(1) : 1;
            ChangeSignificance.Verdict verdict = ChangeSignificance.summary(b.value(), base.stddevOf(b), baseN, o.value(),
                    other.stddevOf(o), otherN);
            Side baseSide = new Side(baseN, b.value(), Double.NaN, Double.NaN);
            Side otherSide = new Side(otherN, o.value(), Double.NaN, Double.NaN);
            out.add(comparison(Kind.summary, b.dataset(), b.name(), b.unit(), b.key(), "", other.name(), baseSide, otherSide, verdict));
        }
    }

    private static List<String> identity(SummaryValue v) {
        return List.of(v.dataset(), v.key(), v.name());
    }

    private void compareDataset(Request request, String dataset, RunContents base, RunContents other,
                                Map<String, TimeWindow> windows, Map<List<String>, Map<String, Map<String, double[]>>> cache, List<Comparison> out,
                                Set<String> seenMetrics, Set<String> seenKeys) {
        SeriesReader.Selection bs = reader.select(base.name(), dataset);
        SeriesReader.Selection os = reader.select(other.name(), dataset);
        Set<String> theirLabels = new HashSet<>();
        os.metrics().forEach(m -> theirLabels.add(m.label()));
        List<DataTable.MetricColumn> metrics = new ArrayList<>();
        for (DataTable.MetricColumn m : bs.metrics()) {
            if (theirLabels.contains(m.label()) && selected(request.metrics(), m.label(), seenMetrics)) metrics.add(m);
        }
        if (metrics.isEmpty()) return;
        for (HostPair pair : hostPairs(reader.byHost(bs), reader.byHost(os), base.datasets().get(dataset).host(),
                other.datasets().get(dataset).host())) {
            Map<String, Map<String, double[]>> mine = cache.computeIfAbsent(List.of(base.name(), dataset, pair.base().host()),
                    k -> load(pair.base(), windows.get(base.name())));
            Map<String, Map<String, double[]>> theirs = cache.computeIfAbsent(List.of(other.name(), dataset, pair.other().host()),
                    k -> load(pair.other(), windows.get(other.name())));
            for (Map.Entry<String, Map<String, double[]>> e : mine.entrySet()) {
                String key = e.getKey();
                if (!theirs.containsKey(key) || !selectedKey(request.keys(), key, seenKeys)) continue;
                for (DataTable.MetricColumn m : metrics) {
                    double[] b = e.getValue().get(m.label());
                    double[] o = theirs.get(key).get(m.label());
                    ChangeSignificance.SeriesMoments bm = ChangeSignificance.SeriesMoments.of(b);
                    ChangeSignificance.SeriesMoments om = ChangeSignificance.SeriesMoments.of(o);
                    if (bm.n() == 0 || om.n() == 0) continue;
                    out.add(comparison(Kind.series, dataset, m.label(), m.unit(), key, pair.host(), other.name(), side(b, bm),
                            side(o, om), ChangeSignificance.series(bm, om)));
                }
            }
        }
    }

    /**
     * One host's series of a data set in the base run and in the other.
     *
     * @param host the host compared; empty when both runs hold the data set of one host
     */
    record HostPair(String host, SeriesReader.Selection base, SeriesReader.Selection other) {
    }

    /**
     * Which of two runs' series of a data set are one host's ({@link SeriesReader#byHost}): each host of a run of several
     * with the same host of the other run (a host the other lacks is not compared); a run of one host with the same host
     * of a run of several, named by its data set's {@code host}; two runs of one host each with each other, whatever their
     * hosts (that the machines differ is {@link #hostsNote}'s to say).
     *
     * @param baseHost  the host the base run's data set names (its first file's), empty when none
     * @param otherHost the same of the other run
     */
    static List<HostPair> hostPairs(List<SeriesReader.Selection> base, List<SeriesReader.Selection> other, String baseHost,
                                    String otherHost) {
        if (base.size() == 1 && other.size() == 1) return List.of(new HostPair("", base.get(0), other.get(0)));
        Map<String, SeriesReader.Selection> theirs = new LinkedHashMap<>();
        for (SeriesReader.Selection s : other) theirs.put(other.size() == 1 ? otherHost : s.host(), s);
        List<HostPair> pairs = new ArrayList<>();
        for (SeriesReader.Selection s : base) {
            String host = base.size() == 1 ? baseHost : s.host();
            SeriesReader.Selection match = theirs.get(host);
            if (!host.isEmpty() && match != null) pairs.add(new HostPair(host, s, match));
        }
        return pairs;
    }

    /** Per key, per metric label, the values in the window in time order. */
    private Map<String, Map<String, double[]>> load(SeriesReader.Selection s, TimeWindow window) {
        int n = s.metrics().size();
        Map<String, List<double[]>> rows = new LinkedHashMap<>();
        reader.read(s, false, window, row -> rows.computeIfAbsent(row.key(), k -> new ArrayList<>()).add(row.values().clone()));
        Map<String, Map<String, double[]>> out = new LinkedHashMap<>();
        rows.forEach((key, list) -> {
            Map<String, double[]> byLabel = new LinkedHashMap<>();
            for (int m = 0; m < n; m++) {
                double[] column = new double[list.size()];
                for (int i = 0; i < column.length; i++) column[i] = list.get(i)[m];
                byLabel.put(s.metrics().get(m).label(), column);
            }
            out.put(key, byLabel);
        });
        return out;
    }

    private static Side side(double[] values, ChangeSignificance.SeriesMoments moments) {
        double[] x = Arrays.stream(values).filter(v -> !Double.isNaN(v)).toArray();
        return new Side(moments.n(), moments.mean(), QUANTILE.evaluate(x, 0.95), Arrays.stream(x).max().orElse(Double.NaN));
    }

    private static Comparison comparison(Kind kind, String dataset, String metric, String unit, String key, String host, String run,
                                         Side base, Side other, ChangeSignificance.Verdict verdict) {
        double change = other.mean() - base.mean();
        double pct = base.mean() == 0 ? Double.NaN : change / Math.abs(base.mean()) * 100;
        return new Comparison(kind, dataset, metric, unit, key, host, run, base, other, change, pct, verdict);
    }

    private static boolean selected(List<String> wanted, String name, Set<String> seen) {
        if (wanted.isEmpty()) return true;
        if (!wanted.contains(name)) return false;
        seen.add(name);
        return true;
    }

    private static boolean selectedKey(List<String> wanted, String key, Set<String> seen) {
        if (wanted.isEmpty()) return true;
        if (!wanted.contains(key)) return false;
        seen.add(key);
        return true;
    }

    /** Every name given with --metric or --key must have matched something; else say what there is. */
    private void checkNamed(String option, List<String> wanted, Set<String> seen, List<RunContents> runs, Request request) {
        List<String> unknown = wanted.stream().filter(w -> !seen.contains(w)).toList();
        if (unknown.isEmpty()) return;
        Set<String> available = new TreeSet<>();
        for (RunContents r : runs) {
            for (String dataset : r.datasets().keySet()) {
                if (!matchesTool(dataset, request.tool())) continue;
                SeriesReader.Selection s = reader.select(r.name(), dataset);
                if (option.equals("--metric")) s.metrics().forEach(m -> available.add(m.label()));
                else r.datasets().get(dataset).keys().stream().filter(k -> !k.isEmpty()).forEach(available::add);
            }
            for (SummaryValue v : r.summary()) {
                if (!matchesTool(v.dataset(), request.tool())) continue;
                if (option.equals("--metric")) available.add(v.name());
                else if (!v.key().isEmpty()) available.add(v.key());
            }
        }
        List<String> listed = new ArrayList<>(available);
        String shown = listed.size() > 40 ? String.join(", ", listed.subList(0, 40)) + ", ..." : String.join(", ", listed);
        throw new UserException(option + " " + String.join(", ", unknown) + ": not found in both " + request.base() + " and "
                + String.join(", ", request.others()) + (request.tool().map(t -> " (--tool " + t + ")").orElse(""))
                + (listed.isEmpty() ? "" : "; there are: " + shown));
    }
}
