package io.statlens.report;

import io.statlens.analysis.Finding;
import io.statlens.analysis.MetricStats;
import io.statlens.analysis.RunComparer;
import io.statlens.chart.DrawnChart;
import io.statlens.model.Fact;
import io.statlens.model.SummaryValue;
import io.statlens.store.saved.Annotation;
import io.statlens.store.read.RunCatalog;

import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Everything a report shows, read from the repository once, so that the HTML and the PDF writer show
 * the same. The writers lay it out through {@link ReportTables}.
 *
 * @param runs       the runs, base first
 * @param findings   what happened, per run and per comparison, first in the report; empty when not asked for
 * @param sections   one per tool the runs hold, in the order of the chart presets
 * @param comparison the other runs against the first; empty for a single run
 * @param comparisonOmitted comparison rows beyond the table's limit
 * @param comparisonNote why there is no comparison (the runs share no data), or that the runs ran on different hosts
 *                       ({@link RunComparer#hostsNote}); may be empty
 * @param appendix   every metric's statistics per run and data set, after the rest; empty without statistics
 * @param shown      the blocks the report was asked for ({@link ReportRequest#sections()})
 */
public record ReportModel(String title, Instant generated, ZoneId zone, List<RunPart> runs, List<FindingGroup> findings,
                          List<ToolSection> sections, List<RunComparer.Comparison> comparison, int comparisonOmitted,
                          String comparisonNote, List<StatsTable> appendix, Set<ReportSection> shown) {
    /** The anchor of the findings. */
    public static final String FINDINGS_ID = "findings";
    /** The anchor of the appendix. */
    public static final String APPENDIX_ID = "appendix";

    public ReportModel {
        runs = List.copyOf(runs);
        findings = List.copyOf(findings);
        sections = List.copyOf(sections);
        comparison = List.copyOf(comparison);
        appendix = List.copyOf(appendix);
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
     * the HTML anchors: one per tool, then the comparison (several runs only), the annotations (if any) and the
     * appendix. The findings open the title page, before all of them.
     */
    public List<Heading> headings() {
        List<Heading> out = new ArrayList<>();
        for (ToolSection s : sections) out.add(new Heading("tool-" + s.tool(), s.tool()));
        if (compares()) out.add(new Heading("comparison", "Comparison"));
        if (hasAnnotations()) out.add(new Heading("annotations", "Annotations"));
        out.add(new Heading(APPENDIX_ID, "Appendix: facts and statistics"));
        return out;
    }

    /**
     * What the findings of the runs say of one tool's data, for the top of its section: a chart of an idle host is grey,
     * and the verdict beside it says that this is the whole story. Comparisons are left out (the comparison has them).
     */
    public List<SectionFinding> findingsOf(String tool) {
        List<SectionFinding> out = new ArrayList<>();
        for (FindingGroup g : findings) {
            for (FindingLine line : g.lines()) {
                Finding f = line.finding();
                if (f.kind() == Finding.Kind.CHANGE || f.dataset().isEmpty()) continue;
                if (ReportAssembler.toolOf(f.dataset()).equals(tool)) out.add(new SectionFinding(f.run(), line));
            }
        }
        return out;
    }

    /** A finding at the top of a tool's section, with the run it is about. */
    public record SectionFinding(String run, FindingLine line) {
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
     * The findings of one run, or of one run against the base run.
     *
     * @param title {@code run db01}, {@code db02 against db01} or {@code not compared with db01}
     * @param lines the findings, most important first
     * @param more  what was left out and where it is ({@code 4 more changes beyond noise: ...}); may be empty
     */
    public record FindingGroup(String title, List<FindingLine> lines, String more) {
        public FindingGroup {
            lines = List.copyOf(lines);
        }
    }

    /**
     * One finding and the part of the report that shows it.
     *
     * @param target      the anchor of its chart ({@link ReportChart#id()}), else of its tool's section; empty when the
     *                    report shows nothing of it
     * @param targetTitle what the anchor is, for the reader: the chart's title or the section's
     */
    public record FindingLine(Finding finding, String target, String targetTitle) {
    }

    /** A chart of the report with its anchor ({@code c3}), which findings link to. */
    public record ReportChart(String id, DrawnChart drawn) {
    }

    /**
     * One tool's part of the report.
     *
     * @param tool    the tool ({@code sar}), whose data sets ({@code sar.cpu}) the section covers
     * @param charts  the charts, drawn, in the order shown (one palette for the whole report)
     * @param stats   per run and data set without keys (or with an {@code all} line): its metrics' statistics
     * @param keys    per run and keyed data set: the busiest keys side by side
     * @param summary the tool's summary values (a benchmark's tps, an Average: block) per run
     */
    public record ToolSection(String tool, List<ReportChart> charts, List<StatsTable> stats, List<KeyTable> keys,
                              List<RunSummary> summary) {
        public ToolSection {
            charts = List.copyOf(charts);
            stats = List.copyOf(stats);
            keys = List.copyOf(keys);
            summary = List.copyOf(summary);
        }
    }

    /**
     * The statistics of one run's data set.
     *
     * @param rows     the rows shown
     * @param more     the rows behind "N more" (a collapsed part of the HTML table; in the PDF, counted)
     * @param note     what was left out and why (the per-CPU rows of a data set with an {@code all} line); may be empty
     * @param host     the host whose statistics these are, when the run holds this data set of several; else empty
     * @param omitted  rows beyond the report's limit, in neither list
     */
    public record StatsTable(String run, String dataset, String host, List<MetricStats> rows, List<MetricStats> more, String note,
                             int omitted) {
        /** The data set as a table's title names it: {@code iostat of db01} for one of several hosts. */
        public String shown() {
            return host.isEmpty() ? dataset : dataset + " of " + host;
        }

        public StatsTable {
            rows = List.copyOf(rows);
            more = List.copyOf(more);
        }
    }

    /**
     * The keys of one run's data set side by side, busiest first: a row per key, a column per metric.
     *
     * @param keyLabel what the keys are ({@code Device})
     * @param rankedBy how the keys are ranked, for the caption ({@code mean %util}, {@code mean busy time})
     * @param columns  the columns after the key
     * @param rows     the busiest keys, shown
     * @param more     the other keys, behind "N more"
     * @param note     what a column is when its heading cannot say it all, under the table; empty for none
     */
    public record KeyTable(String run, String dataset, String keyLabel, String rankedBy, List<KeyColumn> columns, List<KeyRow> rows,
                           List<KeyRow> more, String note) {
        public KeyTable {
            columns = List.copyOf(columns);
            rows = List.copyOf(rows);
            more = List.copyOf(more);
        }
    }

    /** A column of a {@link KeyTable}: its heading ({@code %util mean}) and the unit of its values. */
    public record KeyColumn(String heading, String unit) {
    }

    /** A row of a {@link KeyTable}: the key and one value per column (NaN where it has none). */
    public record KeyRow(String key, List<Double> values) {
        public KeyRow {
            values = List.copyOf(values);
        }
    }

    public record RunSummary(String run, List<SummaryValue> values, List<SummaryValue> more) {
        public RunSummary {
            values = List.copyOf(values);
            more = List.copyOf(more);
        }
    }
}
