package io.statlens.chart;

import io.statlens.analysis.KeyOrder;
import io.statlens.analysis.KeyRanking;

import io.statlens.model.UserException;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Shapes loaded traces into the charts a definition asks for: chooses keys (filter, top N, the
 * aggregate {@code all} row), decides the x axis, names series, titles, labels and file names, and
 * places annotations. One definition gives one chart, except area charts and heat maps, which show
 * one run (and one key) each.
 */
final class ChartAssembler {
    /** Lines of a chart nobody limited: more than this is spaghetti, so the busiest are shown and the subtitle says so. */
    static final int DEFAULT_MAX_LINES = 10;
    static final int DEFAULT_MAX_BAR_GROUPS = 20;
    /** A line (or area, or heat map) needs at least this many samples; with fewer, the chart is drawn as bars. */
    static final int MIN_LINE_SAMPLES = 3;
    private static final DateTimeFormatter DAY_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm");
    private static final DateTimeFormatter DAY_TIME_S = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private static final DateTimeFormatter TIME_S = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final ZoneId zone;

    ChartAssembler(ZoneId zone) {
        this.zone = zone;
    }

    /**
     * @param runs   the runs, in the order the user named them
     * @param notes  annotations per run
     * @param starts each run's start, to place annotations on an elapsed-time axis
     * @param oneAxis several runs on one elapsed-time axis whatever their lengths ({@link ChartRequest#oneAxis})
     */
    List<ChartData> assemble(ChartDefinition def, List<String> runs, LoadedData data, Map<String, List<ChartNote>> notes,
                             Map<String, Instant> starts, boolean oneAxis) {
        List<Trace> traces = new ArrayList<>(data.traces());
        if (def.kind() == ChartKind.HEATMAP && !def.keys().contains(KeyOrder.ALL)) {
            traces.removeIf(t -> t.key().equals(KeyOrder.ALL));
        }
        traces.removeIf(t -> !hasValue(t));
        if (traces.isEmpty()) return List.of();
        String sparse = "";
        long mostSamples = traces.stream().mapToLong(Trace::samples).max().orElse(0);
        if (def.kind() != ChartKind.BARS && mostSamples < MIN_LINE_SAMPLES) {
            // One or two samples make no line (a dot over a one-tick axis) and no heat map (a column stretched over the
            // page): bars of the value, or of the mean of two, say the same and can be read.
            if (def.kind() == ChartKind.AREA) {
                Set<String> stacked = new HashSet<>();
                for (String run : runs) {
                    List<Trace> ofRun = traces.stream().filter(t -> t.run().equals(run)).toList();
                    if (!ofRun.isEmpty()) stacked.addAll(areaKeys(def, ofRun));
                }
                traces.removeIf(t -> !stacked.contains(t.key()));
            }
            sparse = mostSamples == 1 ? "one sample: drawn as bars" : mostSamples + " samples: their mean as bars";
            def = def.withKind(ChartKind.BARS);
        }
        KeyChoice chosen = chooseKeys(def, traces, data.keyLabel(), data.mostKeys());
        KeyChoice choice = sparse.isEmpty() ? chosen
                : new KeyChoice(chosen.keys(), chosen.note().isEmpty() ? sparse : chosen.note() + "  \u00b7  " + sparse);
        traces.removeIf(t -> !choice.keys().contains(t.key()));
        List<String> metricOrder = metricsOf(data.traces());
        List<String> hostOrder = traces.stream().map(Trace::host).distinct().toList();
        // A host's lines together in the legend (db01 r, db01 b, app01 r, app01 b).
        traces.sort(Comparator.comparingInt((Trace t) -> hostOrder.indexOf(t.host()))
                .thenComparingInt((Trace t) -> metricOrder.indexOf(t.metric()))
                .thenComparing(Trace::key, keyOrder(def, traces)));
        List<String> present = runs.stream().filter(r -> traces.stream().anyMatch(t -> t.run().equals(r))).toList();
        List<String> chartRuns = present.isEmpty() ? List.of("") : present;
        // Several runs share one elapsed-time axis, also where each run has a chart of its own (areas, heat maps), and
        // on one axis (a dashboard) where only one of the runs has this chart's data: on one clock axis runs of
        // different dates would each be a sliver of it.
        Context c = new Context(def, data, choice, notes, starts, traces, chartRuns.size() > 1 || (oneAxis && runs.size() > 1),
                oneAxis);
        return switch (def.kind()) {
            case LINE -> List.of(chartRuns.size() > 1 ? overlay(c, traces, chartRuns) : line(c, traces, chartRuns.get(0)));
            case OVERLAY -> List.of(overlay(c, traces, chartRuns));
            case AREA -> areas(c, traces, chartRuns);
            case HEATMAP -> chartRuns.stream().flatMap(r -> hostsOf(r, traces).stream().map(h -> heatMap(c, traces, r, h))).toList();
            case BARS -> List.of(bars(c, traces, chartRuns));
        };
    }

