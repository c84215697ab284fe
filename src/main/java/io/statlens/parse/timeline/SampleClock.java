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
    /**
     * A later run of the tool whose pasted command states another interval ({@code vmstat 5} after {@code vmstat}):
     * from its first sample on, samples are its interval apart, counting on from the sample before it. Null while
     * every sample follows {@link #start}.
     */
    private Segment later;
    /** The interval of a later run, waiting for that run's first sample; null when none waits. */
    private Duration nextInterval;
    /** The highest sample number placed so far: the next run's first sample comes after it. */
    private long lastPlaced = -1;

    /** Samples from {@code fromSample} on, {@code intervalNanos} apart from {@code fromTime}; {@code before} places the earlier ones. */
    private record Segment(long fromSample, Instant fromTime, long intervalNanos, Segment before) {
    }
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
        if (nextInterval != null && sample > lastPlaced && lastPlaced >= 0) {
            // the later run's first sample: one of its intervals after the last sample of the run before
            Instant previous = at(lastPlaced);
            later = new Segment(lastPlaced + 1, previous.plus(nextInterval), nextInterval.toNanos(), later);
            nextInterval = null;
        }
        if (sample > lastPlaced) lastPlaced = sample;
        Segment segment = later;
        while (segment != null && sample < segment.fromSample()) segment = segment.before();
        if (segment != null) return plus(segment.fromTime(), segment.intervalNanos(), sample - segment.fromSample());
        if (sample != 0 && assumed != null) {
            assumed.run();
            assumed = null;
        }
        return plus(start, intervalNanos, sample);
    }

    /**
     * A later run of the tool states its interval: the samples placed after now are that far apart. The interval
     * assumed for the earlier ones, if any, is not said to place them.
     */
    void laterInterval(Duration interval) {
        nextInterval = interval;
        assumed = null;
    }

    private static Instant plus(Instant from, long intervalNanos, long samples) {
        try {
            return from.plus(Duration.ofNanos(intervalNanos).multipliedBy(samples));
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
