package io.statlens.report;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.chart.ChartData;
import io.statlens.chart.ChartKind;
import io.statlens.chart.DrawnChart;
import io.statlens.chart.HeatGrid;
import io.statlens.chart.PeakPreservingDecimator;
import org.jfree.chart.plot.XYPlot;

import java.awt.Color;
import java.awt.Paint;
import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The data of an interactive chart of the HTML report, as JSON for the page's script: the series decimated
 * by {@link PeakPreservingDecimator} to twice the chart's pixel columns (so that zooming in twice still shows
 * every peak), x delta-coded in whole milliseconds, y to five significant digits. Its size so depends on the
 * chart's width and series, not on the number of samples. A heat map's data are its cells as its picture
 * colours them ({@link HeatGrid}), for the value under the mouse. Every string is escaped for a {@code <script>}
 * element of an HTML page ({@link #quote}).
 */
final class ChartJson {
    /** Finer than the picture: zooming in shows detail the static chart had to leave out. */
    private static final int DETAIL = 2;
    private static final MathContext Y_DIGITS = new MathContext(5);

    private ChartJson() {
    }

    /** Whether the page's script draws this chart: lines, overlays and stacked areas; heat maps and bars stay pictures. */
    static boolean interactive(ChartData c) {
        return (c.kind() == ChartKind.LINE || c.kind() == ChartKind.OVERLAY || c.kind() == ChartKind.AREA)
                && c.series().stream().anyMatch(s -> s.size() > 0);
    }

    /** The drawn chart's data, in the colours of its static picture, decimated for its width. */
    static String of(DrawnChart drawn, ZoneId zone) {
        ChartData c = drawn.data();
        int columns = drawn.size().columns();
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (ChartData.PlotSeries s : c.series()) {
            if (s.size() == 0) continue;
            lo = Math.min(lo, s.x()[0]);
            hi = Math.max(hi, s.x()[s.size() - 1]);
        }
        boolean area = c.kind() == ChartKind.AREA;
        int[] shared = area ? PeakPreservingDecimator.select(c.series().get(0).x(),
                c.series().stream().map(ChartData.PlotSeries::y).toList(), lo, hi, columns * DETAIL) : null;
        ReadableNumbers.Style style = ReadableNumbers.style(c.unit());
        StringBuilder b = new StringBuilder(4096);
        b.append("{\"kind\":\"").append(area ? "area" : "line").append("\",\"domain\":\"")
                .append(c.domain().name().toLowerCase(Locale.ROOT)).append('"');
        field(b, "title", c.title());
        field(b, "subtitle", c.subtitle());
        field(b, "xLabel", xLabel(c, zone, hi));
        field(b, "yLabel", c.yLabel());
        field(b, "unit", c.unit());
        field(b, "zone", zoneName(zone));
        b.append(",\"tz\":").append(offsets(zone, lo, hi, c.domain()));
        b.append(",\"style\":{\"s\":").append(style.significant()).append(",\"m\":").append(style.maxDecimals()).append('}');
        b.append(",\"series\":[");
        boolean many = c.series().size() > 6;
        for (int i = 0; i < c.series().size(); i++) {
            ChartData.PlotSeries s = c.series().get(i);
            int[] keep = area ? shared : PeakPreservingDecimator.select(s.x(), s.y(), lo, hi, columns * DETAIL);
            if (i > 0) b.append(',');
            b.append('{');
            b.append("\"name\":").append(quote(s.name()));
            b.append(",\"colour\":\"").append(hex(colour(drawn, i))).append('"');
            b.append(",\"dash\":").append(Math.floorMod(s.dash(), 4));
            b.append(",\"width\":").append(many ? "1.2" : "1.6");
            b.append(",\"x\":");
            xs(b, s.x(), keep, c.domain());
            b.append(",\"y\":[");
            for (int k = 0; k < keep.length; k++) {
                if (k > 0) b.append(',');
                b.append(y(s.y()[keep[k]]));
            }
            b.append("]}");
        }
        b.append("],\"markers\":[");
        for (int i = 0; i < c.markers().size(); i++) {
            ChartData.ChartMarker m = c.markers().get(i);
            if (i > 0) b.append(',');
            b.append("{\"x\":").append(ReadableNumbers.exact(m.x())).append(",\"label\":").append(quote(m.label())).append('}');
        }
        return b.append("]}").toString();
    }

    /** Whether the page's script reads this chart's cells under the mouse: a heat map with at least one row. */
    static boolean heatMap(ChartData c) {
        return c.kind() == ChartKind.HEATMAP && c.series().stream().anyMatch(s -> s.size() > 0);
    }

    /**
     * A heat map's cells, for the readout under the mouse over its static picture: the keys top to bottom, the first
     * cell's left edge and a cell's width (milliseconds, seconds or plain x as the domain has it), and per key and
     * cell the value it is coloured by ({@code v}) and, where the cell holds several samples, the other end of their
     * range ({@code o}; only when some cell has one). No value is {@code null}.
     */
    static String heatMapOf(DrawnChart drawn, ZoneId zone) {
        ChartData c = drawn.data();
        HeatGrid grid = HeatGrid.of(drawn);
        ReadableNumbers.Style style = ReadableNumbers.style(c.unit());
        StringBuilder b = new StringBuilder(8192);
        b.append("{\"kind\":\"heat\",\"domain\":\"").append(c.domain().name().toLowerCase(Locale.ROOT)).append('"');
        field(b, "title", c.title());
        field(b, "keyLabel", c.keyLabel());
        field(b, "metric", metricName(c));
        field(b, "unit", c.unit());
        field(b, "xLabel", c.domain() == ChartData.Domain.NUMBER && c.xLabel() != null ? c.xLabel() : "");
        field(b, "zone", zoneName(zone));
        b.append(",\"tz\":").append(offsets(zone, grid.origin(), grid.end(), c.domain()));
        b.append(",\"style\":{\"s\":").append(style.significant()).append(",\"m\":").append(style.maxDecimals()).append('}');
        b.append(",\"keys\":[");
        for (int r = 0; r < grid.keys().size(); r++) b.append(r > 0 ? "," : "").append(quote(grid.keys().get(r)));
        b.append("],\"x0\":").append(ReadableNumbers.exact(grid.origin())).append(",\"w\":").append(ReadableNumbers.exact(grid.width()));
        b.append(",\"v\":");
        cells(b, grid.shown());
        if (Arrays.stream(grid.other()).flatMapToDouble(Arrays::stream).anyMatch(v -> !Double.isNaN(v))) {
            b.append(",\"o\":");
            cells(b, grid.other());
        }
        return b.append('}').toString();
    }

    private static void cells(StringBuilder b, double[][] rows) {
        b.append('[');
        for (int r = 0; r < rows.length; r++) {
            b.append(r > 0 ? ",[" : "[");
            for (int k = 0; k < rows[r].length; k++) b.append(k > 0 ? "," : "").append(y(rows[r][k]));
            b.append(']');
        }
        b.append(']');
    }

    /** The metric without the unit its axis label ends with: {@code %util} of {@code %util (%)}. */
    private static String metricName(ChartData c) {
        String label = c.yLabel() == null ? "" : c.yLabel();
        String suffix = " (" + (c.unit().equals("1/s") ? "/s" : c.unit()) + ")";
        return !c.unit().isEmpty() && label.endsWith(suffix) ? label.substring(0, label.length() - suffix.length()) : label;
    }

    /**
     * Positions: time and elapsed seconds as whole milliseconds, the first absolute and the others as the step
     * from the one before ({@code [1709287201000,1000,1000,...]}); plain numbers as they are.
     */
    private static void xs(StringBuilder b, double[] x, int[] keep, ChartData.Domain domain) {
        b.append('[');
        long before = 0;
        for (int k = 0; k < keep.length; k++) {
            if (k > 0) b.append(',');
            double v = x[keep[k]];
            if (domain == ChartData.Domain.NUMBER) {
                b.append(y(v));
                continue;
            }
            long ms = Math.round(domain == ChartData.Domain.ELAPSED ? v * 1000 : v);
            b.append(k == 0 ? ms : ms - before);
            before = ms;
        }
        b.append(']');
    }

    private static String y(double v) {
        if (!Double.isFinite(v)) return "null";
        if (v == 0) return "0";
        return new BigDecimal(v).round(Y_DIGITS).stripTrailingZeros().toString().replace("E+", "E");
    }

    /** The x axis title as the static chart has it: {@code time (UTC)}, {@code elapsed (m:ss)}. */
    private static String xLabel(ChartData c, ZoneId zone, double hi) {
        return switch (c.domain()) {
            case TIME -> "time (" + zoneName(zone) + ")";
            case ELAPSED -> "elapsed (" + (hi >= 3600 ? "h:mm:ss" : "m:ss") + ")";
            case NUMBER -> c.xLabel() == null ? "" : c.xLabel();
        };
    }

    private static String zoneName(ZoneId zone) {
        return zone.normalized().equals(ZoneOffset.UTC) ? "UTC" : zone.getId();
    }

    /**
     * The zone's offset (minutes) from the chart's start and at each change within it: the script shows clock
     * times with them, without a time-zone database of its own.
     */
    private static String offsets(ZoneId zone, double lo, double hi, ChartData.Domain domain) {
        ZoneRules rules = zone.getRules();
        if (domain != ChartData.Domain.TIME || !Double.isFinite(lo)) {
            return "[[0," + rules.getOffset(Instant.EPOCH).getTotalSeconds() / 60 + "]]";
        }
        Instant start = Instant.ofEpochMilli((long) lo);
        List<String> out = new ArrayList<>();
        out.add("[" + (long) lo + "," + rules.getOffset(start).getTotalSeconds() / 60 + "]");
        ZoneOffsetTransition t = rules.nextTransition(start);
        while (t != null && t.getInstant().toEpochMilli() <= hi && out.size() < 100) {
            out.add("[" + t.getInstant().toEpochMilli() + "," + t.getOffsetAfter().getTotalSeconds() / 60 + "]");
            t = rules.nextTransition(t.getInstant());
        }
        return "[" + String.join(",", out) + "]";
    }

    /** The colour series {@code i} has in the static chart (lines and area layers are its plot's series in order). */
    private static Paint colour(DrawnChart drawn, int i) {
        Paint p = drawn.chart().getPlot() instanceof XYPlot plot ? plot.getRenderer().getSeriesPaint(i) : null;
        return p == null ? Color.DARK_GRAY : p;
    }

    private static String hex(Paint paint) {
        Color c = paint instanceof Color colour ? colour : Color.DARK_GRAY;
        return String.format(Locale.ROOT, "#%02x%02x%02x", c.getRed(), c.getGreen(), c.getBlue());
    }

    private static void field(StringBuilder b, String name, String value) {
        b.append(",\"").append(name).append("\":").append(quote(value == null ? "" : value));
    }

    /**
     * A JSON string that is also safe inside an HTML {@code <script>} element: besides quotes, backslashes and
     * control characters, {@code <}, {@code >} and {@code &} are escaped, so that no input string can close the
     * element or start a comment; U+2028 and U+2029 too.
     */
    static String quote(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (ch < 0x20 || ch == '<' || ch == '>' || ch == '&' || ch == '\u2028' || ch == '\u2029') {
                        b.append(String.format(Locale.ROOT, "\\u%04x", (int) ch));
                    } else {
                        b.append(ch);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}
