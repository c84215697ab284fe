package io.statlens.parse.builtin.nmon;

import io.statlens.model.Metric;

import java.util.Locale;

/**
 * The unit of an nmon column, read from its name as nmon writes it ({@code User%}, {@code read-KB/s},
 * {@code Disk transfers per second}): nmon prints no units of its own.
 */
final class NmonUnits {
    private NmonUnits() {
    }

    static Metric metric(String label, String section) {
        return new Metric(label, unit(label, section), "");
    }

    static String unit(String label, String section) {
        String l = label.toLowerCase(Locale.ROOT);
        if (l.contains("%")) return "%";
        if (l.contains("kb/s")) return "KB/s";
        if (l.contains("mb/s")) return "MB/s";
        if (l.endsWith("/s") || l.contains("per second") || l.endsWith("-tps")) return "1/s";
        if (l.contains("msec")) return "ms";
        if (l.contains("(mb)") || l.endsWith(" mb")) return "MB";
        // Linux nmon's MEM section is in megabytes throughout (memtotal, memfree, cached...)
        if (section.equals("MEM") && !l.contains("%")) return "MB";
        return "";
    }
}
