package io.statlens.model;

import java.time.Instant;
import java.util.Objects;

/**
 * One line of a time series.
 *
 * @param sample    0-based number of the interval this row belongs to within its data set; the rows
 *                  of one multi-line report (all CPUs of one mpstat interval) share it
 * @param time      absolute time of the sample
 * @param key       CPU id, device, interface, PID...; empty for unkeyed data sets
 * @param sinceBoot true for the first report of vmstat/iostat/mpstat-style tools, which averages
 *                  since boot rather than over the interval
 * @param values    one per metric of the data set's {@link DatasetSpec}; {@link Double#NaN} = not printed
 */
public record Row(long sample, Instant time, String key, boolean sinceBoot, double[] values) {
    public Row {
        Objects.requireNonNull(time, "time");
        key = key == null ? "" : key;
        Objects.requireNonNull(values, "values");
    }
}
