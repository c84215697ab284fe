package io.statlens.analysis;

import io.statlens.model.UserException;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.Optional;

/**
 * A point in time as users write it on the command line and in annotation files: seconds since the
 * run's start, an ISO date and time, or a clock time on the day the run started.
 */
public sealed interface TimeExpression {
    /** The forms, for error messages and help. */
    String FORMS = "elapsed seconds since the run's start (300, +300, 300s, 5m, 1h30m), an ISO time (2024-03-01T10:05:00,"
            + " or with Z or an offset), 2024-03-01 10:05:00, or a clock time 10:05:00 on the day the run started";

    /** The forms by example, for messages that repeat. */
    String EXAMPLES = "2024-03-01T10:05:00, 2024-03-01 10:05:00, 10:05:00, +300 or 5m";

    /** Seconds since the run's start. */
    record Elapsed(double seconds) implements TimeExpression {
    }

    /** A time with its zone or offset. */
    record Absolute(Instant time) implements TimeExpression {
    }

    /** A date and time in the user's zone. */
    record Local(LocalDateTime time) implements TimeExpression {
    }

    /** A time of day, on the date the run started (in the user's zone). */
    record Clock(LocalTime time) implements TimeExpression {
    }

    /** Parses one of the {@link #FORMS}; empty if the text is none of them. */
    static Optional<TimeExpression> parse(String text) {
        return TimeSyntax.parse(text);
    }

    /**
     * The instant meant.
     *
     * @param runStart the run's first sample; null when the run has none
     * @param zone     the user's zone, for local times
     */
    default Instant resolve(Instant runStart, ZoneId zone) {
        return switch (this) {
            case Absolute a -> a.time();
            case Local l -> l.time().atZone(zone).toInstant();
            case Elapsed e -> origin(runStart).plusNanos(Math.round(e.seconds() * 1e9));
            case Clock c -> origin(runStart).atZone(zone).toLocalDate().atTime(c.time()).atZone(zone).toInstant();
        };
    }

    private static Instant origin(Instant runStart) {
        if (runStart == null) {
            throw new UserException("the run has no samples, so a time relative to its start means nothing;"
                    + " give a date and time such as 2024-03-01T10:05:00");
        }
        return runStart;
    }
}
