package io.statlens.chart;

import java.util.Arrays;

/**
 * Where a series has no samples for longer than it usually has (a collect restarted or reconnected, a tool stopped
 * for a while), the line is broken rather than drawn straight from the last sample before to the first after: a
 * point without a value (NaN) is put in the middle of the gap, which the renderer does not join across and the
 * {@link PeakPreservingDecimator} keeps. Nothing is filled in.
 */
final class Gaps {
    /** A step longer than this many times the series' median step is a gap. */
    static final double FACTOR = 4;

    private Gaps() {
    }

    /** The series with a NaN point in the middle of each gap; the same series when it has none. */
    static ChartData.PlotSeries broken(ChartData.PlotSeries s) {
        double[] x = s.x();
        if (x.length < 3) return s;
        double[] steps = new double[x.length - 1];
        for (int i = 1; i < x.length; i++) steps[i - 1] = x[i] - x[i - 1];
        double[] sorted = steps.clone();
        Arrays.sort(sorted);
        double median = sorted[sorted.length / 2];
        if (!(median > 0)) return s;
        int gaps = 0;
        for (double step : steps) if (step > FACTOR * median) gaps++;
        if (gaps == 0) return s;
        double[] bx = new double[x.length + gaps];
        double[] by = new double[x.length + gaps];
        int j = 0;
        for (int i = 0; i < x.length; i++) {
            if (i > 0 && steps[i - 1] > FACTOR * median) {
                bx[j] = (x[i - 1] + x[i]) / 2;
                by[j++] = Double.NaN;
            }
            bx[j] = x[i];
            by[j++] = s.y()[i];
        }
        return new ChartData.PlotSeries(s.name(), s.colourKey(), s.dash(), bx, by);
    }
}
