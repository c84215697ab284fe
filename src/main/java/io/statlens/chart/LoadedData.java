package io.statlens.chart;

import java.util.List;
import java.util.Map;

/**
 * What a definition's source gave for one or more runs.
 *
 * @param source   what the data is, for titles and file names: a data set ({@code sar.cpu}) or a preset name
 * @param keyLabel what the keys are ({@code CPU}); empty if unkeyed
 * @param xLabel   the label of an SQL chart's x column; null for a selection (which has time and elapsed time)
 * @param traces   one per run, metric and key
 * @param mostKeys the most keys a run has, when fewer were loaded (only the busiest, chosen from the statistics
 *                 stored at import); 0 when every key was loaded
 * @param wholeKeys the whole keys of the keys too long for a data table, by their stored form (a deep stack's start and
 *                  hash): lines are named by the whole key
 */
record LoadedData(String source, String keyLabel, String xLabel, List<Trace> traces, int mostKeys, Map<String, String> wholeKeys) {
    LoadedData(String source, String keyLabel, String xLabel, List<Trace> traces) {
        this(source, keyLabel, xLabel, traces, 0, Map.of());
    }

    /** A trace's key as a chart names it: whole. */
    String named(String key) {
        return wholeKeys.getOrDefault(key, key);
    }
}
