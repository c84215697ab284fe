package io.statlens.parse.builtin.mysql;

import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.timeline.Timeline;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Places in time the snapshots of a capture loop that prints a table again and again (status variables, wait
 * summaries): a time line before a snapshot (date(1), {@code date +%s}, pt-stalk's {@code TS}: {@link TimeLines}) is
 * its time; a snapshot without one follows the last by the interval (the given one, else a pasted command's, else
 * 1 s, said once).
 */
final class SnapshotTimes {
    private static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);
    private final Timeline timeline;
    private Instant stamp;

    SnapshotTimes(ParseContext context, RecordSink sink) {
        timeline = new Timeline(context, sink, DEFAULT_INTERVAL);
        timeline.whenStepAssumed(step -> "the output prints no interval; taking " + step.toSeconds()
                + " s between snapshots; give --interval to set it");
    }

    Timeline timeline() {
        return timeline;
    }

    /** The time a time line states; empty when the line is none. */
    Optional<Instant> timeLine(String text) {
        return TimeLines.parse(text, timeline.options().zone());
    }

    /** A time line was read: its time is the next snapshot's. */
    void stamp(Instant time) {
        stamp = time;
    }

    /** The input has ended, after its last snapshot: the timeline says what it held back ({@link Timeline#end}). */
    void end() {
        timeline.end();
    }

    /** The time of the snapshot numbered {@code snapshot} (from 0), which has just been read. */
    Instant time(long snapshot) {
        if (stamp == null) return timeline.unstamped(snapshot);
        Instant time = timeline.stamped(stamp, snapshot);
        timeline.source("date(1), epoch or pt-stalk TS lines before the snapshots (a snapshot without one follows the "
                + "last by the interval)");
        stamp = null;
        return time;
    }
}
