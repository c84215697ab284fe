package io.statlens.report;

import io.statlens.analysis.MetricStats;
import io.statlens.analysis.RunComparer;
import io.statlens.chart.DrawnChart;
import io.statlens.model.Fact;
import io.statlens.model.SummaryValue;
import io.statlens.store.read.Annotation;
import io.statlens.store.read.RunCatalog;

import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Set;

/**
 * Everything a report shows, read from the repository once, so that the HTML and the PDF writer show
 * the same. The writers lay it out through {@link ReportTables}.
 *
 * @param runs       the runs, base first
 * @param sections   one per tool the runs hold, in the order of the chart presets
 * @param comparison the other runs against the first; empty for a single run
 * @param comparisonOmitted comparison rows beyond the table's limit
 * @param comparisonNote why there is no comparison (the runs share no data); may be empty
 * @param shown      the blocks the report was asked for ({@link ReportRequest#sections()})
 */
public record ReportModel(String title, Instant generated, ZoneId zone, List<RunPart> runs, List<ToolSection> sections,
                          List<RunComparer.Comparison> comparison, int comparisonOmitted, String comparisonNote,
                          Set<ReportSection> shown) {
    public ReportModel {
        runs = List.copyOf(runs);
        sections = List.copyOf(sections);
        comparison = List.copyOf(comparison);
        shown = Set.copyOf(shown);
    }

    /** Whether the report compares runs: only when it covers several, and the comparison was asked for. */
    public boolean compares() {
        return runs.size() > 1 && shown.contains(ReportSection.COMPARISON);
    }

    /** Whether the report lists annotations: when there are some, and the list was asked for. */
    public boolean hasAnnotations() {
        return shown.contains(ReportSection.ANNOTATIONS) && runs.stream().anyMatch(r -> !r.annotations().isEmpty());
    }

    /**
     * The report's parts after the title page, in order, for the table of contents, the PDF outline and
     * the HTML anchors: one per tool, then the comparison (several runs only), then the annotations (if any).
     */
    public List<Heading> headings() {
        List<Heading> out = new java.util.ArrayList<>();
        for (ToolSection s : sections) out.add(new Heading("tool-" + s.tool(), s.tool()));
        if (compares()) out.add(new Heading("comparison", "Comparison"));
        if (hasAnnotations()) out.add(new Heading("annotations", "Annotations"));
        return out;
    }

    /** A part of the report: its anchor (letters, digits, '-', '.', '_') and its title. */
    public record Heading(String id, String title) {
    }

    public List<String> runNames() {
        return runs.stream().map(r -> r.info().name()).toList();
    }

    /** A run with what the title page and the annotations section show of it. */
    public record RunPart(RunCatalog.RunInfo info, List<Fact> facts, List<SummaryValue> summary, List<Annotation> annotations) {
        public RunPart {
            facts = List.copyOf(facts);
            summary = List.copyOf(summary);
            annotations = List.copyOf(annotations);
        }
    }

    /**
     * One tool's part of the report.
     *
     * @param tool    the tool ({@code sar}), whose data sets ({@code sar.cpu}) the section covers
     * @param charts  the charts, drawn, in the order shown (one palette for the whole report)
     * @param stats   statistics per run and data set
     * @param summary the tool's summary values (a benchmark's tps, an Average: block) per run
     */
    public record ToolSection(String tool, List<DrawnChart> charts, List<StatsTable> stats, List<RunSummary> summary) {
        public ToolSection {
            charts = List.copyOf(charts);
            stats = List.copyOf(stats);
            summary = List.copyOf(summary);
        }
    }

    /**
     * The statistics of one run's data set.
     *
     * @param note     what was left out and why (the per-CPU rows of a data set with an {@code all} line); may be empty
     * @param omitted  rows beyond the table's limit
     */
    public record StatsTable(String run, String dataset, List<MetricStats> rows, String note, int omitted) {
        public StatsTable {
            rows = List.copyOf(rows);
        }
    }

    public record RunSummary(String run, List<SummaryValue> values, int omitted) {
        public RunSummary {
            values = List.copyOf(values);
        }
    }
}
