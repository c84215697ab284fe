package io.statlens.chart;

import io.statlens.analysis.Resampler;

import java.util.List;

/**
 * The cells of a heat map as it is drawn: one row per key, one cell per sample interval, but never more cells than
 * the chart has pixel columns; a cell that holds several samples is coloured by the one farthest from its row's
 * mean ({@link PeakPreservingDecimator#cellExtremes}). The picture ({@link ChartBuilder}) and whoever reads a cell
 * back (the HTML report's value under the mouse) take the cells from here, so that both show the same.
 *
 * @param keys   the rows' names, top to bottom
 * @param origin x of the first cell's left edge, in the chart's domain
 * @param width  the x span of a cell
 * @param step   the typical spacing of the samples (NaN when no row has two): a cell wider than it holds several
 * @param shown  per row and cell the value the cell is coloured by; NaN for a cell without a value
 * @param other  per row and cell the other extreme of its samples; NaN when the cell holds one value only
 */
public record HeatGrid(List<String> keys, double origin, double width, double step, double[][] shown, double[][] other) {
    public HeatGrid {
        keys = List.copyOf(keys);
    }

    /** The cells of a heat map drawn at {@link RenderSize#columns()} columns; {@code decimate} false gives one per sample. */
    static HeatGrid of(ChartData d, RenderSize size, boolean decimate) {
        List<ChartData.PlotSeries> rows = d.series();
        double[] range = ChartBuilder.xRange(rows);
        double step = typicalStep(rows);
        double span = Math.max(range[1] - range[0], 0);
        double width = Math.max(Double.isNaN(step) ? 1 : step, decimate ? span / size.columns() : 0);
        if (width <= 0) width = 1;
        int cells = (int) Math.floor(span / width + 1e-9) + 1;
        double[][] shown = new double[rows.size()][];
        double[][] other = new double[rows.size()][];
        for (int r = 0; r < rows.size(); r++) {
            ChartData.PlotSeries s = rows.get(r);
            PeakPreservingDecimator.CellExtremes row = PeakPreservingDecimator.cellExtremes(s.x(), s.y(), range[0], width, cells,
                    mean(s.y()));
            shown[r] = row.shown();
            other[r] = row.other();
        }
        return new HeatGrid(rows.stream().map(ChartData.PlotSeries::name).toList(), range[0], width, step, shown, other);
    }

    /** The heat map of a drawn chart, cell for cell as its picture has it. */
    public static HeatGrid of(DrawnChart drawn) {
        return of(drawn.data(), drawn.size(), true);
    }

    /** Cells per row. */
    public int cells() {
        return shown.length == 0 ? 0 : shown[0].length;
    }

    /** The x where the last cell ends: the right edge of the map. */
    public double end() {
        return origin + cells() * width;
    }

    /** The lowest and highest value coloured, {0, 1} when no cell has one. */
    double[] valueRange() {
        double lowest = Double.POSITIVE_INFINITY;
        double highest = Double.NEGATIVE_INFINITY;
        for (double[] row : shown) {
            for (double v : row) {
                if (Double.isNaN(v)) continue;
                lowest = Math.min(lowest, v);
                highest = Math.max(highest, v);
            }
        }
        return lowest > highest ? new double[]{0, 1} : new double[]{lowest, highest};
    }

    private static double mean(double[] y) {
        double sum = 0;
        int n = 0;
        for (double v : y) {
            if (Double.isNaN(v)) continue;
            sum += v;
            n++;
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    /** The median over rows of each row's typical sample spacing; NaN if no row has two samples. */
    private static double typicalStep(List<ChartData.PlotSeries> rows) {
        double[] steps = rows.stream().mapToDouble(s -> Resampler.typicalStep(s.x())).filter(v -> !Double.isNaN(v)).sorted()
                .toArray();
        return steps.length == 0 ? Double.NaN : steps[steps.length / 2];
    }
}