    /** What the chart needs besides the traces. */
    /**
     * @param traces    the traces drawn (keys chosen), from which each run's 0 s on an elapsed axis is taken
     * @param severalRuns whether the request draws several runs: then every chart of time is on elapsed time
     * @param oneAxis     runs of very different lengths stay on elapsed time too (a dashboard's one axis)
     */
    private record Context(ChartDefinition def, LoadedData data, KeyChoice choice, Map<String, List<ChartNote>> notes,
                           Map<String, Instant> starts, List<Trace> traces, boolean severalRuns, boolean oneAxis) {
    }

    /**
     * @param keys keys to draw (the empty key for unkeyed data)
     * @param note what was chosen, for the subtitle; empty if nothing was left out
     */
    private record KeyChoice(Set<String> keys, String note) {
    }

    private ChartData line(Context c, List<Trace> traces, String run) {
        ChartData.Domain domain = domain(c.data(), c.severalRuns());
        List<String> metrics = metricsOf(traces);
        boolean keyed = traces.stream().anyMatch(t -> !t.key().isEmpty());
        List<ChartData.PlotSeries> series = new ArrayList<>();
        for (Trace t : traces) {
            String name = seriesName(c.data(), t, metrics.size() > 1, keyed);
            series.add(new ChartData.PlotSeries(name, name, 0, x(t, domain, traces), t.values()));
        }
        return chart(c, ChartKind.LINE, List.of(run), "", domain, series, List.of(), yLabel(metrics, traces, ""),
                subtitle(List.of(run), traces, domain, keyNote(c, traces)));
    }

    /**
     * Runs on one elapsed-time axis. Each run has a colour while each run draws one line; when runs draw
     * several lines (keys), the keys have the colours and the runs differ by dash pattern, since eight
     * lines in one colour could not be told apart.
     */
    private ChartData overlay(Context c, List<Trace> traces, List<String> runs) {
        ChartData.Domain domain = domain(c.data(), true);
        Map<String, double[]> spans = domain == ChartData.Domain.ELAPSED ? spans(traces, runs) : Map.of();
        if (!c.oneAxis() && differInLength(spans)) return progressOverlay(c, traces, runs, spans);
        List<String> metrics = metricsOf(traces);
        boolean keyed = traces.stream().anyMatch(t -> !t.key().isEmpty());
        boolean linesPerRun = runs.stream().anyMatch(r -> traces.stream().filter(t -> t.run().equals(r)).count() > 1);
        List<ChartData.PlotSeries> series = new ArrayList<>();
        for (int r = 0; r < runs.size(); r++) {
            String run = runs.get(r);
            for (Trace t : traces.stream().filter(t -> t.run().equals(run)).toList()) {
                String what = seriesName(c.data(), t, metrics.size() > 1, keyed);
                double[] x = x(t, domain, traces);
                if (runs.size() == 1) {
                    series.add(new ChartData.PlotSeries(what, what, 0, x, t.values()));
                } else if (!linesPerRun) {
                    series.add(new ChartData.PlotSeries(keyed ? run + " " + what : run, run, 0, x, t.values()));
                } else {
                    series.add(new ChartData.PlotSeries(run + " " + what, what, r, x, t.values()));
                }
            }
        }
        return chart(c, ChartKind.OVERLAY, runs, "", domain, series, List.of(), yLabel(metrics, traces, ""),
                subtitle(runs, traces, domain, keyNote(c, traces)));
    }

