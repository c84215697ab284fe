package io.statlens.parse.spi;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * The user's time options, a {@link ParseContext} value.
 *
 * @param zone     zone of local times printed without one ({@code --tz}; the import's default is the local zone)
 * @param start    {@code --start}: the absolute time of the first sample, if the user gave it
 * @param interval {@code --interval}: the time between samples, if the user gave it
 * @param locale   {@code --file-locale}: the locale the file was printed in, if the user gave it; it decides what the file's
 *                 own evidence leaves open (day or month first in {@code 02/12/2026}, which zone CST means)
 */
public record TimeOptions(ZoneId zone, Optional<Instant> start, Optional<Duration> interval, Optional<Locale> locale) {
    /** What a context without time options means: UTC, no {@code --start}, no {@code --interval}. */
    public static final TimeOptions DEFAULT = new TimeOptions(ZoneId.of("UTC"), Optional.empty(), Optional.empty(), Optional.empty());

    public TimeOptions {
        Objects.requireNonNull(zone);
        Objects.requireNonNull(start);
        Objects.requireNonNull(interval);
        Objects.requireNonNull(locale);
    }

    /** The context's options, else {@link #DEFAULT}. */
    public static TimeOptions in(ParseContext context) {
        return context.get(TimeOptions.class, DEFAULT);
    }

    public TimeOptions withZone(ZoneId newZone) {
        return new TimeOptions(newZone, start, interval, locale);
    }

    public TimeOptions withStart(Instant newStart) {
        return new TimeOptions(zone, Optional.of(newStart), interval, locale);
    }

    public TimeOptions withLocale(Locale printedIn) {
        return new TimeOptions(zone, start, interval, Optional.of(printedIn));
    }

    public TimeOptions withInterval(Duration newInterval) {
        return new TimeOptions(zone, start, Optional.of(newInterval), locale);
    }
}
