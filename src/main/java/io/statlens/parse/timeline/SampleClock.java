package io.statlens.parse.timeline;

import io.statlens.parse.spi.ReceiveTimes;

import java.time.Duration;
import java.time.Instant;

/**
 * Timestamps for output that prints none (plain vmstat, sysbench intervals): the first sample at a start and one
 * interval apart; or, for output a collect received, each sample at the collector's receive time of its line
 * ({@link ReceiveTimes}). Made by {@link Timeline#sampleClock}, which decides the start and the interval and says how.
 */
public final class SampleClock {
    private final Instant start;
    private final long intervalNanos;
    private final ReceiveTimes received;
    /** Said once when a sample after the first is placed by an interval that was assumed; null when nothing was. */
    private Runnable assumed;

    /**
     * @param assumed what to say when the interval, assumed, first places a sample: the first sample and times printed
     *                as seconds after it ({@link #atElapsed}) need none, and output of one sample has no interval to assume
     */
    SampleClock(Instant start, Duration interval, Runnable assumed) {
        this(start, interval, (ReceiveTimes) null);
        this.assumed = assumed;
    }

    private SampleClock(Instant start, Duration interval, ReceiveTimes received) {
        this.start = start;
        this.intervalNanos = interval.toNanos();
        this.received = received;
    }

    /** Each sample at its receive time; elapsed times count from the first line's. */
    static SampleClock received(ReceiveTimes received, Duration interval) {
        return new SampleClock(received.first(), interval, received);
    }

    /** Time of the 0-based sample number. */
    public Instant at(long sample) {
        if (received != null) return received.ofSample(sample);
        if (sample != 0 && assumed != null) {
            assumed.run();
            assumed = null;
        }
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
