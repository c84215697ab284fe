package io.statlens.chart;

import java.util.List;

/**
 * Reduces a series to what a screen can show without losing its peaks: the x range is cut into one
 * slice per pixel column, and of each slice only the points holding the minimum and the maximum are
 * kept. A line through those points covers exactly the pixels the full series would, so a one-sample
 * spike in a million points stays visible, while the chart draws at most two points per column.
 *
 * <p>The first and last points are always kept, so the decimated series spans the same x range.
 *
 * <p>Several series sharing their x values (the layers of a stacked area) are decimated together: a
 * point is kept if it holds the minimum or maximum of any of them in its column, so the layers stay
 * aligned. A slice in which a series has no value (NaN) keeps its first NaN, so gaps stay gaps.
 */
public final class PeakPreservingDecimator {
    private PeakPreservingDecimator() {
    }

    /** {@link #select(double[], List, double, double, int)} for one series. */
    public static int[] select(double[] x, double[] y, double from, double to, int columns) {
        return select(x, List.of(y), from, to, columns);
    }

    /**
     * @param x       positions, ascending
     * @param ys      series of the same length as {@code x}
     * @param from    left edge of the drawn range (points before it count to the first column)
     * @param to      right edge (points after it count to the last column)
     * @param columns pixel columns, at least 1
     * @return indices of the points to draw, ascending; all of them when there are no more than two per column
     */
    public static int[] select(double[] x, List<double[]> ys, double from, double to, int columns) {
        int n = x.length;
        if (n <= 2L * columns || columns < 1) return all(n);
        int k = ys.size();
        int[] minAt = new int[columns * k];
        int[] maxAt = new int[columns * k];
        int[] nanAt = new int[columns * k];
        java.util.Arrays.fill(minAt, -1);
        java.util.Arrays.fill(maxAt, -1);
        java.util.Arrays.fill(nanAt, -1);
        double perColumn = to > from ? columns / (to - from) : 0;
        for (int i = 0; i < n; i++) {
            int column = column(x[i], from, perColumn, columns);
            for (int s = 0; s < k; s++) {
                double v = ys.get(s)[i];
                int slot = column * k + s;
                if (Double.isNaN(v)) {
                    if (nanAt[slot] < 0) nanAt[slot] = i;
                    continue;
                }
                if (minAt[slot] < 0 || v < ys.get(s)[minAt[slot]]) minAt[slot] = i;
                if (maxAt[slot] < 0 || v > ys.get(s)[maxAt[slot]]) maxAt[slot] = i;
            }
        }
        boolean[] keep = new boolean[n];
        keep[0] = true;
        keep[n - 1] = true;
        int kept = 2;
        for (int[] chosen : new int[][]{minAt, maxAt, nanAt}) {
            for (int i : chosen) {
                if (i >= 0 && !keep[i]) {
                    keep[i] = true;
                    kept++;
                }
            }
        }
        int[] out = new int[kept];
        int j = 0;
        for (int i = 0; i < n; i++) if (keep[i]) out[j++] = i;
        return out;
    }

    /** The values at the given indices. */
    public static double[] pick(double[] values, int[] indices) {
        double[] out = new double[indices.length];
        for (int i = 0; i < indices.length; i++) out[i] = values[indices[i]];
        return out;
    }

    /**
     * One value per cell of a heat-map row: cell {@code c} covers {@code [origin + c*width, origin + (c+1)*width)}.
     * A cell can show one colour only, so it shows whichever of its minimum and maximum lies farther from
     * {@code centre} (the row's mean): a short burst and a short dip both stay visible. The other extreme is kept
     * beside it, for a reader of the cell (the HTML report's value under the mouse).
     */
    public static CellExtremes cellExtremes(double[] x, double[] y, double origin, double width, int cells, double centre) {
        double[] min = new double[cells];
        double[] max = new double[cells];
        java.util.Arrays.fill(min, Double.NaN);
        java.util.Arrays.fill(max, Double.NaN);
        for (int i = 0; i < x.length; i++) {
            if (Double.isNaN(y[i])) continue;
            long cell = (long) Math.floor((x[i] - origin) / width);
            if (cell < 0 || cell >= cells) continue;
            int c = (int) cell;
            if (Double.isNaN(min[c]) || y[i] < min[c]) min[c] = y[i];
            if (Double.isNaN(max[c]) || y[i] > max[c]) max[c] = y[i];
        }
        double[] shown = new double[cells];
        double[] other = new double[cells];
        for (int c = 0; c < cells; c++) {
            boolean low = centre - min[c] > max[c] - centre;
            shown[c] = Double.isNaN(min[c]) ? Double.NaN : low ? min[c] : max[c];
            other[c] = Double.isNaN(min[c]) || min[c] == max[c] ? Double.NaN : low ? max[c] : min[c];
        }
        return new CellExtremes(shown, other);
    }

    /**
     * The cells of a heat-map row.
     *
     * @param shown per cell the value it is coloured by; NaN for a cell without a value
     * @param other per cell the other extreme of its samples; NaN when the cell holds one value only
     */
    public record CellExtremes(double[] shown, double[] other) {
    }

    private static int column(double x, double from, double perColumn, int columns) {
        int c = (int) ((x - from) * perColumn);
        return c < 0 ? 0 : Math.min(c, columns - 1);
    }

    /** Every index: 0 to n - 1. */
    static int[] all(int n) {
        int[] out = new int[n];
        for (int i = 0; i < n; i++) out[i] = i;
        return out;
    }
}
