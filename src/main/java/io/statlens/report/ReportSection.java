package io.statlens.report;

import java.util.Locale;

/**
 * The blocks a report can hold besides its title page (the runs, always there; their facts are in the appendix): a
 * report builder switches them on and off. A tool's part of the report is left out when none of its blocks is chosen.
 */
public enum ReportSection {
    /** What happened, first: per run and per comparison, each finding linked to its chart. */
    FINDINGS,
    /** The charts of the chosen presets, per tool. */
    CHARTS,
    /** A tool's summary values (a benchmark's tps, an Average: block), per run. */
    SUMMARY,
    /** Per run and data set, the busiest keys side by side; every metric's statistics in the appendix. */
    STATISTICS,
    /** The other runs against the first (only with several runs). */
    COMPARISON,
    /** The runs' annotations as a table (they stay markers on the charts either way). */
    ANNOTATIONS;

    /** As shown to people: {@code summary values}, {@code charts}. */
    public String label() {
        return this == SUMMARY ? "summary values" : name().toLowerCase(Locale.ROOT);
    }
}
