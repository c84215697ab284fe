package io.statlens.report;

import io.statlens.analysis.MetricStats;
import io.statlens.analysis.RunComparer;
import io.statlens.analysis.RunStatistics;
import io.statlens.analysis.StatsRequest;
import io.statlens.chart.ChartDefinition;
import io.statlens.chart.ChartRequest;
import io.statlens.chart.ChartService;
import io.statlens.chart.DrawnChart;
import io.statlens.chart.PresetCatalog;
import io.statlens.chart.RenderSize;
import io.statlens.model.SummaryValue;
import io.statlens.model.UserException;
import io.statlens.store.read.AnnotationStore;
import io.statlens.store.schema.Repository;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.read.TimeWindow;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a report's contents from the repository: run metadata and facts ({@link RunCatalog}), the charts
 * of the chart presets that apply ({@link PresetCatalog}, drawn by the {@link ChartService}), statistics
 * ({@link RunStatistics}), the comparison against the first run ({@link RunComparer}) and annotations.
 */
public final class ReportAssembler {
    /** The aggregate line of mpstat and sar: when a data set has it, its table shows only that line. */
    private static final String ALL = "all";

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
            datasetsByRun.put(name, catalog.datasetNames(name));
        }
        Set<ReportSection> shown = request.sections();
        Map<String, List<DrawnChart>> chartsByTool = charts(request, chartSize, datasetsByRun);
        List<ReportModel.ToolSection> sections = new ArrayList<>();
        RunStatistics statistics = new RunStatistics(repo);
        for (Map.Entry<String, List<DrawnChart>> e : chartsByTool.entrySet()) {
            String tool = e.getKey();
            ReportModel.ToolSection section = new ReportModel.ToolSection(tool, e.getValue(),
                    shown.contains(ReportSection.STATISTICS) ? stats(statistics, tool, datasetsByRun, request) : List.of(),
                    shown.contains(ReportSection.SUMMARY) ? summaries(tool, runs, request.rowsPerTable()) : List.of());
            // With every block chosen a tool's section always has statistics; with some left out it may be empty.
            if (!section.charts().isEmpty() || !section.stats().isEmpty() || !section.summary().isEmpty()) sections.add(section);
        }
        List<RunComparer.Comparison> comparison = List.of();
        int omitted = 0;
        String comparisonNote = "";
        if (request.runs().size() > 1 && shown.contains(ReportSection.COMPARISON)) {
            try {
                List<RunComparer.Comparison> all = new RunComparer(repo).compare(new RunComparer.Request(request.runs().get(0),
                        request.runs().subList(1, request.runs().size()), Optional.empty(), List.of(), List.of()));
                comparison = all.subList(0, Math.min(all.size(), request.rowsPerTable()));
                omitted = all.size() - comparison.size();
            } catch (UserException e) {
                // Runs of different tools have nothing to compare; the rest of the report still stands.
                comparisonNote = e.getMessage();
            }
        }
        String title = "statlens report: " + String.join(", ", request.runs());
        return new ReportModel(title, clock.instant(), request.zone(), runs, sections, comparison, omitted, comparisonNote, shown);
    }

    /**
     * The charts per tool, tools in the order of the presets, then tools without presets (their sections
     * have statistics only). Each chart covers the runs that hold its data set, so several runs overlay.
     */
    private Map<String, List<DrawnChart>> charts(ReportRequest request, RenderSize chartSize, Map<String, Set<String>> datasetsByRun) {
        PresetCatalog presets = new PresetCatalog(repo);
        Set<String> allDatasets = new LinkedHashSet<>();
        datasetsByRun.values().forEach(allDatasets::addAll);
        List<ChartDefinition> definitions = new ArrayList<>();
        if (request.sections().contains(ReportSection.CHARTS)) {
            if (request.presets().isEmpty()) {
                presets.applicable(allDatasets).forEach(p -> definitions.add(p.definition()));
            } else {
                for (String name : request.presets()) presets.resolve(name).forEach(p -> definitions.add(p.definition()));
            }
        }
        // Tools in the order of their first preset that a run holds data for, each with its presets in their order: the
        // order the report shows the charts in, and so the order their keys take colours in.
        Map<String, List<ChartDefinition>> byTool = new LinkedHashMap<>();
        for (ChartDefinition d : definitions) {
            if (d.isSql()) continue;
            String dataset = d.tool().toLowerCase(Locale.ROOT);
            if (datasetsByRun.values().stream().anyMatch(held -> held.contains(dataset))) {
                byTool.computeIfAbsent(toolOf(dataset), t -> new ArrayList<>()).add(d);
            }
        }
        // Each chart draws the runs that hold its data set: the others are left out (leniently), so several runs overlay.
        ChartRequest charts = new ChartRequest(byTool.values().stream().flatMap(List::stream).toList(), request.runs(), List.of(),
                chartSize, true, request.chartsPerTool());
        Map<String, List<DrawnChart>> out = new LinkedHashMap<>();
        byTool.keySet().forEach(tool -> out.put(tool, new ArrayList<>()));
        for (DrawnChart c : new ChartService(repo, request.zone()).draw(charts).charts()) {
            out.get(toolOf(c.definition().tool().toLowerCase(Locale.ROOT))).add(c);
        }
        for (String dataset : allDatasets) out.computeIfAbsent(toolOf(dataset), t -> new ArrayList<>());
        return out;
    }

    private static List<ReportModel.StatsTable> stats(RunStatistics statistics, String tool,
                                                      Map<String, Set<String>> datasetsByRun,
                                                      ReportRequest request) {
        List<ReportModel.StatsTable> tables = new ArrayList<>();
        for (String run : request.runs()) {
            if (datasetsByRun.get(run).stream().noneMatch(d -> toolOf(d).equals(tool))) continue;
            Map<String, List<MetricStats>> byDataset = new LinkedHashMap<>();
            List<MetricStats> all;
            try {
                all = statistics.stats(new StatsRequest(run, List.of(tool), List.of(), List.of(), TimeWindow.ALL, false));
            } catch (UserException e) {
                // A file of one report holds only the since-boot sample: nothing to summarise, and the report says so.
                String note = e.getMessage() + " (since-boot samples are left out)";
                tables.add(new ReportModel.StatsTable(run, tool, List.of(), note, 0));
                continue;
            }
            for (MetricStats s : all) byDataset.computeIfAbsent(s.dataset(), k -> new ArrayList<>()).add(s);
            for (Map.Entry<String, List<MetricStats>> e : byDataset.entrySet()) {
                List<MetricStats> rows = e.getValue();
                String note = "";
                if (rows.stream().anyMatch(s -> s.key().equals(ALL))) {
                    long keys = rows.stream().map(MetricStats::key).distinct().count() - 1;
                    rows = rows.stream().filter(s -> s.key().equals(ALL)).toList();
                    note = "the 'all' line; " + keys + " more " + rows.get(0).keyLabel()
                            + (keys == 1 ? "" : "s") + " in: statlens stats " + run + " --tool " + e.getKey();
                }
                List<MetricStats> shown = rows.subList(0, Math.min(rows.size(), request.rowsPerTable()));
                tables.add(new ReportModel.StatsTable(run, e.getKey(), shown, note, rows.size() - shown.size()));
            }
        }
        return tables;
    }

    private static List<ReportModel.RunSummary> summaries(String tool, List<ReportModel.RunPart> runs, int limit) {
        List<ReportModel.RunSummary> out = new ArrayList<>();
        for (ReportModel.RunPart r : runs) {
            List<SummaryValue> values = r.summary().stream().filter(v -> toolOf(v.dataset()).equals(tool)).toList();
            if (values.isEmpty()) continue;
            // An Average: block per CPU repeats the statistics tables; its aggregate line says enough.
            if (values.stream().anyMatch(v -> v.key().equals(ALL))) {
                values = values.stream().filter(v -> v.key().isEmpty() || v.key().equals(ALL)).toList();
            }
            List<SummaryValue> shown = values.subList(0, Math.min(values.size(), limit));
            out.add(new ReportModel.RunSummary(r.info().name(), shown, values.size() - shown.size()));
        }
        return out;
    }

    /** {@code sar} of {@code sar.cpu}. */
    static String toolOf(String dataset) {
        int dot = dataset.indexOf('.');
        return (dot < 0 ? dataset : dataset.substring(0, dot)).toLowerCase(Locale.ROOT);
    }
}
