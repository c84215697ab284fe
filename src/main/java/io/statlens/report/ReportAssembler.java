package io.statlens.report;

import io.statlens.analysis.AveragedRuns;
import io.statlens.analysis.Finding;
import io.statlens.analysis.Findings;
import io.statlens.analysis.FindingsAnalyzer;
import io.statlens.analysis.KeyOrder;
import io.statlens.analysis.KeyRanking;
import io.statlens.analysis.MetricStats;
import io.statlens.analysis.RunComparer;
import io.statlens.analysis.RunStatistics;
import io.statlens.analysis.StatsRequest;
import io.statlens.analysis.WindowResolver;
import io.statlens.chart.ChartDefinition;
import io.statlens.chart.ChartReads;
import io.statlens.chart.ChartRequest;
import io.statlens.chart.ChartService;
import io.statlens.chart.DrawnChart;
import io.statlens.chart.PresetCatalog;
import io.statlens.chart.RenderSize;
import io.statlens.model.SummaryValue;
import io.statlens.model.UserException;
import io.statlens.store.saved.AnnotationStore;
import io.statlens.store.read.RowPass;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.read.TimeWindow;
import io.statlens.store.read.WholeKeys;
import io.statlens.store.schema.Repository;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * Reads a report's contents from the repository: run metadata and facts ({@link RunCatalog}), the findings
 * ({@link FindingsAnalyzer}), the charts of the chart presets that apply ({@link PresetCatalog}, drawn by the
 * {@link ChartService}), the busiest keys and statistics ({@link RunStatistics}), the comparison against the first run
 * ({@link RunComparer}) and annotations. The body keeps the tables short (the busiest keys, "N more" behind); the
 * appendix has every metric's statistics.
 */
public final class ReportAssembler {
    /** Keys of a data set shown in the body, busiest first; the others are behind "N more". */
    static final int KEYS_SHOWN = 5;
    /** Columns of a key table besides the ranking metric's. */
    static final int KEY_COLUMNS = 5;
    /** Rows of a statistics or summary table shown in the body; the others are behind "N more". */
    static final int ROWS_SHOWN = 20;
    /** The most rows of one data set's statistics in the appendix (a 256-CPU run has thousands). */
    static final int APPENDIX_ROWS = 500;

    private final Repository repo;
    private final Clock clock;

    public ReportAssembler(Repository repo, Clock clock) {
        this.repo = repo;
        this.clock = clock;
    }

