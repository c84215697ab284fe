package io.statlens.chart;

import java.util.List;

/**
 * What a definition's source gave for one or more runs.
 *
 * @param source   what the data is, for titles and file names: a data set ({@code sar.cpu}) or a preset name
 * @param keyLabel what the keys are ({@code CPU}); empty if unkeyed
 * @param xLabel   the label of an SQL chart's x column; null for a selection (which has time and elapsed time)
 * @param traces   one per run, metric and key
 * @param mostKeys the most keys a run has, when fewer were loaded (only the busiest, chosen from the statistics
 *                 stored at import); 0 when every key was loaded
 */
record LoadedData(String source, String keyLabel, String xLabel, List<Trace> traces, int mostKeys) {
    LoadedData(String source, String keyLabel, String xLabel, List<Trace> traces) {
        this(source, keyLabel, xLabel, traces, 0);
    }
}
