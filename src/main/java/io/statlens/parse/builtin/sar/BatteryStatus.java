package io.statlens.parse.builtin.sar;

import java.util.Map;

/**
 * A battery's state ({@code sar -m BAT}) as one word, whichever form printed it. sar's text prints an arrow
 * (pr_stats.c: {@code ↗} charging, {@code ↘} discharging, {@code →} not charging, {@code ↑} full, {@code ?} for any
 * other state); sadf's {@code -d}, {@code -j}, {@code -x} and {@code -p} print the word of sadf.c's {@code bat_status}
 * table ({@code Unknown}, {@code Charging}, {@code Discharging}, {@code NotCharging}, {@code Full}). The words are kept,
 * so that a sar file and a sadf file of the same data give the same facts.
 */
final class BatteryStatus {
    private static final Map<String, String> ARROWS = Map.of(
            "\u2197", "Charging", "\u2198", "Discharging", "\u2192", "NotCharging", "\u2191", "Full", "?", "Unknown");

    private BatteryStatus() {
    }

    /** sadf's word for a state sar printed as an arrow; any other cell (sadf's word) as it is. */
    static String word(String cell) {
        return ARROWS.getOrDefault(cell, cell);
    }
}