    /**
     * Runs whose lengths differ more than {@link #LENGTH_RATIO} times: on elapsed time the short run would be squashed
     * against the axis, so each run is drawn over its own length, 0 to 100 % (the start, middle and end of each run
     * line up: warm-up, steady state and the tail compare), and the subtitle gives each run's length. Values keep their
     * scale, so levels still compare.
     */
    private ChartData progressOverlay(Context c, List<Trace> traces, List<String> runs, Map<String, double[]> spans) {
        List<String> metrics = metricsOf(traces);
        boolean keyed = traces.stream().anyMatch(t -> !t.key().isEmpty());
        boolean linesPerRun = runs.stream().anyMatch(r -> traces.stream().filter(t -> t.run().equals(r)).count() > 1);
        List<ChartData.PlotSeries> series = new ArrayList<>();
        for (int r = 0; r < runs.size(); r++) {
            String run = runs.get(r);
            double[] span = spans.get(run);
            for (Trace t : traces.stream().filter(t -> t.run().equals(run)).toList()) {
                String what = seriesName(c.data(), t, metrics.size() > 1, keyed);
                double[] elapsed = x(t, ChartData.Domain.ELAPSED, traces);
                double[] x = new double[elapsed.length];
                for (int i = 0; i < x.length; i++) x[i] = progress(elapsed[i], span);
                if (!linesPerRun) series.add(new ChartData.PlotSeries(keyed ? run + " " + what : run, run, 0, x, t.values()));
                else series.add(new ChartData.PlotSeries(run + " " + what, what, r, x, t.values()));
            }
        }
        List<String> lengths = new ArrayList<>();
        for (String run : runs) lengths.add(run + " " + AxisFormats.elapsed(spans.get(run)[1] - spans.get(run)[0]));
        String note = "runs of very different lengths (" + String.join(", ", lengths) + "): x is the share of each run";
        String keys = keyNote(c, traces);
        ChartData data = chart(c, ChartKind.OVERLAY, runs, "", ChartData.Domain.NUMBER, series, List.of(), yLabel(metrics, traces, ""),
                subtitle(runs, traces, ChartData.Domain.NUMBER, keys.isEmpty() ? note : keys + "  \u00b7  " + note));
        List<ChartData.ChartMarker> markers = new ArrayList<>();
        for (String run : runs) {
            OptionalDouble first = firstSample(run, traces);
            Instant start = c.starts().get(run);
            if (first.isEmpty() && start == null) continue;
            double zero = first.isPresent() ? first.getAsDouble() : start.toEpochMilli();
            for (ChartNote n : c.notes().getOrDefault(run, List.of())) {
                double x = progress((n.at().toEpochMilli() - zero) / 1000.0, spans.get(run));
                if (x >= 0 && x <= 100) markers.add(new ChartData.ChartMarker(x, run + ": " + n.text()));
            }
        }
        return new ChartData(data.id(), data.kind(), data.title(), data.subtitle(), data.domain(), "share of each run (%)",
                data.keyLabel(), data.yLabel(), data.unit(), data.hot(), data.series(), data.bars(), markers, data.runs());
    }

    /** How much longer the longest run is than the shortest, at most, before runs are drawn over their own lengths. */
    static final double LENGTH_RATIO = 4;

    /** Per run, the first and last elapsed second its traces hold. */
    private static Map<String, double[]> spans(List<Trace> traces, List<String> runs) {
        Map<String, double[]> out = new LinkedHashMap<>();
        for (String run : runs) {
            double lo = Double.POSITIVE_INFINITY;
            double hi = Double.NEGATIVE_INFINITY;
            for (Trace t : traces) {
                if (!t.run().equals(run)) continue;
                for (double x : x(t, ChartData.Domain.ELAPSED, traces)) {
                    lo = Math.min(lo, x);
                    hi = Math.max(hi, x);
                }
            }
            if (lo < hi) out.put(run, new double[]{lo, hi});
        }
        return out;
    }

