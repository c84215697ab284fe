package io.statlens.chart;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PeakPreservingDecimatorTest {
    @Test
    void aMillionPointsBecomeTheMinimumAndMaximumOfEachPixelColumn() {
        int n = 1_000_000;
        int columns = 1000;
        double[] x = new double[n];
        double[] y = new double[n];
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < n; i++) {
            x[i] = i;
            y[i] = 50 + random.nextDouble() * 10;
        }
        y[123_456] = 1000;
        y[654_321] = -1000;

        int[] kept = PeakPreservingDecimator.select(x, y, 0, n - 1, columns);

        assertTrue(kept.length <= 2 * columns + 2, "at most two points per column and the ends: " + kept.length);
        assertTrue(kept.length >= 2 * columns - 10, "about two points per column: " + kept.length);
        assertEquals(0, kept[0], "the first point spans the x range");
        assertEquals(n - 1, kept[kept.length - 1], "and the last one");
        for (int i = 1; i < kept.length; i++) assertTrue(kept[i] > kept[i - 1], "ascending, no duplicates");
        assertTrue(Arrays.stream(kept).anyMatch(i -> i == 123_456), "the one-sample spike stays");
        assertTrue(Arrays.stream(kept).anyMatch(i -> i == 654_321), "and so does the dip");
        // Every column's extremes are among the kept values.
        double perColumn = columns / (double) (n - 1);
        double[] min = new double[columns];
        double[] max = new double[columns];
        Arrays.fill(min, Double.POSITIVE_INFINITY);
        Arrays.fill(max, Double.NEGATIVE_INFINITY);
        for (int i = 0; i < n; i++) {
            int c = Math.min(columns - 1, (int) (x[i] * perColumn));
            min[c] = Math.min(min[c], y[i]);
            max[c] = Math.max(max[c], y[i]);
        }
        double[] keptMin = new double[columns];
        double[] keptMax = new double[columns];
        Arrays.fill(keptMin, Double.POSITIVE_INFINITY);
        Arrays.fill(keptMax, Double.NEGATIVE_INFINITY);
        for (int i : kept) {
            int c = Math.min(columns - 1, (int) (x[i] * perColumn));
            keptMin[c] = Math.min(keptMin[c], y[i]);
            keptMax[c] = Math.max(keptMax[c], y[i]);
        }
        assertArrayEquals(min, keptMin);
        assertArrayEquals(max, keptMax);
    }

    @Test
    void handCheckedColumns() {
        // Columns of width 2 over [0, 8): {0,1}, {2,3}, {4,5}, {6,7}.
        double[] x = {0, 1, 2, 3, 4, 5, 6, 7, 7.5};
        double[] y = {5, 1, 2, 2, 9, 3, 4, 4, 4};
        assertArrayEquals(new int[]{0, 1, 2, 4, 5, 6, 8}, PeakPreservingDecimator.select(x, y, 0, 8, 4));
    }

    @Test
    void shortSeriesAreKeptWhole() {
        int[] kept = PeakPreservingDecimator.select(new double[]{0, 1, 2}, new double[]{3, 1, 2}, 0, 2, 100);
        assertArrayEquals(new int[]{0, 1, 2}, kept);
    }

    @Test
    void layersOfAStackKeepTheExtremesOfEveryLayerAtSharedPoints() {
        double[] x = {0, 1, 2, 3, 4, 5, 6, 7};
        double[] usr = {1, 9, 1, 1, 1, 1, 1, 1};
        double[] sys = {1, 1, 1, 1, 1, 1, 8, 1};
        int[] kept = PeakPreservingDecimator.select(x, List.of(usr, sys), 0, 8, 2);
        assertTrue(Arrays.stream(kept).anyMatch(i -> i == 1), "usr's peak");
        assertTrue(Arrays.stream(kept).anyMatch(i -> i == 6), "sys's peak");
    }

    @Test
    void aGapStaysAGap() {
        double[] x = new double[100];
        double[] y = new double[100];
        for (int i = 0; i < 100; i++) {
            x[i] = i;
            y[i] = i >= 40 && i < 60 ? Double.NaN : 1;
        }
        int[] kept = PeakPreservingDecimator.select(x, y, 0, 99, 10);
        assertTrue(Arrays.stream(kept).anyMatch(i -> Double.isNaN(y[i])), "a NaN is kept, so the line breaks");
    }

    @Test
    void aHeatMapCellShowsTheExtremeFarthestFromTheRowMean() {
        double[] x = {0, 1, 2, 3, 4, 5};
        double[] y = {50, 90, 50, 45, 10, 50};
        // cells of width 2: {50, 90} -> 90 (40 above the mean 50), {50, 45} -> 45, {10, 50} -> 10
        PeakPreservingDecimator.CellExtremes cells = PeakPreservingDecimator.cellExtremes(x, y, 0, 2, 4, 50);
        assertArrayEquals(new double[]{90, 45, 10, Double.NaN}, cells.shown());
        assertArrayEquals(new double[]{50, 50, 50, Double.NaN}, cells.other(), "the other end of each cell, for its readout");
    }
}
