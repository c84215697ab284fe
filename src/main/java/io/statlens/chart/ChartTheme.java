package io.statlens.chart;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.Axis;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.PaintScaleLegend;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.title.Title;
import org.jfree.chart.ui.RectangleInsets;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.RenderingHints;
import java.awt.font.FontRenderContext;

/**
 * The one look of statlens charts: fonts, colours, gridlines and rendering hints, applied after a
 * chart is built so that every kind looks alike. Fonts are the logical {@code SansSerif} family, which
 * every JDK maps to an installed sans-serif face and SVG viewers read as {@code sans-serif}.
 */
final class ChartTheme {
    static final String FAMILY = Font.SANS_SERIF;
    static final Font TITLE = new Font(FAMILY, Font.BOLD, 16);
    static final Font SUBTITLE = new Font(FAMILY, Font.PLAIN, 12);
    static final Font AXIS_LABEL = new Font(FAMILY, Font.PLAIN, 12);
    static final Font TICK_LABEL = new Font(FAMILY, Font.PLAIN, 11);
    static final Font LEGEND = new Font(FAMILY, Font.PLAIN, 11);
    static final Font MARKER = new Font(FAMILY, Font.PLAIN, 10);
    static final Color TEXT = new Color(0x222222);
    static final Color MUTED_TEXT = new Color(0x666666);
    static final Color GRID = new Color(0xE4E4E4);
    static final Color AXIS = new Color(0x9A9A9A);
    static final Color MARKER_LINE = new Color(0x555555);
    /** The plot's own insets (all four sides). */
    private static final double PLOT_INSET = 4;
    /**
     * Room right of an x-axis for half of its widest tick label ({@code MM-dd HH:mm} of {@link AxisFormats#timeTicks};
     * digits are of one width): JFreeChart centres a label on its tick, so the label of a tick near the plot's right edge
     * reaches past it by half its width, and was cut at the chart's edge.
     */
    static final double RIGHT_PADDING = Math.ceil(TICK_LABEL.getStringBounds("00-00 00:00",
            new FontRenderContext(null, true, true)).getWidth() / 2) - PLOT_INSET + 2;

    private ChartTheme() {
    }

    static void apply(JFreeChart chart) {
        chart.setBackgroundPaint(Color.WHITE);
        chart.setBorderVisible(false);
        chart.setPadding(new RectangleInsets(8, 8, 8, chart.getPlot() instanceof XYPlot ? RIGHT_PADDING : 12));
        chart.setAntiAlias(true);
        chart.setTextAntiAlias(true);
        chart.getRenderingHints().put(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        // Text is measured and drawn with the same (fractional) glyph advances, so a title's last letter is not clipped.
        chart.getRenderingHints().put(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
        if (chart.getTitle() != null) {
            chart.getTitle().setFont(TITLE);
            chart.getTitle().setPaint(TEXT);
        }
        for (int i = 0; i < chart.getSubtitleCount(); i++) style(chart.getSubtitle(i));
        style(chart.getPlot());
    }

    private static void style(Title title) {
        if (title instanceof TextTitle t) {
            t.setFont(SUBTITLE);
            t.setPaint(MUTED_TEXT);
            t.setPadding(new RectangleInsets(2, 0, 6, 0));
        } else if (title instanceof LegendTitle legend) {
            legend.setItemFont(LEGEND);
            legend.setItemPaint(TEXT);
            legend.setFrame(BlockBorder.NONE);
            legend.setBackgroundPaint(Color.WHITE);
            legend.setPadding(new RectangleInsets(6, 4, 0, 4));
        } else if (title instanceof PaintScaleLegend scale) {
            verticalAxis(scale.getAxis());
            scale.setBackgroundPaint(Color.WHITE);
        }
    }

    private static void style(Plot plot) {
        plot.setBackgroundPaint(Color.WHITE);
        plot.setOutlineVisible(false);
        plot.setInsets(new RectangleInsets(PLOT_INSET, PLOT_INSET, PLOT_INSET, PLOT_INSET));
        BasicStroke grid = new BasicStroke(0.8f);
        if (plot instanceof XYPlot xy) {
            xy.setDomainGridlinePaint(GRID);
            xy.setRangeGridlinePaint(GRID);
            xy.setDomainGridlineStroke(grid);
            xy.setRangeGridlineStroke(grid);
            xy.setAxisOffset(RectangleInsets.ZERO_INSETS);
            for (int i = 0; i < xy.getDomainAxisCount(); i++) axis(xy.getDomainAxis(i));
            for (int i = 0; i < xy.getRangeAxisCount(); i++) verticalAxis(xy.getRangeAxis(i));
        } else if (plot instanceof CategoryPlot cat) {
            cat.setRangeGridlinePaint(GRID);
            cat.setRangeGridlineStroke(grid);
            cat.setAxisOffset(RectangleInsets.ZERO_INSETS);
            axis(cat.getDomainAxis());
            verticalAxis(cat.getRangeAxis());
        }
    }

    /**
     * JFreeChart picks the smallest tick step whose labels do not touch, which on a 600 pixel chart
     * means a label every 20 pixels; taller label insets leave room for about ten ticks.
     */
    private static void verticalAxis(Axis axis) {
        axis(axis);
        if (axis != null) axis.setTickLabelInsets(new RectangleInsets(9, 4, 9, 4));
    }

    private static void axis(Axis axis) {
        if (axis == null) return;
        axis.setLabelFont(AXIS_LABEL);
        axis.setLabelPaint(TEXT);
        axis.setTickLabelFont(TICK_LABEL);
        axis.setTickLabelPaint(TEXT);
        axis.setAxisLinePaint(AXIS);
        axis.setTickMarkPaint(AXIS);
    }
}
