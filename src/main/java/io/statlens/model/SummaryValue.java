package io.statlens.model;

/**
 * A run-level number: a benchmark's final tps, a latency percentile, or one value of a tool's
 * {@code Average:} block.
 *
 * @param dataset qualified data set it belongs to ({@code sysbench}, {@code mpstat}); may be the tool id
 * @param key     CPU, device... for keyed averages; empty otherwise
 * @param name    stable name ({@code tps}, {@code latency_p95_ms}, or the tool's label such as {@code %usr})
 * @param value   the number
 * @param unit    unit, empty if none
 */
public record SummaryValue(String dataset, String key, String name, double value, String unit) {
    public SummaryValue {
        key = key == null ? "" : key;
        unit = unit == null ? "" : unit;
    }

    public static SummaryValue of(String dataset, String name, double value, String unit) {
        return new SummaryValue(dataset, "", name, value, unit);
    }
}
