package io.statlens.analysis;

import org.apache.commons.statistics.distribution.TDistribution;
import org.apache.commons.statistics.ranking.NaturalRanking;

/**
 * Correlates a target series with another series of the same run over time: aligns them by time stamp
 * ({@link TimeAlignment}), then computes r (Pearson, or Spearman's rho) and its two-sided p-value from the t
 * distribution with n - 2 degrees of freedom. The p-value assumes independent points; neighbouring samples of a time
 * series are not, so it overstates significance and serves to tell a real relation from a handful of points, not as
 * proof.
 */
public final class Correlator {

    /**
     * @param step      grid step in seconds; NaN for the larger typical interval of each pair
     * @param lag       seconds the other series is shifted by (see {@link TimeAlignment#of})
     * @param minPoints fewest common grid points for a correlation, at least 3
     */
    public record Settings(CorrelationMethod method, double step, double lag, int minPoints) {
        public Settings {
            if (minPoints < 3) throw new IllegalArgumentException("a correlation needs at least 3 points, not " + minPoints);
        }

        public static Settings defaults() {
            return new Settings(CorrelationMethod.pearson, Double.NaN, 0, 5);
        }
    }

    /** What a series is, without its samples. */
    public record SeriesName(String dataset, String label, String unit, String key) {
        static SeriesName of(MetricSeries s) {
            return new SeriesName(s.dataset(), s.label(), s.unit(), s.key());
        }

        /** For people: {@code iostat %util [sda]}. */
        public String display() {
            return dataset + " " + label + (key.isEmpty() ? "" : " [" + key + "]");
        }
    }

    /** Either a correlation or the reason there is none. */
    public sealed interface Outcome permits Correlation, Skipped {
        SeriesName series();
    }

    /**
     * @param r    correlation coefficient in [-1, 1]
     * @param n    common grid points used
     * @param p    two-sided p-value of r
     * @param step grid step in seconds
     */
    public record Correlation(SeriesName series, double r, int n, double p, double step) implements Outcome {
    }

    public enum Reason {
        /** No grid point has a value in both series: they do not overlap in time, or one holds no values. */
        NO_OVERLAP("no values at common times"),
        /** Fewer common grid points than the settings ask for. */
        TOO_FEW_POINTS("too few common points"),
        /** One of the two series does not vary over the common points: r is undefined. */
        CONSTANT("constant");

        private final String text;

        Reason(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    /** @param n common grid points there were */
    public record Skipped(SeriesName series, Reason reason, int n) implements Outcome {
    }

    private final Settings settings;

    public Correlator(Settings settings) {
        this.settings = settings;
    }

    public Settings settings() {
        return settings;
    }

    public Outcome correlate(MetricSeries target, MetricSeries other) {
        SeriesName name = SeriesName.of(other);
        TimeAlignment pair = TimeAlignment.of(target, other, settings.step(), settings.lag());
        int n = pair.size();
        if (n == 0) return new Skipped(name, Reason.NO_OVERLAP, 0);
        if (n < settings.minPoints()) return new Skipped(name, Reason.TOO_FEW_POINTS, n);
        if (isConstant(pair.target()) || isConstant(pair.other())) return new Skipped(name, Reason.CONSTANT, n);
        double r = switch (settings.method()) {
            case pearson -> pearson(pair.target(), pair.other());
            case spearman -> spearman(pair.target(), pair.other());
        };
        return new Correlation(name, r, n, pValue(r, n), pair.step());
    }

    /** Exact comparison on purpose: a mean-based variance of equal values can come out as a tiny non-zero number. */
    static boolean isConstant(double[] values) {
        for (double v : values) if (v != values[0]) return false;
        return true;
    }

    /**
     * Pearson's r of two equally long, non-constant samples (two-pass, so large offsets do not cancel digits). r does not
     * change when a series is scaled: each is scaled by a power of two (exact) to magnitudes below 2 first, so that
     * products of huge values (1e200, issue 31) cannot overflow nor those of tiny ones vanish.
     */
    public static double pearson(double[] x, double[] y) {
        x = scaled(x);
        y = scaled(y);
        double mx = mean(x);
        double my = mean(y);
        double sxy = 0;
        double sxx = 0;
        double syy = 0;
        for (int i = 0; i < x.length; i++) {
            double dx = x[i] - mx;
            double dy = y[i] - my;
            sxy += dx * dy;
            sxx += dx * dx;
            syy += dy * dy;
        }
        double r = sxy / Math.sqrt(sxx * syy);
        return Math.max(-1, Math.min(1, r));
    }

    /** Spearman's rho: Pearson's r of the ranks, tied values sharing their mean rank. */
    public static double spearman(double[] x, double[] y) {
        NaturalRanking ranking = new NaturalRanking();
        return pearson(ranking.apply(x), ranking.apply(y));
    }

    /** Two-sided p-value of r under no correlation: t = r * sqrt((n - 2) / (1 - r^2)) with n - 2 degrees of freedom. */
    public static double pValue(double r, int n) {
        if (n < 3) return Double.NaN;
        if (Math.abs(r) >= 1) return 0;
        double t = Math.abs(r) * Math.sqrt((n - 2) / (1 - r * r));
        return Math.min(1, 2 * TDistribution.of(n - 2).survivalProbability(t));
    }

    private static double[] scaled(double[] v) {
        double largest = 0;
        for (double d : v) largest = Math.max(largest, Math.abs(d));
        int e = Math.getExponent(largest) + 1;
        if (e == 0) return v;
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) out[i] = Math.scalb(v[i], -e);
        return out;
    }

    private static double mean(double[] v) {
        double sum = 0;
        for (double d : v) sum += d;
        return sum / v.length;
    }
}
