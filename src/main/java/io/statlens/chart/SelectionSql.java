package io.statlens.chart;

import io.statlens.model.UserException;
import io.statlens.store.read.SeriesReader;
import io.statlens.store.schema.DataTable;
import io.statlens.store.schema.DataTables;
import io.statlens.store.schema.Repository;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Writes a chart that selects a tool's metrics as the SQL chart giving the same data (the shape of
 * docs/charts.md), so that a user can see where a chart's numbers come from and change the query. The query
 * reads the data set's view for {@code :run}, one metric column per metric labelled as the tool prints it,
 * the key column labelled with what the keys are, and leaves out the since-boot sample as a selection does.
 * Series, axes and subtitle of both charts are the same; the title says {@code query}.
 */
public final class SelectionSql {
    private final SelectionSource selections;

    public SelectionSql(Repository repo) {
        this.selections = new SelectionSource(repo);
    }

    /**
     * @param def  a definition with a tool and metrics
     * @param runs the runs it is drawn for: one draws on the clock ({@code TS}), several on elapsed time
     *             ({@code ELAPSED_S}), as the selection would
     * @return the definition with the query in place of the tool and metrics, its other options kept
     */
    public ChartDefinition toSql(ChartDefinition def, List<String> runs) {
        if (def.isSql()) return def;
        if (runs.isEmpty()) throw new UserException("name at least one run to write the chart's query for");
        if (def.kind() == ChartKind.BARS) {
            throw new UserException("a bar chart of a tool's metrics has no query form here; write one as in docs/charts.md");
        }
        SeriesReader.Selection first = selections.columns(def, runs.get(0), false);
        for (String run : runs.subList(1, runs.size())) {
            SeriesReader.Selection other = selections.columns(def, run, false);
            if (!other.metrics().equals(first.metrics())) {
                throw new UserException("runs " + runs.get(0) + " and " + run + " hold the metrics under different labels ("
                        + labels(first) + " and " + labels(other) + "); one query cannot give both");
            }
        }
        boolean keyed = first.keyLabel() != null && !first.keyLabel().isEmpty();
        boolean elapsed = def.kind() == ChartKind.OVERLAY || (def.kind() == ChartKind.LINE && runs.size() > 1);
        List<String> columns = new ArrayList<>();
        columns.add(elapsed ? "ELAPSED_S" : "TS");
        if (keyed) columns.add("ITEM AS " + identifier(first.keyLabel()));
        first.metrics().forEach(m -> columns.add(m.column() + " AS " + identifier(m.label())));
        String dataset = first.dataset();
        int dot = dataset.indexOf('.');
        List<String> where = new ArrayList<>(List.of("RUN = :run", "TOOL = " + literal(dot < 0 ? dataset : dataset.substring(0, dot)),
                "DATASET = " + literal(dot < 0 ? "" : dataset.substring(dot + 1))));
        if (!def.sinceBoot()) where.add("SINCE_BOOT = FALSE");
        if (!def.keys().isEmpty()) {
            where.add("ITEM IN (" + def.keys().stream().map(SelectionSql::literal).collect(Collectors.joining(", ")) + ")");
        }
        String sql = "SELECT " + String.join(", ", columns) + "\nFROM " + DataTables.viewName(first.table())
                + "\nWHERE " + String.join("\n  AND ", where) + "\nORDER BY " + (elapsed ? "ELAPSED_S" : "TS") + (keyed ? ", ITEM" : "");
        String unit = first.metrics().stream().map(DataTable.MetricColumn::unit).filter(u -> u != null && !u.isEmpty())
                .findFirst().orElse("");
        return def.withSql(sql, unit);
    }

    private static String labels(SeriesReader.Selection s) {
        return s.metrics().stream().map(DataTable.MetricColumn::label).collect(Collectors.joining(", "));
    }

    /** A quoted identifier: the label exactly as the tool prints it ({@code "%usr"}), which the query's result is named by. */
    private static String identifier(String label) {
        return "\"" + label.replace("\"", "\"\"") + "\"";
    }

    private static String literal(String text) {
        return "'" + text.replace("'", "''") + "'";
    }
}