    /**
     * @param chartSize the size the charts are drawn for (the writers draw them at that size)
     */
    public ReportModel assemble(ReportRequest request, RenderSize chartSize) {
        RunCatalog catalog = new RunCatalog(repo);
        AnnotationStore annotationStore = new AnnotationStore(repo);
        List<ReportModel.RunPart> runs = new ArrayList<>();
        Map<String, Set<String>> datasetsByRun = new LinkedHashMap<>();
        for (String name : request.runs()) {
            RunCatalog.RunDetails d = catalog.details(name);
            runs.add(new ReportModel.RunPart(d.run(), d.facts(), d.summary(), annotationStore.list(name)));
            Set<String> names = new LinkedHashSet<>();
            d.datasets().forEach(s -> names.add(s.qualifiedName()));
            boolean averaged = AveragedRuns.isAverage(d.facts());
            // An average's spread companions (sysbench.stddev) describe the data; they are not data to report on.
            names.removeIf(n -> AveragedRuns.isCompanionDataset(n, names, averaged));
            datasetsByRun.put(name, names);
        }
        // Each run's own window of the name asked for, found before anything is drawn: a run without it fails the report.
        Map<String, TimeWindow> windows = new LinkedHashMap<>();
        WindowResolver resolver = new WindowResolver(repo);
        request.window().ifPresent(w -> request.runs().forEach(r -> windows.put(r, resolver.named(r, w))));
        Set<ReportSection> shown = request.sections();
        PresetCatalog presets = new PresetCatalog(repo);
        List<ChartDefinition> definitions = definitions(request, presets, catalog);
        // The rows the charts drawn whatever the findings say will read are planned first: the findings' samples of the same
        // rows (busy time of all CPUs) are then read with them, and the rows of a long run are read once, not three times.
        ChartService chartService = new ChartService(repo, request.zone());
        RowPass pass = new RowPass(repo);
        ChartReads planned = chartService.plan(chartRequest(request, chartSize, windows, byTool(request, definitions, Set.of())), pass);
        Findings findings = shown.contains(ReportSection.FINDINGS) ? new FindingsAnalyzer(repo, pass).analyze(request.runs())
                : new Findings(List.of(), List.of());
        Map<String, List<ReportModel.ReportChart>> chartsByTool = charts(request, chartSize, chartService, planned, presets, definitions,
                findings, datasetsByRun, windows);
        List<ReportModel.ToolSection> sections = new ArrayList<>();
        RunStatistics statistics = new RunStatistics(repo);
        Map<String, WholeKeys> wholeKeysByRun = new HashMap<>();
        Function<String, WholeKeys> wholeKeys = run -> wholeKeysByRun.computeIfAbsent(run, r -> WholeKeys.ofRun(repo, r));
        List<ReportModel.StatsTable> appendix = new ArrayList<>();
        for (Map.Entry<String, List<ReportModel.ReportChart>> e : chartsByTool.entrySet()) {
            String tool = e.getKey();
            Body body = shown.contains(ReportSection.STATISTICS)
                    ? body(statistics, wholeKeys, tool, datasetsByRun, windows, presets, appendix)
                    : new Body(List.of(), List.of());
            ReportModel.ToolSection section = new ReportModel.ToolSection(tool, e.getValue(), body.stats(), body.keys(),
                    shown.contains(ReportSection.SUMMARY) ? summaries(tool, runs) : List.of());
            // With every block chosen a tool's section always has statistics; with some left out it may be empty.
            if (!section.charts().isEmpty() || !section.stats().isEmpty() || !section.keys().isEmpty()
                    || !section.summary().isEmpty()) {
                sections.add(section);
            }
        }
        List<RunComparer.Comparison> comparison = List.of();
        int omitted = 0;
        String comparisonNote = "";
        if (request.runs().size() > 1 && shown.contains(ReportSection.COMPARISON)) {
            try {
                List<RunComparer.Comparison> all = new RunComparer(repo).compare(new RunComparer.Request(request.runs().get(0),
                        request.runs().subList(1, request.runs().size()), Optional.empty(), List.of(), List.of(), request.window()));
                comparison = all.subList(0, Math.min(all.size(), request.rowsPerTable()));
                omitted = all.size() - comparison.size();
                comparisonNote = new RunComparer(repo).hostsNote(request.runs().get(0), request.runs().subList(1, request.runs().size()))
                        .orElse("");
            } catch (UserException e) {
                // Runs of different tools have nothing to compare; the rest of the report still stands.
                comparisonNote = e.getMessage();
            }
        }
        String title = "statlens report: " + String.join(", ", request.runs())
                + request.window().map(w -> " (time window " + w + ")").orElse("");
        List<ReportModel.FindingGroup> groups = groups(findings, sections, presets);
        return new ReportModel(title, clock.instant(), request.zone(), runs, groups, sections, comparison, omitted, comparisonNote,
                appendix, shown);
    }

    // --- charts ------------------------------------------------------------------------------------------------------

    /** The chart presets the report draws (besides those its findings point at), in their order; none without charts. */
    private static List<ChartDefinition> definitions(ReportRequest request, PresetCatalog presets, RunCatalog catalog) {
        List<ChartDefinition> definitions = new ArrayList<>();
        if (request.sections().contains(ReportSection.CHARTS)) {
            if (request.presets().isEmpty()) {
                presets.applicableTo(catalog, request.runs()).forEach(p -> definitions.add(p.definition()));
            } else {
                for (String name : request.presets()) presets.resolve(name).forEach(p -> definitions.add(p.definition()));
            }
        }
        return definitions;
    }