    private static boolean differInLength(Map<String, double[]> spans) {
        if (spans.size() < 2) return false;
        double shortest = spans.values().stream().mapToDouble(s -> s[1] - s[0]).min().orElse(0);
        double longest = spans.values().stream().mapToDouble(s -> s[1] - s[0]).max().orElse(0);
        return shortest > 0 && longest / shortest > LENGTH_RATIO;
    }

    private static double progress(double elapsed, double[] span) {
        return (elapsed - span[0]) / (span[1] - span[0]) * 100;
    }

    private List<ChartData> areas(Context c, List<Trace> traces, List<String> runs) {
        List<ChartData> out = new ArrayList<>();
        ChartData.Domain domain = domain(c.data(), c.severalRuns());
        for (String run : runs) {
            for (String host : hostsOf(run, traces)) {
                List<Trace> ofRun = traces.stream().filter(t -> t.run().equals(run) && t.host().equals(host)).toList();
                for (String key : areaKeys(c.def(), ofRun)) {
                    List<Trace> layers = ofRun.stream().filter(t -> t.key().equals(key)).toList();
                    List<ChartData.PlotSeries> series = layers.stream()
                            .map(t -> new ChartData.PlotSeries(t.metric(), t.metric(), 0, x(t, domain, traces), t.values())).toList();
                    String suffix = String.join(" ", List.of(host, key).stream().filter(p -> !p.isEmpty()).toList());
                    String keyNote = key.isEmpty() ? "" : (c.data().keyLabel().isEmpty() ? "key" : c.data().keyLabel()) + " " + c.data().named(key);
                    String label = yLabel(metricsOf(layers), layers, "");
                    out.add(onHost(chart(c, ChartKind.AREA, List.of(run), suffix, domain, series, List.of(), label,
                            subtitle(List.of(run), layers, domain, keyNote)), host));
                }
            }
        }
        return out;
    }

    /** An area stacks the metrics of one key: the keys named, else {@code all}, else the only one. */
    private static List<String> areaKeys(ChartDefinition def, List<Trace> ofRun) {
        Set<String> keys = new TreeSet<>(KeyOrder.INSTANCE);
        ofRun.forEach(t -> keys.add(t.key()));
        if (!def.keys().isEmpty()) return def.keys().stream().filter(keys::contains).toList();
        if (keys.size() == 1) return List.copyOf(keys);
        if (keys.contains(KeyOrder.ALL)) return List.of(KeyOrder.ALL);
        throw new UserException("an area chart stacks the metrics of one key; choose one or more with --key (keys: "
                + String.join(", ", keys.stream().limit(20).toList()) + (keys.size() > 20 ? ", ..." : "") + ")");
    }

    private ChartData heatMap(Context c, List<Trace> traces, String run, String host) {
        ChartData.Domain domain = domain(c.data(), c.severalRuns());
        List<Trace> rows = traces.stream().filter(t -> t.run().equals(run) && t.host().equals(host)).toList();
        List<ChartData.PlotSeries> series = rows.stream()
                .map(t -> new ChartData.PlotSeries(t.key().isEmpty() ? t.metric() : c.data().named(t.key()), t.key(), 0, x(t, domain, traces),
                        t.values()))
                .toList();
        return onHost(chart(c, ChartKind.HEATMAP, List.of(run), host, domain, series, List.of(), yLabel(metricsOf(rows), rows, ""),
                subtitle(List.of(run), rows, domain, c.choice().note())), host);
    }

    /** The hosts of a run's traces, in the order loaded: one empty host for a run of one host's data. */
    private static List<String> hostsOf(String run, List<Trace> traces) {
        List<String> hosts = traces.stream().filter(t -> t.run().equals(run)).map(Trace::host).distinct().toList();
        return hosts.isEmpty() ? List.of("") : hosts;
    }

    /** A chart of one host of a run of several: the host in its title, since the chart has no legend that could say it. */
    private static ChartData onHost(ChartData chart, String host) {
        if (host.isEmpty()) return chart;
        return new ChartData(chart.id(), chart.kind(), chart.title() + " \u2014 " + host, chart.subtitle(), chart.domain(), chart.xLabel(),
                chart.keyLabel(), chart.yLabel(), chart.unit(), chart.hot(), chart.series(), chart.bars(), chart.markers(), chart.runs(),
                chart.origins());
    }

