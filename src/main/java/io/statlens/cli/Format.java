package io.statlens.cli;

import io.statlens.analysis.ReadableNumbers;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/** How times and sizes look in terminal output; numbers are {@link ReadableNumbers}'. */
final class Format {
    private static final String[] BINARY_UNITS = {"KiB", "MiB", "GiB", "TiB"};

    private Format() {
    }

    /** ISO-8601 UTC, seconds precision unless there are fractions. */
    static String time(Instant t) {
        if (t == null) return "";
        return t.getNano() == 0 ? DateTimeFormatter.ISO_INSTANT.format(t.truncatedTo(ChronoUnit.SECONDS)) : t.toString();
    }

    /** A size in bytes, in the largest binary unit that keeps an integer part: {@code 812 B}, {@code 1.17 KiB}, {@code 215 MiB}. */
    static String bytes(long n, ReadableNumbers numbers) {
        if (n < 1024) return numbers.integer(n) + " B";
        double v = n / 1024.0;
        int unit = 0;
        while (v >= 1024 && unit < BINARY_UNITS.length - 1) {
            v /= 1024;
            unit++;
        }
        return numbers.number(v, BINARY_UNITS[unit]) + " " + BINARY_UNITS[unit];
    }
}
