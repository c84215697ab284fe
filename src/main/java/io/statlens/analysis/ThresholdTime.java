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
        double step = Resampler.typicalStep(times);
        if (Double.isNaN(step)) step = 0;
        int samples = 0;
        int meeting = 0;
        double total = 0;
        double span = 0;
        double stretch = 0;
        int stretchSamples = 0;
        double longest = 0;
        int longestSamples = 0;
        double previous = Double.NaN;
        for (int i = 0; i < values.length; i++) {
            double v = values[i];
            if (Double.isNaN(v)) {
                stretch = 0;
                stretchSamples = 0;
                continue;
            }
            double interval = Double.isNaN(previous) ? step : Math.min(times[i] - previous, GAP_FACTOR * step);
            previous = times[i];
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
        return new ThresholdTime(samples, meeting, total, longest, longestSamples, span);
    }

    /** The share of the samples' time that met the condition, 0..1; 0 without samples. */
    public double share() {
        return spanSeconds > 0 ? seconds / spanSeconds : samples == 0 ? 0 : (double) meeting / samples;
    }
}
