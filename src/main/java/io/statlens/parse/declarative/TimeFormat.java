package io.statlens.parse.declarative;

import io.statlens.parse.text.Numbers;

import java.time.Instant;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * How a printed time reads: a {@link DateTimeFormatter} pattern for a time of day ({@code HH:mm:ss}),
 * or {@code epoch} for seconds since 1970 (fractions allowed).
 *
 * @param pattern   as written in the definition
 * @param formatter null for {@code epoch}
 */
public record TimeFormat(String pattern, DateTimeFormatter formatter) {
    public static final String EPOCH = "epoch";

    /** @throws IllegalArgumentException if the pattern is not a valid formatter pattern */
    public static TimeFormat of(String pattern) {
        if (pattern.equals(EPOCH)) return new TimeFormat(pattern, null);
        return new TimeFormat(pattern, DateTimeFormatter.ofPattern(pattern, Locale.ROOT));
    }

    public boolean epoch() {
        return formatter == null;
    }

    /** @throws DateTimeParseException if the text is not a time of day in this format */
    public LocalTime timeOfDay(String text) {
        return LocalTime.parse(text, formatter);
    }

    /** @throws NumberFormatException if the text is not a number of seconds */
    public Instant epochInstant(String text) {
        double seconds = Numbers.parse(text);
        long whole = (long) Math.floor(seconds);
        return Instant.ofEpochSecond(whole, Math.round((seconds - whole) * 1e9));
    }
}
