package io.statlens.analysis;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResamplerTest {
    @Test
    void averagesSamplesPerGridPointAndLeavesGapsEmpty() {
        double[] grid = Resampler.onGrid(new double[]{0, 1, 2.5, 7}, new double[]{1, 3, 10, 4}, 0, 2, 4);
        assertEquals(2, grid[0]);
        assertEquals(10, grid[1]);
        assertTrue(Double.isNaN(grid[2]));
        assertEquals(4, grid[3]);
    }

    @Test
    void ignoresMissingValuesAndPointsOutsideTheGrid() {
        assertArrayEquals(new double[]{5, Double.NaN}, Resampler.onGrid(new double[]{-1, 0, 0.5, 9}, new double[]{1, 5, Double.NaN, 2}, 0, 1, 2));
    }

    @Test
    void typicalStepIsTheMedianStep() {
        assertEquals(5, Resampler.typicalStep(new double[]{0, 5, 10, 15, 40}));
        assertTrue(Double.isNaN(Resampler.typicalStep(new double[]{3})));
    }
}
