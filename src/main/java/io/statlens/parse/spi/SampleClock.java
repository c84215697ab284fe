package io.statlens.parse.spi;

import java.time.Duration;
import java.time.Instant;

/**
 * Timestamps for output that prints none (plain vmstat, sysbench intervals): the first sample at
 * {@code --start} (else the context's {@link FallbackStart}) and one {@code --interval} apart (else the
 * tool's known or default interval). Creating one records how the times were derived as the fact
 * {@code time.source}, and leaves a notice when it had to assume. When the fallback is {@linkplain
 * FallbackStart#placedLater() placed later} (the file's modification time, where the last sample belongs), the
 * times are provisional, counted from it, and the sink is told with {@link DerivedTimes}: it places them and
 * records how once the input has been read.
 */
public final class SampleClock {
    private final Instant start;
    private final long intervalNanos;

    private SampleClock(Instant start, Duration interval) {
        this.start = start;
        this.intervalNanos = interval.toNanos();
    }

    /**
     * @param knownInterval the interval the output itself states (sysbench's report interval), or null
     * @param defaultInterval what to assume when neither the output nor the user says
     */
    public static SampleClock derive(ParseContext context, RecordSink sink, Duration knownInterval, Duration defaultInterval) {
        TimeOptions options = TimeOptions.in(context);
        Instant start;
        String startSource;
        if (options.start().isPresent()) {
            start = options.start().get();
            startSource = "--start " + start;
        } else {
            FallbackStart fallback = FallbackStart.in(context);
            start = fallback.time();
            startSource = fallback.source() + " (" + start + ")";
            if (!fallback.placedLater()) {
                sink.notice(0, "the output has no time stamps; times start at " + startSource + "; give --start to set it");
            }
        }
        Duration interval;
        String intervalSource;
        if (options.interval().isPresent()) {
            interval = options.interval().get();
            intervalSource = "--interval " + seconds(interval) + " s";
        } else if (knownInterval != null) {
            interval = knownInterval;
            intervalSource = "interval printed by the tool, " + seconds(interval) + " s";
        } else {
            interval = defaultInterval;
            intervalSource = "assumed interval " + seconds(interval) + " s";
            sink.notice(0, "the output does not say its interval; assuming " + seconds(interval) + " s; give --interval to set it");
        }
        FallbackStart fallback = FallbackStart.in(context);
        if (options.start().isEmpty() && fallback.placedLater()) {
            sink.derivedTimes(new DerivedTimes(start, intervalSource, fallback));
        } else {
            sink.fact("time.source", "derived: first sample at " + startSource + ", " + intervalSource);
        }
        return new SampleClock(start, interval);
    }

    private static String seconds(Duration d) {
        double s = d.toNanos() / 1e9;
        return s == Math.rint(s) ? Long.toString((long) s) : Double.toString(s);
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

    public Instant start() {
        return start;
    }
}
