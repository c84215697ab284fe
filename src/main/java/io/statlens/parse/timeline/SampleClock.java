package io.statlens.parse.timeline;

import java.time.Duration;
import java.time.Instant;

/**
 * Timestamps for output that prints none (plain vmstat, sysbench intervals): the first sample at a start and one
 * interval apart. Made by {@link Timeline#sampleClock}, which decides the start and the interval and says how.
 */
public final class SampleClock {
    private final Instant start;
    private final long intervalNanos;

    SampleClock(Instant start, Duration interval) {
        this.start = start;
        this.intervalNanos = interval.toNanos();
    }

    /** Time of the 0-based sample number. */
    public Instant at(long sample) {
        try {
            return start.plus(Duration.ofNanos(intervalNanos).multipliedBy(sample));
        } catch (ArithmeticException | java.time.DateTimeException e) {
            // beyond any calendar: the import's range check drops such rows with a warning
            return Instant.MAX;
        }
    }

    /** Time at this many seconds after the start. */
    public Instant atElapsed(double seconds) {
        return start.plusNanos(Math.round(seconds * 1e9));
    }
}
