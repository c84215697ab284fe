package io.statlens.chart;

import org.jfree.chart.renderer.PaintScale;

import java.awt.Color;
import java.awt.Paint;

/**
 * The colours of a heat map: ColorBrewer's YlOrRd ramp, pale yellow for idle through orange to dark
 * red for busy, so that a mostly idle machine stays light and the busy cells stand out. With the
 * {@link HotEnd#LOW low} end hot ({@code %idle}) the ramp runs the other way. Cells without a value
 * are light grey.
 */
final class HeatScale implements PaintScale {
    private static final int[] RAMP = {0xFFFFCC, 0xFFEDA0, 0xFED976, 0xFEB24C, 0xFD8D3C, 0xFC4E2A, 0xE31A1C, 0xBD0026, 0x800026};
    static final Color NO_VALUE = new Color(0xEEEEEE);

    private final double lower;
    private final double upper;
    private final HotEnd hot;

    HeatScale(double lower, double upper, HotEnd hot) {
        this.lower = lower;
        this.upper = upper > lower ? upper : lower + 1;
        this.hot = hot;
    }

    @Override
    public double getLowerBound() {
        return lower;
    }

    @Override
    public double getUpperBound() {
        return upper;
    }

    @Override
    public Paint getPaint(double value) {
        return new Color(rgb(value));
    }

    /** The colour of a value as 0xRRGGBB. */
    int rgb(double value) {
        if (Double.isNaN(value)) return NO_VALUE.getRGB() & 0xFFFFFF;
        double t = Math.max(0, Math.min(1, (value - lower) / (upper - lower)));
        if (hot == HotEnd.LOW) t = 1 - t;
        double pos = t * (RAMP.length - 1);
        int i = Math.min(RAMP.length - 2, (int) pos);
        double f = pos - i;
        int a = RAMP[i];
        int b = RAMP[i + 1];
        return mix(a >> 16, b >> 16, f) << 16 | mix(a >> 8 & 0xFF, b >> 8 & 0xFF, f) << 8 | mix(a & 0xFF, b & 0xFF, f);
    }

    private static int mix(int a, int b, double f) {
        return (int) Math.round(a + (b - a) * f);
    }
}
