package io.statlens.chart;

import org.jfree.chart.JFreeChart;

import java.util.List;

/**
 * One chart as {@link ChartService} draws it, with what a viewer shows beside it.
 *
 * @param definition the definition it was drawn from (area charts and heat maps give one chart per run or key)
 * @param data       its data: every stored sample, where the drawn chart may hold fewer
 * @param chart      the JFreeChart, ready for {@link ChartWriter} or a viewer
 * @param size       the size it was drawn for
 * @param sql        the query that gives its data: the definition's own, or the one its selection is written as
 *                   (docs/charts.md); when a selection has no query form, an SQL comment that says why
 * @param keys       the keys of the data set in the runs drawn, as people read them ({@code all, 0, 1, ..., 10}), to
 *                   pick from; empty for a query and for unkeyed data
 */
public record DrawnChart(ChartDefinition definition, ChartData data, JFreeChart chart, RenderSize size, String sql,
                         List<String> keys) {
    public DrawnChart {
        keys = List.copyOf(keys);
    }
}
