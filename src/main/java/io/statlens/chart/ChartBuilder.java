package io.statlens.chart;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisLocation;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.DateAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnitSource;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.labels.StandardCategoryItemLabelGenerator;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYAreaRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.PaintScaleLegend;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.DefaultXYDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Stroke;
import java.awt.font.FontRenderContext;
import java.awt.geom.Ellipse2D;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TimeZone;

/**
 * The one factory of statlens charts: builds a JFreeChart from {@link ChartData} and its kind, then
 * applies the {@link ChartTheme}. Every series goes through the {@link PeakPreservingDecimator} on the
 * way in, down to the pixel columns of the {@link RenderSize}, so that drawing cost and SVG size depend
 * on the chart's width, not on the number of samples.
 */
public final class ChartBuilder {
    /**
     * Series this short get a dot on each sample, so that sparse data (tpcc's 4 intervals) reads as
     * points; not in charts of many lines, where dots would bury the lines.
     */
    private static final int DOTS_UP_TO = 60;
    private static final int DOTS_UP_TO_LINES = 4;
    private static final float[][] DASHES = {null, {7f, 4f}, {2f, 3f}, {9f, 3f, 2f, 3f}};

    private final KeyPalette palette;
    private final ZoneId zone;
    private final boolean decimate;

    public ChartBuilder(KeyPalette palette, ZoneId zone) {
        this(palette, zone, true);
    }

    /**
     * @param decimate false draws every point, as JFreeChart alone would; only the benchmark wants that
     */
    public ChartBuilder(KeyPalette palette, ZoneId zone, boolean decimate) {
        this.palette = palette;
        this.zone = zone;
        this.decimate = decimate;
    }

    public JFreeChart build(ChartData data, RenderSize size) {
        List<String> colourKeys = new ArrayList<>();
        data.series().forEach(s -> colourKeys.add(s.colourKey()));
        data.bars().forEach(b -> colourKeys.add(b.series()));
        if (data.kind() != ChartKind.HEATMAP) palette.assign(colourKeys.stream().distinct().toList());
        JFreeChart chart = switch (data.kind()) {
            case LINE, OVERLAY -> lines(data, size);
            case AREA -> area(data, size);
            case HEATMAP -> heatMap(data, size);
            case BARS -> bars(data);
        };
        if (!data.subtitle().isEmpty()) chart.addSubtitle(0, new TextTitle(data.subtitle()));
        if (chart.getLegend() != null) chart.getLegend().setPosition(RectangleEdge.BOTTOM);
        ChartTheme.apply(chart);
        return chart;
    }

    /**
     * What stands in the place of a chart that could not be drawn: its title, and the reason where its plot would be, so
     * that a dashboard or report of many charts says what is missing instead of failing whole.
     */
    static JFreeChart failed(String title, String reason) {
        XYPlot plot = new XYPlot();
        plot.setNoDataMessage("This chart " + reason);
        plot.setNoDataMessageFont(ChartTheme.MARKER);
        plot.setNoDataMessagePaint(ChartTheme.TEXT);
        plot.setDomainGridlinesVisible(false);
        plot.setRangeGridlinesVisible(false);
        JFreeChart chart = new JFreeChart(title, ChartTheme.TITLE, plot, false);
        ChartTheme.apply(chart);
        return chart;
    }