    /**
     * The definitions drawn per tool: tools in the order of their first preset, each with its presets in their order (the
     * order the report shows the charts in, and so the order their keys take colours in); at most
     * {@link ReportRequest#chartsPerTool()} of a tool, besides the {@code linked} ones, which the findings point at. With
     * no link, the charts drawn whatever the findings say.
     */
    private static Map<String, List<ChartDefinition>> byTool(ReportRequest request, List<ChartDefinition> definitions, Set<String> linked) {
        Map<String, List<ChartDefinition>> byTool = new LinkedHashMap<>();
        for (ChartDefinition d : definitions) {
            if (d.isSql()) continue;
            List<ChartDefinition> ofTool = byTool.computeIfAbsent(toolOf(d.tool().toLowerCase(Locale.ROOT)), t -> new ArrayList<>());
            int others = (int) ofTool.stream().filter(o -> !linked.contains(o.name())).count();
            if (linked.contains(d.name()) || request.chartsPerTool() == 0 || others < request.chartsPerTool()) ofTool.add(d);
        }
        return byTool;
    }

    private static ChartRequest chartRequest(ReportRequest request, RenderSize chartSize, Map<String, TimeWindow> windows,
                                             Map<String, List<ChartDefinition>> byTool) {
        return new ChartRequest(byTool.values().stream().flatMap(List::stream).toList(), request.runs(), List.of(),
                chartSize, true, 0, true).within(windows);
    }

    /**
     * The charts per tool, tools in the order of the presets, then tools without presets (their sections have
     * statistics only). Each chart covers the runs that hold its data set, so several runs overlay. A tool draws at
     * most {@link ReportRequest#chartsPerTool()} charts, besides the charts its findings point at, which are always
     * drawn; charts of nothing but zeros are left out. Anchors are numbered in the order shown: {@code c1, c2, ...}.
     */
    private Map<String, List<ReportModel.ReportChart>> charts(ReportRequest request, RenderSize chartSize, ChartService chartService,
                                                              ChartReads planned, PresetCatalog presets,
                                                              List<ChartDefinition> definitions, Findings findings,
                                                              Map<String, Set<String>> datasetsByRun,
                                                              Map<String, TimeWindow> windows) {
        Set<String> linked = new LinkedHashSet<>();
        if (request.presets().isEmpty()) {
            for (Finding f : findings.all()) {
                if (!f.dataset().isEmpty()) presets.showing(f.dataset(), f.shownBy(), f.key()).ifPresent(p -> linked.add(p.name()));
            }
        }
        Map<String, List<ChartDefinition>> byTool = byTool(request, definitions, linked);
        ChartRequest charts = chartRequest(request, chartSize, windows, byTool);
        Map<String, List<ReportModel.ReportChart>> out = new LinkedHashMap<>();
        byTool.keySet().forEach(tool -> out.put(tool, new ArrayList<>()));
        List<DrawnChart> drawn = chartService.draw(charts, planned).charts();
        for (DrawnChart c : drawn) {
            out.get(toolOf(c.definition().tool().toLowerCase(Locale.ROOT))).add(new ReportModel.ReportChart("", c));
        }
        for (Set<String> datasets : datasetsByRun.values()) datasets.forEach(d -> out.computeIfAbsent(toolOf(d), t -> new ArrayList<>()));
        int n = 0;
        for (List<ReportModel.ReportChart> ofTool : out.values()) {
            for (int i = 0; i < ofTool.size(); i++) ofTool.set(i, new ReportModel.ReportChart("c" + ++n, ofTool.get(i).drawn()));
        }
        return out;
    }

    // --- findings ----------------------------------------------------------------------------------------------------

    /** The findings per run and per comparison, each pointed at its chart, else at its tool's section. */
    private static List<ReportModel.FindingGroup> groups(Findings findings, List<ReportModel.ToolSection> sections,
                                                         PresetCatalog presets) {
        List<ReportModel.FindingGroup> out = new ArrayList<>();
        for (Findings.RunFindings r : findings.runs()) {
            out.add(new ReportModel.FindingGroup("run " + r.run(), lines(r.findings(), sections, presets), ""));
        }
        for (Findings.Comparison c : findings.compared()) {
            String more = c.more() == 0 ? "" : c.more() + " more change" + (c.more() == 1 ? "" : "s") + " beyond noise: see the"
                    + " comparison, or statlens compare " + c.base() + " " + c.run();
            out.add(new ReportModel.FindingGroup(c.run() + " against " + c.base(), lines(c.findings(), sections, presets), more));
        }
        // The runs that could not be compared: one line for all of them.
        if (!findings.unrelated().isEmpty()) {
            out.add(new ReportModel.FindingGroup(findings.notComparedTitle(), lines(findings.unrelated(), sections, presets), ""));
        }
        return out;
    }

