package io.statlens.parse.spi;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * Times a parser derived for output that prints none, counted from a provisional start, for the receiver of the
 * records to place once the whole input is read: a file's modification time marks when the tool stopped writing,
 * so it is the time of the last sample, which is known only at the end (first = end − (n−1)·interval). Sent to
 * {@link RecordSink#derivedTimes} before the first row when the context's {@link FallbackStart} is
 * {@linkplain FallbackStart#placedLater() placed later}; the rows that follow carry provisional times.
 *
 * @param provisionalStart where the provisional times count from (the first sample's provisional time)
 * @param interval         how the interval was obtained, for the {@code time.source} fact
 *                         ({@code assumed interval 1 s}, {@code interval printed by the tool, 5 s})
 * @param fallback         the fallback start the times are placed by: its time is where the last sample goes
 */
public record DerivedTimes(Instant provisionalStart, String interval, FallbackStart fallback) {
    public DerivedTimes {
        Objects.requireNonNull(provisionalStart);
        Objects.requireNonNull(interval);
        Objects.requireNonNull(fallback);
    }

    /**
     * Where the rows go.
     *
     * @param shift      to add to every provisional time
     * @param timeSource the {@code time.source} fact
     * @param notice     the notice that says where the times were put
     */
    public record Placement(Duration shift, String timeSource, String notice) {
    }

    /**
     * The last sample at the fallback's time (the file's modification time): the file alone decides.
     *
     * @param firstProvisional the provisional time of the file's first sample, for the messages
     * @param lastProvisional  the provisional time of its last sample
     */
    public Placement lastAtFallback(Instant firstProvisional, Instant lastProvisional) {
        Duration shift = Duration.between(lastProvisional, fallback.time());
        Instant first = firstProvisional.plus(shift);
        return new Placement(shift,
                "derived: last sample at " + fallback.source() + " (" + fallback.time() + "), first at " + first + ", " + interval,
                "the output has no time stamps; its last sample is placed at " + fallback.source() + " (" + fallback.time()
                        + ") and the first at " + first + "; give --start to set it");
    }

    /** The first sample at a start other files of the run state ({@code the run's start}). */
    public Placement firstAt(Instant start, String source) {
        Duration shift = Duration.between(provisionalStart, start);
        return new Placement(shift, "derived: first sample at " + source + " (" + start + "), " + interval,
                "the output has no time stamps; times start at " + source + " (" + start + "); give --start to set it");
    }
}
