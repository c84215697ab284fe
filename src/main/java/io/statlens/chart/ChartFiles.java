package io.statlens.chart;

import java.util.Locale;

/** File names of charts: made of run, data set and metric names, safe on every file system. */
public final class ChartFiles {
    private ChartFiles() {
    }

    /**
     * A name part: {@code %util} becomes {@code pct-util}, {@code lat (ms,95%)} {@code lat-ms-95-pct},
     * {@code r/s} {@code r-s}; letters, digits, dots, dashes and the {@code +} between runs only.
     */
    public static String slug(String text) {
        String s = text.replace("%", " pct ").replaceAll("[^A-Za-z0-9.+]+", "-").replaceAll("^[-.]+|-+$", "");
        return s.isEmpty() ? "chart" : s.toLowerCase(Locale.ROOT);
    }
}
