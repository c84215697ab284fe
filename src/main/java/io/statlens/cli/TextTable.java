package io.statlens.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** Aligned plain-text columns for terminal output; numeric columns are right-aligned. */
final class TextTable {
    private final List<String> header;
    private final boolean[] rightAligned;
    private final List<List<String>> rows = new ArrayList<>();

    TextTable(List<String> header, boolean... rightAligned) {
        this.header = header;
        this.rightAligned = new boolean[header.size()];
        for (int i = 0; i < rightAligned.length && i < header.size(); i++) this.rightAligned[i] = rightAligned[i];
    }

    TextTable(String... header) {
        this(List.of(header));
    }

    TextTable right(int... columns) {
        for (int c : columns) rightAligned[c] = true;
        return this;
    }

    void add(Object... cells) {
        List<String> row = new ArrayList<>();
        for (Object c : cells) row.add(c == null ? "" : c.toString());
        rows.add(row);
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
