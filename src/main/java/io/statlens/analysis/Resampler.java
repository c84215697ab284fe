package io.statlens.analysis;

/**
 * Puts a series on a regular grid so that series from different tools or runs line up: grid point
 * i covers {@code [origin + i*step, origin + (i+1)*step)}, and its value is the mean of the samples
 * that fall in it (NaN when none do). Used to align runs by elapsed time and tools by timestamp.
 */
public final class Resampler {
    /** Sums are of values times 2^-SCALE: up to 2^31 of them stay finite, and only subnormal values lose digits. */
    private static final int SCALE = 32;

    private Resampler() {
    }

    /**
     * @param positions sample positions (elapsed seconds, or epoch seconds), ascending
     * @param values    sample values; NaN values are ignored
     * @param origin    position of grid point 0
     * @param step      grid spacing, &gt; 0
     * @param points    number of grid points
     */
    public static double[] onGrid(double[] positions, double[] values, double origin, double step, int points) {
        double[] sum = new double[points];
        int[] count = new int[points];
        for (int i = 0; i < positions.length; i++) {
            if (Double.isNaN(values[i])) continue;
            long bin = (long) Math.floor((positions[i] - origin) / step);
            if (bin < 0 || bin >= points) continue;
            // scaled by a power of two (exact) so that sums of huge values cannot overflow
            sum[(int) bin] += Math.scalb(values[i], -SCALE);
            count[(int) bin]++;
        }
        double[] out = new double[points];
        for (int i = 0; i < points; i++) out[i] = count[i] == 0 ? Double.NaN : Math.scalb(sum[i] / count[i], SCALE);
        return out;
    }

    /** The typical spacing of ascending positions: the median of the positive steps; NaN with fewer than two. */
    public static double typicalStep(double[] positions) {
        double[] steps = new double[Math.max(0, positions.length - 1)];
        int n = 0;
        for (int i = 1; i < positions.length; i++) {
            double d = positions[i] - positions[i - 1];
            if (d > 0) steps[n++] = d;
        }
        if (n == 0) return Double.NaN;
        java.util.Arrays.sort(steps, 0, n);
        return n % 2 == 1 ? steps[n / 2] : (steps[n / 2 - 1] + steps[n / 2]) / 2;
    }
}