    private JFreeChart lines(ChartData d, RenderSize size) {
        double[] range = xRange(d.series());
        DefaultXYDataset dataset = new DefaultXYDataset();
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        renderer.setDrawSeriesLineAsPath(true);
        renderer.setLegendItemLabelGenerator(LegendLabels.labels());
        renderer.setLegendItemToolTipGenerator(LegendLabels.tooltips());
        Set<String> names = new HashSet<>();
        boolean dots = d.series().size() <= DOTS_UP_TO_LINES && d.series().stream().allMatch(s -> s.size() <= DOTS_UP_TO);
        int i = 0;
        for (ChartData.PlotSeries s : d.series()) {
            ChartData.PlotSeries drawn = Gaps.broken(s);
            double[] x = drawn.x();
            double[] y = drawn.y();
            if (decimate) {
                int[] keep = PeakPreservingDecimator.select(x, y, range[0], range[1], size.columns());
                x = PeakPreservingDecimator.pick(x, keep);
                y = PeakPreservingDecimator.pick(y, keep);
            }
            dataset.addSeries(unique(s.name(), names), new double[][]{x, y});
            renderer.setSeriesPaint(i, palette.colour(s.colourKey()));
            renderer.setSeriesStroke(i, stroke(s.dash(), d.series().size() > 6 ? 1.2f : 1.6f));
            renderer.setSeriesShape(i, new Ellipse2D.Double(-2.5, -2.5, 5, 5));
            // A single sample cannot be drawn as a line: it always gets its dot.
            renderer.setSeriesShapesVisible(i, dots || s.size() < 2);
            i++;
        }
        XYPlot plot = new XYPlot(dataset, domainAxis(d, range), valueAxis(d.yLabel(), minimum(d.series()) >= 0), renderer);
        List<String> notes = markers(plot, d, range, size);
        JFreeChart chart = new JFreeChart(d.title(), ChartTheme.TITLE, plot, d.series().size() > 1);
        footnotes(chart, notes);
        return chart;
    }

    private JFreeChart area(ChartData d, RenderSize size) {
        List<ChartData.PlotSeries> layers = d.series();
        double[] range = xRange(layers);
        double[] x = layers.isEmpty() ? new double[0] : layers.get(0).x();
        for (ChartData.PlotSeries s : layers) {
            if (!Arrays.equals(s.x(), x)) {
                throw new IllegalArgumentException("the layers of a stacked area must share their x values");
            }
        }
        int[] keep = decimate ? PeakPreservingDecimator.select(x, layers.stream().map(ChartData.PlotSeries::y).toList(), range[0],
                range[1], size.columns()) : PeakPreservingDecimator.all(x.length);
        // Stacking is done here and each layer drawn as ONE polygon from zero up to its cumulative top,
        // largest first (XYPlot renders series in reverse): JFreeChart's stacked renderers fill one polygon
        // per sample interval, and the anti-aliased edges between them show as hairline seams in PDF and SVG.
        XYSeriesCollection dataset = new XYSeriesCollection();
        XYAreaRenderer renderer = new XYAreaRenderer(XYAreaRenderer.AREA);
        renderer.setOutline(false);
        renderer.setLegendItemLabelGenerator(LegendLabels.labels());
        renderer.setLegendItemToolTipGenerator(LegendLabels.tooltips());
        double[] totals = new double[keep.length];
        Set<String> names = new HashSet<>();
        for (int s = 0; s < layers.size(); s++) {
            // Duplicate x values are allowed: two samples of one second (a clock set back) are drawn, not an error.
            XYSeries series = new XYSeries(unique(layers.get(s).name(), names), false, true);
            double[] y = layers.get(s).y();
            for (int j = 0; j < keep.length; j++) {
                // A missing value stacks as nothing rather than breaking the layers above it.
                double v = Double.isNaN(y[keep[j]]) ? 0 : y[keep[j]];
                totals[j] += v;
                series.add(x[keep[j]], totals[j], false);
            }
            dataset.addSeries(series);
            renderer.setSeriesPaint(s, palette.colour(layers.get(s).colourKey()));
        }
        NumberAxis values = valueAxis(d.yLabel(), true);
        double highest = Arrays.stream(totals).max().orElse(0);
        if (d.unit().equals("%") && highest <= 100.5 && highest > 50) values.setRange(0, 100);
        XYPlot plot = new XYPlot(dataset, domainAxis(d, range), values, renderer);
        List<String> notes = markers(plot, d, range, size);
        JFreeChart chart = new JFreeChart(d.title(), ChartTheme.TITLE, plot, true);
        footnotes(chart, notes);
        return chart;
    }

