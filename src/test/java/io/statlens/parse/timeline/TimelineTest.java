package io.statlens.parse.timeline;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Fact;
import io.statlens.model.Metric;
import io.statlens.model.Row;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.FallbackStart;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.TimeOptions;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TimelineTest {
    private static final Instant FALLBACK = Instant.parse("2024-05-01T23:30:00Z");

    private static ParseContext context(TimeOptions options) {
        return new ParseContext("f").set(TimeOptions.class, options).set(FallbackStart.class, new FallbackStart(FALLBACK, "the file's time"));
    }

    @Test
    void theDateOfTimesOfDayComesFromTheOutputElseStartElseTheFallback() {
        Timeline fallback = new Timeline(context(TimeOptions.DEFAULT), new CollectingSink(), Duration.ofSeconds(1));
        Timeline.Day day = fallback.assumedDay();
        assertEquals(LocalDate.of(2024, 5, 1), day.date());
        assertTrue(day.assumed());
        assertEquals("the file's time", day.origin());

        Timeline started = new Timeline(context(TimeOptions.DEFAULT.withStart(Instant.parse("2019-09-16T08:00:00Z"))),
                new CollectingSink(), Duration.ofSeconds(1));
        assertEquals(LocalDate.of(2019, 9, 16), started.assumedDay().date());
        assertFalse(started.assumedDay().assumed());
        assertEquals(Timeline.DateSource.BANNER, started.stated(LocalDate.of(2020, 1, 1), Timeline.DateSource.BANNER).source());
    }

    @Test
    void aDayClockRollsOverMidnightAndTakesTheZoneOfEachLine() {
        DayClock clock = new Timeline(context(TimeOptions.DEFAULT), new CollectingSink(), Duration.ofSeconds(1)).clock(LocalDate.of(2020, 1, 1));
        assertEquals(Instant.parse("2020-01-01T23:59:59Z"), clock.at(LocalTime.of(23, 59, 59), ZoneOffset.UTC));
        assertEquals(Instant.parse("2020-01-02T00:00:01Z"), clock.at(LocalTime.of(0, 0, 1), ZoneOffset.UTC));
        assertEquals(Instant.parse("2020-01-01T23:00:05Z"), clock.at(LocalTime.of(0, 0, 5), ZoneId.of("Europe/Berlin")));
        assertEquals(LocalDate.of(2020, 1, 2), clock.date());
        // a step back of less than an hour (a daylight-saving change) stays on the same day
        assertEquals(Instant.parse("2020-01-02T00:00:00Z"), clock.at(LocalTime.of(0, 0, 0), ZoneOffset.UTC));
        assertEquals(LocalDate.of(2020, 1, 2), clock.date());
    }

    @Test
    void eachWayIsSaidOnceAndNoneOnlyWhenNothingWasTimed() {
        CollectingSink sink = new CollectingSink();
        Timeline timeline = new Timeline(context(TimeOptions.DEFAULT), sink);
        assertFalse(timeline.sourced());
        timeline.source("epoch lines before the samples");
        timeline.source("date(1) lines before the samples");
        timeline.source("epoch lines before the samples");
        timeline.none("no samples");
        assertTrue(timeline.sourced());
        assertEquals(List.of("epoch lines before the samples", "date(1) lines before the samples"), timeSources(sink));

        CollectingSink empty = new CollectingSink();
        new Timeline(context(TimeOptions.DEFAULT), empty).none("no samples");
        assertEquals(List.of("none: no samples"), timeSources(empty));

        CollectingSink derived = new CollectingSink();
        Timeline clocked = new Timeline(context(TimeOptions.DEFAULT), derived, Duration.ofSeconds(2));
        clocked.sampleClock();
        clocked.none("no samples");
        assertEquals(List.of("derived: first sample at the file's time (2024-05-01T23:30:00Z), assumed interval 2 s"), timeSources(derived));
        assertEquals("the output does not say its interval; assuming 2 s; give --interval to set it", derived.notices().get(1).message());
    }

    @Test
    void timesPlacedLaterCarryTheFactTheSinkRecords() {
        Instant modified = Instant.parse("2024-05-02T00:00:10Z");
        CollectingSink sink = new CollectingSink();
        ParseContext context = new ParseContext("f").set(FallbackStart.class, FallbackStart.endOfWriting(modified, "the file's modification time"));
        Timeline timeline = new Timeline(context, sink, Duration.ofSeconds(5));
        timeline.printedInterval(Duration.ofSeconds(10));
        DatasetSpec spec = new DatasetSpec("t", "", "", List.of(new Metric("x", "", "")));
        sink.dataset(spec);
        for (long i = 0; i < 3; i++) sink.row(spec, new Row(i, timeline.sampleClock().at(i), "", false, new double[]{i}));
        assertEquals(modified, sink.rows("t").get(2).row().time());
        assertEquals(List.of("derived: last sample at the file's modification time (2024-05-02T00:00:10Z), first at "
                + "2024-05-01T23:59:50Z, interval printed by the tool, 10 s"), timeSources(sink));
    }

    private static List<String> timeSources(CollectingSink sink) {
        return sink.facts().stream().filter(TimeSource::is).map(Fact::value).toList();
    }

    /** {@code # vmstat 1 3} then {@code # vmstat 5}: the second run's samples are 5 s apart, on from the first run's last. */
    @Test
    void aLaterPastedCommandsIntervalPlacesTheSamplesAfterIt() {
        Instant start = Instant.parse("2024-05-01T10:00:00Z");
        CollectingSink sink = new CollectingSink();
        Timeline timeline = new Timeline(context(TimeOptions.DEFAULT.withStart(start)), sink, Duration.ofSeconds(1));
        timeline.printedInterval(Duration.ofSeconds(1));
        for (long i = 0; i < 3; i++) assertEquals(start.plusSeconds(i), timeline.sampleClock().at(i));
        timeline.printedInterval(Duration.ofSeconds(5));
        assertEquals(start.plusSeconds(7), timeline.sampleClock().at(3));
        assertEquals(start.plusSeconds(12), timeline.sampleClock().at(4));
        // a sample of the first run asked again is where it was
        assertEquals(start.plusSeconds(2), timeline.sampleClock().at(2));
        assertEquals(List.of("a later pasted command states another interval: the samples after it are placed 5 s apart"),
                sink.notices().stream().map(w -> w.message()).toList());

        // --interval places every sample, whatever the commands say
        Timeline given = new Timeline(context(TimeOptions.DEFAULT.withStart(start).withInterval(Duration.ofSeconds(2))),
                new CollectingSink(), Duration.ofSeconds(1));
        given.printedInterval(Duration.ofSeconds(1));
        given.sampleClock().at(0);
        given.printedInterval(Duration.ofSeconds(5));
        assertEquals(start.plusSeconds(2), given.sampleClock().at(1));
    }

    @Test
    void reportsWithoutAStampFollowTheLastStampedOneByWholeSteps() {
        CollectingSink sink = new CollectingSink();
        Timeline timeline = new Timeline(context(TimeOptions.DEFAULT), sink, Duration.ofSeconds(1));
        timeline.whenStepAssumed(step -> "assuming " + step.toSeconds() + " s");
        Instant t0 = Instant.parse("2024-05-01T10:00:00Z");
        assertEquals(t0, timeline.stamped(t0, 3));
        assertEquals(t0.plusSeconds(2), timeline.unstamped(5));
        assertEquals(1, sink.warnings().size(), "the assumed step is said once");
        timeline.unstamped(6);
        assertEquals(1, sink.warnings().size());

        Timeline printed = new Timeline(context(TimeOptions.DEFAULT), new CollectingSink(), Duration.ofSeconds(1));
        printed.printedInterval(Duration.ofSeconds(5));
        printed.stamped(t0, 0);
        assertEquals(t0.plusSeconds(10), printed.unstamped(2));

        Timeline option = new Timeline(context(TimeOptions.DEFAULT.withInterval(Duration.ofSeconds(30))),
                new CollectingSink(), Duration.ofSeconds(1));
        option.printedInterval(Duration.ofSeconds(5));
        assertEquals(Duration.ofSeconds(30), option.step(), "--interval wins over the printed interval");
    }

    @Test
    void withoutAnyStampTheSampleClockPlacesReports() {
        CollectingSink sink = new CollectingSink();
        Timeline timeline = new Timeline(context(TimeOptions.DEFAULT), sink, Duration.ofSeconds(2));
        assertFalse(timeline.sourced());
        assertEquals(FALLBACK.plusSeconds(4), timeline.unstamped(2));
        assertTrue(timeline.sourced(), "the sample clock says how it derived the times");
        assertTrue(sink.fact("time.source").orElseThrow().startsWith("derived: first sample at the file's time"));
    }

    @Test
    void theFirstUnstampedReportAssumesNoIntervalAndTheFactIsSaidOnce() {
        CollectingSink one = new CollectingSink();
        Timeline single = new Timeline(context(TimeOptions.DEFAULT), one, Duration.ofSeconds(5));
        assertEquals(FALLBACK, single.unstamped(0));
        single.end();
        assertEquals(List.of("derived: first sample at the file's time (" + FALLBACK + ")"), timeSources(one),
                "one sample: no interval placed anything");
        assertTrue(one.notices().stream().noneMatch(n -> n.message().contains("does not say its interval")),
                one.notices().toString());

        CollectingSink two = new CollectingSink();
        Timeline series = new Timeline(context(TimeOptions.DEFAULT), two, Duration.ofSeconds(5));
        series.unstamped(0);
        assertEquals(FALLBACK.plusSeconds(5), series.unstamped(1));
        series.end();
        assertEquals(List.of("derived: first sample at the file's time (" + FALLBACK + "), assumed interval 5 s"),
                timeSources(two), "the fact is said once, with the interval the second sample used");
        assertEquals(1, two.notices().stream().filter(n -> n.message().contains("does not say its interval")).count());
    }
}
