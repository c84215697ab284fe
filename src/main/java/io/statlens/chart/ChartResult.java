package io.statlens.chart;

import java.util.List;

/**
 * What {@link ChartService#draw} drew.
 *
 * @param charts  the charts, in the order of the request's definitions
 * @param skipped why a definition gave no chart (lenient requests only)
 */
public record ChartResult(List<DrawnChart> charts, List<String> skipped) {
    public ChartResult {
        charts = List.copyOf(charts);
        skipped = List.copyOf(skipped);
    }
}
