package io.statlens.chart;

import org.jfree.chart.annotations.AbstractXYAnnotation;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.RectangleEdge;

import java.awt.Graphics2D;
import java.awt.geom.AffineTransform;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;

/**
 * The cells of a heat map, drawn as one image at the resolution of the device: one draw call however
 * many cells there are, so a long run with hundreds of CPUs stays small as SVG (an embedded PNG, with
 * the axes and labels still text) and fast as PNG. Row r spans y in [r - 0.5, r + 0.5]; cell c of
 * every row spans x in [origin + c*width, origin + (c+1)*width).
 */
final class HeatMapAnnotation extends AbstractXYAnnotation {
    private final double[][] cells;
    private final double origin;
    private final double width;
    private final transient HeatScale scale;

    HeatMapAnnotation(double[][] cells, double origin, double width, HeatScale scale) {
        this.cells = cells;
        this.origin = origin;
        this.width = width;
        this.scale = scale;
    }

    @Override
    public void draw(Graphics2D g2, XYPlot plot, Rectangle2D dataArea, ValueAxis domainAxis, ValueAxis rangeAxis,
                     int rendererIndex, PlotRenderingInfo info) {
        int rows = cells.length;
        int columns = rows == 0 ? 0 : cells[0].length;
        if (columns == 0) return;
        RectangleEdge xEdge = plot.getDomainAxisEdge();
        RectangleEdge yEdge = plot.getRangeAxisEdge();
        double x0 = domainAxis.valueToJava2D(origin, dataArea, xEdge);
        double x1 = domainAxis.valueToJava2D(origin + columns * width, dataArea, xEdge);
        double yFirst = rangeAxis.valueToJava2D(-0.5, dataArea, yEdge);
        double yLast = rangeAxis.valueToJava2D(rows - 0.5, dataArea, yEdge);
        // Draw at device resolution: a PNG at scale 2 gets twice the pixels, so cell edges stay sharp.
        AffineTransform t = g2.getTransform();
        double sx = Math.max(1, Math.abs(t.getScaleX()));
        double sy = Math.max(1, Math.abs(t.getScaleY()));
        int w = Math.max(1, (int) Math.ceil(Math.abs(x1 - x0) * sx));
        int h = Math.max(1, (int) Math.ceil(Math.abs(yLast - yFirst) * sy));
        BufferedImage image = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        int[] pixels = ((DataBufferInt) image.getRaster().getDataBuffer()).getData();
        boolean firstRowOnTop = yFirst < yLast;
        for (int r = 0; r < rows; r++) {
            int row = firstRowOnTop ? r : rows - 1 - r;
            int top = (int) Math.round((double) row * h / rows);
            int bottom = (int) Math.round((double) (row + 1) * h / rows);
            for (int c = 0; c < columns; c++) {
                int left = (int) Math.round((double) c * w / columns);
                int right = (int) Math.round((double) (c + 1) * w / columns);
                int rgb = scale.rgb(cells[r][c]);
                for (int y = top; y < bottom; y++) java.util.Arrays.fill(pixels, y * w + left, y * w + right, rgb);
            }
        }
        AffineTransform place = AffineTransform.getTranslateInstance(Math.min(x0, x1), Math.min(yFirst, yLast));
        place.scale(1 / sx, 1 / sy);
        java.awt.Shape savedClip = g2.getClip();
        g2.clip(dataArea);
        g2.drawImage(image, place, null);
        g2.setClip(savedClip);
    }
}