    private ChartData bars(Context c, List<Trace> traces, List<String> runs) {
        List<String> metrics = metricsOf(traces);
        // Several metrics of one key (a CPU breakdown of the all line) are named by their metrics alone.
        boolean keyed = traces.stream().anyMatch(t -> !t.key().isEmpty())
                && (metrics.size() == 1 || traces.stream().map(Trace::key).distinct().count() > 1);
        List<ChartData.BarValue> bars = new ArrayList<>();
        for (Trace t : traces) {
            // a host's bars are told by their colour (series), as runs are
            String category = keyed ? metricOrKey(c.data(), t, metrics.size() > 1, true) : t.metric();
            String series = !t.host().isEmpty() ? (runs.size() > 1 ? t.lane() : t.host())
                    : runs.size() > 1 || !t.run().isEmpty() ? t.run() : (metrics.size() > 1 ? "value" : t.metric());
            bars.add(new ChartData.BarValue(category, series, t.mean()));
        }
        // A value of one sample (a summary value, a single report) is no mean.
        String aggregate = c.data().xLabel() != null || traces.stream().allMatch(t -> t.samples() <= 1) ? "" : "mean ";
        return chart(c, ChartKind.BARS, runs, "", ChartData.Domain.NUMBER, List.of(), bars, yLabel(metrics, traces, aggregate),
                subtitle(runs, traces, ChartData.Domain.NUMBER, c.choice().note()));
    }

    private ChartData chart(Context c, ChartKind kind, List<String> runs, String suffix, ChartData.Domain domain,
                            List<ChartData.PlotSeries> series, List<ChartData.BarValue> bars, String yLabel, String subtitle) {
        ChartDefinition def = c.def();
        List<String> categories = bars.stream().map(ChartData.BarValue::category).distinct().toList();
        String what = def.name() != null ? ChartFiles.slug(def.name()) : ChartFiles.slug(c.data().source()) + "_"
                + String.join("-", metricsOf(c.data().traces()).stream().map(ChartFiles::slug).toList());
        String id = ChartFiles.slug(runsPart(runs)) + "_" + what + (suffix.isEmpty() ? "" : "_" + ChartFiles.slug(suffix))
                + "_" + kind.id();
        String title = def.title() != null ? def.title() : autoTitle(c, kind, categories);
        String keyLabel = c.data().keyLabel().isEmpty() ? (kind == ChartKind.BARS ? "" : "key") : c.data().keyLabel();
        String unit = c.data().traces().stream().map(Trace::unit).filter(u -> !u.isEmpty()).findFirst().orElse("");
        Map<String, Double> origins = new LinkedHashMap<>();
        if (domain == ChartData.Domain.ELAPSED) {
            for (String run : runs) firstSample(run, c.traces()).ifPresent(first -> origins.put(run, first));
        }
        return new ChartData(id, kind, title, subtitle, domain, c.data().xLabel(), keyLabel, yLabel, unit, def.hot(), series,
                bars, markers(c, runs, domain), runs.stream().filter(r -> !r.isEmpty()).toList(), origins);
    }

    private String autoTitle(Context c, ChartKind kind, List<String> categories) {
        List<String> metrics = metricsOf(c.data().traces());
        String source = c.data().source();
        String by = c.data().keyLabel().isEmpty() ? "" : " by " + c.data().keyLabel();
        return switch (kind) {
            case AREA -> source + " " + String.join(", ", metrics);
            case BARS -> source + " mean " + String.join(", ", metrics) + (categories.size() > 1 && !by.isEmpty() ? by : "");
            default -> source + " " + String.join(", ", metrics) + (kind == ChartKind.OVERLAY ? "" : by);
        };
    }

    private static String runsPart(List<String> runs) {
        String joined = String.join("+", runs);
        return joined.length() <= 80 ? joined : runs.get(0) + "-and-" + (runs.size() - 1) + "-more";
    }

