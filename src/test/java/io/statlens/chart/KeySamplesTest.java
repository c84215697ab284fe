package io.statlens.chart;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class KeySamplesTest {
    @Test
    void aShortSeriesIsKeptWhole() {
        KeySamples k = new KeySamples(2, KeySamples.BUCKETS);
        for (int i = 0; i < 1000; i++) k.add(i * 1000.0, i, new double[]{i, i % 7 == 0 ? Double.NaN : 2 * i});
        assertFalse(k.reduced());
        assertEquals(1000, k.size());
        assertArrayEquals(java.util.stream.IntStream.range(0, 1000).asDoubleStream().toArray(), k.values(0));
        assertEquals(499.5, k.mean(0), 1e-9);
        assertEquals(1000 - 143, k.samples(1));
    }

    @Test
    void aLongSeriesKeepsWhatAChartShowsInBoundedMemory() {
        KeySamples k = new KeySamples(1, KeySamples.BUCKETS_OF_MANY);
        int n = 3_000_000;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            // A slow wave, one spike and one dip of a single sample each, and one missing sample.
            double v = i == 1_234_567 ? 1000 : i == 2_500_000 ? -1000 : i == 2_000_000 ? Double.NaN : 50 + 10 * Math.sin(i / 50_000.0);
            if (!Double.isNaN(v)) sum += v;
            k.add(i * 1000.0, i, new double[]{v});
        }
        assertTrue(k.reduced());
        assertTrue(k.size() <= 4 * KeySamples.BUCKETS_OF_MANY, "kept " + k.size());
        assertTrue(k.size() >= KeySamples.BUCKETS_OF_MANY / 2, "kept " + k.size());
        double[] values = k.values(0);
        double[] elapsed = k.elapsed();
        assertEquals(1000, Arrays.stream(values).filter(v -> !Double.isNaN(v)).max().orElseThrow());
        assertEquals(-1000, Arrays.stream(values).filter(v -> !Double.isNaN(v)).min().orElseThrow());
        assertTrue(Arrays.stream(values).anyMatch(Double::isNaN), "a gap stays a gap");
        assertEquals(0, elapsed[0]);
        assertEquals(n - 1, elapsed[elapsed.length - 1]);
        for (int i = 1; i < elapsed.length; i++) assertTrue(elapsed[i] > elapsed[i - 1], "in time order");
        assertEquals(sum / (n - 1), k.mean(0), 1e-9);
        assertEquals(n - 1, k.samples(0));
        assertArrayEquals(Arrays.stream(elapsed).map(e -> e * 1000).toArray(), k.time());
    }
}
