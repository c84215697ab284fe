package io.statlens.report;

import java.util.Locale;

/**
 * The blocks a report can hold besides its title page (runs and facts, always there): a report builder
 * switches them on and off. A tool's part of the report is left out when none of its blocks is chosen.
 */
public enum ReportSection {
    /** The charts of the chosen presets, per tool. */
    CHARTS,
    /** A tool's summary values (a benchmark's tps, an Average: block), per run. */
    SUMMARY,
    /** Per run and data set, the statistics of every metric. */
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
