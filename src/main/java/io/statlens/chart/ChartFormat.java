package io.statlens.chart;

import io.statlens.model.UserException;

import java.util.Locale;

/** File formats a chart is written in. */
public enum ChartFormat {
    PNG, SVG;

    /** The file name extension, without the dot. */
    public String extension() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ChartFormat parse(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "png" -> PNG;
            case "svg" -> SVG;
            default -> throw new UserException("format '" + text + "': expected png or svg");
        };
    }
}
