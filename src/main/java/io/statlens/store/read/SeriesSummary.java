package io.statlens.store.read;

import com.tdunning.math.stats.MergingDigest;
import org.apache.commons.statistics.descriptive.Quantile;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;

/**
 * A streaming summary of one series: count, min, max, mean and variance (Welford's update, which
 * unlike a sum of squares does not lose the variance of large values to cancellation), and the
 * values themselves up to {@link #EXACT_LIMIT}, so that percentiles of short series are exact.
 * Beyond that the values go into a t-digest of compression 100, and memory stays bounded: at most
 * 8 KB of values, or 24 KB of digest, per series.
 */
public final class SeriesSummary {
    /** Up to this many values, percentiles are exact. */
    public static final int EXACT_LIMIT = 1024;
    static final double COMPRESSION = 100;
    private static final double[] PERCENTILES = {0.50, 0.90, 0.95, 0.99};
    private static final Quantile EXACT = Quantile.withDefaults().with(Quantile.EstimationMethod.HF7);

    private long n;
    private double min = Double.POSITIVE_INFINITY;
    private double max = Double.NEGATIVE_INFINITY;
    private double mean;
    private double m2;
    private double[] exact = new double[16];
    private int held;
    private MergingDigest digest;

    /** Adds a value; NaN (not printed) and infinities are ignored. */
    public void add(double v) {
        if (!Double.isFinite(v)) return;
        n++;
        if (v < min) min = v;
        if (v > max) max = v;
        double d = v - mean;
        mean += d / n;
        m2 += d * (v - mean);
        if (digest != null) {
            digest.add(v);
            return;
        }
        if (held == exact.length) {
            if (held == EXACT_LIMIT) {
                digest = digestOf(exact, held);
                exact = null;
                digest.add(v);
                return;
            }
            exact = Arrays.copyOf(exact, Math.min(EXACT_LIMIT, held * 2));
        }
        exact[held++] = v;
    }

    public long count() {
        return n;
    }

    /** Whether the percentiles of {@link #stats()} are exact. */
    public boolean exact() {
        return digest == null;
    }

    public SeriesStats stats() {
        if (n == 0) throw new IllegalStateException("no values");
        double[] p;
        if (digest == null) {
            p = EXACT.evaluate(Arrays.copyOf(exact, held), PERCENTILES);
        } else {
            p = new double[PERCENTILES.length];
            for (int i = 0; i < p.length; i++) p[i] = digest.quantile(PERCENTILES[i]);
        }
        return new SeriesStats(n, min, max, mean, stddev(n, m2), p[0], p[1], p[2], p[3]);
    }

    /** The values as a t-digest in its compact encoding, so that summaries of several files can be merged. */
    public byte[] digestBytes() {
        MergingDigest d = digest != null ? digest : digestOf(exact, held);
        d.compress();
        ByteBuffer buf = ByteBuffer.allocate(d.smallByteSize());
        d.asSmallBytes(buf);
        return buf.array();
    }

    private static MergingDigest digestOf(double[] values, int count) {
        MergingDigest d = new MergingDigest(COMPRESSION);
        for (int i = 0; i < count; i++) d.add(values[i]);
        return d;
    }

    private static double stddev(long n, double m2) {
        return n < 2 ? 0 : Math.sqrt(Math.max(0, m2) / (n - 1));
    }

    /** A stored summary: its statistics and digest. */
    public record Part(SeriesStats stats, byte[] digest) {
    }

    /**
     * Merges summaries of disjoint sets of values (one per file of a run): counts, extremes, mean and
     * variance exactly (Chan et al.'s pairwise update); percentiles from the merged digests.
     */
    public static SeriesStats merge(List<Part> parts) {
        if (parts.isEmpty()) throw new IllegalArgumentException("nothing to merge");
        if (parts.size() == 1) return parts.get(0).stats();
        long n = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        double mean = 0;
        double m2 = 0;
        MergingDigest all = new MergingDigest(COMPRESSION);
        for (Part p : parts) {
            SeriesStats s = p.stats();
            long total = n + s.n();
            double delta = s.mean() - mean;
            m2 += s.stddev() * s.stddev() * (s.n() - 1) + delta * delta * n * s.n() / total;
            mean += delta * s.n() / total;
            n = total;
            min = Math.min(min, s.min());
            max = Math.max(max, s.max());
            all.add(List.of(MergingDigest.fromBytes(ByteBuffer.wrap(p.digest()))));
        }
        return new SeriesStats(n, min, max, mean, stddev(n, m2), all.quantile(0.50), all.quantile(0.90), all.quantile(0.95),
                all.quantile(0.99));
    }
}
