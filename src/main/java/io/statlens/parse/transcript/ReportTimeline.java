package io.statlens.parse.transcript;

import io.statlens.parse.spi.DerivedTimes;
import io.statlens.parse.spi.FallbackStart;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.spi.SampleClock;
import io.statlens.parse.spi.TimeOptions;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.function.Function;

/**
 * The times of a tool's reports, composed the same way for every tool from what the output prints:
 *
 * <ul>
 *   <li><b>Times of day on a date.</b> sysstat, arcstat and the declarative tools print a time of day on each
 *       line. The date comes from the output (a banner, a date(1) line) through {@link #stated}, else from
 *       {@link #assumedDay}: {@code --start}'s date, or the fallback start's. A {@link DayClock} then turns the
 *       times of day of one forward-running sequence into instants, rolling over midnight. When the fallback is the
 *       file's modification time, when the tool stopped, its date is the LAST sample's: the dates are provisional
 *       and the sink moves them back by the midnights crossed once the file is read.</li>
 *   <li><b>Stamped reports and the ones between.</b> A report with its own stamp (a {@code -t} column, a date
 *       or epoch line) is at that time; a report without one follows the last stamped one by whole
 *       {@link #step() steps}; output with no stamp at all is placed by {@link SampleClock}.</li>
 * </ul>
 *
 * <p>The interval used for steps and for {@link SampleClock} is {@code --interval}, else the one the output or
 * its pasted command states ({@link #printedInterval}), else the tool's default, which is said once.
 */
public final class ReportTimeline {
    private final ParseContext context;
    private final TimeOptions options;
    private final FallbackStart fallback;
    private final RecordSink sink;
    private final Duration defaultInterval;
    private Duration printedInterval;
    private SampleClock sampleClock;
    private Instant anchor;
    private long anchorReport;
    private Function<Duration, String> assumedStepMessage;
    private boolean assumedStepSaid;
    /** An assumed day is placed later: the first dated sample tells the sink, before its row is written. */
    private boolean datesPending;
    private boolean datesPlacedLater;

    /** Where the date of printed times of day came from. */
    public enum DateSource {
        /** The tool's banner ({@code Linux 5.15 (db01) 09/16/2019}). */
        BANNER,
        /** A date(1) or epoch line a capture script printed. */
        DATE_LINE,
        /** {@code --start}. */
        START,
        /** The run's start or the file's time: nothing better was known. */
        FALLBACK
    }

    /**
     * A date times of day are taken to be on.
     *
     * @param date   the date
     * @param source where it came from
     * @param origin how to name that source in messages ({@code --start}, {@code the file's modification time})
     */
    public record Day(LocalDate date, DateSource source, String origin, boolean placedLater) {
        public Day(LocalDate date, DateSource source, String origin) {
            this(date, source, origin, false);
        }

        public boolean assumed() {
            return source == DateSource.FALLBACK;
        }

        /**
         * Whether {@link #date} is provisional: the fallback is the file's modification time, when the tool stopped,
         * so the sink moves the dates once the file is read for the last sample to fall on its date ({@link
         * DerivedTimes#datesOf}) and says so; the parser need not warn about the assumed date itself.
         */
        public boolean placedLater() {
            return placedLater;
        }
    }

    /**
     * @param defaultInterval the tool's interval when neither the user nor the output states one
     */
    public ReportTimeline(ParseContext context, RecordSink sink, Duration defaultInterval) {
        this.context = context;
        this.options = TimeOptions.in(context);
        this.fallback = FallbackStart.in(context);
        this.sink = sink;
        this.defaultInterval = defaultInterval;
    }

    public TimeOptions options() {
        return options;
    }

    /** A date the output states. */
    public Day stated(LocalDate date, DateSource source) {
        return new Day(date, source, source == DateSource.BANNER ? "banner" : "date(1) line");
    }

    /** The date of output that states none: {@code --start}'s, else the fallback start's (callers say that they assumed it). */
    public Day assumedDay() {
        if (options.start().isPresent()) {
            return new Day(LocalDate.ofInstant(options.start().get(), options.zone()), DateSource.START, "--start");
        }
        LocalDate date = LocalDate.ofInstant(fallback.time(), options.zone());
        if (!fallback.placedLater() || sampleClock != null || datesPlacedLater) {
            return new Day(date, DateSource.FALLBACK, fallback.source(), datesPlacedLater);
        }
        // The file's modification time is when the tool stopped: the LAST sample is on its date. The rows are dated
        // from it on for now (a DayClock counts the midnights crossed) and moved back by the sink at the end.
        datesPending = true;
        return new Day(date, DateSource.FALLBACK, fallback.source(), true);
    }

    /** A clock for one sequence of times of day starting on this day. */
    public DayClock clock(Day day) {
        return clock(day.date());
    }

    /** A clock for one sequence of times of day starting on this date. */
    public DayClock clock(LocalDate date) {
        return new DayClock(date, this::firstDated);
    }

    /** The first sample dated on an assumed day placed later: its provisional time is where the sink counts from. */
    private void firstDated(Instant first) {
        if (!datesPending || datesPlacedLater || sampleClock != null) return;
        datesPlacedLater = true;
        sink.derivedTimes(DerivedTimes.datesOf(first, options.zone(), fallback));
    }

    /** The interval the output or its pasted command states; null leaves it unknown. */
    public void printedInterval(Duration interval) {
        if (interval != null) printedInterval = interval;
    }

    public Duration printedInterval() {
        return printedInterval;
    }

    /**
     * What to say, once, when a step between reports has to be assumed; without it the step is assumed silently
     * (the {@code time.source} fact names it).
     */
    public void whenStepAssumed(Function<Duration, String> message) {
        this.assumedStepMessage = message;
    }

    /** The time between reports: {@code --interval}, else the printed interval, else the tool's default. */
    public Duration step() {
        if (options.interval().isPresent()) return options.interval().get();
        if (printedInterval != null) return printedInterval;
        if (assumedStepMessage != null && !assumedStepSaid) {
            assumedStepSaid = true;
            sink.warning(0, assumedStepMessage.apply(defaultInterval));
        }
        return defaultInterval;
    }

    /** A report with its own time stamp: it is at that time, and anchors the reports after it. */
    public Instant stamped(Instant time, long report) {
        anchor = time;
        anchorReport = report;
        return time;
    }

    /** Whether a stamped report came before. */
    public boolean anchored() {
        return anchor != null;
    }

    /**
     * A report without a time stamp: whole steps after the last stamped report, else where {@link SampleClock}
     * puts report number {@code report}.
     */
    public Instant unstamped(long report) {
        if (anchor != null) return anchor.plus(step().multipliedBy(report - anchorReport));
        return sampleClock().at(report);
    }

    /** The clock of output without any time stamp (created on first use, which records how it derives times). */
    public SampleClock sampleClock() {
        if (sampleClock == null) sampleClock = SampleClock.derive(context, sink, printedInterval, defaultInterval);
        return sampleClock;
    }

    /** Whether {@link #sampleClock} was needed. */
    public boolean derived() {
        return sampleClock != null;
    }
}
