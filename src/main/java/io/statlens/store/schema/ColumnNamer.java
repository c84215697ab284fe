package io.statlens.store.schema;

import io.statlens.store.DataTable;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Turns tool labels into SQL identifiers people can type: {@code %util} → {@code PCT_UTIL},
 * {@code r/s} → {@code R_S}, {@code miss%} → {@code MISS_PCT}, {@code in} → {@code IN_} (reserved).
 * The metric catalog keeps the original label, so nothing is lost.
 */
public final class ColumnNamer {
    /**
     * Longest name: PostgreSQL keeps 63 bytes of a name, and the view ({@code V_}) and index
     * ({@code IX_}) of a table, and a column's {@code _NN} suffix, must fit too.
     */
    private static final int MAX = 56;
    /** Every engine's reserved words: a repository's names are the same on all of them, so SQL and copies work across. */
    private static final List<SqlDialect> ENGINES = List.of(new DerbyDialect(), new PostgresDialect());

    private static boolean isReserved(String word) {
        return ENGINES.stream().anyMatch(d -> d.isReserved(word));
    }

    /** The data table for a tool's data set: {@code IOSTAT}, {@code IOSTAT_CPU}. */
    public String tableName(String tool, String dataset) {
        String base = identifier(dataset.isEmpty() ? tool : tool + "_" + dataset);
        return isReserved(base) ? base + "_" : base;
    }

    /** A column name for a label, different from every name in {@code taken}. */
    public String columnName(String label, Set<String> taken) {
        String base = identifier(label);
        if (isReserved(base) || DataTable.FIXED_COLUMNS.contains(base) || DataTable.VIEW_COLUMNS.contains(base)) base = base + "_";
        String name = base;
        for (int i = 2; taken.contains(name); i++) name = base + "_" + i;
        return name;
    }

    static String identifier(String label) {
        StringBuilder out = new StringBuilder();
        String s = label.trim();
        if (s.startsWith("%")) {
            out.append("PCT_");
            s = s.substring(1);
        }
        boolean trailingPct = s.endsWith("%");
        if (trailingPct) s = s.substring(0, s.length() - 1);
        s = s.replace("%", "_PCT_").replace("/s", "_S").replace("+", "_PLUS_").replace("#", "_NUM_");
        for (char c : s.toUpperCase(Locale.ROOT).toCharArray()) {
            boolean ok = (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
            if (ok) {
                out.append(c);
            } else if (out.length() > 0 && out.charAt(out.length() - 1) != '_') {
                out.append('_');
            }
        }
        while (out.length() > 0 && out.charAt(out.length() - 1) == '_') out.setLength(out.length() - 1);
        if (trailingPct) out.append("_PCT");
        if (out.length() == 0) out.append("M");
        if (Character.isDigit(out.charAt(0))) out.insert(0, "C_");
        if (out.length() > MAX) out.setLength(MAX);
        return out.toString();
    }
}
