package io.statlens.analysis;

import org.junit.jupiter.api.Test;

import static io.statlens.analysis.CorrelatorTest.range;
import static io.statlens.analysis.CorrelatorTest.series;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class TimeAlignmentTest {

    @Test
    void aFinerSeriesIsAveragedOverTheCoarserOnesInterval() {
        // target every second (value = its second), other every 5 s: step 5, grid points centred on 0, 5, 10, 15
        MetricSeries target = series("t", range(0, 1, 20), range(0, 1, 20));
        MetricSeries other = series("o", range(0, 5, 4), new double[]{7, 8, 9, 10});
        TimeAlignment a = TimeAlignment.of(target, other, Double.NaN, 0);
        assertEquals(5, a.step());
        // [-2.5, 2.5) holds 0 1 2; [2.5, 7.5) holds 3..7; [7.5, 12.5) 8..12; [12.5, 17.5) 13..17;
        // 18 and 19 lie past the other series' last sample
        assertArrayEquals(new double[]{1, 5, 10, 15}, a.target());
        assertArrayEquals(new double[]{7, 8, 9, 10}, a.other());
    }

    @Test
    void seriesOffsetByPartOfAnIntervalPairSampleBySample() {
        MetricSeries target = series("t", range(0, 5, 5), new double[]{1, 2, 3, 4, 5});
        MetricSeries other = series("o", range(2, 5, 4), new double[]{10, 20, 30, 40});
        TimeAlignment a = TimeAlignment.of(target, other, Double.NaN, 0);
        assertArrayEquals(new double[]{1, 2, 3, 4}, a.target());
        assertArrayEquals(new double[]{10, 20, 30, 40}, a.other());
    }

    @Test
    void samplesALittleEarlyOrLateStayInTheirGridPoint() {
        // sar prints 13:20:02 where 13:20:01 was due: clock jitter must not pair a sample with its neighbour
        MetricSeries target = series("t", range(0, 10, 5), new double[]{1, 2, 3, 4, 5});
        MetricSeries other = series("o", new double[]{0.2, 9.1, 21, 29.7, 40.9}, new double[]{5, 4, 3, 2, 1});
        TimeAlignment a = TimeAlignment.of(target, other, Double.NaN, 0);
        assertArrayEquals(new double[]{1, 2, 3, 4, 5}, a.target());
        assertArrayEquals(new double[]{5, 4, 3, 2, 1}, a.other());
    }

    @Test
    void aGivenStepOverridesTheTypicalIntervals() {
        MetricSeries target = series("t", range(0, 1, 6), new double[]{1, 3, 5, 7, 9, 11});
        MetricSeries other = series("o", range(0, 1, 6), new double[]{0, 0, 1, 1, 2, 2});
        TimeAlignment a = TimeAlignment.of(target, other, 2, 0);
        assertEquals(2, a.step());
        // [-1, 1) holds 0; [1, 3) holds 1 2; [3, 5) holds 3 4; [5, 7) holds 5
        assertArrayEquals(new double[]{1, 4, 8, 11}, a.target());
        assertArrayEquals(new double[]{0, 0.5, 1.5, 2}, a.other());
    }

    @Test
    void aLagPairsTheTargetWithTheOtherSeriesEarlier() {
        // the other series leads by 2 s: target(t) = other(t - 2)
        double[] wave = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8};
        double[] follows = new double[12];
        for (int i = 0; i < 12; i++) follows[i] = i < 2 ? Double.NaN : wave[i - 2];
        MetricSeries target = series("t", range(0, 1, 12), follows);
        MetricSeries other = series("o", range(0, 1, 12), wave);

        TimeAlignment lagged = TimeAlignment.of(target, other, Double.NaN, 2);
        assertArrayEquals(lagged.target(), lagged.other());
        assertEquals(10, lagged.size());
        assertEquals(1, Correlator.pearson(lagged.target(), lagged.other()), 1e-12);
        TimeAlignment unlagged = TimeAlignment.of(target, other, Double.NaN, 0);
        assertEquals(10, unlagged.size());
        assertEquals(-0.07601962490489221, Correlator.pearson(unlagged.target(), unlagged.other()), 1e-12);
    }

    @Test
    void seriesThatDoNotOverlapHaveNoCommonPoints() {
        MetricSeries early = series("t", range(0, 1, 5), range(0, 1, 5));
        MetricSeries late = series("o", range(10, 1, 5), range(0, 1, 5));
        assertEquals(0, TimeAlignment.of(early, late, Double.NaN, 0).size());
        MetricSeries single = series("s", new double[]{0}, new double[]{1});
        assertEquals(0, TimeAlignment.of(single, single, Double.NaN, 0).size(), "one sample has no interval");
    }
}
