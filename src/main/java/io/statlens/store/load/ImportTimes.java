package io.statlens.store.load;

import io.statlens.model.UserException;
import io.statlens.parse.time.LocaleFormats;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * The time options of an import as the user writes them: {@code statlens import --start/--interval/--tz} and the
 * import plan's fields read them here, so that both take the same spellings and refuse the same mistakes. Each
 * message starts with the name the user knows the option by ({@code --start} on the command line, {@code start} in
 * the window).
 */
public final class ImportTimes {
    private ImportTimes() {
    }

    /** A time zone: UTC, Europe/Berlin, +02:00. */
    public static ZoneId zone(String text, String option) {
        try {
            return ZoneId.of(text.strip());
        } catch (RuntimeException e) {
            throw new UserException(option + " " + text + ": not a time zone (use e.g. UTC, Europe/Berlin, +02:00)");
        }
    }

    /** The time of the first sample: with an offset (2024-03-01T10:00:00+01:00, ...Z), or local to {@code zone}. */
    public static Instant start(String text, ZoneId zone, String option) {
        String s = text.strip();
        try {
            return OffsetDateTime.parse(s).toInstant();
        } catch (DateTimeParseException e) {
            try {
                return LocalDateTime.parse(s).atZone(zone).toInstant();
            } catch (DateTimeParseException e2) {
                try {
                    return Instant.parse(s);
                } catch (DateTimeParseException e3) {
                    throw new UserException(option + " " + text + ": expected an ISO date-time such as 2024-03-01T10:00:00");
                }
            }
        }
    }

    /**
     * The locale a file was printed in, as {@code locale -a} and {@code LANG} name it ({@code en_GB}, {@code fr_FR.UTF-8},
     * {@code C}) or as a language tag ({@code en-GB}); it must be one glibc knows.
     */
    public static Locale locale(String text, String option) {
        String s = text.strip();
        int cut = s.indexOf('.');
        if (cut >= 0) s = s.substring(0, cut);
        cut = s.indexOf('@');
        if (cut >= 0) s = s.substring(0, cut);
        Locale locale = s.equalsIgnoreCase("C") || s.equalsIgnoreCase("POSIX") ? Locale.ROOT : Locale.forLanguageTag(s.replace('_', '-'));
        if (!s.isEmpty() && LocaleFormats.of(locale).isPresent()) return locale;
        throw new UserException(option + " " + text + ": not a locale glibc prints in (use e.g. en_US, en_GB, fr_FR, C)");
    }

    /** Seconds between samples, written as a number (5, 0.5). */
    public static Duration interval(String text, String option) {
        double seconds;
        try {
            seconds = Double.parseDouble(text.strip());
        } catch (NumberFormatException e) {
            seconds = Double.NaN;
        }
        if (!(seconds > 0) || Double.isInfinite(seconds)) {
            throw new UserException(option + " " + text + ": expected a positive number of seconds");
        }
        return Duration.ofNanos(Math.round(seconds * 1e9));
    }

    /** Seconds between samples, given as a number already (the command line's option is one). */
    public static Duration interval(double seconds, String option) {
        if (!(seconds > 0) || Double.isInfinite(seconds)) throw new UserException(option + " must be a positive number of seconds");
        return Duration.ofNanos(Math.round(seconds * 1e9));
    }
}
