package io.statlens.analysis;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Whether a difference between two runs is beyond run-to-run noise.
 *
 * <p>Per-interval samples of a run are autocorrelated (a busy second is followed by a busy second),
 * so they carry less information than their count suggests and a plain t-test overstates
 * significance. The series test is therefore Welch's t-test with effective sample sizes
 * {@code n_eff = n (1 - r1) / (1 + r1)}, where {@code r1} is the lag-1 autocorrelation of the series
 * (clamped to [0, 1): negative autocorrelation would inflate n_eff, and we prefer to err towards "noise").
 * The variance of each mean is {@code s^2 / n_eff}; the degrees of freedom follow Welch-Satterthwaite
 * with {@code n_eff - 1}. A change is significant when the two-sided p-value is below {@link #ALPHA}.
 *
 * <p>Single numbers (summary values) have no spread of their own. When a run is an average, its
 * summary values come with their standard deviation across the {@code n} runs it averages: two
 * averages are compared with Welch's t-test on (mean, stddev, n); an average and a single run with a
 * prediction test, {@code t = (x - mean) / (s sqrt(1 + 1/n))} with {@code n - 1} degrees of freedom
 * (is the single run's value a plausible further run of the average's kind?). Otherwise no test.
 */
public final class ChangeSignificance {
    /** Significance level. */
    public static final double ALPHA = 0.05;
    /** Upper clamp of r1, so that n_eff stays positive for a series that barely moves. */
    private static final double MAX_R1 = 0.99;

    private ChangeSignificance() {
    }

    /**
     * The outcome of a test.
     *
     * @param test   which test ({@code welch-neff}, {@code welch-summary}, {@code prediction}); empty when none was possible
     * @param pValue two-sided p-value; NaN when untested
     * @param reason why no test was possible; empty otherwise
     */
    public record Verdict(String test, double pValue, String reason) {
        static Verdict untested(String reason) {
            return new Verdict("", Double.NaN, reason);
        }

        public boolean tested() {
            return !Double.isNaN(pValue);
        }

        public boolean significant() {
            return tested() && pValue < ALPHA;
        }
    }

    /** Mean, sample variance, count, lag-1 autocorrelation and effective size of a series (NaN values skipped). */
    public record SeriesMoments(int n, double mean, double variance, double r1, double nEff) {
        public static SeriesMoments of(double[] values) {
            double[] x = java.util.Arrays.stream(values).filter(v -> !Double.isNaN(v)).toArray();
            int n = x.length;
            if (n == 0) return new SeriesMoments(0, Double.NaN, Double.NaN, Double.NaN, 0);
            double mean = 0;
            for (double v : x) mean += v;
            mean /= n;
            double ss = 0;
            for (double v : x) ss += (v - mean) * (v - mean);
            double lag = 0;
            for (int i = 1; i < n; i++) lag += (x[i - 1] - mean) * (x[i] - mean);
            double r1 = ss == 0 ? 0 : lag / ss;
            double clamped = Math.min(MAX_R1, Math.max(0, r1));
            double nEff = n * (1 - clamped) / (1 + clamped);
            return new SeriesMoments(n, mean, n < 2 ? Double.NaN : ss / (n - 1), r1, nEff);
        }
    }

    /** Welch's t-test with effective sample sizes on two series of per-interval samples. */
    public static Verdict series(SeriesMoments base, SeriesMoments other) {
        if (base.nEff() < 2 || other.nEff() < 2) {
            return Verdict.untested("fewer than 2 independent samples (n_eff " + ReadableNumbers.ROOT.number(base.nEff()) + " and "
                    + ReadableNumbers.ROOT.number(other.nEff()) + ")");
        }
        return welch("welch-neff", base.mean(), base.variance(), base.nEff(), other.mean(), other.variance(), other.nEff());
    }

    /**
     * Summary values with what is known of their spread: {@code sd} NaN and {@code n} 1 for a single run's value.
     */
    public static Verdict summary(double baseValue, double baseSd, int baseN, double otherValue, double otherSd, int otherN) {
        boolean baseSpread = !Double.isNaN(baseSd) && baseN >= 2;
        boolean otherSpread = !Double.isNaN(otherSd) && otherN >= 2;
        if (baseSpread && otherSpread) {
            return welch("welch-summary", baseValue, baseSd * baseSd, baseN, otherValue, otherSd * otherSd, otherN);
        }
        if (baseSpread) return prediction(baseValue, baseSd, baseN, otherValue);
        if (otherSpread) return prediction(otherValue, otherSd, otherN, baseValue);
        return Verdict.untested("single values; no spread known");
    }

    private static Verdict welch(String test, double m1, double v1, double n1, double m2, double v2, double n2) {
        double se1 = v1 / n1;
        double se2 = v2 / n2;
        double se = se1 + se2;
        if (se == 0) return new Verdict(test, m1 == m2 ? 1 : 0, "");
        double t = (m2 - m1) / Math.sqrt(se);
        double df = se * se / (se1 * se1 / (n1 - 1) + se2 * se2 / (n2 - 1));
        return new Verdict(test, twoSided(t, df), "");
    }

    private static Verdict prediction(double mean, double sd, int n, double x) {
        double scale = sd * Math.sqrt(1 + 1.0 / n);
        if (scale == 0) return new Verdict("prediction", x == mean ? 1 : 0, "");
        return new Verdict("prediction", twoSided((x - mean) / scale, n - 1), "");
    }

    private static double twoSided(double t, double df) {
        return Math.min(1, 2 * TDistribution.of(df).survivalProbability(Math.abs(t)));
    }
}
