package io.statlens.store.stats;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SeriesSummaryTest {
    /**
     * Beyond {@link SeriesSummary#EXACT_LIMIT} values percentiles come from a t-digest of
     * compression 100. Its error is in rank: the estimate of the q-th percentile lies between the
     * exact (q - 0.005)-th and (q + 0.005)-th, half a percentile point; measured errors are below 0.003.
     */
    private static final double RANK_TOLERANCE = 0.005;

    private static SeriesSummary of(double... values) {
        SeriesSummary s = new SeriesSummary();
        for (double v : values) s.add(v);
        return s;
    }

    @Test
    void shortSeriesHaveExactStatisticsWithInterpolatedPercentiles() {
        SeriesStats s = of(7, 1, 3, 9, 5, 2, 8, 10, 4, 6, Double.NaN).stats();
        assertEquals(10, s.n(), "NaN (not printed) is not counted");
        assertEquals(1, s.min());
        assertEquals(10, s.max());
        assertEquals(5.5, s.mean(), 1e-12);
        assertEquals(Math.sqrt(82.5 / 9), s.stddev(), 1e-12, "sample standard deviation: sum of squared deviations / (n - 1)");
        // rank h = (n - 1) q: p50 between the 5th and 6th values, p90 at 9 + 0.1, p95 at 9 + 0.55, p99 at 9 + 0.91
        assertEquals(5.5, s.p50(), 1e-12);
        assertEquals(9.1, s.p90(), 1e-12);
        assertEquals(9.55, s.p95(), 1e-12);
        assertEquals(9.91, s.p99(), 1e-12);
    }

    @Test
    void aSingleValueHasNoSpread() {
        SeriesStats s = of(42).stats();
        assertEquals(new SeriesStats(1, 42, 42, 42, 0, 42, 42, 42, 42), s);
    }

    @Test
    void varianceOfLargeValuesSurvives() {
        // A sum of squares would be 3e18 here and lose the spread of 1 to rounding.
        SeriesStats s = of(1e9 + 1, 1e9 + 2, 1e9 + 3).stats();
        assertEquals(1e9 + 2, s.mean(), 1e-6);
        assertEquals(1.0, s.stddev(), 1e-9);
    }

    @Test
    void percentilesAreExactUpToTheLimitAndFromTheDigestBeyond() {
        SeriesSummary s = new SeriesSummary();
        for (int i = 0; i < SeriesSummary.EXACT_LIMIT; i++) s.add(i);
        assertTrue(s.exact());
        assertEquals((SeriesSummary.EXACT_LIMIT - 1) * 0.99, s.stats().p99(), 1e-9);
        s.add(SeriesSummary.EXACT_LIMIT);
        assertFalse(s.exact());
    }

    @Test
    void digestPercentilesStayWithinHalfAPercentilePointOfTheExactOnes() {
        SplittableRandom random = new SplittableRandom(7);
        for (int n : new int[]{5_000, 100_000}) {
            double[] values = new double[n];
            SeriesSummary s = new SeriesSummary();
            for (int i = 0; i < n; i++) {
                // skewed like latencies, rounded to two decimals like tool output
                values[i] = Math.round(Math.exp(random.nextDouble() * 4) * 100) / 100.0;
                s.add(values[i]);
            }
            Arrays.sort(values);
            SeriesStats stats = s.stats();
            assertEquals(n, stats.n());
            assertEquals(values[0], stats.min());
            assertEquals(values[n - 1], stats.max());
            assertEquals(Arrays.stream(values).average().orElseThrow(), stats.mean(), 1e-9);
            assertWithinRank(values, 0.50, stats.p50());
            assertWithinRank(values, 0.90, stats.p90());
            assertWithinRank(values, 0.95, stats.p95());
            assertWithinRank(values, 0.99, stats.p99());
        }
    }

    /**
     * Values arrive in chunks that are sorted and handed to the digest as weighted centroids: the percentiles must
     * hold on data a chunk-wise summary could get wrong (sorted, constant, runs of zeros with spikes, two modes that
     * come one after the other, a repeating ramp, a heavy tail), within the same half percentile point, and the
     * moments must be those of all values. (The chunked summary and the plain t-digest it replaced both stay below
     * 0.004 in rank on these series.)
     */
    @Test
    void digestPercentilesHoldOnAdversarialSeries() {
        record Series(String name, java.util.function.IntToDoubleFunction value) {
        }
        SplittableRandom random = new SplittableRandom(11);
        int n = 36_000;
        List<Series> all = List.of(
                new Series("sorted ascending", i -> i),
                new Series("sorted descending", i -> n - i),
                new Series("constant", i -> 42),
                new Series("mostly zero with 2 % spikes", i -> random.nextDouble() < 0.02 ? 1000 + random.nextDouble() * 100 : 0),
                new Series("bimodal 90/10", i -> random.nextDouble() < 0.9 ? 1 + random.nextGaussian() * 0.1 : 100 + random.nextGaussian()),
                new Series("low half then high half", i -> i < n / 2 ? random.nextDouble() : 1000 + random.nextDouble()),
                new Series("ramp repeating every 300", i -> i % 300),
                new Series("Pareto tail", i -> Math.pow(1 - random.nextDouble(), -1 / 1.2)));
        for (Series series : all) {
            double[] values = new double[n];
            SeriesSummary s = new SeriesSummary();
            for (int i = 0; i < n; i++) {
                values[i] = series.value().applyAsDouble(i);
                s.add(values[i]);
            }
            SeriesStats stats = s.stats();
            double mean = Arrays.stream(values).average().orElseThrow();
            double m2 = Arrays.stream(values).map(v -> (v - mean) * (v - mean)).sum();
            Arrays.sort(values);
            assertEquals(n, stats.n(), series.name());
            assertEquals(values[0], stats.min(), series.name());
            assertEquals(values[n - 1], stats.max(), series.name());
            assertEquals(mean, stats.mean(), 1e-9 * Math.max(1, Math.abs(mean)), series.name());
            assertEquals(Math.sqrt(m2 / (n - 1)), stats.stddev(), 1e-9 * Math.max(1, stats.stddev()), series.name());
            assertWithinRank(values, 0.50, stats.p50());
            assertWithinRank(values, 0.90, stats.p90());
            assertWithinRank(values, 0.95, stats.p95());
            assertWithinRank(values, 0.99, stats.p99());
        }
    }

    @Test
    void aDigestWrittenMidSeriesKeepsEveryValueAndTheSeriesGoesOn() {
        SeriesSummary s = new SeriesSummary();
        for (int i = 0; i < 3000; i++) s.add(i);
        assertEquals(3000, com.tdunning.math.stats.MergingDigest.fromBytes(java.nio.ByteBuffer.wrap(s.digestBytes())).size());
        for (int i = 3000; i < 5000; i++) s.add(i);
        SeriesStats stats = s.stats();
        assertEquals(5000, stats.n());
        assertEquals(4999, stats.max());
        assertEquals(2499.5, stats.mean(), 1e-9);
        assertEquals(5000, com.tdunning.math.stats.MergingDigest.fromBytes(java.nio.ByteBuffer.wrap(s.digestBytes())).size());
    }

    /**
     * A collect writes the statistics of series that go on growing (issue 24): taken from copies, they leave the series
     * chunked as an import's, so that its last statistics and digest are an import's to the bit; taken from the series
     * itself, every write moves the staged values into the digest early.
     */
    @Test
    void statisticsOfACopyTakenMidSeriesLeaveTheSeriesAsAnImportWouldEnd() {
        SplittableRandom random = new SplittableRandom(24);
        double[] values = random.doubles(5000, 0, 100).toArray();
        SeriesSummary imported = of(values);
        SeriesSummary collected = new SeriesSummary();
        SeriesSummary rewritten = new SeriesSummary();
        for (int i = 0; i < values.length; i++) {
            collected.add(values[i]);
            rewritten.add(values[i]);
            if (i % 7 == 0) {
                SeriesSummary copy = collected.copy();
                assertEquals(i + 1, copy.stats().n());
                copy.digestBytes();
                rewritten.stats();
                rewritten.digestBytes();
            }
        }
        assertEquals(imported.stats(), collected.stats());
        assertArrayEquals(imported.digestBytes(), collected.digestBytes());
        assertNotEquals(imported.stats(), rewritten.stats(), "the statistics written from the series itself drift");
    }

    private static void assertWithinRank(double[] sorted, double q, double estimate) {
        double low = sorted[(int) Math.floor((sorted.length - 1) * Math.max(0, q - RANK_TOLERANCE))];
        double high = sorted[(int) Math.ceil((sorted.length - 1) * Math.min(1, q + RANK_TOLERANCE))];
        assertTrue(estimate >= low && estimate <= high, "p" + Math.round(q * 100) + " = " + estimate + " not in [" + low + ", "
                + high + "]");
    }

    @Test
    void mergedSummariesOfTwoFilesEqualTheSummaryOfAllValues() {
        SplittableRandom random = new SplittableRandom(3);
        SeriesSummary first = new SeriesSummary();
        SeriesSummary second = new SeriesSummary();
        SeriesSummary all = new SeriesSummary();
        double[] values = new double[3000];
        for (int i = 0; i < values.length; i++) {
            values[i] = random.nextDouble() * 100;
            (i < 1000 ? first : second).add(values[i]);
            all.add(values[i]);
        }
        SeriesStats merged = SeriesSummary.merge(List.of(new SeriesSummary.Part(first.stats(), first.digestBytes()),
                new SeriesSummary.Part(second.stats(), second.digestBytes())));
        SeriesStats whole = all.stats();
        assertEquals(whole.n(), merged.n());
        assertEquals(whole.min(), merged.min());
        assertEquals(whole.max(), merged.max());
        assertEquals(whole.mean(), merged.mean(), 1e-9);
        assertEquals(whole.stddev(), merged.stddev(), 1e-9);
        Arrays.sort(values);
        assertWithinRank(values, 0.50, merged.p50());
        assertWithinRank(values, 0.99, merged.p99());
    }

    @Test
    void theMergeOfOneSummaryIsItself() {
        SeriesSummary s = of(1, 2, 3, 4);
        assertEquals(s.stats(), SeriesSummary.merge(List.of(new SeriesSummary.Part(s.stats(), s.digestBytes()))));
    }

    /**
     * Issue 31: squares and sums of 1e200 overflowed a double, and the repository refused the infinite statistics. Long
     * series of huge values in both signs, in chunks and merged across files, keep every statistic that is finite.
     */
    @Test
    void hugeValuesGiveFiniteStatisticsInChunksAndMerged() {
        SplittableRandom random = new SplittableRandom(31);
        SeriesSummary first = new SeriesSummary();
        SeriesSummary second = new SeriesSummary();
        SeriesSummary all = new SeriesSummary();
        double[] values = new double[5000];
        for (int i = 0; i < values.length; i++) {
            // a quarter at 1e200, the rest small: mean 2.5e199, population spread sqrt(3) / 4 * 1e200
            values[i] = i % 4 == 0 ? 1e200 : random.nextDouble();
            (i < 2000 ? first : second).add(values[i]);
            all.add(values[i]);
        }
        double spread = Math.sqrt(3) / 4 * 1e200 * Math.sqrt(5000.0 / 4999);
        SeriesStats whole = all.stats();
        assertEquals(2.5e199, whole.mean(), 1e186);
        assertEquals(spread, whole.stddev(), 1e187);
        assertEquals(1e200, whole.max());
        assertEquals(1e200, whole.p99());
        SeriesStats merged = SeriesSummary.merge(List.of(new SeriesSummary.Part(first.stats(), first.digestBytes()),
                new SeriesSummary.Part(second.stats(), second.digestBytes())));
        assertEquals(2.5e199, merged.mean(), 1e186);
        assertEquals(spread, merged.stddev(), 1e187);
        assertEquals(1e200, merged.p99(), "the digest keeps values beyond a float's range");
    }

    @Test
    void aStandardDeviationBeyondADoubleIsNaNAndTheRestStands() {
        SeriesSummary s = new SeriesSummary();
        for (int i = 0; i < 3000; i++) s.add(i % 2 == 0 ? Double.MAX_VALUE : -Double.MAX_VALUE);
        SeriesStats stats = s.stats();
        assertEquals(0, stats.mean(), 1e-12 * Double.MAX_VALUE);
        assertEquals(-Double.MAX_VALUE, stats.min());
        assertEquals(Double.MAX_VALUE, stats.max());
        assertTrue(Double.isNaN(stats.stddev()), "sqrt(n / (n - 1)) * MAX_VALUE is beyond a double: " + stats.stddev());
        assertTrue(Double.isNaN(stats.p50()), "no digest of values whose weighted sums overflow: " + stats.p50());
        SeriesStats merged = SeriesSummary.merge(List.of(new SeriesSummary.Part(stats, s.digestBytes()),
                new SeriesSummary.Part(of(1, 2).stats(), of(1, 2).digestBytes())));
        assertEquals(3002, merged.n());
        assertTrue(Double.isNaN(merged.p50()) && Double.isNaN(merged.stddev()), merged.toString());
        SeriesStats exact = of(Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE).stats();
        assertEquals(new SeriesStats(3, Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE, 0, Double.MAX_VALUE,
                Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE), exact);
    }
}