    private static List<ReportModel.FindingLine> lines(List<Finding> findings, List<ReportModel.ToolSection> sections,
                                                       PresetCatalog presets) {
        List<ReportModel.FindingLine> out = new ArrayList<>();
        for (Finding f : findings) {
            String target = "";
            String title = "";
            if (!f.dataset().isEmpty()) {
                Optional<String> preset = presets.showing(f.dataset(), f.shownBy(), f.key()).map(PresetCatalog.Preset::name);
                Optional<ReportModel.ReportChart> chart = sections.stream().flatMap(s -> s.charts().stream())
                        .filter(c -> preset.isPresent() && preset.get().equals(c.drawn().definition().name())
                                && (c.drawn().data().runs().isEmpty() || c.drawn().data().runs().contains(f.run())))
                        .findFirst();
                if (chart.isPresent()) {
                    target = chart.get().id();
                    title = chart.get().drawn().data().title();
                } else {
                    String tool = toolOf(f.dataset());
                    if (sections.stream().anyMatch(s -> s.tool().equals(tool))) {
                        target = "tool-" + tool;
                        title = tool;
                    }
                }
            }
            out.add(new ReportModel.FindingLine(f, target, title));
        }
        return out;
    }

    // --- tables ------------------------------------------------------------------------------------------------------

    /** A tool's tables in the body. */
    private record Body(List<ReportModel.StatsTable> stats, List<ReportModel.KeyTable> keys) {
    }

    /**
     * Per run and data set of the tool: unkeyed data sets and {@code all} lines as statistics tables, keyed data sets
     * as their busiest keys; every metric's statistics go to the appendix.
     */
    private static Body body(RunStatistics statistics, Function<String, WholeKeys> wholeKeys, String tool,
                             Map<String, Set<String>> datasetsByRun,
                             Map<String, TimeWindow> windows, PresetCatalog presets,
                             List<ReportModel.StatsTable> appendix) {
        List<ReportModel.StatsTable> stats = new ArrayList<>();
        List<ReportModel.KeyTable> keys = new ArrayList<>();
        for (Map.Entry<String, Set<String>> run : datasetsByRun.entrySet()) {
            List<String> datasets = run.getValue().stream().filter(d -> toolOf(d).equals(tool)).toList();
            for (String dataset : datasets) {
                List<MetricStats> all;
                try {
                    all = statistics.stats(new StatsRequest(run.getKey(), List.of(dataset), List.of(), List.of(),
                            windows.getOrDefault(run.getKey(), TimeWindow.ALL),
                            false, true));
                } catch (UserException e) {
                    // A file of one report holds only the since-boot sample: nothing to summarise, and the report says so.
                    stats.add(new ReportModel.StatsTable(run.getKey(), dataset, "", List.of(), List.of(),
                            e.getMessage() + " (since-boot samples are left out)", 0));
                    continue;
                }
                all = whole(all, wholeKeys.apply(run.getKey()));
                // A run of several hosts' data: each host's statistics and busiest keys in tables of their own.
                Map<String, List<MetricStats>> byHost = new LinkedHashMap<>();
                for (MetricStats s : all) byHost.computeIfAbsent(s.host(), h -> new ArrayList<>()).add(s);
                byHost.forEach((host, ofHost) -> {
                    String shown = host.isEmpty() ? dataset : dataset + " of " + host;
                    appendix.add(new ReportModel.StatsTable(run.getKey(), dataset, host, ofHost.subList(0, Math.min(ofHost.size(), APPENDIX_ROWS)),
                            List.of(), "", Math.max(0, ofHost.size() - APPENDIX_ROWS)));
                    List<MetricStats> unkeyed = ofHost.stream().filter(s -> s.key().isEmpty() || s.key().equals(KeyOrder.ALL)).toList();
                    if (!unkeyed.isEmpty()) {
                        boolean keyed = unkeyed.size() < ofHost.size();
                        String note = keyed ? "the 'all' line; the busiest " + plural(ofHost.get(0).keyLabel()) + " below" : "";
                        stats.add(new ReportModel.StatsTable(run.getKey(), dataset, host, unkeyed.subList(0, Math.min(ROWS_SHOWN, unkeyed.size())),
                                unkeyed.subList(Math.min(ROWS_SHOWN, unkeyed.size()), unkeyed.size()), note, 0));
                    }
                    if (unkeyed.size() < ofHost.size()) {
                        ReportModel.KeyTable t = keyTable(run.getKey(), dataset, ofHost, presets);
                        keys.add(new ReportModel.KeyTable(t.run(), shown, t.keyLabel(), t.rankedBy(), t.columns(), t.rows(), t.more(),
                                t.note()));
                    }
                });
            }
        }
        return new Body(stats, keys);
    }

