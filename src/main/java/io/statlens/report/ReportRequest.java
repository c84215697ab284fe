package io.statlens.report;

import io.statlens.model.UserException;

import java.time.ZoneId;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a report covers.
 *
 * @param runs          the runs; the first is the base of the comparison
 * @param presets       chart presets (or tool names for all their presets); empty = every preset that applies
 * @param chartsPerTool the most charts a tool's section draws (0 = no limit): keeps a demo report small
 * @param rowsPerTable  the most rows of a statistics or comparison table; the rest are counted, not shown
 * @param zone          zone of the times shown
 * @param sections      the blocks to show; at least one
 * @param window        the name of a time window every run has saved: each run's charts, statistics and comparison cover
 *                      its own window of that name; empty = the whole runs
 */
public record ReportRequest(List<String> runs, List<String> presets, int chartsPerTool, int rowsPerTable, ZoneId zone,
                            Set<ReportSection> sections, Optional<String> window) {
    public ReportRequest {
        java.util.Objects.requireNonNull(window, "window");
        runs = List.copyOf(runs);
        presets = List.copyOf(presets);
        if (runs.isEmpty()) throw new UserException("name at least one run to report on");
        if (runs.stream().distinct().count() != runs.size()) throw new UserException("a run is named twice: " + runs);
        if (chartsPerTool < 0) throw new IllegalArgumentException("chartsPerTool " + chartsPerTool);
        if (rowsPerTable < 1) throw new IllegalArgumentException("rowsPerTable " + rowsPerTable);
        sections = Set.copyOf(sections);
        if (sections.isEmpty()) throw new UserException("choose at least one section of the report");
    }

    /** A report of the whole runs. */
    public ReportRequest(List<String> runs, List<String> presets, int chartsPerTool, int rowsPerTable, ZoneId zone,
                         Set<ReportSection> sections) {
        this(runs, presets, chartsPerTool, rowsPerTable, zone, sections, Optional.empty());
    }

    /** A report with every section, as {@code statlens report} writes it. */
    public ReportRequest(List<String> runs, List<String> presets, int chartsPerTool, int rowsPerTable, ZoneId zone) {
        this(runs, presets, chartsPerTool, rowsPerTable, zone, EnumSet.allOf(ReportSection.class));
    }

    public static ReportRequest of(List<String> runs) {
        return new ReportRequest(runs, List.of(), 0, 60, ZoneId.of("UTC"));
    }
}
