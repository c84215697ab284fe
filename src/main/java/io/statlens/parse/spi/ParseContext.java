package io.statlens.parse.spi;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Objects;
import java.util.Optional;

/**
 * What a parser may know besides the text: the user's time options and a fallback start.
 *
 * @param fileName      the file, for messages
 * @param zone          zone for local times printed without one ({@code --tz}, default the local zone)
 * @param start         {@code --start}: the absolute time of the first sample, if the user gave it
 * @param interval      {@code --interval}: seconds between samples, if the user gave it
 * @param fallbackStart used when the output carries no date and the user gave no {@code --start}:
 *                      the run's start if it has one, else the file's modification time
 * @param fallbackStartSource how {@code fallbackStart} was obtained, recorded as a fact
 */
public record ParseContext(String fileName, ZoneId zone, Optional<Instant> start, Optional<Duration> interval,
                           Instant fallbackStart, String fallbackStartSource) {
    public ParseContext {
        Objects.requireNonNull(fileName);
        Objects.requireNonNull(zone);
        Objects.requireNonNull(start);
        Objects.requireNonNull(interval);
        Objects.requireNonNull(fallbackStart);
    }

    /** A context for tests and tools: UTC, no user options, fallback start at the epoch. */
    public static ParseContext simple(String fileName) {
        return new ParseContext(fileName, ZoneId.of("UTC"), Optional.empty(), Optional.empty(), Instant.EPOCH, "test default");
    }

    public ParseContext withZone(ZoneId newZone) {
        return new ParseContext(fileName, newZone, start, interval, fallbackStart, fallbackStartSource);
    }

    public ParseContext withStart(Instant newStart) {
        return new ParseContext(fileName, zone, Optional.of(newStart), interval, fallbackStart, fallbackStartSource);
    }

    public ParseContext withInterval(Duration newInterval) {
        return new ParseContext(fileName, zone, start, Optional.of(newInterval), fallbackStart, fallbackStartSource);
    }
}