    private List<ChartData.ChartMarker> markers(Context c, List<String> runs, ChartData.Domain domain) {
        List<ChartData.ChartMarker> out = new ArrayList<>();
        if (domain == ChartData.Domain.NUMBER) return out;
        for (String run : runs) {
            for (ChartNote note : c.notes().getOrDefault(run, List.of())) {
                Instant start = c.starts().get(run);
                OptionalDouble first = firstSample(run, c.data().traces());
                double x;
                if (domain == ChartData.Domain.TIME) {
                    x = note.at().toEpochMilli();
                } else if (first.isPresent()) {
                    // On elapsed time as the run's samples are: from its first one.
                    x = (note.at().toEpochMilli() - first.getAsDouble()) / 1000.0;
                } else if (start != null) {
                    x = (note.at().toEpochMilli() - start.toEpochMilli()) / 1000.0;
                } else {
                    continue;
                }
                out.add(new ChartData.ChartMarker(x, runs.size() > 1 ? run + ": " + note.text() : note.text()));
            }
        }
        return out;
    }

    /**
     * The keys to draw. A named key list (already applied when loading) wins; then each run's top N by
     * mean of the first metric at the hot end (runs of different machines have different devices).
     * Line and bar charts nobody limited are cut to the busiest keys too when they have very many, and
     * the note says so. {@code all} is an average, not a CPU: it never competes for the top.
     */
    private KeyChoice chooseKeys(ChartDefinition def, List<Trace> traces, String keyLabel, int mostKeysStored) {
        Set<String> keys = new TreeSet<>(KeyOrder.INSTANCE);
        traces.forEach(t -> keys.add(t.key()));
        String metric = metricsOf(traces).get(0);
        Map<String, Map<String, Double>> meansByRun = new LinkedHashMap<>();
        for (Trace t : traces) {
            if (t.key().isEmpty() || t.key().equals(KeyOrder.ALL)) continue;
            Map<String, Double> means = meansByRun.computeIfAbsent(t.lane(), r -> new HashMap<>());
            if (t.metric().equals(metric)) means.put(t.key(), t.mean());
            else means.putIfAbsent(t.key(), Double.NaN);
        }
        int mostPerRun = Math.max(mostKeysStored, meansByRun.values().stream().mapToInt(Map::size).max().orElse(0));
        int limit = keyLimit(def, mostPerRun);
        if (limit == 0) return new KeyChoice(keys, "");
        int n = limit;
        Set<String> chosen = new TreeSet<>(KeyOrder.INSTANCE);
        for (Map<String, Double> means : meansByRun.values()) {
            means.keySet().stream().sorted(busiestFirst(means, def.hot())).limit(n).forEach(chosen::add);
        }
        String what = keyLabel.isEmpty() ? "keys" : keyLabel.endsWith("s") ? keyLabel : keyLabel + "s";
        String note = "top " + limit + " of " + mostPerRun + " " + what + (meansByRun.size() > 1 ? traces.stream().anyMatch(t -> !t.host().isEmpty()) ? " per host" : " per run" : "") + " by "
                + (def.hot() == HotEnd.LOW ? "lowest " : "") + KeyRanking.STATISTIC + " " + metric;
        return new KeyChoice(chosen, note);
    }

    /**
     * How many keys per run a chart of {@code def} draws when a run has {@code keysPerRun} of them: 0 for all. The
     * user's top N; else line and bar charts nobody limited are cut to the busiest when they have very many; stacked
     * areas are never cut (the layers add up to a whole), nor are keys named by hand.
     */
    static int keyLimit(ChartDefinition def, int keysPerRun) {
        if (def.kind() == ChartKind.AREA || !def.keys().isEmpty() && def.top() == 0) return 0;
        int limit = def.top();
        if (limit == 0) {
            limit = switch (def.kind()) {
                case LINE, OVERLAY -> DEFAULT_MAX_LINES;
                case BARS -> DEFAULT_MAX_BAR_GROUPS;
                default -> 0;
            };
        }
        return keysPerRun > limit ? limit : 0;
    }

