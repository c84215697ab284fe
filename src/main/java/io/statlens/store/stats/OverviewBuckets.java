package io.statlens.store.stats;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The overview of one key's metric at one resolution, as {@code OVERVIEWS} keeps it (the M4 idea): the samples, in their
 * order, cut into buckets of {@link #LEVELS a fixed number} of samples, and of each bucket only the first, the last, the
 * minimum and the maximum (each with its time and elapsed seconds), the first sample without a value (a gap), and the
 * count and sum of the values. A line through those points covers the pixels a line through every sample covers, as
 * long as a bucket is no wider than a pixel column; minima and maxima are the samples' own, so peaks are exact. Buckets
 * merge exactly, so the coarser resolutions are built from the finest.
 *
 * <p>A bucket is {@link #DOUBLES} doubles; rows of {@code OVERVIEWS} hold up to {@link #CHUNK} buckets (a Derby
 * {@code VARCHAR FOR BIT DATA} holds 32,672 bytes).
 */
public final class OverviewBuckets {
    /** Samples per bucket of each resolution kept: each eight times the one before. */
    public static final int[] LEVELS = {128, 1024, 8192, 65536};
    /**
     * A resolution is kept for a key only when it has at least this many buckets: fewer say less than a chart's pixel
     * columns, and a key too short for the finest is read from its rows.
     */
    public static final int MIN_BUCKETS = 1024;
    /** Buckets per row of {@code OVERVIEWS}. */
    public static final int CHUNK = 240;

    /** The layout of a bucket: count, sum, then (time in epoch ms, elapsed s, value) of the first, min, max, last, gap. */
    static final int COUNT = 0;
    static final int SUM = 1;
    static final int FIRST = 2;
    static final int MIN = 5;
    static final int MAX = 8;
    static final int LAST = 11;
    static final int GAP = 14;
    public static final int DOUBLES = 17;

    private OverviewBuckets() {
    }

    /** The resolutions (samples per bucket) worth keeping for a key of {@code samples} samples, finest first. */
    public static int[] levelsFor(long samples) {
        return Arrays.stream(LEVELS).filter(l -> samples / l >= MIN_BUCKETS).toArray();
    }

    /** A bucket with no sample yet. */
    static double[] empty() {
        double[] b = new double[DOUBLES];
        Arrays.fill(b, Double.NaN);
        b[COUNT] = 0;
        b[SUM] = 0;
        return b;
    }

    /** Adds a sample (NaN value: none printed) to a bucket. */
    static void addSample(double[] b, double time, double elapsed, double value) {
        if (Double.isNaN(value)) {
            if (Double.isNaN(b[GAP])) set(b, GAP, time, elapsed, Double.NaN);
            return;
        }
        if (b[COUNT] == 0) set(b, FIRST, time, elapsed, value);
        if (b[COUNT] == 0 || value < b[MIN + 2]) set(b, MIN, time, elapsed, value);
        if (b[COUNT] == 0 || value > b[MAX + 2]) set(b, MAX, time, elapsed, value);
        set(b, LAST, time, elapsed, value);
        b[COUNT]++;
        b[SUM] += value;
    }

    /** Adds a later bucket's samples to {@code into}: as if its samples had been added one by one. */
    static void merge(double[] into, double[] later) {
        if (Double.isNaN(into[GAP]) && !Double.isNaN(later[GAP])) System.arraycopy(later, GAP, into, GAP, 3);
        if (later[COUNT] == 0) return;
        if (into[COUNT] == 0) System.arraycopy(later, FIRST, into, FIRST, 3);
        if (into[COUNT] == 0 || later[MIN + 2] < into[MIN + 2]) System.arraycopy(later, MIN, into, MIN, 3);
        if (into[COUNT] == 0 || later[MAX + 2] > into[MAX + 2]) System.arraycopy(later, MAX, into, MAX, 3);
        System.arraycopy(later, LAST, into, LAST, 3);
        into[COUNT] += later[COUNT];
        into[SUM] += later[SUM];
    }

    private static void set(double[] b, int at, double time, double elapsed, double value) {
        b[at] = time;
        b[at + 1] = elapsed;
        b[at + 2] = value;
    }

    /**
     * The earliest and latest time of a bucket's points (epoch ms). A bucket grouped by the database
     * ({@link GroupedOverviews}) knows its first and last value only at the ends of a view: then its extremes' times.
     */
    static double earliest(double[] b) {
        double t = Double.NaN;
        for (int at : new int[]{FIRST, MIN, MAX, GAP}) if (!Double.isNaN(b[at]) && !(b[at] >= t)) t = b[at];
        return t;
    }

    static double latest(double[] b) {
        double t = Double.NaN;
        for (int at : new int[]{LAST, MIN, MAX, GAP}) if (!Double.isNaN(b[at]) && !(b[at] <= t)) t = b[at];
        return t;
    }

    /** Buckets as a row's bytes. */
    static byte[] encode(double[][] buckets, int n) {
        ByteBuffer out = ByteBuffer.allocate(n * DOUBLES * Double.BYTES);
        for (int i = 0; i < n; i++) for (double v : buckets[i]) out.putDouble(v);
        return out.array();
    }

    /** A row's buckets. */
    static double[][] decode(byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        double[][] out = new double[bytes.length / (DOUBLES * Double.BYTES)][DOUBLES];
        for (double[] b : out) for (int i = 0; i < DOUBLES; i++) b[i] = in.getDouble();
        return out;
    }

    /** Where a finished row of buckets goes. */
    public interface ChunkSink {
        /**
         * @param samplesPerBucket the resolution
         * @param seq              the row's number within the key, metric and resolution, from 0
         * @param firstMillis      the earliest time of its points
         * @param lastMillis       the latest
         */
        void chunk(int samplesPerBucket, int seq, double firstMillis, double lastMillis, byte[] data);
    }

    /**
     * Builds the overviews of one key's metric at the given resolutions from its samples in order, handing each row of
     * buckets to the sink as soon as it is full: memory is a row per resolution, whatever the length of the series.
     */
    public static final class Builder {
        private final int[] levels;
        private final ChunkSink sink;
        /** Per resolution: the bucket being filled, its samples so far, the finished buckets of the row, their count, the row number. */
        private final double[][] open;
        private final long[] filled;
        private final double[][][] rows;
        private final int[] inRow;
        private final int[] seq;

        public Builder(int[] levels, ChunkSink sink) {
            this.levels = levels;
            this.sink = sink;
            int n = levels.length;
            open = new double[n][];
            filled = new long[n];
            rows = new double[n][CHUNK][];
            inRow = new int[n];
            seq = new int[n];
            for (int l = 0; l < n; l++) open[l] = empty();
        }

        /** The next sample; NaN value: none printed. */
        public void add(double time, double elapsed, double value) {
            if (levels.length == 0) return;
            addSample(open[0], time, elapsed, value);
            if (++filled[0] == levels[0]) close(0);
        }

        /** The finished bucket of level {@code l} goes to its row and into the next level's open bucket. */
        private void close(int l) {
            double[] b = open[l];
            open[l] = empty();
            filled[l] = 0;
            if (l + 1 < levels.length) {
                merge(open[l + 1], b);
                filled[l + 1] += levels[l];
                if (filled[l + 1] == levels[l + 1]) close(l + 1);
            }
            rows[l][inRow[l]++] = b;
            if (inRow[l] == CHUNK) flush(l);
        }

        private void flush(int l) {
            int n = inRow[l];
            if (n == 0) return;
            double first = Double.NaN;
            double last = Double.NaN;
            for (int i = 0; i < n; i++) {
                double e = earliest(rows[l][i]);
                double t = latest(rows[l][i]);
                if (Double.isNaN(first) || e < first) first = e;
                if (Double.isNaN(last) || t > last) last = t;
            }
            sink.chunk(levels[l], seq[l]++, first, last, encode(rows[l], n));
            inRow[l] = 0;
        }

        /** The last, partly filled buckets and rows. */
        public void finish() {
            for (int l = 0; l < levels.length; l++) {
                // a partial bucket of a finer level is already merged into the coarser ones only when closed: merge it now
                if (filled[l] > 0) {
                    double[] b = open[l];
                    if (l + 1 < levels.length) merge(open[l + 1], b);
                    if (l + 1 < levels.length) filled[l + 1] += filled[l];
                    rows[l][inRow[l]++] = b;
                    if (inRow[l] == CHUNK) flush(l);
                }
                flush(l);
            }
        }
    }
}
