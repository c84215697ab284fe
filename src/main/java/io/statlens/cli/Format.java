package io.statlens.cli;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/** How numbers and times look in terminal output. */
final class Format {
    private Format() {
    }

    /**
     * A number for people: six significant digits (more for large integers parts), no exponent,
     * no trailing zeros: {@code 3482.24}, {@code 0.31}, {@code 224813328}.
     */
    static String number(double v) {
        if (Double.isNaN(v)) return "";
        if (Double.isInfinite(v)) return v > 0 ? "inf" : "-inf";
        if (v == 0) return "0";
        // Tiny values (p-values) in plain notation would be dozens of zeros long.
        if (Math.abs(v) < 1e-4) return String.format("%.3g", v);
        int integerDigits = (int) Math.floor(Math.log10(Math.abs(v))) + 1;
        java.math.BigDecimal d = new java.math.BigDecimal(v).round(new java.math.MathContext(Math.max(6, integerDigits)));
        return d.stripTrailingZeros().toPlainString();
    }

    /** A number for files: exact (shortest round-trip form), no exponent, no trailing {@code .0}. */
    static String exact(double v) {
        if (Double.isNaN(v)) return "";
        if (Double.isInfinite(v)) return v > 0 ? "Infinity" : "-Infinity";
        if (v == 0) return "0";
        return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
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