    /**
     * The order of a chart's keys, which is its legend's. Lines: {@code all} (the average, a reference) first, then
     * the busiest key first (mean of the first metric at the hot end, over the runs), so that the legend says which
     * line carries the load, as the statistics pane lists them. Bars, a heat map's rows and stacked areas keep the
     * keys' own order (CPU 0, 1, 2...), where position is the reading.
     */
    private static Comparator<String> keyOrder(ChartDefinition def, List<Trace> traces) {
        if (def.kind() != ChartKind.LINE && def.kind() != ChartKind.OVERLAY) return KeyOrder.INSTANCE;
        String metric = traces.isEmpty() ? "" : metricsOf(traces).get(0);
        Map<String, double[]> sums = new HashMap<>();
        for (Trace t : traces) {
            if (!t.metric().equals(metric) || t.key().isEmpty() || t.key().equals(KeyOrder.ALL)) continue;
            double m = t.mean();
            if (Double.isNaN(m)) continue;
            double[] sum = sums.computeIfAbsent(t.key(), k -> new double[2]);
            sum[0] += m;
            sum[1]++;
        }
        Map<String, Double> means = new HashMap<>();
        sums.forEach((k, sum) -> means.put(k, sum[0] / sum[1]));
        Comparator<String> allFirst = Comparator.comparing(k -> !k.equals(KeyOrder.ALL));
        return allFirst.thenComparing(busiestFirst(means, def.hot()));
    }

    /**
     * Keys by their mean at the hot end first ({@link KeyRanking}, the findings' ranking of the busiest CPUs too). One
     * ranking for loaded traces and for the statistics stored at import ({@link BusiestKeys}), so that both pick the
     * same keys.
     */
    static Comparator<String> busiestFirst(Map<String, Double> means, HotEnd hot) {
        return KeyRanking.busiestFirst(means, hot == HotEnd.LOW);
    }

    /** The choice of keys; or, when a single key is drawn, which one (a chart of one line has no legend to say it). */
    private static String keyNote(Context c, List<Trace> traces) {
        Set<String> keys = new TreeSet<>();
        traces.forEach(t -> keys.add(t.key()));
        if (!c.choice().note().isEmpty() || keys.size() != 1 || keys.contains("")) return c.choice().note();
        return (c.data().keyLabel().isEmpty() ? "key" : c.data().keyLabel()) + " " + keys.iterator().next();
    }

    private static ChartData.Domain domain(LoadedData data, boolean overlay) {
        boolean hasTime = data.traces().stream().allMatch(t -> t.time() != null);
        if (hasTime || data.xLabel() == null) return overlay ? ChartData.Domain.ELAPSED : ChartData.Domain.TIME;
        return data.xLabel().equalsIgnoreCase("ELAPSED_S") ? ChartData.Domain.ELAPSED : ChartData.Domain.NUMBER;
    }

    /**
     * x values of a trace in the domain. On elapsed time, a run's samples count from the run's first sample in this
     * chart, not from the run's start: the run's start is its earliest file's, and a file that began later (or whose
     * times were derived from its own modification time, as an undated capture's are) would start its line part-way
     * along an axis that the other runs start at 0. Numbers a SQL chart gives as x, with no clock time, are its own.
     */
    private static double[] x(Trace t, ChartData.Domain domain, List<Trace> all) {
        if (domain == ChartData.Domain.TIME) return t.time();
        if (t.time() == null) return t.position();
        double first = firstSample(t.run(), all).orElse(0);
        double[] out = new double[t.size()];
        for (int i = 0; i < out.length; i++) out[i] = (t.time()[i] - first) / 1000.0;
        return out;
    }

    /** The clock time (epoch ms) of a run's first sample among these traces: 0 s on an elapsed axis. */
    private static OptionalDouble firstSample(String run, List<Trace> all) {
        return all.stream().filter(o -> o.run().equals(run) && o.time() != null && o.size() > 0).mapToDouble(o -> o.time()[0]).min();
    }

    /** A line's name: its metric or (whole) key, after its host in a run of several hosts. */
    private static String seriesName(LoadedData data, Trace t, boolean severalMetrics, boolean keyed) {
        String what = metricOrKey(data, t, severalMetrics, keyed);
        return t.host().isEmpty() ? what : t.host() + " " + what;
    }

