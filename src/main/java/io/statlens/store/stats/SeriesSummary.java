package io.statlens.store.stats;

import com.tdunning.math.stats.MergingDigest;
import org.apache.commons.statistics.descriptive.Quantile;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;

import static java.lang.Double.NaN;

/**
 * A streaming summary of one series: count, min, max, mean and variance, and the values themselves up to
 * {@link #EXACT_LIMIT}, so that percentiles of short series are exact. Beyond that the values go into a t-digest of
 * compression 100, and memory stays bounded: at most 8 KB of values and 24 KB of digest per series.
 *
 * <p>Values are staged in chunks of {@link #EXACT_LIMIT}: a full chunk is sorted once ({@link ChunkSort}), its mean and sum of squared
 * deviations computed in two passes and merged into the running ones (Chan et al.'s pairwise update, which unlike a
 * sum of squares does not lose the variance of large values to cancellation), and its sorted values handed to the
 * digest as about a hundred weighted centroids, each no wider than a digest of twice the compression would allow
 * within the chunk. That costs a sort per value instead of the digest's own per-value insertion (about 72 ns,
 * millions of values per import); the digest and its stored encoding are unchanged.
 *
 * <p>Any finite values give finite statistics where the statistic itself is finite: a tool may print {@code 1e200}
 * (issue 31), whose square or sum with its neighbours overflows a double. Sums are scaled by a power of two when they
 * would overflow, and chunks are combined by {@link Moments}, never as sums of squares. The t-digest
 * sums means times weights, so a series with a value beyond {@link #DIGEST_RANGE} has no digest and no percentiles
 * beyond the exact ones. A statistic that is not finite (a sample standard deviation or an interpolated percentile
 * beyond the largest double, a percentile without a digest) is NaN: no value, which a repository stores as empty.
 */
public final class SeriesSummary {
    /** Up to this many values, percentiles are exact. */
    public static final int EXACT_LIMIT = 1024;
    static final double COMPRESSION = 100;
    /** The compression of the centroids a chunk is cut into: finer than the digest's, so the digest decides. */
    private static final double CHUNK_COMPRESSION = 2 * COMPRESSION;
    private static final double[] PERCENTILES = {0.50, 0.90, 0.95, 0.99};
    private static final Quantile EXACT = Quantile.withDefaults().with(Quantile.EstimationMethod.HF7);
    /**
     * The digest merges its pending centroids in when its buffer fills: 1050 places less its own centroids (at most
     * 210) at compression 100 in t-digest 3.3. A chunk is merged in whole, never part of it (the digest's ends must
     * stay single values), so the summary has it merge before the buffer could fill.
     */
    private static final int MERGE_AFTER = 600;
    /**
     * The largest value the digest takes: its weighted means multiply values by weights up to the count (below 2^63)
     * and add two of them, which stays within a double up to 2^(1024 - 64).
     */
    private static final double DIGEST_RANGE = Math.scalb(1.0, 1024 - 65);
    /** Where the centroids of a full chunk end (exclusive), computed once. */
    private static final int[] FULL_CHUNK_ENDS = centroidEnds(EXACT_LIMIT);

    /** Count, extremes, mean and population standard deviation of the chunks already in the digest. */
    private long n;
    private double min = Double.POSITIVE_INFINITY;
    private double max = Double.NEGATIVE_INFINITY;
    private double mean;
    private double spread;
    /** The values not yet in the digest (all of them while the series is exact). */
    private double[] staged = new double[16];
    private int held;
    private MergingDigest digest;
    /** Centroids handed to the digest since it last merged them in. */
    private int unmerged;
    /** A value beyond {@link #DIGEST_RANGE} was added: the digest is left empty and its percentiles are NaN. */
    private boolean beyondDigest;

    /** Adds a value; NaN (not printed) and infinities are ignored. */
    public void add(double v) {
        if (!Double.isFinite(v)) return;
        if (Math.abs(v) > DIGEST_RANGE) beyondDigest = true;
        if (held == staged.length) {
            if (held == EXACT_LIMIT) {
                flush();
            } else {
                staged = Arrays.copyOf(staged, Math.min(EXACT_LIMIT, held * 2));
            }
        }
        staged[held++] = v;
    }

    public long count() {
        return n + held;
    }

    /**
     * An independent copy of the summary as it is now. {@link #stats()} and {@link #digestBytes()} move the staged
     * values into the digest early and compress it; a collect that writes the statistics of series still growing
     * takes them from a copy, so that its series are chunked as an import's are and end with the same statistics.
     */
    public SeriesSummary copy() {
        SeriesSummary c = new SeriesSummary();
        c.n = n;
        c.min = min;
        c.max = max;
        c.mean = mean;
        c.spread = spread;
        c.staged = staged.clone();
        c.held = held;
        c.digest = digest == null ? null : copyOf(digest);
        c.unmerged = unmerged;
        c.beyondDigest = beyondDigest;
        return c;
    }

