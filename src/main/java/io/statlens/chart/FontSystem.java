package io.statlens.chart;

import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.awt.font.TextLayout;

/**
 * Java 2D's font system, started ahead of the first chart. Its first text layout reads the font configuration and
 * font files (about 0.15 s of CPU); a chart's axis label is laid out that way, so without this the first chart in a
 * process pays it while it draws: in the window, on the FX thread, which then keeps every click waiting.
 */
public final class FontSystem {
    private FontSystem() {
    }

    /**
     * Lays out a sample in each of the chart theme's fonts, as a chart's text is laid out, and returns the widest
     * advance, in points. Call it off the thread that draws, before the first chart.
     */
    public static float start() {
        FontRenderContext context = new FontRenderContext(null, true, true);
        float widest = 0;
        for (Font font : new Font[]{ChartTheme.TITLE, ChartTheme.SUBTITLE, ChartTheme.AXIS_LABEL, ChartTheme.TICK_LABEL,
                ChartTheme.LEGEND, ChartTheme.MARKER}) {
            widest = Math.max(widest, new TextLayout("100 - %idle (%) 0123456789", font, context).getAdvance());
        }
        return widest;
    }
}