    private JFreeChart heatMap(ChartData d, RenderSize size) {
        List<ChartData.PlotSeries> rows = d.series();
        double[] range = xRange(rows);
        HeatGrid grid = HeatGrid.of(d, size, decimate);
        double[] values = grid.valueRange();
        double lowest = values[0];
        double highest = values[1];
        if (d.unit().equals("%") && lowest >= 0 && highest <= 100.5) {
            lowest = 0;
            highest = 100;
        }
        HeatScale scale = new HeatScale(lowest, highest, d.hot());
        ValueAxis time = domainAxis(d, new double[]{grid.origin(), grid.end()});
        time.setRange(grid.origin(), grid.end());
        NumberAxis keys = new NumberAxis(d.keyLabel());
        List<String> names = grid.keys();
        keys.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        keys.setNumberFormatOverride(AxisFormats.keyNames(names));
        keys.setRange(-0.5, Math.max(rows.size(), 1) - 0.5);
        keys.setInverted(true);
        keys.setTickMarksVisible(false);
        keys.setMinorTickMarksVisible(false);
        XYPlot plot = new XYPlot(null, time, keys, null);
        plot.setDomainGridlinesVisible(false);
        plot.setRangeGridlinesVisible(false);
        plot.addAnnotation(new HeatMapAnnotation(grid.shown(), grid.origin(), grid.width(), scale));
        List<String> notes = markers(plot, d, range, size);
        JFreeChart chart = new JFreeChart(d.title(), ChartTheme.TITLE, plot, false);
        footnotes(chart, notes);
        NumberAxis legendAxis = new NumberAxis(d.yLabel());
        legendAxis.setStandardTickUnits(AxisFormats.compactTicks());
        legendAxis.setRange(lowest, highest);
        PaintScaleLegend legend = new PaintScaleLegend(scale, legendAxis);
        legend.setPosition(RectangleEdge.RIGHT);
        legend.setAxisLocation(AxisLocation.BOTTOM_OR_RIGHT);
        legend.setSubdivisionCount(100);
        legend.setStripWidth(14);
        legend.setStripOutlineVisible(false);
        legend.setAxisOffset(3);
        legend.setMargin(new RectangleInsets(4, 12, 40, 0));
        chart.addSubtitle(legend);
        return chart;
    }

    private JFreeChart bars(ChartData d) {
        DefaultCategoryDataset dataset = new DefaultCategoryDataset();
        Set<String> categories = new LinkedHashSet<>();
        Set<String> series = new LinkedHashSet<>();
        for (ChartData.BarValue b : d.bars()) {
            dataset.addValue(b.value(), b.series(), b.category());
            categories.add(b.category());
            series.add(b.series());
        }
        BarRenderer renderer = new BarRenderer();
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        renderer.setDrawBarOutline(false);
        renderer.setItemMargin(0.04);
        renderer.setMaximumBarWidth(0.12);
        int s = 0;
        for (String name : series) renderer.setSeriesPaint(s++, palette.colour(name));
        if (d.bars().size() <= 24) {
            renderer.setDefaultItemLabelGenerator(
                    new StandardCategoryItemLabelGenerator("{2}", new AxisFormats.CompactFormat(0.01)));
            renderer.setDefaultItemLabelsVisible(true);
            renderer.setDefaultItemLabelFont(ChartTheme.MARKER);
            renderer.setDefaultItemLabelPaint(ChartTheme.TEXT);
        }
        CategoryAxis axis = new CategoryAxis(d.keyLabel());
        axis.setCategoryMargin(0.15);
        // Few bars gather in the middle instead of spreading over the whole width, so they can be compared.
        double margin = Math.min(0.4, Math.max(0.02, (1 - categories.size() * series.size() * 0.14) / 2));
        axis.setLowerMargin(margin);
        axis.setUpperMargin(margin);
        if (categories.size() > 8) axis.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        double lowest = d.bars().stream().mapToDouble(ChartData.BarValue::value).filter(v -> !Double.isNaN(v)).min().orElse(0);
        NumberAxis values = valueAxis(d.yLabel(), true);
        values.setUpperMargin(0.1);
        CategoryPlot plot = new CategoryPlot(dataset, axis, values, renderer);
        plot.setOrientation(PlotOrientation.VERTICAL);
        plot.setDomainGridlinesVisible(false);
        if (lowest < 0) plot.setRangeZeroBaselineVisible(true);
        return new JFreeChart(d.title(), ChartTheme.TITLE, plot, series.size() > 1);
    }

