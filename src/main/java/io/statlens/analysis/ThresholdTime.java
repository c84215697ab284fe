package io.statlens.analysis;

import java.util.function.DoublePredicate;

/**
 * How long a series met a condition ({@code %util >= 95}): the time in all, the longest unbroken stretch, and
 * the samples. A sample of an interval tool stands for the interval that ends at its time stamp, so each sample
 * counts the time since the one before (the first, the series' typical interval). A gap in the data is not
 * time at the threshold: no sample counts more than {@link #GAP_FACTOR} typical intervals.
 *
 * @param samples         samples with a value
 * @param meeting         samples that met the condition
 * @param seconds         the time they stand for
 * @param longestSeconds  the longest run of consecutive samples that met it, in seconds
 * @param longestSamples  the same run in samples
 * @param spanSeconds     the time all samples stand for
 */
public record ThresholdTime(int samples, int meeting, double seconds, double longestSeconds, int longestSamples,
                            double spanSeconds) {
    /** The most typical intervals one sample may stand for: beyond that, the data has a gap. */
    static final double GAP_FACTOR = 2;

    /**
     * @param times  seconds (since any origin), ascending
     * @param values the values; NaN is no sample (it breaks a stretch)
     */
    public static ThresholdTime of(double[] times, double[] values, DoublePredicate condition) {
        Accumulator a = new Accumulator(condition, Math.max(1, values.length));
        for (int i = 0; i < values.length; i++) a.add(times[i], values[i]);
        return a.result();
    }

    /**
     * A ThresholdTime gathered sample by sample as a series streams by, in bounded memory: the first
     * {@code warmUp} samples are held until they fix the typical interval, and every later one is counted as it comes.
     * A series no longer than {@code warmUp} gives what {@link #of} gives.
     */
    static final class Accumulator {
        /** Samples held to find the typical interval of a long series: an hour of 1-second samples, 64 KiB. */
        static final int WARM_UP = 4096;

        private final DoublePredicate condition;
        private final int warmUp;
        private double[] heldTimes;
        private double[] heldValues;
        private int held;
        private double step = Double.NaN;
        private int samples;
        private int meeting;
        private double total;
        private double span;
        private double stretch;
        private int stretchSamples;
        private double longest;
        private int longestSamples;
        private double previous = Double.NaN;

        Accumulator(DoublePredicate condition) {
            this(condition, WARM_UP);
        }

        Accumulator(DoublePredicate condition, int warmUp) {
            this.condition = condition;
            this.warmUp = warmUp;
            heldTimes = new double[Math.min(warmUp, 64)];
            heldValues = new double[heldTimes.length];
        }

        /** The next sample: its time in seconds (ascending) and value (NaN: no sample). */
        void add(double time, double value) {
            if (heldTimes == null) {
                count(time, value);
                return;
            }
            if (held == heldTimes.length) {
                int size = Math.min(warmUp, held * 2);
                heldTimes = java.util.Arrays.copyOf(heldTimes, size);
                heldValues = java.util.Arrays.copyOf(heldValues, size);
            }
            heldTimes[held] = time;
            heldValues[held] = value;
            held++;
            if (held == warmUp) release();
        }

        ThresholdTime result() {
            if (heldTimes != null) release();
            return new ThresholdTime(samples, meeting, total, longest, longestSamples, span);
        }

        /** The held samples fix the typical interval, then count like the rest. */
        private void release() {
            step = Resampler.typicalStep(java.util.Arrays.copyOf(heldTimes, held));
            if (Double.isNaN(step)) step = 0;
            double[] times = heldTimes;
            double[] values = heldValues;
            heldTimes = null;
            heldValues = null;
            for (int i = 0; i < held; i++) count(times[i], values[i]);
        }

        private void count(double time, double v) {
            if (Double.isNaN(v)) {
                stretch = 0;
                stretchSamples = 0;
                return;
            }
            double interval = Double.isNaN(previous) ? step : Math.min(time - previous, GAP_FACTOR * step);
            previous = time;
            samples++;
            span += interval;
            if (condition.test(v)) {
                meeting++;
                total += interval;
                stretch += interval;
                stretchSamples++;
                if (stretchSamples > longestSamples || stretchSamples == longestSamples && stretch > longest) {
                    longest = stretch;
                    longestSamples = stretchSamples;
                }
            } else {
                stretch = 0;
                stretchSamples = 0;
            }
        }
    }

    /** The share of the samples' time that met the condition, 0..1; 0 without samples. */
    public double share() {
        return spanSeconds > 0 ? seconds / spanSeconds : samples == 0 ? 0 : (double) meeting / samples;
    }
}