    /**
     * The statistics with their keys whole: a key longer than a data table holds (a deep stack) is stored as its start
     * and a hash, and a report's tables wrap it rather than show the stand-in.
     */
    private static List<MetricStats> whole(List<MetricStats> stats, WholeKeys whole) {
        return stats.stream().map(s -> s.key().isEmpty() ? s : new MetricStats(s.dataset(), s.keyLabel(),
                whole.whole(s.dataset(), s.key()), s.label(), s.unit(), s.stats(), s.host())).toList();
    }

    /**
     * The keys of a data set side by side, busiest first. They are ranked by the metric of the data set's first preset
     * that draws its busiest keys ({@code top = N}), by its mean ({@link KeyRanking}, as that chart and the findings):
     * %util for devices, busy time (100 - %idle - %iowait) for CPUs; the columns are that ranking, the p95 (of %util) and
     * the peak, then the means of the other metrics the data set's presets draw.
     */
    private static ReportModel.KeyTable keyTable(String run, String dataset, List<MetricStats> all, PresetCatalog presets) {
        Map<String, Map<String, MetricStats>> byKey = new LinkedHashMap<>();
        Set<String> labels = new LinkedHashSet<>();
        for (MetricStats s : all) {
            if (s.key().isEmpty() || s.key().equals(KeyOrder.ALL)) continue;
            byKey.computeIfAbsent(s.key(), k -> new LinkedHashMap<>()).put(s.label(), s);
            labels.add(s.label());
        }
        List<String> drawn = new ArrayList<>();
        String rank = null;
        for (PresetCatalog.Preset p : presets.list()) {
            ChartDefinition d = p.definition();
            if (d.tool() == null || !d.tool().toLowerCase(Locale.ROOT).equals(dataset)) continue;
            for (List<String> metric : d.metrics()) {
                Optional<String> held = metric.stream().filter(m -> labels.containsAll(ChartDefinition.readLabels(m))).findFirst();
                if (held.isEmpty()) continue;
                if (rank == null && d.top() > 0) rank = held.get();
                if (!drawn.contains(held.get())) drawn.add(held.get());
            }
        }
        if (rank == null) rank = drawn.isEmpty() ? labels.iterator().next() : drawn.get(0);
        boolean complement = ChartDefinition.isComplement(rank);
        String rankLabel = ChartDefinition.drawnLabel(rank);
        List<String> subtracted = ChartDefinition.readLabels(rank).subList(1, ChartDefinition.readLabels(rank).size());
        String unit = all.stream().filter(s -> s.label().equals(rankLabel)).findFirst().map(MetricStats::unit).orElse("");
        List<ReportModel.KeyColumn> columns = new ArrayList<>();
        List<ToDoubleFunction<Map<String, MetricStats>>> values = new ArrayList<>();
        if (complement) {
            columns.add(new ReportModel.KeyColumn("busy mean", unit));
            // Mean busy time is 100 minus the means of %idle and %iowait, as the chart's and the findings' ranking.
            values.add(m -> {
                if (!m.containsKey(rankLabel)) return Double.NaN;
                double busy = 100 - m.get(rankLabel).stats().mean();
                for (String w : subtracted) if (m.containsKey(w) && m.get(w).stats().n() > 0) busy -= m.get(w).stats().mean();
                return busy;
            });
            // The peak of busy time needs the samples; the lowest %idle bounds it from above (the table's note says so).
            columns.add(new ReportModel.KeyColumn(subtracted.isEmpty() ? "busy peak" : "peak 100 - " + rankLabel, unit));
            values.add(m -> m.containsKey(rankLabel) ? 100 - m.get(rankLabel).stats().min() : Double.NaN);
        } else {
            columns.add(new ReportModel.KeyColumn(rankLabel + " mean", unit));
            values.add(m -> m.containsKey(rankLabel) ? m.get(rankLabel).stats().mean() : Double.NaN);
            columns.add(new ReportModel.KeyColumn(rankLabel + " p95", unit));
            values.add(m -> m.containsKey(rankLabel) ? m.get(rankLabel).stats().p95() : Double.NaN);
            columns.add(new ReportModel.KeyColumn(rankLabel + " peak", unit));
            values.add(m -> m.containsKey(rankLabel) ? m.get(rankLabel).stats().max() : Double.NaN);
        }
        List<String> others = new ArrayList<>();
        for (String d : drawn) {
            String label = ChartDefinition.drawnLabel(d);
            if (!label.equals(rankLabel) && !others.contains(label)) others.add(label);
        }
        for (String label : labels) if (others.size() < KEY_COLUMNS && !label.equals(rankLabel) && !others.contains(label)) others.add(label);
        for (String label : others.subList(0, Math.min(KEY_COLUMNS, others.size()))) {
            String u = all.stream().filter(s -> s.label().equals(label)).findFirst().map(MetricStats::unit).orElse("");
            columns.add(new ReportModel.KeyColumn(label, u));
            values.add(m -> m.containsKey(label) ? m.get(label).stats().mean() : Double.NaN);
        }
        // By the mean of the first column, as the chart of the busiest keys and the findings rank them (KeyRanking).
        ToDoubleFunction<Map<String, MetricStats>> order = values.get(0);
        Map<String, Double> means = new HashMap<>();
        byKey.forEach((key, stats) -> means.put(key, order.applyAsDouble(stats)));
        List<ReportModel.KeyRow> rows = byKey.entrySet().stream()
                .sorted(Comparator.comparing(Map.Entry::getKey, KeyRanking.busiestFirst(means, false)))
                .map(e -> new ReportModel.KeyRow(e.getKey(), values.stream().map(f -> f.applyAsDouble(e.getValue())).toList()))
                .toList();
        String keyLabel = all.get(0).keyLabel().isEmpty() ? "Key" : all.get(0).keyLabel();
        String rankedBy = (complement ? KeyRanking.STATISTIC + " busy time, " + rank : KeyRanking.STATISTIC + " " + rankLabel)
                + "; the other columns are means";
        // The stored statistics keep each metric's lowest and highest value, not those of busy time, which needs the
        // samples: 100 minus the lowest %idle is as high as busy time can have been, and the note under the table says so.
        String note = complement && !subtracted.isEmpty() ? "peak 100 - " + rankLabel + ": 100 minus the lowest " + rankLabel
                + ", the most busy time can have reached (its own peak is not stored)" : "";
        return new ReportModel.KeyTable(run, dataset, keyLabel, rankedBy, columns, rows.subList(0, Math.min(KEYS_SHOWN, rows.size())),
                rows.subList(Math.min(KEYS_SHOWN, rows.size()), rows.size()), note);
    }

