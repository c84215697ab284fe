package io.statlens.cli;

import io.statlens.analysis.ReadableNumbers;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Aligned plain-text columns for terminal output; numeric columns are right-aligned. Numbers added as
 * numbers are shown by {@link ReadableNumbers}: counts grouped ({@code 1,913,088}).
 */
final class TextTable {
    private final ReadableNumbers numbers;
    private final List<String> header;
    private final boolean[] rightAligned;
    private final List<List<String>> rows = new ArrayList<>();

    TextTable(ReadableNumbers numbers, List<String> header, boolean... rightAligned) {
        this.numbers = numbers;
        this.header = header;
        this.rightAligned = new boolean[header.size()];
        for (int i = 0; i < rightAligned.length && i < header.size(); i++) this.rightAligned[i] = rightAligned[i];
    }

    TextTable(ReadableNumbers numbers, String... header) {
        this(numbers, List.of(header));
    }

    TextTable right(int... columns) {
        for (int c : columns) rightAligned[c] = true;
        return this;
    }

    void add(Object... cells) {
        List<String> row = new ArrayList<>();
        for (Object c : cells) row.add(text(c));
        rows.add(row);
    }

    private String text(Object c) {
        if (c == null) return "";
        if (c instanceof Long || c instanceof Integer) return numbers.integer(((Number) c).longValue());
        if (c instanceof Double d) return numbers.number(d);
        return c.toString();
    }

    void addRow(List<String> cells) {
        rows.add(cells);
    }

    int size() {
        return rows.size();
    }

    void print(PrintWriter out) {
        int[] width = new int[header.size()];
        for (int i = 0; i < width.length; i++) width[i] = header.get(i).length();
        for (List<String> r : rows) {
            for (int i = 0; i < width.length && i < r.size(); i++) width[i] = Math.max(width[i], r.get(i).length());
        }
        line(out, header, width);
        for (List<String> r : rows) line(out, r, width);
        out.flush();
    }

    private void line(PrintWriter out, List<String> cells, int[] width) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < width.length; i++) {
            String c = i < cells.size() ? cells.get(i) : "";
            if (i > 0) sb.append("  ");
            String pad = " ".repeat(width[i] - c.length());
            sb.append(rightAligned[i] ? pad + c : (i == width.length - 1 ? c : c + pad));
        }
        out.println(sb.toString().stripTrailing());
    }
}
