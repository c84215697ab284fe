package io.statlens.parse.timeline;

import io.statlens.parse.spi.CaptureInterval;
import io.statlens.parse.spi.DerivedTimes;
import io.statlens.parse.spi.FallbackStart;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.ReceiveTimes;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.spi.TimeOptions;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Function;

/**
 * The times of a file's samples, composed the same way for every tool (and every collector) from what the output
 * prints; the one writer of the {@code time.source} fact and of the notices about an assumed start, date or
 * interval. A parser makes one per file:
 *
 * <ul>
 *   <li><b>Times of day on a date.</b> sysstat, arcstat and the declarative tools print a time of day on each
 *       line. The date comes from the output (a banner, a date(1) line) through {@link #stated}, else from
 *       {@link #assumedDay}: {@code --start}'s date, or the fallback start's. A {@link DayClock} then turns the
 *       times of day of one forward-running sequence into instants, rolling over midnight. When the fallback is the
 *       file's modification time, when the tool stopped, its date is the LAST sample's: the dates are provisional
 *       and the sink moves them back by the midnights crossed once the file is read.</li>
 *   <li><b>Stamped reports and the ones between.</b> A report with its own stamp (a {@code -t} column, a date
 *       or epoch line, a time of receipt) is at that time; a report without one follows the last stamped one by
 *       whole {@link #step() steps}; output with no stamp at all is placed by the {@link #sampleClock}.</li>
 * </ul>
 *
 * <p>The interval used for steps and for the sample clock is {@code --interval}, else the one the output or
 * its pasted command states ({@link #printedInterval}), else the one its capture shows ({@link CaptureInterval}: a
 * pt-stalk capture's {@code --sleep-collect}), else the tool's default, which is said once.
 *
 * <p>Output a collect received ({@link ReceiveTimes} in the context) has no start to assume: the sample clock puts
 * each sample at the collector's receive time of its line, and says so.
 *
 * <p>How the times were obtained is said with {@link #source} (in the tool's words), by the sample clock itself,
 * or, for a file without a time series, with {@link #none}: each becomes the file's {@code time.source} fact.
 */