    /**
     * A digest's exact copy, pending centroids and all: through Java serialization, since t-digest 3.3 has no copy and
     * its byte encodings compress first.
     */
    private static MergingDigest copyOf(MergingDigest d) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                out.writeObject(d);
            }
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
                return (MergingDigest) in.readObject();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy a t-digest in memory", e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether the percentiles of {@link #stats()} are exact. */
    public boolean exact() {
        return digest == null;
    }

    public SeriesStats stats() {
        if (count() == 0) throw new IllegalStateException("no values");
        if (digest == null) {
            double[] sorted = Arrays.copyOf(staged, held);
            ChunkSort.sort(sorted, held);
            double chunkMean = meanOf(sorted, 0, held);
            double[] p = EXACT.evaluate(sorted, PERCENTILES);
            return finite(new SeriesStats(held, sorted[0], sorted[held - 1], chunkMean, sampleStddev(sorted, held, chunkMean),
                    p[0], p[1], p[2], p[3]));
        }
        flush();
        if (beyondDigest) return finite(new SeriesStats(n, min, max, mean, Moments.sampleStddev(n, spread), NaN, NaN, NaN, NaN));
        return finite(new SeriesStats(n, min, max, mean, Moments.sampleStddev(n, spread), digest.quantile(0.50), digest.quantile(0.90),
                digest.quantile(0.95), digest.quantile(0.99)));
    }

    /**
     * The values as a t-digest in its compact encoding, so that summaries of several files can be merged; an empty
     * digest when a value is beyond what a digest takes.
     */
    public byte[] digestBytes() {
        MergingDigest d;
        if (beyondDigest) {
            d = new MergingDigest(COMPRESSION);
        } else if (digest != null) {
            flush();
            d = digest;
        } else {
            d = new MergingDigest(COMPRESSION);
            for (int i = 0; i < held; i++) d.add(staged[i]);
        }
        d.compress();
        // the small encoding keeps means as floats: a value beyond a float's range would come back infinite
        boolean small = Math.max(Math.abs(d.getMin()), Math.abs(d.getMax())) <= Float.MAX_VALUE;
        ByteBuffer buf = ByteBuffer.allocate(small ? d.smallByteSize() : d.byteSize());
        if (small) {
            d.asSmallBytes(buf);
        } else {
            d.asBytes(buf);
        }
        return buf.array();
    }

    /** Moves the staged values into the digest and the running moments. */
    private void flush() {
        int m = held;
        if (m == 0) return;
        double[] v = staged;
        ChunkSort.sort(v, m);
        double chunkMean = meanOf(v, 0, m);
        double chunkSpread = rootMeanSquare(v, m, chunkMean, m);
        long total = n + m;
        spread = Moments.combinedSpread(n, mean, spread, m, chunkMean, chunkSpread);
        mean = Moments.combinedMean(n, mean, m, chunkMean);
        n = total;
        min = Math.min(min, v[0]);
        max = Math.max(max, v[m - 1]);
        if (digest == null) digest = new MergingDigest(COMPRESSION);
        if (beyondDigest) {
            held = 0;
            return;
        }
        int[] ends = m == EXACT_LIMIT ? FULL_CHUNK_ENDS : centroidEnds(m);
        if (unmerged + ends.length + 2 > MERGE_AFTER) {
            // quantile(0) merges at the digest's working compression; compress() would merge down to the stored
            // one each time and lose accuracy
            digest.quantile(0);
            unmerged = 0;
        }
        toDigest(v, m, ends);
        unmerged += ends.length + 2;
        held = 0;
    }

    /**
     * Hands {@code m} sorted values to the digest as weighted centroids in ascending order, the first and the last
     * alone: the digest keeps a single value at each end (its quantiles interpolate from there to the extremes, and
     * its merge checks it), and it merges equal means in the order they were added, so whatever chunks hold the
     * series' extremes, a single value ends the digest. Runs of equal values are cut like any others: one centroid
     * of thousands of zeros would make the digest interpolate between it and its neighbour.
     */
    private void toDigest(double[] v, int m, int[] ends) {
        digest.add(v[0], 1);
        if (m == 1) return;
        int last = m - 1;
        int from = 1;
        for (int end : ends) {
            int to = Math.min(end, last);
            if (to <= from) continue;
            double first = v[from];
            double high = v[to - 1];
            if (first == high) {
                digest.add(first, to - from);
            } else {
                // clamped: rounding must not move the mean out of the centroid's values
                digest.add(Math.max(first, Math.min(high, meanOf(v, from, to))), to - from);
            }
            from = to;
            if (from == last) break;
        }
        digest.add(v[last], 1);
    }

    /**
     * Cuts {@code m} sorted values into centroids by the t-digest's arcsine scale at {@link #CHUNK_COMPRESSION}: the
     * scale k(q) = C / (2 pi) asin(2q - 1) grows by at most one across a centroid, so centroids hold one value at the
     * ends and about m pi / C in the middle.
     */
    private static int[] centroidEnds(int m) {
        int[] ends = new int[m];
        int count = 0;
        int from = 0;
        while (from < m) {
            double kLimit = k((double) from / m) + 1;
            int end = from + 1;
            while (end < m && k((double) (end + 1) / m) <= kLimit) end++;
            ends[count++] = end;
            from = end;
        }
        return Arrays.copyOf(ends, count);
    }

    private static double k(double q) {
        return CHUNK_COMPRESSION / (2 * Math.PI) * Math.asin(2 * Math.min(1, q) - 1);
    }

    /** The mean of {@code v[from..to)}: their sum, scaled down by a power of two (exact) when it would overflow. */
    private static double meanOf(double[] v, int from, int to) {
        int m = to - from;
        double sum = 0;
        for (int i = from; i < to; i++) sum += v[i];
        if (Double.isFinite(sum)) return sum / m;
        int shift = 64 - Long.numberOfLeadingZeros(m);
        double scaled = 0;
        for (int i = from; i < to; i++) scaled += Math.scalb(v[i], -shift);
        return Math.scalb(scaled / m, shift);
    }

    /**
     * The square root of the sum of squared deviations of {@code m} sorted values from their mean, divided by
     * {@code divisor}. Very large or very small values are scaled by a power of two first (exact), so that the squares
     * neither overflow nor vanish; ordinary values are not scaled at all.
     */
    private static double rootMeanSquare(double[] v, int m, double mean, double divisor) {
        int e = Math.max(Math.getExponent(v[0]), Math.getExponent(v[m - 1]));
        double sum = 0;
        if (e > -400 && e < 400) {
            // unscaled: Math.scalb by 0 is the value itself, and a call per value on every chunk
            for (int i = 0; i < m; i++) {
                double d = v[i] - mean;
                sum += d * d;
            }
            return Math.sqrt(sum / divisor);
        }
        for (int i = 0; i < m; i++) {
            double d = Math.scalb(v[i], -e) - Math.scalb(mean, -e);
            sum += d * d;
        }
        return Math.scalb(Math.sqrt(sum / divisor), e);
    }

    /** The sample standard deviation (divisor n - 1) of sorted values; 0 for one value. */
    private static double sampleStddev(double[] sorted, int m, double mean) {
        return m < 2 ? 0 : rootMeanSquare(sorted, m, mean, m - 1);
    }

    /** The statistics with NaN (no value) for each one that is not finite. */
    private static SeriesStats finite(SeriesStats s) {
        return new SeriesStats(s.n(), orNaN(s.min()), orNaN(s.max()), orNaN(s.mean()), orNaN(s.stddev()), orNaN(s.p50()),
                orNaN(s.p90()), orNaN(s.p95()), orNaN(s.p99()));
    }

    private static double orNaN(double v) {
        return Double.isFinite(v) ? v : Double.NaN;
    }

    /** A stored summary: its statistics and digest. */
    public record Part(SeriesStats stats, byte[] digest) {
    }

    /**
     * Merges summaries of disjoint sets of values (one per file of a run): counts, extremes, mean and
     * variance exactly (Chan et al.'s pairwise update, overflow-safe as above); percentiles from the merged digests.
     * A part without a standard deviation (NaN: it was beyond a double) leaves the merge without one, a part without
     * a digest (an empty one for values) without percentiles.
     */
    public static SeriesStats merge(List<Part> parts) {
        if (parts.isEmpty()) throw new IllegalArgumentException("nothing to merge");
        if (parts.size() == 1) return parts.get(0).stats();
        long n = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        double mean = 0;
        double spread = 0;
        MergingDigest all = new MergingDigest(COMPRESSION);
        boolean digested = true;
        for (Part p : parts) {
            SeriesStats s = p.stats();
            double partSpread = s.n() < 2 ? 0 : s.stddev() * Math.sqrt((double) (s.n() - 1) / s.n());
            spread = Moments.combinedSpread(n, mean, spread, s.n(), s.mean(), partSpread);
            mean = Moments.combinedMean(n, mean, s.n(), s.mean());
            n += s.n();
            min = Math.min(min, s.min());
            max = Math.max(max, s.max());
            MergingDigest d = MergingDigest.fromBytes(ByteBuffer.wrap(p.digest()));
            if (d.size() == 0) {
                // t-digest 3.3 fails on adding an empty digest
                digested &= s.n() == 0;
            } else {
                all.add(List.of(d));
            }
        }
        if (!digested) return finite(new SeriesStats(n, min, max, mean, Moments.sampleStddev(n, spread), NaN, NaN, NaN, NaN));
        return finite(new SeriesStats(n, min, max, mean, Moments.sampleStddev(n, spread), all.quantile(0.50), all.quantile(0.90),
                all.quantile(0.95), all.quantile(0.99)));
    }
}
