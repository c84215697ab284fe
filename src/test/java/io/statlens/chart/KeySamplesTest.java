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

    /**
     * A reduction does not look again at the buckets a reduction to the same size settled: the points kept are those of
     * reductions that look at every point held each time (the model below), for series of ties, gaps and spikes.
     */
    @Test
    void aReductionThatSkipsSettledBucketsKeepsWhatAFullOneKeeps() {
        java.util.Random random = new java.util.Random(27);
        for (int series = 0; series < 60; series++) {
            int metrics = 1 + series % 3;
            int buckets = 4 << (series % 4);
            int n = 1 + random.nextInt(40_000);
            KeySamples k = new KeySamples(metrics, buckets);
            FullRescan model = new FullRescan(metrics, buckets);
            for (int i = 0; i < n; i++) {
                double[] row = new double[metrics];
                for (int m = 0; m < metrics; m++) {
                    int r = random.nextInt(100);
                    // few distinct values (ties), some gaps, rare spikes
                    row[m] = r < 5 ? Double.NaN : r == 99 ? 1000 + random.nextInt(3) : random.nextInt(4);
                }
                k.add(i * 1000.0, i, row);
                model.add(i, row);
            }
            String what = "series " + series + " (" + metrics + " metrics, " + buckets + " buckets, " + n + " samples)";
            assertTrue(k.reduced() || n < 4 * buckets * metrics, what);
            assertArrayEquals(model.kept(), k.elapsed(), what);
            for (int m = 0; m < metrics; m++) assertArrayEquals(model.values(m), k.values(m), what);
        }
    }

    /** KeySamples' reductions as first written: every held point looked at by each reduction. */
    private static final class FullRescan {
        private final int metrics;
        private final int buckets;
        private final int capacity;
        private final java.util.List<double[]> held = new java.util.ArrayList<>();
        private long read;
        private long bucket = 1;
        /** The length of KeySamples' arrays, which reduce when full. */
        private int length = 64;

        FullRescan(int metrics, int buckets) {
            this.metrics = metrics;
            this.buckets = buckets;
            this.capacity = 2 * buckets * metrics * 2;
        }

        void add(long at, double[] row) {
            if (held.size() == length) {
                if (held.size() >= capacity) reduce();
                else length = Math.min(capacity, length * 2);
            }
            double[] point = new double[metrics + 1];
            point[0] = at;
            System.arraycopy(row, 0, point, 1, metrics);
            held.add(point);
            read++;
        }

        private void reduce() {
            bucket = Math.max(bucket, Math.max(2, Long.highestOneBit(Math.max(1, read / buckets)) * 2));
            keepExtremes();
            while (held.size() > capacity / 2) {
                bucket *= 2;
                keepExtremes();
            }
        }

        private void keepExtremes() {
            boolean[] keep = new boolean[held.size()];
            keep[0] = true;
            keep[held.size() - 1] = true;
            int start = 0;
            while (start < held.size()) {
                long b = (long) held.get(start)[0] / bucket;
                int end = start;
                while (end < held.size() && (long) held.get(end)[0] / bucket == b) end++;
                for (int m = 1; m <= metrics; m++) {
                    int min = -1;
                    int max = -1;
                    int gap = -1;
                    for (int i = start; i < end; i++) {
                        double v = held.get(i)[m];
                        if (Double.isNaN(v)) {
                            if (gap < 0) gap = i;
                            continue;
                        }
                        if (min < 0 || v < held.get(min)[m]) min = i;
                        if (max < 0 || v > held.get(max)[m]) max = i;
                    }
                    if (min >= 0) keep[min] = true;
                    if (max >= 0) keep[max] = true;
                    if (gap >= 0) keep[gap] = true;
                }
                start = end;
            }
            java.util.List<double[]> kept = new java.util.ArrayList<>();
            for (int i = 0; i < keep.length; i++) if (keep[i]) kept.add(held.get(i));
            held.clear();
            held.addAll(kept);
        }

        double[] kept() {
            return held.stream().mapToDouble(p -> p[0]).toArray();
        }

        double[] values(int metric) {
            return held.stream().mapToDouble(p -> p[metric + 1]).toArray();
        }
    }
}
