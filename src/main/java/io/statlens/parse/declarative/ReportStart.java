package io.statlens.parse.declarative;

import java.util.Optional;

/** What starts a new report (sample) of a table: the values of {@code report.start}. */
public enum ReportStart {
    /** Every header line. */
    HEADER("header"),
    /** Every time line ({@code time.lines}). */
    TIME_LINE("time.line"),
    /** A row whose time column differs from the report's first row. */
    TIME_CHANGE("time.change"),
    /** A section title ({@code [section]}) already seen in the report: the tool printed its sections again. */
    SECTION("section"),
    /** Every row: an unkeyed table that prints one line per interval under a header it repeats now and then (vm_stat). */
    ROW("row");

    private final String keyword;

    ReportStart(String keyword) {
        this.keyword = keyword;
    }

    public String keyword() {
        return keyword;
    }

    public static Optional<ReportStart> of(String keyword) {
        for (ReportStart r : values()) {
            if (r.keyword.equals(keyword)) return Optional.of(r);
        }
        return Optional.empty();
    }
}
