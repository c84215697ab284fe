package io.statlens.gui;

import io.statlens.chart.ChartWriter;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;

/**
 * One picture of a chart, drawn by Java 2D into memory on any thread: its pixels, premultiplied ARGB as JavaFX takes
 * them without a copy, and where the chart's parts were drawn (its data area, for the mouse). It is drawn
 * {@code scale} device pixels per unit of the window, so that it is as sharp as the screen on a high-DPI one.
 *
 * @param width  in the window's units (what the picture is shown as)
 * @param height in the window's units
 * @param info   the chart's layout in the window's units
 */
record ChartPicture(int[] pixels, int pixelWidth, int pixelHeight, double width, double height, ChartRenderingInfo info) {

    /** Draws {@code chart} (its fonts fitted already) at {@code width x height} units, {@code scale} pixels a unit. */
    static ChartPicture draw(JFreeChart chart, double width, double height, double scale) {
        int pixelWidth = Math.max(1, (int) Math.ceil(width * scale));
        int pixelHeight = Math.max(1, (int) Math.ceil(height * scale));
        BufferedImage image = new BufferedImage(pixelWidth, pixelHeight, BufferedImage.TYPE_INT_ARGB_PRE);
        ChartRenderingInfo info = new ChartRenderingInfo();
        Graphics2D g = image.createGraphics();
        try {
            g.scale(scale, scale);
            ChartWriter.drawFitted(chart, g, new Rectangle2D.Double(0, 0, width, height), info);
        } finally {
            g.dispose();
        }
        return new ChartPicture(((DataBufferInt) image.getRaster().getDataBuffer()).getData(), pixelWidth, pixelHeight,
                width, height, info);
    }
}
