package io.statlens.chart;

import java.util.Arrays;

/**
 * The samples of one key of a data set as they are read, in time order, for a chart: every sample while there are
 * few; beyond {@link #capacity}, only those a chart can show. A chart draws at most two points per pixel column
 * ({@link PeakPreservingDecimator}), so a key of a run of millions of rows need not be held whole before it is
 * drawn: the samples are cut into buckets of consecutive samples, and of each bucket only the points holding a
 * metric's minimum or maximum (and its first gap) are kept, with the first and the last sample. When the kept points
 * fill the arrays again, the buckets double. Memory is thus bounded per key whatever the length of the run, and the
 * means, which choose the busiest keys and give bar charts their height, are of every sample.
 */
final class KeySamples {
    /**
     * Buckets per key when a chart has few keys (a reduction leaves half to all of them): twice the pixel columns of
     * a wide chart, for the zoom of the HTML report.
     */
    static final int BUCKETS = 4096;
    /** Buckets per key when a chart has many keys (a heat map of 256 CPUs): about as many as a heat map has columns. */
    static final int BUCKETS_OF_MANY = 1024;

    private final int metrics;
    private final int buckets;
    private final int capacity;
    private double[] time = new double[64];
    private double[] elapsed = new double[64];
    private long[] index = new long[64];
    private double[][] values;
    private int size;
    /** Samples read so far, kept or not. */
    private long read;
    /** Consecutive samples per bucket; 1 while every sample is kept. */
    private long bucket = 1;
    private final double[] sum;
    private final long[] count;
    /** Which held samples a reduction keeps; reused, as reductions of a long run come every few thousand samples. */
    private boolean[] keep;
    /**
     * The held samples, from the first, of the buckets that were complete at the last reduction (all but the bucket of
     * the last sample read), and the bucket size it reduced them to. A reduction to the same size keeps all of them
     * again, so it starts after them (see {@link #keepExtremes}).
     */
    private int settled;
    private long settledBucket;

    /**
     * @param metrics the values of a sample
     * @param buckets what a reduction keeps, between half of it and all of it: at most a minimum and a maximum per
     *                metric of each bucket
     */
    KeySamples(int metrics, int buckets) {
        this.metrics = metrics;
        this.buckets = buckets;
        this.capacity = 2 * buckets * Math.max(1, metrics) * 2;
        this.values = new double[metrics][64];
        this.sum = new double[metrics];
        this.count = new long[metrics];
    }

    void add(double epochMillis, double elapsedSeconds, double[] row) {
        if (size == time.length) {
            if (size >= capacity) {
                reduce();
            } else {
                int grown = Math.min(capacity, size * 2);
                time = Arrays.copyOf(time, grown);
                elapsed = Arrays.copyOf(elapsed, grown);
                index = Arrays.copyOf(index, grown);
                for (int m = 0; m < metrics; m++) values[m] = Arrays.copyOf(values[m], grown);
            }
        }
        time[size] = epochMillis;
        elapsed[size] = elapsedSeconds;
        index[size] = read++;
        for (int m = 0; m < metrics; m++) {
            double v = row[m];
            values[m][size] = v;
            if (!Double.isNaN(v)) {
                sum[m] += v;
                count[m]++;
            }
        }
        size++;
    }

    /** Whether samples were dropped. */
    boolean reduced() {
        return bucket > 1;
    }

    int size() {
        return size;
    }

    double[] time() {
        return Arrays.copyOf(time, size);
    }

    double[] elapsed() {
        return Arrays.copyOf(elapsed, size);
    }

    double[] values(int metric) {
        return Arrays.copyOf(values[metric], size);
    }

    /** The mean of every sample of a metric read, kept or not; NaN when it had no value. */
    double mean(int metric) {
        return count[metric] == 0 ? Double.NaN : sum[metric] / count[metric];
    }

    /** The samples of a metric with a value, kept or not. */
    long samples(int metric) {
        return count[metric];
    }

    /**
     * Makes the buckets as large as the samples read so far ask for ({@code buckets} of them, a power of two samples
     * each), and larger while the kept points fill more than half the arrays, so that reductions stay rare.
     */
    private void reduce() {
        long wanted = Math.max(2, Long.highestOneBit(Math.max(1, read / buckets)) * 2);
        bucket = Math.max(bucket, wanted);
        keepExtremes();
        while (size > capacity / 2) {
            bucket *= 2;
            keepExtremes();
        }
    }

    /**
     * Keeps, per bucket of the current size, the points holding a metric's minimum, maximum or first gap, and the first and
     * the last point held.
     *
     * <p>The buckets that were complete at the last reduction to this size are not looked at again: each point held of
     * them is the first point or holds an extreme of its bucket's points, so it holds it still (the first occurrence of a
     * minimum among the bucket's points stays the first occurrence among those kept), and a reduction of them keeps them
     * all. The last point held, kept because it is the last, is in the bucket of the last sample read, which is looked at
     * again. Between two reductions a long run adds as many samples as are held, so this halves the samples looked at.
     */
    private void keepExtremes() {
        if (keep == null || keep.length < size) keep = new boolean[time.length];
        int from = bucket == settledBucket ? settled : 0;
        Arrays.fill(keep, from, size, false);
        keep[0] = true;
        keep[size - 1] = true;
        // A bucket is a power of two samples: a shift, not a division per sample.
        int shift = Long.numberOfTrailingZeros(bucket);
        int start = from;
        while (start < size) {
            long b = index[start] >>> shift;
            int end = start;
            while (end < size && index[end] >>> shift == b) end++;
            for (int m = 0; m < metrics; m++) {
                double[] v = values[m];
                int min = -1;
                int max = -1;
                int gap = -1;
                double low = 0;
                double high = 0;
                for (int i = start; i < end; i++) {
                    double x = v[i];
                    if (Double.isNaN(x)) {
                        if (gap < 0) gap = i;
                        continue;
                    }
                    if (min < 0 || x < low) {
                        min = i;
                        low = x;
                    }
                    if (max < 0 || x > high) {
                        max = i;
                        high = x;
                    }
                }
                if (min >= 0) keep[min] = true;
                if (max >= 0) keep[max] = true;
                if (gap >= 0) keep[gap] = true;
            }
            start = end;
        }
        int kept = from;
        for (int i = from; i < size; i++) {
            if (!keep[i]) continue;
            time[kept] = time[i];
            elapsed[kept] = elapsed[i];
            index[kept] = index[i];
            for (int m = 0; m < metrics; m++) values[m][kept] = values[m][i];
            kept++;
        }
        size = kept;
        long open = index[size - 1] >>> shift;
        settled = size - 1;
        while (settled > 0 && index[settled - 1] >>> shift == open) settled--;
        settledBucket = bucket;
    }
}
