package io.statlens.parse.declarative;

import io.statlens.parse.spi.FallbackStart;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.spi.SampleClock;
import io.statlens.parse.spi.TimeOptions;
import io.statlens.parse.time.DayRoller;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.HashSet;
import java.util.Set;

/**
 * Gives rows their absolute time, whichever way the definition says it is printed: a time of day
 * (dated by the last time line, else {@code --start}, else the fallback start, rolling over
 * midnight), epoch seconds, time lines between reports, or nothing (the {@link SampleClock}). Records
 * each way it used as a {@code time.source} fact.
 */
final class ReportClock {
    private final ParseContext context;
    private final TimeOptions timeOptions;
    private final FallbackStart fallback;
    private final RecordSink sink;
    private final Duration defaultInterval;
    private final ZoneId zone;
    private final Set<String> recorded = new HashSet<>();
    private SampleClock sampleClock;
    private DayRoller roller;
    private String dateSource;
    private Instant lastTimeLine;
    private long timeLineCount;

    ReportClock(ParseContext context, RecordSink sink, Duration defaultInterval) {
        this.context = context;
        this.timeOptions = TimeOptions.in(context);
        this.fallback = FallbackStart.in(context);
        this.sink = sink;
        this.defaultInterval = defaultInterval;
        this.zone = timeOptions.zone();
    }

    /** A date(1) or epoch line: it times the reports after it and dates the times of day that follow. */
    void timeLine(Instant time) {
        lastTimeLine = time;
        timeLineCount++;
        roller = new DayRoller(LocalDate.ofInstant(time, zone), zone);
        dateSource = "the date of the preceding date(1) or epoch line";
    }

    /** How many time lines have been seen: a report remembers it to know whether one came since. */
    long timeLineCount() {
        return timeLineCount;
    }

    /** @param where which column or header printed it, for the fact */
    Instant timeOfDay(LocalTime time, String where) {
        if (roller == null) startRoller();
        record("time of day " + where + " on " + dateSource + ", zone " + zone);
        return roller.resolve(time);
    }

    Instant epoch(Instant time, String where) {
        record("epoch seconds " + where);
        return time;
    }

    /**
     * The time of a report that prints none: after a time line, that line's time plus one interval per
     * report since; otherwise the sample clock's time of the sample.
     */
    Instant report(long sample, long reportsSinceTimeLine) {
        if (lastTimeLine != null) {
            Duration interval = timeOptions.interval().orElse(defaultInterval);
            record("date(1) or epoch lines before the reports (reports without one follow at " + seconds(interval)
                    + " s steps)");
            return lastTimeLine.plus(interval.multipliedBy(reportsSinceTimeLine));
        }
        if (sampleClock == null) sampleClock = SampleClock.derive(context, sink, null, defaultInterval);
        return sampleClock.at(sample);
    }

    /** Makes sure the file has its time.source fact even when it held no time series. */
    void finish() {
        if (recorded.isEmpty() && sampleClock == null) sink.fact("time.source", "none: the file has no time-series rows");
    }

    private void startRoller() {
        LocalDate date;
        if (timeOptions.start().isPresent()) {
            date = LocalDate.ofInstant(timeOptions.start().get(), zone);
            dateSource = "the date of --start (" + date + ")";
        } else {
            date = LocalDate.ofInstant(fallback.time(), zone);
            dateSource = "the date of " + fallback.source() + " (" + date + ")";
            sink.notice(0, "the output has no date; taking " + date + " from " + fallback.source()
                    + "; give --start to set it");
        }
        roller = new DayRoller(date, zone);
    }

    private static String seconds(Duration d) {
        return d.toNanos() % 1_000_000_000L == 0 ? Long.toString(d.toSeconds()) : Double.toString(d.toNanos() / 1e9);
    }

    private void record(String source) {
        if (recorded.add(source)) sink.fact("time.source", source);
    }
}
