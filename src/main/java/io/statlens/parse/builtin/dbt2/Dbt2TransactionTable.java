package io.statlens.parse.builtin.dbt2;

import io.statlens.parse.text.Numbers;
import io.statlens.parse.text.Tokens;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The per-transaction table of {@code dbt2-post-process} and the analyzers before it, in every layout:
 * <pre>
 * Transaction       %  Avg Response Time (s)        Total  Rollbacks      %            (C mix analyzer, 2002-2004)
 *  Transaction      %  Avg Response Time (s)        Total        Rollbacks      %      (mix_analyzer.pl, 0.2x)
 *  Transaction      %    Average :    90th %        Total        Rollbacks      %      (mix_analyzer.pl 2006, perl, Python and R post-process)
 *  Transaction      %   Average     90th %        Total    Rollbacks      %          (reST, 0.50+)
 * </pre>
 * Columns are named from the header line; each becomes a summary value name per transaction.
 */
final class Dbt2TransactionTable {
    /** Columns are separated by two or more blanks, or by the ':' between the response-time columns. */
    private static final Pattern COLUMN_GAP = Pattern.compile("\\s*:\\s*|\\s{2,}");
    private static final Pattern NON_WORD = Pattern.compile("[^a-z0-9]+");
    private static final String NOT_AVAILABLE = "N/A";

    /** A column: the summary name suffix and the unit of its values. */
    record Column(String name, String unit) {
    }

    /** A table row: the transaction's name for summary values, and one value per column. */
    record TransactionRow(String transaction, double[] values) {
    }

    private final List<Column> columns;

    private Dbt2TransactionTable(List<Column> columns) {
        this.columns = List.copyOf(columns);
    }

    static boolean isHeader(String trimmed) {
        return trimmed.startsWith("Transaction") && trimmed.length() > 11 && Tokens.isSpace(trimmed.charAt(11)) && trimmed.contains("%");
    }

    /**
     * @param header       the header line, trimmed
     * @param responseUnit the unit of the "Response Time (s)" group line ({@code s}, {@code ms})
     */
    static Dbt2TransactionTable fromHeader(String header, String responseUnit) {
        String[] labels = labels(header);
        List<Column> columns = new ArrayList<>();
        boolean afterRollbacks = false;
        for (int i = 1; i < labels.length; i++) {
            String label = labels[i].strip();
            switch (label) {
                case "%" -> columns.add(afterRollbacks ? new Column("rollback_pct", "%") : new Column("pct", "%"));
                case "Average" -> columns.add(new Column("rt_avg_" + responseUnit, responseUnit));
                // mix_analyzer of 0.2x and the C analyzer before it: one column, its unit in its own label
                case "Avg Response Time (s)", "Avg Response Time (ms)" -> {
                    String unit = label.substring(label.indexOf('(') + 1, label.indexOf(')'));
                    columns.add(new Column("rt_avg_" + unit, unit));
                }
                case "90th %" -> columns.add(new Column("rt_90th_" + responseUnit, responseUnit));
                case "Total" -> columns.add(new Column("total", "count"));
                case "Rollbacks" -> {
                    columns.add(new Column("rollbacks", "count"));
                    afterRollbacks = true;
                }
                default -> columns.add(new Column(snake(label), ""));
            }
        }
        return new Dbt2TransactionTable(columns);
    }

    /**
     * The header's labels: separated by two or more blanks or a ':' as printed; where a document collapsed the blanks
     * or made them tabs, by words, "90th" and the "%" after it being one label.
     */
    private static String[] labels(String header) {
        String[] labels = COLUMN_GAP.split(header.strip());
        if (labels.length > 2 && !header.contains("\t")) return labels;
        List<String> words = new ArrayList<>();
        for (String token : Tokens.split(header.replace(':', ' '))) {
            int last = words.size() - 1;
            if (token.equals("%") && last >= 0 && words.get(last).matches("\\d+th")) words.set(last, words.get(last) + " %");
            else words.add(token);
        }
        return words.toArray(String[]::new);
    }

    List<Column> columns() {
        return columns;
    }

    /** The Average and 90th % columns, which a row of a transaction with nothing completed prints as one N/A. */
    private int responseTimeColumns() {
        return (int) columns.stream().filter(c -> c.name().startsWith("rt_")).count();
    }

    /**
     * Reads a data row ({@code "   New Order  47.55      0.067 :     0.148           68                4   5.88"}).
     *
     * @throws IllegalArgumentException with what was expected, when the line is not a row of this table
     */
    TransactionRow row(String line) {
        String[] tokens = Tokens.split(line);
        StringBuilder name = new StringBuilder();
        List<Double> values = new ArrayList<>();
        for (String token : tokens) {
            if (token.equals(":")) continue;
            if (values.isEmpty() && !Numbers.isNumber(token)) {
                if (!name.isEmpty()) name.append(' ');
                name.append(token);
            } else if (Numbers.isNumber(token)) {
                values.add(Numbers.parse(token));
            } else if (token.equals(NOT_AVAILABLE) && responseTimeColumns() > 0) {
                // mix_analyzer.pl prints one N/A for both response times of a transaction none of which completed
                for (int i = 0; i < responseTimeColumns(); i++) values.add(Double.NaN);
            } else {
                throw new IllegalArgumentException("expected a number, found '" + token + "'");
            }
        }
        if (name.isEmpty()) throw new IllegalArgumentException("expected a transaction name first");
        if (values.size() != columns.size()) {
            throw new IllegalArgumentException("expected " + columns.size() + " numbers as in the table header, found "
                    + values.size());
        }
        double[] v = new double[values.size()];
        for (int i = 0; i < v.length; i++) v[i] = values.get(i);
        return new TransactionRow(snake(name.toString()), v);
    }

    static String snake(String text) {
        String s = NON_WORD.matcher(text.toLowerCase(Locale.ROOT)).replaceAll("_");
        return s.replaceAll("^_+|_+$", "");
    }
}
