package io.statlens.analysis;

import io.statlens.store.stats.SeriesStats;

/**
 * Statistics of one metric of one key of a run's data set.
 *
 * @param dataset  qualified data set ({@code iostat}, {@code sar.cpu})
 * @param keyLabel what keys are ({@code Device}); empty for unkeyed data sets
 * @param key      the key ({@code sda}); empty for unkeyed data sets
 * @param label    the metric as the tool prints it ({@code %util})
 * @param host     the host it was sampled on, when the run holds this data set of several hosts (each host's statistics
 *                 are its own, {@link io.statlens.store.read.SeriesReader#byHost}); else empty
 */
public record MetricStats(String dataset, String keyLabel, String key, String label, String unit, SeriesStats stats, String host) {
    /** Statistics of a data set of one host. */
    public MetricStats(String dataset, String keyLabel, String key, String label, String unit, SeriesStats stats) {
        this(dataset, keyLabel, key, label, unit, stats, "");
    }
}
