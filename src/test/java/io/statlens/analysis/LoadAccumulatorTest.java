package io.statlens.analysis;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Busy time gathered as it streams by, in bounded memory, against the same figures from the whole series. */
class LoadAccumulatorTest {
    /** 30,000 one-second samples with two decimals (as mpstat prints them), a gap and a stretch at the limit. */
    private static double[][] series() {
        Random r = new Random(7);
        int n = 30_000;
        double[] t = new double[n];
        double[] v = new double[n];
        double at = 0;
        for (int i = 0; i < n; i++) {
            at += i == 20_000 ? 600 : 1;
            t[i] = at;
            v[i] = i % 997 == 0 ? Double.NaN : i >= 12_000 && i < 12_400 ? 97.5 : Math.round(r.nextDouble() * 9000) / 100.0;
        }
        return new double[][]{t, v};
    }

    @Test
    void aLongSeriesGivesTheFiguresOfTheWholeSeries() {
        double[][] s = series();
        LoadAccumulator busy = new LoadAccumulator(x -> x >= 95);
        for (int i = 0; i < s[0].length; i++) busy.add(s[0][i], s[1][i]);
        assertEquals(RunEvidence.quantile(s[1], 0.95), busy.quantile(0.95), 1e-9, "p95 beyond the exact part, from the histogram");
        assertEquals(RunEvidence.quantile(s[1], 0.5), busy.quantile(0.5), 1e-9);
        assertEquals(RunEvidence.mean(s[1]), busy.mean(), 1e-9);
        assertEquals(97.5, busy.max());
        assertEquals(ThresholdTime.of(s[0], s[1], x -> x >= 95), busy.atLimit(), "time at the limit, the gap capped as before");
    }

    @Test
    void aShortSeriesIsExact() {
        double[] t = {0, 5, 10, 15};
        double[] v = {1.234567, 99.1, 2.5, 98.7654321};
        LoadAccumulator busy = new LoadAccumulator(x -> x >= 95);
        for (int i = 0; i < t.length; i++) busy.add(t[i], v[i]);
        assertEquals(RunEvidence.quantile(v, 0.95), busy.quantile(0.95));
        assertEquals(ThresholdTime.of(t, v, x -> x >= 95), busy.atLimit());
    }
}
