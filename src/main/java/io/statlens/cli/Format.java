package io.statlens.cli;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/** How numbers and times look in terminal output. */
final class Format {
    private Format() {
    }

    static String number(double v) {
        if (Double.isNaN(v)) return "";
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return Long.toString((long) v);
        double a = Math.abs(v);
        if (a >= 1000) return String.format("%.1f", v);
        if (a >= 1) return String.format("%.3f", v).replaceAll("0+$", "").replaceAll("\\.$", "");
        return String.format("%.4g", v);
    }

    /** ISO-8601 UTC, seconds precision unless there are fractions. */
    static String time(Instant t) {
        if (t == null) return "";
        return t.getNano() == 0 ? DateTimeFormatter.ISO_INSTANT.format(t.truncatedTo(ChronoUnit.SECONDS)) : t.toString();
    }

    static String bytes(long n) {
        if (n < 1024) return n + " B";
        if (n < 1024 * 1024) return String.format("%.1f KiB", n / 1024.0);
        if (n < 1024L * 1024 * 1024) return String.format("%.1f MiB", n / 1024.0 / 1024);
        return String.format("%.2f GiB", n / 1024.0 / 1024 / 1024);
    }
}
