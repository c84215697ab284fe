package io.statlens.analysis;

import io.statlens.analysis.ChangeSignificance.SeriesMoments;
import io.statlens.analysis.ChangeSignificance.Verdict;
import org.apache.commons.statistics.inference.TTest;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChangeSignificanceTest {
    private static final double EPS = 1e-9;

    @Test
    void lag1AutocorrelationAndEffectiveSizeByHand() {
        // 1,2,3,4: mean 2.5, deviations -1.5 -0.5 0.5 1.5, sum of squares 5, lag-1 products 0.75 - 0.25 + 0.75 = 1.25
        SeriesMoments m = SeriesMoments.of(new double[]{1, 2, Double.NaN, 3, 4});
        assertEquals(4, m.n());
        assertEquals(2.5, m.mean(), EPS);
        assertEquals(5.0 / 3, m.variance(), EPS);
        assertEquals(0.25, m.r1(), EPS);
        assertEquals(4 * 0.75 / 1.25, m.nEff(), EPS);
    }

    @Test
    void negativeAutocorrelationDoesNotInflateTheEffectiveSize() {
        SeriesMoments m = SeriesMoments.of(new double[]{1, -1, 1, -1, 1, -1});
        assertTrue(m.r1() < 0);
        assertEquals(6, m.nEff(), EPS);
    }

    @Test
    void withoutAutocorrelationTheTestIsWelchsTTest() {
        double[] a = {10, 12, 10, 12, 10, 12, 10, 12};
        double[] b = {11, 14, 11, 14, 11, 14, 11, 14};
        Verdict v = ChangeSignificance.series(SeriesMoments.of(a), SeriesMoments.of(b));
        assertEquals("welch-neff", v.test());
        assertEquals(TTest.withDefaults().test(a, b).getPValue(), v.pValue(), 1e-12);
        assertTrue(v.significant());
    }

    @Test
    void aClearShiftIsSignificantAndPureNoiseIsNot() {
        Random random = new Random(42);
        double[] base = ar1(random, 300, 0.8, 100, 2);
        double[] shifted = ar1(random, 300, 0.8, 105, 2);
        double[] same = ar1(random, 300, 0.8, 100, 2);
        Verdict shift = ChangeSignificance.series(SeriesMoments.of(base), SeriesMoments.of(shifted));
        assertTrue(shift.significant(), "p " + shift.pValue());
        assertTrue(shift.pValue() < 1e-3, "p " + shift.pValue());
        Verdict noise = ChangeSignificance.series(SeriesMoments.of(base), SeriesMoments.of(same));
        assertFalse(noise.significant(), "p " + noise.pValue());
    }

    @Test
    void onAutocorrelatedNoiseThePlainTTestCriesWolfAndTheEffectiveSizeTestDoesNot() {
        // 400 pairs of runs from the same AR(1) process (phi 0.8, as per-second samples of a busy system are):
        // at alpha 0.05 a sound test flags about 5% of them.
        Random random = new Random(7);
        int plain = 0;
        int effective = 0;
        int pairs = 400;
        for (int i = 0; i < pairs; i++) {
            double[] a = ar1(random, 200, 0.8, 50, 3);
            double[] b = ar1(random, 200, 0.8, 50, 3);
            if (TTest.withDefaults().test(a, b).getPValue() < ChangeSignificance.ALPHA) plain++;
            if (ChangeSignificance.series(SeriesMoments.of(a), SeriesMoments.of(b)).significant()) effective++;
        }
        assertTrue(plain > pairs * 0.3, "plain t-test false positives " + plain);
        assertTrue(effective < pairs * 0.1, "effective-size test false positives " + effective);
    }

    @Test
    void tooFewIndependentSamplesAreNotTested() {
        // A steady climb 1..10: r1 = 57.75 / 82.5 = 0.7, so n_eff = 10 * 0.3 / 1.7 = 1.76: its ten samples are one trend.
        SeriesMoments trend = SeriesMoments.of(new double[]{1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
        assertEquals(0.7, trend.r1(), EPS);
        Verdict v = ChangeSignificance.series(trend, SeriesMoments.of(new double[]{10, 12, 10, 12}));
        assertFalse(v.tested());
        assertEquals("fewer than 2 independent samples (n_eff 1.765 and 4)", v.reason());
    }

    @Test
    void constantSeriesAreEqualOrCertainlyDifferent() {
        SeriesMoments sixteen = SeriesMoments.of(new double[]{16, 16, 16, 16});
        assertEquals(1, ChangeSignificance.series(sixteen, sixteen).pValue());
        Verdict more = ChangeSignificance.series(sixteen, SeriesMoments.of(new double[]{32, 32, 32, 32}));
        assertEquals(0, more.pValue());
        assertTrue(more.significant());
    }

    @Test
    void summaryValuesOfTwoAveragesUseWelchOnTheirStddevs() {
        Verdict v = ChangeSignificance.summary(100, 10, 3, 130, 10, 3);
        assertEquals("welch-summary", v.test());
        // t = 30 / sqrt(100/3 + 100/3) = 3.674, df = 4
        assertEquals(TTest.withDefaults().test(100, 100, 3, 130, 100, 3).getPValue(), v.pValue(), 1e-12);
        assertTrue(v.significant());
    }

    @Test
    void aSingleRunAgainstAnAverageIsAPredictionTest() {
        // t = (140 - 100) / (10 sqrt(1 + 1/3)) = sqrt(12); with 2 df, P(T > t) = (1 - t / sqrt(t^2 + 2)) / 2
        double t = Math.sqrt(12);
        double expected = 1 - t / Math.sqrt(t * t + 2);
        Verdict v = ChangeSignificance.summary(100, 10, 3, 140, Double.NaN, 1);
        assertEquals("prediction", v.test());
        assertEquals(expected, v.pValue(), 1e-9);
        assertFalse(v.significant(), "p " + v.pValue());
        assertEquals(expected, ChangeSignificance.summary(140, Double.NaN, 1, 100, 10, 3).pValue(), 1e-9,
                "either side may be the average");
    }

    @Test
    void twoSingleValuesAreNotTested() {
        Verdict v = ChangeSignificance.summary(100, Double.NaN, 1, 200, Double.NaN, 1);
        assertFalse(v.tested());
        assertFalse(v.significant());
        assertEquals("single values; no spread known", v.reason());
    }

    /** x[t] = mean + phi (x[t-1] - mean) + e, e ~ N(0, sd^2), started in its stationary distribution. */
    static double[] ar1(Random random, int n, double phi, double mean, double sd) {
        double[] x = new double[n];
        double dev = random.nextGaussian() * sd / Math.sqrt(1 - phi * phi);
        for (int i = 0; i < n; i++) {
            x[i] = mean + dev;
            dev = phi * dev + random.nextGaussian() * sd;
        }
        return x;
    }
}
