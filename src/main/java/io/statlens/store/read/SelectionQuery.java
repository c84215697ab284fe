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

    /** A quoted identifier: the label exactly as the tool prints it ({@code "%usr"}), which the query's result is named by. */
    private static String identifier(String label) {
        return "\"" + label.replace("\"", "\"\"") + "\"";
    }

    private static String literal(String text) {
        return "'" + text.replace("'", "''") + "'";
    }
}