    private ValueAxis domainAxis(ChartData d, double[] range) {
        return switch (d.domain()) {
            case TIME -> {
                DateAxis axis = new DateAxis("time (" + zoneName() + ")", TimeZone.getTimeZone(zone), Locale.ROOT);
                axis.setStandardTickUnits(AxisFormats.timeTicks(zone));
                axis.setLowerMargin(0);
                axis.setUpperMargin(0);
                yield axis;
            }
            case ELAPSED -> {
                boolean hours = range[1] >= 3600;
                NumberAxis axis = new NumberAxis("elapsed (" + (hours ? "h:mm:ss" : "m:ss") + ")");
                axis.setStandardTickUnits(AxisFormats.elapsedTicks(hours));
                axis.setAutoRangeIncludesZero(false);
                axis.setLowerMargin(0);
                axis.setUpperMargin(0);
                yield axis;
            }
            case NUMBER -> {
                NumberAxis axis = new NumberAxis(d.xLabel());
                axis.setStandardTickUnits(new NumberTickUnitSource());
                axis.setAutoRangeIncludesZero(false);
                axis.setLowerMargin(0);
                axis.setUpperMargin(0);
                yield axis;
            }
        };
    }

    private String zoneName() {
        return zone.normalized().equals(ZoneOffset.UTC) ? "UTC" : zone.getId();
    }

    private static NumberAxis valueAxis(String label, boolean includeZero) {
        NumberAxis axis = new NumberAxis(label);
        axis.setStandardTickUnits(AxisFormats.compactTicks());
        axis.setAutoRangeIncludesZero(includeZero);
        axis.setUpperMargin(0.06);
        return axis;
    }

    /** Label lines at the top of a plot before labels that find no room become numbered footnotes. */
    private static final int MARKER_LINES = 4;
    /** Markers closer than this many points share one line and one label. */
    private static final double SAME_PLACE = 2;

