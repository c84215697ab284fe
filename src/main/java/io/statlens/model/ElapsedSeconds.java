package io.statlens.model;

import java.time.Instant;

/**
 * Elapsed seconds as doubles without float noise: a time printed to the nanosecond ({@code 4.122814843} after perf's
 * start) is stored as the double nearest to it, not as {@code 4.1228148430000005}, which adding whole and fractional
 * seconds separately gives and which {@code export}, {@code query} and reports would print.
 */
public final class ElapsedSeconds {
    /** Below this many seconds (11.5 days) a sum of two elapsed times is still exact to well under half a nanosecond. */
    private static final double NANOSECOND_EXACT = 1e6;
    /** Whole seconds whose nanoseconds still fit a long (292 years). */
    private static final long NANOS_FIT = Long.MAX_VALUE / 1_000_000_000L - 1;

    private ElapsedSeconds() {
    }

    /** The seconds from {@code from} to {@code to}, negative when {@code to} is earlier. */
    public static double between(Instant from, Instant to) {
        long seconds = to.getEpochSecond() - from.getEpochSecond();
        int nanos = to.getNano() - from.getNano();
        if (Math.abs(seconds) >= NANOS_FIT) return seconds + nanos / 1e9;
        // one rounding (the division) instead of two: the result is the double nearest to the exact nanoseconds
        return (seconds * 1_000_000_000L + nanos) / 1e9;
    }

    /** An elapsed time moved by {@code seconds}, kept on whole nanoseconds where a double can hold them. */
    public static double plus(double elapsed, double seconds) {
        double sum = elapsed + seconds;
        if (!(Math.abs(sum) < NANOSECOND_EXACT)) return sum;
        return Math.round(sum * 1e9) / 1e9;
    }
}
