package io.statlens.analysis;

import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Expected values checked against scipy.stats.pearsonr / spearmanr. */
class CorrelatorTest {
    private static final double EPS = 1e-12;

    /** A series sampled at the given seconds after 2023-11-14T22:13:20Z. */
    static MetricSeries series(String label, double[] seconds, double[] values) {
        Instant[] times = new Instant[seconds.length];
        for (int i = 0; i < seconds.length; i++) {
            times[i] = Instant.ofEpochSecond(1_700_000_000L).plusNanos(Math.round(seconds[i] * 1e9));
        }
        return new MetricSeries("test", label, "", "", times, seconds.clone(), values);
    }

    static double[] range(double from, double step, int n) {
        double[] out = new double[n];
        for (int i = 0; i < n; i++) out[i] = from + i * step;
        return out;
    }

    static Correlator.Outcome byDefault(MetricSeries target, MetricSeries other) {
        return new Correlator(Correlator.Settings.defaults()).correlate(target, other);
    }

    @Test
    void perfectLinearRelationsGivePlusAndMinusOne() {
        double[] x = range(1, 1, 10);
        double[] up = new double[10];
        double[] down = new double[10];
        for (int i = 0; i < 10; i++) {
            up[i] = 2 * x[i] + 3;
            down[i] = 50 - 0.5 * x[i];
        }
        assertEquals(1, Correlator.pearson(x, up), EPS);
        assertEquals(-1, Correlator.pearson(x, down), EPS);
        assertEquals(0, Correlator.pValue(1, 10));
        assertEquals(0, Correlator.pValue(-1, 10));
    }

    @Test
    void knownPearsonAndItsPValue() {
        // dx = -2 -1 0 1 2, dy = -2 0 1 0 1: r = 6 / sqrt(10 * 6)
        double r = Correlator.pearson(new double[]{1, 2, 3, 4, 5}, new double[]{2, 4, 5, 4, 5});
        assertEquals(6 / Math.sqrt(60), r, EPS);
        assertEquals(0.1240270626575546, Correlator.pValue(r, 5), 1e-9);
        assertEquals(1, Correlator.pValue(0, 10), EPS);
    }

    @Test
    void spearmanRanksTiesByTheirMeanAndSeesMonotonicRelationsAsPerfect() {
        assertEquals(0.9486832980505139, Correlator.spearman(new double[]{1, 2, 2, 3}, new double[]{1, 2, 3, 4}), EPS);
        double[] x = range(1, 1, 10);
        double[] cube = new double[10];
        for (int i = 0; i < 10; i++) cube[i] = x[i] * x[i] * x[i];
        assertEquals(0.9283911653753125, Correlator.pearson(x, cube), EPS);
        assertEquals(1, Correlator.spearman(x, cube), EPS);
    }

    @Test
    void correlatesSeriesByTimeAndReportsPointsAndStep() {
        MetricSeries target = series("t", range(0, 10, 8), new double[]{1, 2, 3, 4, 5, 6, 7, 8});
        MetricSeries other = series("o", range(0, 10, 8), new double[]{3, 1, 4, 1, 5, 9, 2, 6});
        var c = assertInstanceOf(Correlator.Correlation.class, byDefault(target, other));
        assertEquals(8, c.n());
        assertEquals(10, c.step());
        assertEquals(Correlator.pearson(target.values(), other.values()), c.r(), EPS);
        assertEquals(Correlator.pValue(c.r(), 8), c.p(), EPS);
        assertEquals("o", c.series().label());
    }

    @Test
    void constantShortAndDisjointSeriesAreSkippedWithTheReason() {
        Correlator correlator = new Correlator(Correlator.Settings.defaults());
        MetricSeries target = series("t", range(0, 1, 10), range(5, 1, 10));

        var constant = assertInstanceOf(Correlator.Skipped.class,
                correlator.correlate(target, series("c", range(0, 1, 10), new double[]{4, 4, 4, 4, 4, 4, 4, 4, 4, 4})));
        assertEquals(Correlator.Reason.CONSTANT, constant.reason());
        assertEquals(10, constant.n());

        var shortOne = assertInstanceOf(Correlator.Skipped.class,
                correlator.correlate(target, series("s", new double[]{6, 7, 8, 9}, new double[]{1, 2, 1, 2})));
        assertEquals(Correlator.Reason.TOO_FEW_POINTS, shortOne.reason());
        assertEquals(4, shortOne.n());
        var fourAreEnough = new Correlator(new Correlator.Settings(CorrelationMethod.pearson, Double.NaN, 0, 4));
        assertInstanceOf(Correlator.Correlation.class, fourAreEnough.correlate(target, series("s", new double[]{6, 7, 8, 9},
                new double[]{1, 2, 1, 2})));

        var later = assertInstanceOf(Correlator.Skipped.class,
                correlator.correlate(target, series("l", range(100, 1, 10), range(0, 1, 10))));
        assertEquals(Correlator.Reason.NO_OVERLAP, later.reason());
        assertEquals(0, later.n());
    }

    @Test
    void constantOnlyWhereTheSeriesOverlapIsStillConstant() {
        // the other series varies, but not during the target's time
        MetricSeries target = series("t", range(0, 1, 6), range(0, 1, 6));
        MetricSeries other = series("o", range(0, 1, 12), new double[]{2, 2, 2, 2, 2, 2, 9, 1, 7, 3, 8, 4});
        var skipped = assertInstanceOf(Correlator.Skipped.class, byDefault(target, other));
        assertEquals(Correlator.Reason.CONSTANT, skipped.reason());
    }

    @Test
    void spearmanIsUsedWhenAsked() {
        MetricSeries target = series("t", range(0, 1, 10), range(1, 1, 10));
        double[] cube = new double[10];
        for (int i = 0; i < 10; i++) cube[i] = Math.pow(i + 1, 3);
        MetricSeries other = series("o", range(0, 1, 10), cube);
        var settings = new Correlator.Settings(CorrelationMethod.spearman, Double.NaN, 0, 5);
        var c = assertInstanceOf(Correlator.Correlation.class, new Correlator(settings).correlate(target, other));
        assertEquals(1, c.r(), EPS);
        assertTrue(c.p() < 1e-9, "perfect rank correlation is significant: " + c.p());
    }

    @Test
    void nanValuesAreGapsNotZeros() {
        MetricSeries target = series("t", range(0, 1, 6), new double[]{1, 2, Double.NaN, 4, 5, 6});
        MetricSeries other = series("o", range(0, 1, 6), new double[]{2, 4, 100, 8, 10, 12});
        var c = assertInstanceOf(Correlator.Correlation.class, byDefault(target, other));
        assertEquals(5, c.n());
        assertEquals(1, c.r(), EPS);
        assertArrayEquals(new double[]{1, 2, 4, 5, 6}, TimeAlignment.of(target, other, Double.NaN, 0).target());
    }
}
