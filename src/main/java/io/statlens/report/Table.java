package io.statlens.report;

import java.util.List;

/**
 * A table as both report writers draw it: text cells, numbers right-aligned.
 *
 * @param caption what the table shows
 * @param headers column headings
 * @param numeric per column: right-aligned
 * @param rows    the cells, as many per row as there are headers
 * @param more    rows behind "N more": a collapsed part of the table in HTML; in the PDF, counted, with where they are
 * @param moreLabel what the rows behind "N more" are: {@code 12 more Devices}; empty without them
 * @param moreWhere where else the reader finds them: {@code the appendix}, {@code statlens show db01}; may be empty
 * @param note    a line under the table (what was left out and why); may be empty
 */
public record Table(String caption, List<String> headers, List<Boolean> numeric, List<List<String>> rows,
                    List<List<String>> more, String moreLabel, String moreWhere, String note) {
    public Table {
        moreLabel = moreLabel == null ? "" : moreLabel;
        moreWhere = moreWhere == null ? "" : moreWhere;
        headers = List.copyOf(headers);
        numeric = List.copyOf(numeric);
        rows = rows.stream().map(List::copyOf).toList();
        more = more.stream().map(List::copyOf).toList();
        note = note == null ? "" : note;
        if (numeric.size() != headers.size()) throw new IllegalArgumentException("numeric flags differ from headers");
        for (List<String> r : rows) check(r, headers.size());
        for (List<String> r : more) check(r, headers.size());
    }

    /** A table whose rows are all shown. */
    public Table(String caption, List<String> headers, List<Boolean> numeric, List<List<String>> rows, String note) {
        this(caption, headers, numeric, rows, List.of(), "", "", note);
    }

    /** The rows behind "N more" where the table cannot unfold them (PDF): {@code 12 more Devices in the appendix}. */
    public String moreNote() {
        if (more.isEmpty()) return "";
        if (moreWhere.isEmpty()) return moreLabel;
        return moreLabel + (moreWhere.startsWith("statlens ") ? ": " : " in ") + moreWhere;
    }

    private static void check(List<String> row, int columns) {
        if (row.size() != columns) throw new IllegalArgumentException("row of " + row.size() + " cells, expected " + columns);
    }
}