    private static String metricOrKey(LoadedData data, Trace t, boolean severalMetrics, boolean keyed) {
        if (!keyed || t.key().isEmpty()) return t.metric();
        String key = data.named(t.key());
        return severalMetrics ? t.metric() + " [" + key + "]" : key;
    }

    /** {@code %util (%)}; several metrics of one unit: {@code us, sy, id (%)}. */
    static String yLabel(List<String> metrics, List<Trace> traces, String prefix) {
        Set<String> units = traces.stream().map(Trace::unit).filter(u -> !u.isEmpty())
                .collect(Collectors.toCollection(LinkedHashSet::new));
        String names = String.join(", ", metrics);
        if (names.length() > 30) names = units.size() == 1 ? "value" : metrics.get(0) + ", ...";
        return prefix + names + (units.size() == 1 ? " (" + unitText(units.iterator().next()) + ")" : "");
    }

    /** Units as an axis shows them: rates per second as {@code /s}. */
    static String unitText(String unit) {
        return unit.equals("1/s") ? "/s" : unit;
    }

    private String subtitle(List<String> runs, List<Trace> traces, ChartData.Domain domain, String note) {
        List<String> parts = new ArrayList<>();
        List<String> named = runs.stream().filter(r -> !r.isEmpty()).toList();
        if (!named.isEmpty()) parts.add((named.size() == 1 ? "run " : "runs ") + String.join(", ", named));
        if (domain == ChartData.Domain.TIME) {
            double lo = traces.stream().filter(t -> t.size() > 0).mapToDouble(t -> t.time()[0]).min().orElse(Double.NaN);
            double hi = traces.stream().filter(t -> t.size() > 0).mapToDouble(t -> t.time()[t.size() - 1]).max()
                    .orElse(Double.NaN);
            if (!Double.isNaN(lo)) parts.add(timeRange((long) lo, (long) hi));
        }
        if (!note.isEmpty()) parts.add(note);
        return String.join("  \u00b7  ", parts);
    }

    /**
     * The subtitle of a chart shown from {@code from} to {@code to} (a zoom): the time range of its samples replaced by
     * the part shown; unchanged for all of the time (NaN), a chart not over clock time, or a subtitle without a range.
     */
    String subtitleOver(ChartData data, double from, double to) {
        if (data.domain() != ChartData.Domain.TIME || Double.isNaN(from) || Double.isNaN(to) || data.subtitle().isEmpty()) {
            return data.subtitle();
        }
        double lo = data.series().stream().filter(s -> s.size() > 0).mapToDouble(s -> s.x()[0]).min().orElse(Double.NaN);
        double hi = data.series().stream().filter(s -> s.size() > 0).mapToDouble(s -> s.x()[s.size() - 1]).max().orElse(Double.NaN);
        if (Double.isNaN(lo) || from <= lo && to >= hi) return data.subtitle();
        return data.subtitle().replace(timeRange((long) lo, (long) hi),
                timeRange((long) Math.max(from, lo), (long) Math.min(to, hi)));
    }

    /** {@code 2016-03-28 09:10 – 15:00 UTC}; with seconds when either end has them. */
    private String timeRange(long from, long to) {
        ZonedDateTime a = Instant.ofEpochMilli(from).atZone(zone);
        ZonedDateTime b = Instant.ofEpochMilli(to).atZone(zone);
        boolean seconds = a.getSecond() != 0 || b.getSecond() != 0;
        DateTimeFormatter time = seconds ? TIME_S : TIME;
        DateTimeFormatter day = seconds ? DAY_TIME_S : DAY_TIME;
        String zoneName = zone.normalized().equals(java.time.ZoneOffset.UTC) ? "UTC" : zone.getId();
        if (from == to) return DAY_TIME_S.format(a) + " " + zoneName;
        String end = a.toLocalDate().equals(b.toLocalDate()) ? time.format(b) : day.format(b);
        return day.format(a) + " \u2013 " + end + " " + zoneName;
    }

    private static List<String> metricsOf(List<Trace> traces) {
        return traces.stream().map(Trace::metric).distinct().toList();
    }

    private static boolean hasValue(Trace t) {
        for (double v : t.values()) if (!Double.isNaN(v)) return true;
        return false;
    }
}
