package io.statlens.analysis;

import java.time.Instant;

/**
 * One metric of one key over time, as stored (since-boot samples left out unless asked for).
 *
 * @param dataset qualified data set ({@code iostat}, {@code iostat.cpu})
 * @param label   the metric's label as the tool prints it
 * @param unit    from the metric catalog
 * @param key     CPU, device...; empty for unkeyed data sets
 * @param times   absolute times, ascending
 * @param elapsed seconds since the run's start, ascending
 * @param values  NaN where the tool printed no value
 */
public record MetricSeries(String dataset, String label, String unit, String key, Instant[] times, double[] elapsed,
                           double[] values) {

    public int size() {
        return values.length;
    }

    /** A name for people: {@code iostat %util [sda]}. */
    public String displayName() {
        return dataset + " " + label + (key.isEmpty() ? "" : " [" + key + "]");
    }
}
