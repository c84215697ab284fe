package io.statlens.store.stats;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.DoubleSupplier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class ChunkSortTest {
    /** Sorts the first m of values as Arrays.sort does, bit for bit, and leaves the rest alone. */
    private static void assertSortsAsArraysSort(double[] values, int m) {
        double[] expected = values.clone();
        Arrays.sort(expected, 0, m);
        double[] actual = values.clone();
        ChunkSort.sort(actual, m);
        for (int i = 0; i < values.length; i++) {
            assertEquals(Double.doubleToRawLongBits(expected[i]), Double.doubleToRawLongBits(actual[i]),
                    "value " + i + " of " + m + ": " + expected[i] + " expected, " + actual[i]);
        }
    }

    private static double[] of(int n, DoubleSupplier value) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) v[i] = value.getAsDouble();
        return v;
    }

    @Test
    void sortsToolLikeValuesAsArraysSortDoes() {
        SplittableRandom random = new SplittableRandom(11);
        int full = SeriesSummary.EXACT_LIMIT;
        // percentages with one decimal, mostly idle; counters; latencies of many magnitudes; signed deltas
        assertSortsAsArraysSort(of(full, () -> random.nextInt(10) < 7 ? 0.0 : random.nextInt(1000) / 10.0), full);
        assertSortsAsArraysSort(of(full, () -> random.nextLong(1L << 40)), full);
        assertSortsAsArraysSort(of(full, () -> Math.exp(random.nextDouble(-40, 40))), full);
        assertSortsAsArraysSort(of(full, () -> random.nextDouble(-1e6, 1e6)), full);
        assertSortsAsArraysSort(of(full, () -> random.nextInt(3) - 1.0), full);
        assertSortsAsArraysSort(of(37, () -> random.nextGaussian()), 37);
        assertSortsAsArraysSort(of(100, () -> random.nextGaussian()), 60);
    }

    @Test
    void ordersZerosAndExtremesAsArraysSortDoes() {
        double[] v = {0.0, -0.0, Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_VALUE, -Double.MIN_VALUE, 1e200, -1e-300,
                0.0, -0.0, 42, 42, -42};
        assertSortsAsArraysSort(v, v.length);
        assertSortsAsArraysSort(of(SeriesSummary.EXACT_LIMIT, () -> 7.5), SeriesSummary.EXACT_LIMIT);
    }

    @Test
    void leavesNoneOrOneValueAsItIs() {
        double[] one = {3.0, 1.0};
        ChunkSort.sort(one, 1);
        assertArrayEquals(new double[]{3.0, 1.0}, one);
        ChunkSort.sort(one, 0);
        assertArrayEquals(new double[]{3.0, 1.0}, one);
    }
}
