package io.statlens.parse.spi;

import io.statlens.model.Fact;

import java.time.Duration;
import java.time.Instant;

/**
 * Times a parser derived for output that prints none, counted from a provisional start, for the receiver of the
 * records to place once the whole input is read: a file's modification time marks when the tool stopped writing,
 * so it is the time of the last sample, which is known only at the end (first = end − (n−1)·interval). Sent to
 * {@link RecordSink#derivedTimes} before the first row when the context's {@link FallbackStart} is
 * {@linkplain FallbackStart#placedLater() placed later}; the rows that follow carry provisional times.
 *
 * <p>The parser's timeline ({@code io.statlens.parse.timeline}) implements it: it knows how the times were
 * derived, so it also says how they were placed; the sink only moves the rows and stores what it is handed.
 */
public interface DerivedTimes {
    /** Where the provisional times count from (the first sample's provisional time). */
    Instant provisionalStart();

    /** Whether only the dates were derived: the times of day are the tool's own. */
    boolean datesOnly();

    /**
     * The last sample at the fallback's time (the file's modification time): the file alone decides.
     *
     * @param firstProvisional the provisional time of the file's first sample, for the messages
     * @param lastProvisional  the provisional time of its last sample
     */
    Placement lastAtFallback(Instant firstProvisional, Instant lastProvisional);

    /** The first sample at a start other files of the run state ({@code the run's start}). */
    Placement firstAt(Instant start, String source);

    /**
     * Where the rows go.
     *
     * @param shift      to add to every provisional time
     * @param timeSource the file's {@code time.source} fact, to record
     * @param notice     the notice that says where the times were put
     */
    record Placement(Duration shift, Fact timeSource, String notice) {
    }
}
