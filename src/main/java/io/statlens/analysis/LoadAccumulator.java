package io.statlens.analysis;

import java.util.Arrays;
import java.util.function.DoublePredicate;

/**
 * How busy one key was (busy time or %util, in per cent), gathered sample by sample while its rows stream by, in
 * memory that stays bounded however long the run: mean and peak exactly; the p95 exactly up to {@link #EXACT}
 * samples (as {@link RunEvidence#quantile} gives it), beyond that from a histogram in steps of 0.01 points over
 * 0..100 (the tools print percentages to two decimals, so for their values it is still exact); the time at a limit
 * through {@link ThresholdTime.Accumulator}.
 */
final class LoadAccumulator {
    /** Samples kept as they are: 64 KiB a key. */
    static final int EXACT = 8192;
    private static final int STEPS_PER_POINT = 100;

    private final ThresholdTime.Accumulator atLimit;
    private double[] values = new double[64];
    private int n;
    private long[] histogram;
    private long count;
    private double sum;
    private double max = Double.NaN;

    /** @param limit when a value is at the limit, for {@link #atLimit()} */
    LoadAccumulator(DoublePredicate limit) {
        this.atLimit = new ThresholdTime.Accumulator(limit);
    }

    /** The next sample: seconds since the run's start (ascending), and the value in per cent (NaN: none). */
    void add(double seconds, double value) {
        atLimit.add(seconds, value);
        if (Double.isNaN(value)) return;
        count++;
        sum += value;
        if (Double.isNaN(max) || value > max) max = value;
        if (histogram != null) {
            histogram[bin(value)]++;
            return;
        }
        if (n == EXACT) {
            histogram = new long[100 * STEPS_PER_POINT + 1];
            for (int i = 0; i < n; i++) histogram[bin(values[i])]++;
            values = null;
            histogram[bin(value)]++;
            return;
        }
        if (n == values.length) values = Arrays.copyOf(values, Math.min(EXACT, n * 2));
        values[n++] = value;
    }

    double mean() {
        return count == 0 ? Double.NaN : sum / count;
    }

    /** The peak; NaN without a value. */
    double max() {
        return max;
    }

    /** The p-th quantile (0..1), linear between order statistics (Hyndman-Fan 7); NaN without a value. */
    double quantile(double p) {
        if (count == 0) return Double.NaN;
        if (histogram == null) return RunEvidence.quantile(Arrays.copyOf(values, n), p);
        double h = (count - 1) * p;
        long below = (long) Math.floor(h);
        double lower = orderStatistic(below);
        double upper = orderStatistic(Math.min(count - 1, below + 1));
        return lower + (h - below) * (upper - lower);
    }

    ThresholdTime atLimit() {
        return atLimit.result();
    }

    /** The k-th smallest value (from 0), as its histogram step. */
    private double orderStatistic(long k) {
        long seen = 0;
        for (int b = 0; b < histogram.length; b++) {
            seen += histogram[b];
            if (seen > k) return (double) b / STEPS_PER_POINT;
        }
        return 100;
    }

    private static int bin(double percent) {
        return (int) Math.round(Math.max(0, Math.min(100, percent)) * STEPS_PER_POINT);
    }
}
