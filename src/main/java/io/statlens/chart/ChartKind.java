package io.statlens.chart;

import io.statlens.model.UserException;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** What a chart draws. */
public enum ChartKind {
    /** A time series: one line per key (or metric), on the run's clock. Several runs become an overlay. */
    LINE,
    /** Metrics of one key stacked over time (a CPU breakdown: usr, sys, wait, idle). */
    AREA,
    /** Key by time, the value as colour: waves moving across CPUs or disks show at a glance. */
    HEATMAP,
    /** Several runs on one elapsed-time axis, one colour per run. */
    OVERLAY,
    /** One bar per run for each key (or metric): the mean over the run, side by side. */
    BARS;

    /** The name users write: {@code line}, {@code heatmap}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ChartKind parse(String text) {
        for (ChartKind k : values()) {
            if (k.id().equals(text.trim().toLowerCase(Locale.ROOT))) return k;
        }
        throw new UserException("unknown chart kind '" + text + "'; expected one of: "
                + Arrays.stream(values()).map(ChartKind::id).collect(Collectors.joining(", ")));
    }
}
