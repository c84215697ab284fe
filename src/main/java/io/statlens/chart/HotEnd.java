package io.statlens.chart;

import io.statlens.model.UserException;

import java.util.Locale;

/**
 * Which end of a metric means "busy": high for {@code %util} or {@code %usr}, low for {@code %idle}.
 * Heat maps draw the busy end in the hot colours, and "top N keys" picks the busiest keys.
 */
public enum HotEnd {
    HIGH, LOW;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static HotEnd parse(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "high" -> HIGH;
            case "low" -> LOW;
            default -> throw new UserException("hot end '" + text + "': expected high or low");
        };
    }
}
