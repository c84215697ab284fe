package io.statlens.analysis;

import java.util.Comparator;
import java.util.Map;

/**
 * The ranking of "the busiest keys" that a chart's top N and its legend, the findings' busiest CPUs, devices and
 * interfaces, and the report's tables of the busiest keys share: by the <b>mean</b> at the busy end, keys without a
 * mean last, ties in key order. The mean, because a p95 of busy time or %util ties at 100 % for every CPU or device that
 * was ever saturated, and because the means stored at import let a chart choose its keys before reading any row.
 */
public final class KeyRanking {
    /** The statistic the ranking rests on, as the user reads it: {@code by mean busy time}. */
    public static final String STATISTIC = "mean";

    private KeyRanking() {
    }

    /**
     * Keys busiest first.
     *
     * @param means    per key, the mean of the ranked metric (missing or NaN: ranked last)
     * @param lowIsBusy whether the busy end is the low one ({@code %idle})
     */
    public static Comparator<String> busiestFirst(Map<String, Double> means, boolean lowIsBusy) {
        Comparator<String> byMean = Comparator.comparingDouble(k -> {
            Double m = means.get(k);
            return m == null || Double.isNaN(m) ? Double.POSITIVE_INFINITY : lowIsBusy ? m : -m;
        });
        return byMean.thenComparing(KeyOrder.INSTANCE);
    }
}
