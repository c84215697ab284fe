package io.statlens.analysis;

import io.statlens.model.UserException;
import io.statlens.store.stats.SeriesStats;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/** A statistic that keys can be ranked by. */
public enum Statistic {
    MIN(SeriesStats::min), AVG(SeriesStats::mean), MAX(SeriesStats::max), P50(SeriesStats::p50), P90(SeriesStats::p90),
    P95(SeriesStats::p95), P99(SeriesStats::p99);

    private final ToDoubleFunction<SeriesStats> value;

    Statistic(ToDoubleFunction<SeriesStats> value) {
        this.value = value;
    }

    public double of(SeriesStats s) {
        return value.applyAsDouble(s);
    }

    /** As users type it: {@code p95}, {@code max}, {@code avg} (or {@code mean}), {@code min}... */
    public static Statistic parse(String text) {
        String t = text.trim().toUpperCase(Locale.ROOT);
        if (t.equals("MEAN")) return AVG;
        try {
            return valueOf(t);
        } catch (IllegalArgumentException e) {
            throw new UserException("--by " + text + ": expected one of " + Arrays.stream(values())
                    .map(s -> s.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(", ")));
        }
    }
}