    private static List<ReportModel.RunSummary> summaries(String tool, List<ReportModel.RunPart> runs) {
        List<ReportModel.RunSummary> out = new ArrayList<>();
        for (ReportModel.RunPart r : runs) {
            List<SummaryValue> values = r.summary().stream().filter(v -> toolOf(v.dataset()).equals(tool)).toList();
            if (values.isEmpty()) continue;
            // An Average: block per CPU repeats the statistics tables; its aggregate line says enough.
            if (values.stream().anyMatch(v -> v.key().equals(KeyOrder.ALL))) {
                values = values.stream().filter(v -> v.key().isEmpty() || v.key().equals(KeyOrder.ALL)).toList();
            }
            int shown = Math.min(ROWS_SHOWN, values.size());
            out.add(new ReportModel.RunSummary(r.info().name(), values.subList(0, shown), values.subList(shown, values.size())));
        }
        return out;
    }

    private static String plural(String keyLabel) {
        String label = keyLabel.isEmpty() ? "key" : keyLabel;
        return label.endsWith("s") ? label : label + "s";
    }

    /** {@code sar} of {@code sar.cpu}. */
    static String toolOf(String dataset) {
        int dot = dataset.indexOf('.');
        return (dot < 0 ? dataset : dataset.substring(0, dot)).toLowerCase(Locale.ROOT);
    }
}
