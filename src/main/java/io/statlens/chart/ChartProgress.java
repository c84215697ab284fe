package io.statlens.chart;

import io.statlens.model.Cancellation;

/**
 * How far {@link ChartService#draw(ChartRequest, ChartProgress)} got, for a progress bar, and whether to stop: a
 * cancelled drawing ends with a {@link java.util.concurrent.CancellationException} before its next chart.
 */
public interface ChartProgress {
    ChartProgress NONE = new ChartProgress() {
    };

    /** Called before the chart of each definition is loaded; {@code index} counts from 0. */
    default void loading(int index, int count, ChartDefinition definition) {
    }

    /** The drawing stops when this is cancelled. */
    default Cancellation cancellation() {
        return Cancellation.NONE;
    }
}
