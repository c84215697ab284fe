package io.statlens.chart;

import io.statlens.model.UserException;
import io.statlens.store.read.SelectionQuery;
import io.statlens.store.read.SeriesReader;
import io.statlens.store.DataTable;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Writes a chart that selects a tool's metrics as the SQL chart giving the same data (the shape of
 * docs/charts.md), so that a user can see where a chart's numbers come from and change the query. It is written from
 * the columns the chart was read from, so it costs no read of its own. The query itself is the store's
 * {@link SelectionQuery} over the data set's view; this class decides what the chart needs of it (clock or
 * elapsed time, since-boot sample, keys) and checks that one query fits every run.
 * Series, axes and subtitle of both charts are the same; the title says {@code query}.
 */
final class SelectionSql {
    private SelectionSql() {
    }

    /**
     * @param def  a definition with a tool and metrics
     * @param read the metrics as drawn (a complement's column is its expression, {@code CASE WHEN PCT_IDLE > 100 THEN 0 ELSE 100 - PCT_IDLE END}), one selection per run it is drawn for: one run draws on the clock
     *             ({@code TS}), several on elapsed time ({@code ELAPSED_S}), as the selection does
     * @return the query, for {@code :run}
     * @throws UserException when the selection has no query form: a bar chart, or runs that hold the metrics under
     *                       different labels
     */
    static String query(ChartDefinition def, List<SeriesReader.Selection> read) {
        if (def.kind() == ChartKind.BARS) {
            throw new UserException("a bar chart of a tool's metrics has no query form here; write one as in docs/charts.md");
        }
        SeriesReader.Selection first = read.get(0);
        for (SeriesReader.Selection other : read.subList(1, read.size())) {
            if (!other.metrics().equals(first.metrics())) {
                throw new UserException("runs " + first.run() + " and " + other.run() + " hold the metrics under different labels ("
                        + labels(first) + " and " + labels(other) + "); one query cannot give both");
            }
        }
        boolean elapsed = def.kind() == ChartKind.OVERLAY || (def.kind() == ChartKind.LINE && read.size() > 1);
        return new SelectionQuery(first, elapsed, def.sinceBoot(), def.keys()).sql();
    }

    private static String labels(SeriesReader.Selection s) {
        return s.metrics().stream().map(DataTable.MetricColumn::label).collect(Collectors.joining(", "));
    }
}
