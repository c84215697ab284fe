package io.statlens.chart;

import io.statlens.model.UserException;

import java.util.ArrayList;
import java.util.List;

/**
 * Several charts of the same runs, stacked on one time axis: what the desktop window's dashboard shows, saves by
 * name and exports as one page. The charts are definitions (most often presets), drawn together through
 * {@link ChartService} so that a key has one colour in all of them.
 *
 * @param name   the name it is saved under; null for one not saved (a run's default dashboard)
 * @param runs   the runs, in the order the user chose them: one run is drawn on its clock, several on elapsed time
 * @param charts the charts, top to bottom
 */
public record Dashboard(String name, List<String> runs, List<ChartDefinition> charts) {
    public Dashboard {
        runs = List.copyOf(runs);
        charts = List.copyOf(charts);
    }

    public Dashboard withCharts(List<ChartDefinition> newCharts) {
        return new Dashboard(name, runs, newCharts);
    }

    public Dashboard withName(String newName) {
        return new Dashboard(newName, runs, charts);
    }

    /** The charts as text: one {@code [name]} section each, in the format of presets (docs/charts.md). */
    public String chartsText() {
        StringBuilder sb = new StringBuilder();
        for (ChartDefinition d : charts) {
            if (!sb.isEmpty()) sb.append('\n');
            sb.append('[').append(d.name() == null ? "chart" : d.name()).append("]\n");
            sb.append(ChartDefinitionFormat.write(d.withName(null)));
        }
        return sb.toString();
    }

    /** Reads the charts written by {@link #chartsText}. */
    public static List<ChartDefinition> parseCharts(String text, String source) {
        List<ChartDefinition> out = new ArrayList<>();
        for (ChartDefinition d : ChartDefinitionFormat.parseAll(text, source)) {
            out.add("chart".equals(d.name()) ? d.withName(null) : d);
        }
        if (out.isEmpty()) throw new UserException(source + ": a dashboard holds at least one chart");
        return out;
    }
}
