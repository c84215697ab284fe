package io.statlens.parse.builtin.iostat;

import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.timeline.SampleClock;
import io.statlens.parse.timeline.Timeline;
import io.statlens.parse.spi.TimeOptions;

import java.time.Duration;
import java.time.Instant;

/**
 * The time of each report: its own time stamp line when it has one; one interval after the last
 * stamped report when it has none (OSWatcher stamps a snapshot, not each of its reports); and when
 * nothing in the file is stamped, {@link SampleClock} (--start, else the fallback start, one
 * interval apart). The banner date has no time of day, so it is recorded as a fact, not used.
 */
final class ReportClock {
    private static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);
    private final ParseContext context;
    private final TimeOptions timeOptions;
    private final RecordSink sink;
    private Duration printedInterval;
    private SampleClock derived;
    private Instant anchor;
    private long anchorReport;
    private boolean stampSourceRecorded;
    private boolean assumedStepWarned;

    ReportClock(ParseContext context, RecordSink sink) {
        this.context = context;
        this.timeOptions = TimeOptions.in(context);
        this.sink = sink;
    }

    /** The interval operand of a pasted command line. */
    void printedInterval(Duration interval) {
        this.printedInterval = interval;
    }

    /**
     * @param stamp  the report's own time stamp, or null
     * @param report 0-based number of the report in the file
     */
    Instant timeOf(ReportTimestamp stamp, long report) {
        if (stamp != null) {
            if (!stampSourceRecorded) {
                sink.fact("time.source", stamp.source());
                stampSourceRecorded = true;
            }
            anchor = stamp.time();
            anchorReport = report;
            return anchor;
        }
        if (anchor != null) return anchor.plus(step().multipliedBy(report - anchorReport));
        if (derived == null) {
            Timeline timeline = new Timeline(context, sink, DEFAULT_INTERVAL);
            timeline.printedInterval(printedInterval);
            derived = timeline.sampleClock();
        }
        return derived.at(report);
    }

    private Duration step() {
        if (timeOptions.interval().isPresent()) return timeOptions.interval().get();
        if (printedInterval != null) return printedInterval;
        if (!assumedStepWarned) {
            sink.warning(0, "reports without their own time stamp follow a stamped one; assuming they are "
                    + DEFAULT_INTERVAL.toSeconds() + " s apart; give --interval to set it");
            assumedStepWarned = true;
        }
        return DEFAULT_INTERVAL;
    }
}
