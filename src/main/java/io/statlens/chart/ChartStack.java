package io.statlens.chart;

import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisSpace;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.block.LengthConstraintType;
import org.jfree.chart.block.RectangleConstraint;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleInsets;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Charts stacked one above the other on one time axis, as a dashboard shows them: their plot areas lined up, so
 * that a time is at the same x in every chart (a crosshair is one vertical line through all of them), and drawn as
 * one page under a heading.
 */
public final class ChartStack {
    /** Height of the page's heading line. */
    public static final int HEADING = 36;
    /** The time axes' labels as the charts were drawn with them, by axis (gone with their chart). */
    private static final Map<ValueAxis, String> AXIS_LABELS = new WeakHashMap<>();
    private static final java.awt.Font STACKED_TITLE = ChartTheme.TITLE.deriveFont(13f);
    private static final java.awt.Font STACKED_SUBTITLE = ChartTheme.SUBTITLE.deriveFont(10f);

    private ChartStack() {
    }

    /**
     * Makes charts drawn {@code width} by {@code height} each into a stack. Their titles are smaller (the stack is
     * about the time they share, so room goes to the plots), and only the last chart names its time axis. Then the
     * plot areas of the x-y charts are lined up: every chart is measured as drawn, then given the axis space on the
     * left and right that puts its plot area where the widest-labelled chart has its own. The space left over by a
     * narrower axis (fewer digits) or a scale on the right (a heat map's) is made up on that side. Other charts
     * (bars) are left alone. Arranging again after a change (a chart moved) is safe.
     */
    public static void align(List<JFreeChart> charts, int width, int height) {
        for (int i = 0; i < charts.size(); i++) compact(charts.get(i), i == charts.size() - 1);
        List<XYPlot> plots = new ArrayList<>();
        List<Rectangle2D> data = new ArrayList<>();
        List<Rectangle2D> areas = new ArrayList<>();
        Rectangle2D page = new Rectangle2D.Double(0, 0, width, height);
        BufferedImage scratch = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
        for (JFreeChart chart : charts) {
            if (!(chart.getPlot() instanceof XYPlot plot)) continue;
            plot.setFixedRangeAxisSpace(null);
            ChartRenderingInfo info = new ChartRenderingInfo();
            Graphics2D g = scratch.createGraphics();
            try {
                chart.draw(g, page, info);
            } finally {
                g.dispose();
            }
            PlotRenderingInfo p = info.getPlotInfo();
            plots.add(plot);
            data.add(p.getDataArea());
            areas.add(p.getPlotArea());
        }
        double left = data.stream().mapToDouble(Rectangle2D::getMinX).max().orElse(0);
        double right = data.stream().mapToDouble(Rectangle2D::getMaxX).min().orElse(width);
        for (int i = 0; i < plots.size(); i++) {
            XYPlot plot = plots.get(i);
            RectangleInsets insets = plot.getInsets();
            AxisSpace space = new AxisSpace();
            // The axis space a chart had, plus what it lacks to start where the others start.
            space.setLeft(data.get(i).getMinX() - areas.get(i).getMinX() - insets.getLeft() + left - data.get(i).getMinX());
            space.setRight(areas.get(i).getMaxX() - data.get(i).getMaxX() - insets.getRight() + data.get(i).getMaxX() - right);
            plot.setFixedRangeAxisSpace(space);
        }
    }

    private static void compact(JFreeChart chart, boolean last) {
        if (chart.getTitle() != null) chart.getTitle().setFont(STACKED_TITLE);
        for (int i = 0; i < chart.getSubtitleCount(); i++) {
            if (chart.getSubtitle(i) instanceof TextTitle t) t.setFont(STACKED_SUBTITLE);
        }
        chart.setPadding(new RectangleInsets(4, 8, 4, ChartTheme.RIGHT_PADDING));
        if (chart.getPlot() instanceof XYPlot plot) {
            // The label taken off is kept, so that a chart moved to the bottom names the axis again.
            ValueAxis axis = plot.getDomainAxis();
            String label;
            synchronized (AXIS_LABELS) {
                label = AXIS_LABELS.computeIfAbsent(axis, a -> a.getLabel());
            }
            axis.setLabel(last ? label : null);
        }
    }

    /** The height of a page of {@code count} charts, each {@code chartHeight} high, under the heading. */
    public static int height(int count, int chartHeight) {
        return HEADING + count * chartHeight;
    }

    /**
     * Draws a page: the heading, then the charts one above the other, each {@code width} by {@code chartHeight}
     * (aligned first, see {@link #align}).
     */
    public static void draw(Graphics2D g, String heading, List<JFreeChart> charts, int width, int chartHeight) {
        align(charts, width, chartHeight);
        g.setPaint(Color.WHITE);
        g.fill(new Rectangle2D.Double(0, 0, width, height(charts.size(), chartHeight)));
        TextTitle title = new TextTitle(heading, ChartTheme.TITLE);
        title.setPaint(ChartTheme.TEXT);
        title.setPadding(new RectangleInsets(10, 12, 4, 12));
        // A title lays its text out when arranged; drawn without that it draws nothing.
        title.arrange(g, new RectangleConstraint(width, null, LengthConstraintType.FIXED, 0, null, LengthConstraintType.NONE));
        title.draw(g, new Rectangle2D.Double(0, 0, width, HEADING));
        double y = HEADING;
        for (JFreeChart chart : charts) {
            chart.draw(g, new Rectangle2D.Double(0, y, width, chartHeight));
            y += chartHeight;
        }
    }
}