    /**
     * Vertical markers with their labels at the top, laid out so that no two labels overlap: markers at the same
     * place share one label ({@code a; b}); a label goes into the first of {@link #MARKER_LINES} lines where it
     * has room, to the right of its line or, near the right edge, to the left; a label that finds no room is
     * replaced by a number, and the numbers are explained under the chart.
     *
     * @return the footnotes for the labels that became numbers; empty when every label has room
     */
    private static List<String> markers(XYPlot plot, ChartData d, double[] range, RenderSize size) {
        if (d.markers().isEmpty() || !(range[1] > range[0])) return List.of();
        // The plot area is the chart minus its axis and legend margins: close enough to lay labels out.
        double plotWidth = size.width() - 140.0;
        List<ChartData.ChartMarker> sorted = new ArrayList<>(d.markers());
        sorted.removeIf(m -> m.x() < range[0] || m.x() > range[1]);
        sorted.sort(Comparator.comparingDouble(ChartData.ChartMarker::x));
        List<double[]> places = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (ChartData.ChartMarker m : sorted) {
            double at = (m.x() - range[0]) / (range[1] - range[0]) * plotWidth;
            if (!places.isEmpty() && at - places.get(places.size() - 1)[1] < SAME_PLACE) {
                labels.set(labels.size() - 1, labels.get(labels.size() - 1) + "; " + m.label());
            } else {
                places.add(new double[]{m.x(), at});
                labels.add(m.label());
            }
        }
        List<List<double[]>> lines = new ArrayList<>();
        for (int i = 0; i < MARKER_LINES; i++) lines.add(new ArrayList<>());
        List<String> footnotes = new ArrayList<>();
        for (int i = 0; i < places.size(); i++) {
            double at = places.get(i)[1];
            String label = labels.get(i);
            double width = textWidth(label) + 8;
            boolean left = at + width > plotWidth && at - width >= 0;
            int line = freeLine(lines, left ? at - width : at, left ? at : at + width);
            if (line < 0) {
                // No room in any line: a number, explained under the chart.
                footnotes.add("(" + (footnotes.size() + 1) + ") " + label);
                label = "(" + footnotes.size() + ")";
                width = textWidth(label) + 8;
                left = at + width > plotWidth;
                line = freeLine(lines, left ? at - width : at, left ? at : at + width);
                if (line < 0) line = MARKER_LINES - 1;
            }
            lines.get(line).add(left ? new double[]{at - width, at} : new double[]{at, at + width});
            ValueMarker marker = new ValueMarker(places.get(i)[0], ChartTheme.MARKER_LINE,
                    new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[]{4f, 3f}, 0f));
            marker.setLabel(label);
            marker.setLabelFont(ChartTheme.MARKER);
            marker.setLabelPaint(ChartTheme.TEXT);
            marker.setLabelBackgroundColor(new Color(255, 255, 255, 220));
            marker.setLabelAnchor(left ? RectangleAnchor.TOP_LEFT : RectangleAnchor.TOP_RIGHT);
            marker.setLabelTextAnchor(left ? TextAnchor.TOP_RIGHT : TextAnchor.TOP_LEFT);
            marker.setLabelOffset(new RectangleInsets(3 + line * 14, 3, 0, 3));
            plot.addDomainMarker(marker, Layer.FOREGROUND);
        }
        return footnotes;
    }

    /** The first line where {@code [from, to]} overlaps no label; -1 when none has room. */
    private static int freeLine(List<List<double[]>> lines, double from, double to) {
        for (int i = 0; i < lines.size(); i++) {
            boolean free = true;
            for (double[] taken : lines.get(i)) {
                if (from < taken[1] && taken[0] < to) {
                    free = false;
                    break;
                }
            }
            if (free) return i;
        }
        return -1;
    }

    private static double textWidth(String text) {
        return ChartTheme.MARKER.getStringBounds(text, LABELS).getWidth();
    }

    private static final FontRenderContext LABELS = new FontRenderContext(null, true, true);

    /** The footnotes of marker labels that had no room, under the plot. */
    private static void footnotes(JFreeChart chart, List<String> notes) {
        if (notes.isEmpty()) return;
        TextTitle t = new TextTitle(String.join("   ", notes), ChartTheme.MARKER);
        t.setPosition(RectangleEdge.BOTTOM);
        t.setPaint(ChartTheme.TEXT);
        chart.addSubtitle(t);
    }

    private static Stroke stroke(int dash, float width) {
        float[] pattern = DASHES[Math.floorMod(dash, DASHES.length)];
        return pattern == null ? new BasicStroke(width, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND)
                : new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, pattern, 0f);
    }

    /** A series name not used yet in this chart: JFreeChart merges series of equal names. */
    private static String unique(String name, Set<String> used) {
        String candidate = name;
        for (int n = 2; !used.add(candidate); n++) candidate = name + " (" + n + ")";
        return candidate;
    }

    static double[] xRange(List<ChartData.PlotSeries> series) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (ChartData.PlotSeries s : series) {
            if (s.size() == 0) continue;
            lo = Math.min(lo, s.x()[0]);
            hi = Math.max(hi, s.x()[s.size() - 1]);
        }
        return lo > hi ? new double[]{0, 1} : new double[]{lo, hi};
    }

    private static double minimum(List<ChartData.PlotSeries> series) {
        double lo = Double.POSITIVE_INFINITY;
        for (ChartData.PlotSeries s : series) for (double v : s.y()) if (v < lo) lo = v;
        return lo;
    }
}
