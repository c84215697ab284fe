package io.statlens.store.stats;

/**
 * Means and spreads of any finite values without overflow (issue 31: a tool may print {@code 1e200}, whose square, or
 * sum with another, is beyond a double). The spread is the population standard deviation: it lies within half the
 * range of the values (Popoviciu), so it is always finite, where a sum of squared deviations is not.
 */
public final class Moments {
    private Moments() {
    }

    /** The mean of two disjoint sets of values of these counts and means; a count may be 0. */
    public static double combinedMean(long na, double meanA, long nb, double meanB) {
        if (na == 0) return meanB;
        if (nb == 0) return meanA;
        double delta = meanB - meanA;
        double wb = (double) nb / (na + nb);
        // the difference of two means of opposite sign can overflow where the weighted sum cannot
        return Double.isFinite(delta) ? meanA + delta * wb : meanA * (1 - wb) + meanB * wb;
    }

    /**
     * The population standard deviation of two disjoint sets of values: Chan et al.'s pairwise update of the sums of
     * squared deviations, divided by the count, is wa sa^2 + wb sb^2 + wa wb (meanB - meanA)^2 with weights w = n / total;
     * its square root is taken with {@link Math#hypot} term by term, and the means' difference halved, so that nothing
     * on the way overflows.
     */
    public static double combinedSpread(long na, double meanA, double spreadA, long nb, double meanB, double spreadB) {
        if (na == 0) return spreadB;
        if (nb == 0) return spreadA;
        double total = (double) na + nb;
        double wa = na / total;
        double wb = nb / total;
        double halfDelta = Math.abs(meanB / 2 - meanA / 2);
        return Math.hypot(Math.hypot(Math.sqrt(wa) * spreadA, Math.sqrt(wb) * spreadB), 2 * Math.sqrt(wa * wb) * halfDelta);
    }

    /** The sample standard deviation (divisor n - 1) of {@code n} values of this spread: 0 for one value, NaN beyond a double. */
    public static double sampleStddev(long n, double spread) {
        double sd = n < 2 ? 0 : spread * Math.sqrt((double) n / (n - 1));
        return Double.isFinite(sd) ? sd : Double.NaN;
    }
}
