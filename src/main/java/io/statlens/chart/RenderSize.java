package io.statlens.chart;

import io.statlens.model.UserException;

/**
 * How big a chart is drawn.
 *
 * @param width  in CSS pixels (SVG user units)
 * @param height in CSS pixels
 * @param scale  device pixels per CSS pixel of a PNG: 2 for a high-DPI screen
 */
public record RenderSize(int width, int height, double scale) {
    public static final RenderSize DEFAULT = new RenderSize(1200, 600, 1);

    public RenderSize {
        if (width < 200 || width > 10_000) throw new UserException("width " + width + ": expected 200 to 10000 pixels");
        if (height < 150 || height > 10_000) throw new UserException("height " + height + ": expected 150 to 10000 pixels");
        if (!(scale >= 0.5 && scale <= 4)) throw new UserException("scale " + scale + ": expected 0.5 to 4");
    }

    /** Device pixel columns across the chart: the most a series can show, so the decimation target. */
    public int columns() {
        return (int) Math.ceil(width * scale);
    }
}
