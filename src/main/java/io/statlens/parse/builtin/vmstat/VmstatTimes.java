package io.statlens.parse.builtin.vmstat;

import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.timeline.SampleClock;
import io.statlens.parse.timeline.Timeline;
import io.statlens.parse.spi.TimeOptions;

import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;

/**
 * The time of each vmstat sample, from the best source the output has: the {@code -t} time stamp
 * column; else a date(1) or epoch line printed before the sample (samples after it without their own
 * line are one interval apart); else {@link SampleClock} from {@code --start}/{@code --interval}, the
 * interval of a pasted command line, or one second. Each source used is recorded once as the fact
 * {@code time.source}.
 */
final class VmstatTimes {
    private static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);
    private final ParseContext context;
    private final TimeOptions timeOptions;
    private final RecordSink sink;
    private final Set<String> sourcesRecorded = new HashSet<>();
    private Duration commandInterval;
    private SampleClock derived;
    private Instant lastDateLine;
    private long samplesSinceDateLine;
    private boolean warnedAssumedInterval;

    VmstatTimes(ParseContext context, RecordSink sink) {
        this.context = context;
        this.timeOptions = TimeOptions.in(context);
        this.sink = sink;
    }

    /** The interval typed on a vmstat command line in the file, if any. */
    void commandInterval(Duration interval) {
        if (interval != null) commandInterval = interval;
    }

    /** Time of a sample printed with a {@code -t} time stamp. */
    Instant stamped(Instant printed, String zoneDescription) {
        record("vmstat -t timestamp column, zone " + zoneDescription);
        return printed;
    }

    /**
     * Time of a sample without its own time stamp.
     *
     * @param sample   the sample's number in its data set, for derived times
     * @param dateLine the date(1) or epoch line printed just before this sample, or null
     * @param epoch    whether that line was epoch seconds
     */
    Instant unstamped(long sample, Instant dateLine, boolean epoch) {
        if (dateLine != null) {
            record(epoch ? "epoch lines before the samples" : "date(1) lines before the samples");
            lastDateLine = dateLine;
            samplesSinceDateLine = 0;
            return dateLine;
        }
        if (lastDateLine != null) {
            samplesSinceDateLine++;
            return lastDateLine.plus(interval().multipliedBy(samplesSinceDateLine));
        }
        if (derived == null) {
            Timeline timeline = new Timeline(context, sink, DEFAULT_INTERVAL);
            timeline.printedInterval(commandInterval);
            derived = timeline.sampleClock();
        }
        return derived.at(sample);
    }

    /** Whether any sample got a time, so that {@code time.source} was recorded. */
    boolean recordedAny() {
        return !sourcesRecorded.isEmpty() || derived != null;
    }

    private Duration interval() {
        if (timeOptions.interval().isPresent()) return timeOptions.interval().get();
        if (commandInterval != null) return commandInterval;
        if (!warnedAssumedInterval) {
            warnedAssumedInterval = true;
            sink.warning(0, "samples without a date line before them are placed 1 s after the previous one; "
                    + "give --interval to set it");
        }
        return DEFAULT_INTERVAL;
    }

    private void record(String source) {
        if (sourcesRecorded.add(source)) sink.fact("time.source", source);
    }
}
