package io.statlens.parse.declarative;

import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.timeline.DayClock;
import io.statlens.parse.timeline.SampleClock;
import io.statlens.parse.timeline.Timeline;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;

/**
 * Gives rows their absolute time, whichever way the definition says it is printed, through the shared
 * {@link Timeline}: a time of day (dated by the last time line, else {@code --start}, else the fallback
 * start, rolling over midnight), epoch seconds, time lines between reports, or nothing (the
 * {@link SampleClock}, one interval apart: {@code --interval}, the pasted command's, or the definition's
 * default). The timeline records each way it used as a {@code time.source} fact.
 */
final class ReportClock {
    private final Timeline timeline;
    private final RecordSink sink;
    private final ZoneId zone;
    private DayClock clock;
    private String dateSource;
    private Instant lastTimeLine;
    private long timeLineCount;

    ReportClock(ParseContext context, RecordSink sink, Duration defaultInterval) {
        this.timeline = new Timeline(context, sink, defaultInterval);
        this.sink = sink;
        this.zone = timeline.options().zone();
    }

    /** A date(1) or epoch line: it times the reports after it and dates the times of day that follow. */
    void timeLine(Instant time) {
        lastTimeLine = time;
        timeLineCount++;
        clock = timeline.clock(timeline.stated(LocalDate.ofInstant(time, zone), Timeline.DateSource.DATE_LINE));
        dateSource = "the date of the preceding date(1) or epoch line";
    }

    /** The interval typed on a pasted command line of the tool. */
    void commandInterval(Duration interval) {
        timeline.printedInterval(interval);
    }

    /** How many time lines have been seen: a report remembers it to know whether one came since. */
    long timeLineCount() {
        return timeLineCount;
    }

    /** @param where which column or header printed it, for the fact */
    Instant timeOfDay(LocalTime time, String where) {
        if (clock == null) startClock();
        timeline.source("time of day " + where + " on " + dateSource + ", zone " + zone);
        return clock.at(time, zone);
    }

    Instant epoch(Instant time, String where) {
        timeline.source("epoch seconds " + where);
        return time;
    }

    /**
     * The time of a report that prints none: after a time line, that line's time plus one interval per
     * report since; otherwise the sample clock's time of the sample.
     */
    Instant report(long sample, long reportsSinceTimeLine) {
        if (lastTimeLine != null) {
            Duration interval = timeline.step();
            timeline.source("date(1) or epoch lines before the reports (reports without one follow at " + seconds(interval)
                    + " s steps)");
            return lastTimeLine.plus(interval.multipliedBy(reportsSinceTimeLine));
        }
        return timeline.sampleClock().at(sample);
    }

    /** Makes sure the file has its time.source fact even when it held no time series. */
    void finish() {
        timeline.none("the file has no time-series rows");
    }

    private void startClock() {
        Timeline.Day day = timeline.assumedDay();
        dateSource = "the date of " + day.origin() + " (" + day.date() + ")";
        if (day.assumed() && !day.placedLater()) {
            sink.notice(0, "the output has no date; taking " + day.date() + " from " + day.origin() + "; give --start to set it");
        }
        clock = timeline.clock(day);
    }

    private static String seconds(Duration d) {
        return d.toNanos() % 1_000_000_000L == 0 ? Long.toString(d.toSeconds()) : Double.toString(d.toNanos() / 1e9);
    }
}