public final class Timeline {
    private final TimeOptions options;
    private final FallbackStart fallback;
    private final RecordSink sink;
    private final Duration defaultInterval;
    private final ReceiveTimes receiveTimes;
    private final CaptureInterval captureInterval;
    private final Set<String> sources = new HashSet<>();
    private Duration printedInterval;
    private SampleClock sampleClock;
    private Instant anchor;
    private long anchorReport;
    private Function<Duration, String> assumedStepMessage;
    private boolean assumedStepSaid;
    /**
     * The {@code time.source} fact of a first sample placed without its assumed interval ({@link #start}), held back
     * until a later sample uses the interval (then the fact names it) or the file ends ({@link #end}): said once.
     */
    private String heldSource;
    /** An assumed day is placed later: the first dated sample tells the sink, before its row is written. */
    private boolean datesPending;
    private boolean datesPlacedLater;
    /** The times of day are on a 12-hour dial without AM or PM: every clock made from now on reads them so. */
    private boolean halfDayDial;

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
         * DerivedTimes}) and says so; the parser need not warn about the assumed date itself.
         */
        public boolean placedLater() {
            return placedLater;
        }
    }

    /**
     * @param defaultInterval the tool's interval when neither the user nor the output states one
     */
    public Timeline(ParseContext context, RecordSink sink, Duration defaultInterval) {
        this.options = TimeOptions.in(context);
        this.fallback = FallbackStart.in(context);
        this.sink = sink;
        this.defaultInterval = defaultInterval;
        this.receiveTimes = context.get(ReceiveTimes.class).orElse(null);
        this.captureInterval = CaptureInterval.in(context).orElse(null);
    }

    /**
     * For output that holds no time series (a benchmark's summary), which only says {@link #none why}: were it ever to
     * need the sample clock, one second apart.
     */
    public Timeline(ParseContext context, RecordSink sink) {
        this(context, sink, Duration.ofSeconds(1));
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
        return new DayClock(date, this::firstDated, halfDayDial);
    }

    /**
     * The output prints its times of day on a 12-hour clock without AM or PM (glibc's en_IN before 2.29): the clocks
     * made from now on read each time as the next on the dial ({@link DayClock}); the caller says so.
     */
    public void halfDayDial() {
        halfDayDial = true;
    }

    /** The first sample dated on an assumed day placed later: its provisional time is where the sink counts from. */
    private void firstDated(Instant first) {
        if (!datesPending || datesPlacedLater || sampleClock != null) return;
        datesPlacedLater = true;
        sink.derivedTimes(ProvisionalTimes.datesOf(first, options.zone(), fallback));
    }

    /**
     * The interval the output or its pasted command states; null leaves it unknown. One stated after the sample clock
     * started (a later pasted command: {@code vmstat} then {@code vmstat 5}) places the samples after it, unless
     * {@code --interval} places every sample.
     */
    public void printedInterval(Duration interval) {
        if (interval == null) return;
        boolean changed = !interval.equals(printedInterval != null ? printedInterval : defaultInterval);
        printedInterval = interval;
        if (changed && sampleClock != null && receiveTimes == null && options.interval().isEmpty()) {
            sampleClock.laterInterval(interval);
            sink.notice(0, "a later pasted command states another interval: the samples after it are placed "
                    + seconds(interval) + " s apart");
        }
    }

    /**
     * What to say, once, when a step between reports has to be assumed; without it the step is assumed silently
     * (the {@code time.source} fact names it).
     */
    public void whenStepAssumed(Function<Duration, String> message) {
        this.assumedStepMessage = message;
    }

    /**
     * The time between reports: {@code --interval}, else the printed interval, else the capture's, else the tool's
     * default (said once, when the parser asked for that).
     */
    public Duration step() {
        if (options.interval().isPresent()) return options.interval().get();
        if (printedInterval != null) return printedInterval;
        if (captureInterval != null) return captureInterval.interval();
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
     * A report without a time stamp: whole steps after the last stamped report, else where the {@link #sampleClock}
     * puts report number {@code report}.
     */
    public Instant unstamped(long report) {
        // the first sample needs no interval: output of one sample has none to assume
        if (anchor == null && sampleClock == null && report == 0) {
            sampleClock = deriveSampleClock(false, true);
            return sampleClock.at(0);
        }
        if (anchor != null) return anchor.plus(step().multipliedBy(report - anchorReport));
        return sampleClock().at(report);
    }

    /**
     * The clock of output without any time stamp, created on first use: the first sample at {@code --start}, else at
     * the context's {@link FallbackStart}, one interval apart ({@code --interval}, else the printed one, else the
     * tool's default). Creating it says how the times were derived, as the {@code time.source} fact or, when the
     * fallback is {@linkplain FallbackStart#placedLater() placed later}, as {@link DerivedTimes} for the sink to
     * place, and leaves a notice for what it had to assume.
     */
    public SampleClock sampleClock() {
        if (sampleClock == null) sampleClock = deriveSampleClock(true, false);
        return sampleClock;
    }

    /**
     * The time of the first sample of output without time stamps, as {@link #sampleClock} places it, for output whose
     * other times are seconds printed after it (perf stat -I) or that has one sample (perf stat's summary): the interval
     * is said to be assumed only when the clock places a later sample by it.
     */
    public Instant start() {
        if (sampleClock == null) sampleClock = deriveSampleClock(false, false);
        return sampleClock.at(0);
    }

    /**
     * The first sample of output without time stamps, placed by a parser that knows whether more follow (it places a
     * sample when the next one begins, or at the end of the file): with more, the interval will place them, so the
     * clock is made with it and the {@code time.source} fact names it at once, in the place {@link #start} says its
     * own; alone, as {@link #start}: one sample has no interval to assume.
     */
    public Instant first(boolean more) {
        return more ? sampleClock().at(0) : start();
    }

    /**
     * @param intervalUsed whether the interval places samples now; else an assumed one is told when it first does
     * @param holdSource   whether the {@code time.source} fact of an assumed interval not yet used waits for a later
     *                     sample or the file's {@link #end}, to be said once (else it is said now, and again with the
     *                     interval if a later sample uses it)
     */
    private SampleClock deriveSampleClock(boolean intervalUsed, boolean holdSource) {
        if (receiveTimes != null && options.start().isEmpty()) {
            // A collect recorded when each line arrived: that is when the sample was taken, give or take the tool's
            // own buffering, and nothing is assumed. --start still places the samples where the user says.
            source("the collector's receive time of each sample's line (" + receiveTimes.name() + ")");
            return SampleClock.received(receiveTimes, options.interval().orElse(printedInterval != null ? printedInterval : defaultInterval));
        }
        Instant start;
        String startSource;
        if (options.start().isPresent()) {
            start = options.start().get();
            startSource = "--start " + start;
        } else {
            start = fallback.time();
            startSource = fallback.source() + " (" + start + ")";
            // A start the input states (a pt-stalk capture's) is where the times belong, no guess: the time.source fact says it.
            if (!fallback.placedLater() && !fallback.stated()) {
                sink.notice(0, "the output has no time stamps; times start at " + startSource + "; give --start to set it");
            }
        }
        Duration interval;
        String intervalSource;
        Runnable assumed = null;
        if (options.interval().isPresent()) {
            interval = options.interval().get();
            intervalSource = "--interval " + seconds(interval) + " s";
        } else if (printedInterval != null) {
            interval = printedInterval;
            intervalSource = "interval printed by the tool, " + seconds(interval) + " s";
        } else if (captureInterval != null) {
            // The capture shows the interval it ran the tool at: no guess to warn about, the time.source fact names it.
            interval = captureInterval.interval();
            intervalSource = captureInterval.source();
        } else {
            interval = defaultInterval;
            String assumedInterval = "assumed interval " + seconds(interval) + " s";
            String assumedSeconds = seconds(interval);
            // The first sample alone needs no interval (start()): the notice and the time.source fact say one was
            // assumed only once it places a later sample.
            intervalSource = intervalUsed ? assumedInterval : "";
            Instant first = start;
            assumed = () -> {
                sink.notice(0, "the output does not say its interval; assuming " + assumedSeconds + " s; give --interval to set it");
                if (!intervalUsed) {
                    heldSource = null;
                    derived(first, startSource, assumedInterval);
                }
            };
            if (intervalUsed) {
                assumed.run();
                assumed = null;
            } else if (holdSource && !placedLater()) {
                // a fact cannot be taken back: said at the end, or with the interval once a later sample uses it
                heldSource = derivedSource(start, startSource, "");
                return new SampleClock(start, interval, assumed);
            }
        }
        derived(start, startSource, intervalSource);
        return new SampleClock(start, interval, assumed);
    }

    /**
     * Says how the sample clock derives the times: as the {@code time.source} fact, or, when the fallback is placed later,
     * as {@link DerivedTimes} for the sink (the last said is the one it places by).
     *
     * @param intervalSource how the interval was obtained; empty when no interval places a sample
     */
    private void derived(Instant start, String startSource, String intervalSource) {
        if (placedLater()) {
            sink.derivedTimes(new ProvisionalTimes(start, intervalSource, fallback));
        } else {
            source(derivedSource(start, startSource, intervalSource));
        }
    }

    /** Whether the sink places the derived times once the file is read (the last {@link DerivedTimes} said wins). */
    private boolean placedLater() {
        return options.start().isEmpty() && fallback.placedLater();
    }

    private static String derivedSource(Instant start, String startSource, String intervalSource) {
        return "derived: first sample at " + startSource + (intervalSource.isEmpty() ? "" : ", " + intervalSource);
    }

    private static String seconds(Duration d) {
        double s = d.toNanos() / 1e9;
        return s == Math.rint(s) ? Long.toString((long) s) : Double.toString(s);
    }

    /**
     * Says one way the file's times were obtained ({@code vmstat -t timestamp column, zone UTC}), recorded as a
     * {@code time.source} fact the first time it is said: a file whose samples were timed several ways has one fact
     * for each, in the order they were first used.
     */
    public void source(String how) {
        if (sources.add(how)) sink.fact(TimeSource.fact(how));
    }

    /** Whether the file's times have a source: one was said, or the sample clock derived them. */
    public boolean sourced() {
        return !sources.isEmpty() || sampleClock != null;
    }

    /**
     * At the end of a file: when no sample was placed in time, says why ({@code none: the output has no interval
     * lines}); nothing when the times have a source.
     */
    public void none(String why) {
        end();
        if (!sourced()) source(TimeSource.NONE + why);
    }

    /**
     * At the end of a file: says the {@code time.source} fact of a first sample that no later one followed by an
     * assumed interval ({@link #start}). Every parser that places samples through the timeline calls it (or {@link #none}).
     */
    public void end() {
        if (heldSource == null) return;
        source(heldSource);
        heldSource = null;
    }
}
