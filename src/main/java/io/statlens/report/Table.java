package io.statlens.report;

import java.util.List;

/**
 * A table as both report writers draw it: text cells, numbers right-aligned.
 *
 * @param caption what the table shows
 * @param headers column headings
 * @param numeric per column: right-aligned
 * @param rows    the cells, as many per row as there are headers
 * @param note    a line under the table (what was left out); may be empty
 */
public record Table(String caption, List<String> headers, List<Boolean> numeric, List<List<String>> rows, String note) {
    public Table {
        headers = List.copyOf(headers);
        numeric = List.copyOf(numeric);
        rows = rows.stream().map(List::copyOf).toList();
        note = note == null ? "" : note;
        if (numeric.size() != headers.size()) throw new IllegalArgumentException("numeric flags differ from headers");
        for (List<String> r : rows) {
            if (r.size() != headers.size()) {
                throw new IllegalArgumentException("row of " + r.size() + " cells, expected " + headers.size());
            }
        }
    }
}
