package io.statlens.store.read;

import io.statlens.store.schema.DataTables;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The SQL that reads a selection's rows from its data set's view ({@code V_<table>}), for a user to read
 * and change: the run is the named parameter {@code :run}, each metric column is labelled as the tool
 * prints it, the key column with what the keys are. The view's shape is the store's business, so the
 * query is written here.
 *
 * @param selection the data set and metrics to read
 * @param elapsed   rows on elapsed time ({@code ELAPSED_S}) instead of the clock ({@code TS})
 * @param sinceBoot keep the since-boot sample
 * @param keys      only these keys; all when empty
 */
public record SelectionQuery(SeriesReader.Selection selection, boolean elapsed, boolean sinceBoot, List<String> keys) {
    public SelectionQuery {
        keys = List.copyOf(keys);
    }

    public String sql() {
        boolean keyed = selection.keyLabel() != null && !selection.keyLabel().isEmpty();
        List<String> columns = new ArrayList<>();
        columns.add(elapsed ? "ELAPSED_S" : "TS");
        if (keyed) columns.add("ITEM AS " + identifier(selection.keyLabel()));
        selection.metrics().forEach(m -> columns.add(m.column() + " AS " + identifier(m.label())));
        String dataset = selection.dataset();
        int dot = dataset.indexOf('.');
        List<String> where = new ArrayList<>(List.of("RUN = :run", "TOOL = " + literal(dot < 0 ? dataset : dataset.substring(0, dot)),
                "DATASET = " + literal(dot < 0 ? "" : dataset.substring(dot + 1))));
        if (!sinceBoot) where.add("SINCE_BOOT = FALSE");
        if (!keys.isEmpty()) {
            where.add("ITEM IN (" + keys.stream().map(SelectionQuery::literal).collect(Collectors.joining(", ")) + ")");
        }
        return "SELECT " + String.join(", ", columns) + "\nFROM " + DataTables.viewName(selection.table())
                + "\nWHERE " + String.join("\n  AND ", where) + "\nORDER BY " + (elapsed ? "ELAPSED_S" : "TS") + (keyed ? ", ITEM" : "");
    }

    /**
     * A complement as a query writes it, saying what the chart draws: 100 minus the first column and the others (a
     * missing %iowait counts as none), never below 0, and no value when the first column has none ({@code NULL > 100}
     * is not true, so the {@code ELSE} gives {@code NULL}). {@code CASE} and {@code COALESCE} read the same on Derby and
     * PostgreSQL.
     *
     * @param columns the metric columns, the first one subtracted from 100 and the others after it
     */
    public static String complement(List<String> columns) {
        String first = columns.get(0);
        List<String> others = columns.subList(1, columns.size()).stream().map(c -> "COALESCE(" + c + ", 0)").toList();
        // 100 - (a + b) rather than 100 - a - b: the drawn figure's order of operations, so that the last digits agree.
        String sum = others.isEmpty() ? first : first + " + " + String.join(" + ", others);
        return "CASE WHEN " + sum + " > 100 THEN 0 ELSE 100 - " + (others.isEmpty() ? sum : "(" + sum + ")") + " END";
    }

    /**
     * The SQL that reads the summary values of a run's data set that a chart draws as bars (the last of a name and key
     * is drawn), for {@code :run}.
     *
     * @param dataset the data set's qualified name, lower case ({@code sysbench})
     * @param names   the summary values' names
     */
    public static String summary(String dataset, List<String> names) {
        return "SELECT NAME, ITEM, VAL AS \"value\"\nFROM V_SUMMARY\nWHERE RUN = :run AND DATASET = " + literal(dataset)
                + "\n  AND NAME IN (" + names.stream().map(SelectionQuery::literal).collect(Collectors.joining(", "))
                + ")\nORDER BY NAME, ITEM";
    }

    /** A quoted identifier: the label exactly as the tool prints it ({@code "%usr"}), which the query's result is named by. */
    private static String identifier(String label) {
        return "\"" + label.replace("\"", "\"\"") + "\"";
    }

    private static String literal(String text) {
        return "'" + text.replace("'", "''") + "'";
    }
}
