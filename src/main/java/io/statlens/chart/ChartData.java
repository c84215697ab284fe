package io.statlens.chart;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The data of one chart, ready to draw: what {@link ChartBuilder} turns into a JFreeChart. Made by
 * {@link ChartDataLoader} from a definition and runs, or directly by other layers (a comparison's bars).
 *
 * @param id       a file name stem: {@code rhel7_sar.cpu_pct-idle_heatmap}
 * @param kind     how to draw it
 * @param title    the chart's title
 * @param subtitle run, time range and choices made (top N); may be empty
 * @param domain   what x means, for {@link #series}
 * @param xLabel   the x axis label of a {@link Domain#NUMBER} domain
 * @param keyLabel what the keys are ({@code CPU}, {@code Device}): the axis of heat-map rows and bar groups
 * @param yLabel   the value axis label, with its unit: {@code %util (%)}
 * @param unit     the values' unit ({@code %} fixes a heat map's scale at 0..100)
 * @param hot      which end of the values is busy (heat-map colours)
 * @param series   lines, area layers or heat-map rows (one per key, top to bottom in this order)
 * @param bars     the values of a bar chart
 * @param markers  labelled vertical markers (annotations), in x units of the domain
 * @param runs     the runs it shows, in the order named; empty for data made directly
 * @param origins  on an elapsed axis, the clock time (epoch ms) each run's 0 s stands for, by run: what a readout of
 *                 runs of different dates says besides the elapsed time; empty on other axes
 */
public record ChartData(String id, ChartKind kind, String title, String subtitle, Domain domain, String xLabel, String keyLabel,
                        String yLabel, String unit, HotEnd hot, List<PlotSeries> series, List<BarValue> bars,
                        List<ChartMarker> markers, List<String> runs, Map<String, Double> origins) {

    /** Chart data of named runs, without clock times of an elapsed axis. */
    public ChartData(String id, ChartKind kind, String title, String subtitle, Domain domain, String xLabel, String keyLabel,
                     String yLabel, String unit, HotEnd hot, List<PlotSeries> series, List<BarValue> bars,
                     List<ChartMarker> markers, List<String> runs) {
        this(id, kind, title, subtitle, domain, xLabel, keyLabel, yLabel, unit, hot, series, bars, markers, runs, Map.of());
    }

    /** Chart data made directly, of no named run. */
    public ChartData(String id, ChartKind kind, String title, String subtitle, Domain domain, String xLabel, String keyLabel,
                     String yLabel, String unit, HotEnd hot, List<PlotSeries> series, List<BarValue> bars, List<ChartMarker> markers) {
        this(id, kind, title, subtitle, domain, xLabel, keyLabel, yLabel, unit, hot, series, bars, markers, List.of());
    }

    public ChartData {
        runs = List.copyOf(runs);
        origins = Collections.unmodifiableMap(new LinkedHashMap<>(origins));
        series = List.copyOf(series);
        bars = List.copyOf(bars);
        markers = List.copyOf(markers);
        subtitle = subtitle == null ? "" : subtitle;
        keyLabel = keyLabel == null ? "" : keyLabel;
        unit = unit == null ? "" : unit;
        if (hot == null) hot = HotEnd.HIGH;
    }

    /** The same chart under another subtitle. */
    public ChartData withSubtitle(String text) {
        return new ChartData(id, kind, title, text, domain, xLabel, keyLabel, yLabel, unit, hot, series, bars, markers, runs, origins);
    }

    /** The same chart with a note added to its subtitle. */
    public ChartData noted(String note) {
        String withNote = subtitle.isEmpty() ? note : subtitle + "  \u00b7  " + note;
        return new ChartData(id, kind, title, withNote, domain, xLabel, keyLabel, yLabel, unit, hot, series, bars, markers, runs, origins);
    }

    /**
     * The same chart with each series cut to the samples from {@code from} to {@code to}, and the one before and the
     * one after, so that a line drawn from them crosses both edges. Every series stays, empty when it has no sample
     * there, so that keys keep their colours; bars and markers are kept whole.
     *
     * @param from NaN for the first sample
     * @param to   NaN for the last sample
     */
    public ChartData between(double from, double to) {
        if (Double.isNaN(from) && Double.isNaN(to)) return this;
        List<PlotSeries> cut = new ArrayList<>(series.size());
        for (PlotSeries s : series) {
            int first = Double.isNaN(from) ? 0 : Math.max(0, firstAtOrAfter(s.x(), from) - 1);
            int end = Double.isNaN(to) ? s.size() : Math.min(s.size(), firstAfter(s.x(), to) + 1);
            if (first >= end) {
                cut.add(new PlotSeries(s.name(), s.colourKey(), s.dash(), new double[0], new double[0]));
            } else if (first == 0 && end == s.size()) {
                cut.add(s);
            } else {
                cut.add(new PlotSeries(s.name(), s.colourKey(), s.dash(), Arrays.copyOfRange(s.x(), first, end),
                        Arrays.copyOfRange(s.y(), first, end)));
            }
        }
        return new ChartData(id, kind, title, subtitle, domain, xLabel, keyLabel, yLabel, unit, hot, cut, bars, markers, runs, origins);
    }

    /** Index of the first x at or after {@code v} in the ascending {@code xs}; its length if none. */
    private static int firstAtOrAfter(double[] xs, double v) {
        int lo = 0;
        int hi = xs.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (xs[mid] < v) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    /** Index of the first x after {@code v} in the ascending {@code xs}; its length if none. */
    private static int firstAfter(double[] xs, double v) {
        int lo = 0;
        int hi = xs.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (xs[mid] <= v) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    /** What the x values of the series are. */
    public enum Domain {
        /** Epoch milliseconds, drawn as dates and times. */
        TIME,
        /** Seconds since the run's start, drawn as h:mm:ss. */
        ELAPSED,
        /** Plain numbers (an SQL chart's first column). */
        NUMBER
    }

    /**
     * One line, area layer or heat-map row.
     *
     * @param name      legend entry (or heat-map row label)
     * @param colourKey what the colour belongs to (a key, a run, a metric), see {@link KeyPalette}
     * @param dash      0 for a solid line; 1.. for dash patterns (several keys of one run in an overlay)
     * @param x         positions, ascending, in the chart's domain
     * @param y         values; NaN leaves a gap
     */
    public record PlotSeries(String name, String colourKey, int dash, double[] x, double[] y) {
        public PlotSeries {
            if (x.length != y.length) {
                throw new IllegalArgumentException("x and y differ in length: " + x.length + " != " + y.length);
            }
        }

        public int size() {
            return x.length;
        }
    }

    /**
     * One bar.
     *
     * @param category the group on the axis (a key, a metric)
     * @param series   the bar within the group (a run); also its colour key
     */
    public record BarValue(String category, String series, double value) {
    }

    /** A labelled vertical line at {@code x} (domain units). */
    public record ChartMarker(double x, String label) {
    }
}
