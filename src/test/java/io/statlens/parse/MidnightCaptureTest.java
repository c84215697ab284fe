package io.statlens.parse;

import io.statlens.model.ParseWarning;
import io.statlens.parse.builtin.arcstat.ArcstatParser;
import io.statlens.parse.builtin.mpstat.MpstatParser;
import io.statlens.parse.builtin.sar.SarParser;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.FallbackStart;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.TimeOptions;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 12 item 9 for times of day printed without a date: the file's modification time is when the tool stopped,
 * so its date is the LAST sample's; a capture that crosses midnight started the day before. Dates are counted
 * forward while reading (a DayClock rolls over when the clock goes back by more than an hour) and moved back by the
 * midnights crossed once the file is read, for every tool, through the shared report timeline.
 *
 * <p>The captures are real outputs (sysstat 12.6.1 {@code mpstat -P ALL 1 2} and {@code sar -u}, LC_ALL=C, from
 * captures/sysstat-12.6.1/C; arcstat from corpus/arcstat/smartos-arcstat-1-10.txt) without their banners and with
 * their times of day moved to just before midnight, as they would read had they been run then.
 */
class MidnightCaptureTest {
    /** When the tool stopped writing: two seconds after its last sample, the day after the first. */
    private static final Instant MODIFIED = Instant.parse("2026-11-26T00:00:03Z");

    private static CollectingSink parse(Parser parser, String text, FallbackStart fallback) {
        ParseContext context = new ParseContext("capture.txt").set(TimeOptions.class, TimeOptions.DEFAULT.withZone(ZoneOffset.UTC))
                .set(FallbackStart.class, fallback);
        return ParserFixtures.parseText(parser, text, context);
    }

    private static CollectingSink parse(Parser parser, String text) {
        return parse(parser, text, FallbackStart.endOfWriting(MODIFIED, "the file's modification time"));
    }

    private static final String MPSTAT = """
            23:59:59     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle
            00:00:00     all   92.86    0.00    3.06    0.00    0.00    0.00    0.00    0.00    0.00    4.08
            00:00:00       0   91.75    0.00    4.12    0.00    0.00    0.00    0.00    0.00    0.00    4.12
            00:00:00       1   93.94    0.00    2.02    0.00    0.00    0.00    0.00    0.00    0.00    4.04

            00:00:00     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle
            00:00:01     all   93.97    0.00    4.02    0.00    0.00    0.00    0.00    0.00    0.00    2.01
            00:00:01       0   93.94    0.00    4.04    0.00    0.00    0.00    0.00    0.00    0.00    2.02
            00:00:01       1   94.00    0.00    4.00    0.00    0.00    0.00    0.00    0.00    0.00    2.00

            Average:     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle
            Average:     all   93.42    0.00    3.54    0.00    0.00    0.00    0.00    0.00    0.00    3.04
            """;

    private static final String SAR = """
            23:59:58        CPU     %user     %nice   %system   %iowait    %steal     %idle
            23:59:59        all      2.00      0.00      2.00      0.00      0.00     96.00
            00:00:00        all     79.59      0.00      6.63      0.00      0.00     13.78
            00:00:01        all     86.73      0.00      8.16      0.00      0.00      5.10
            Average:        all     55.74      0.00      5.57      0.00      0.00     38.68
            """;

    private static final String ARCSTAT = """
                time  read  miss  miss%  dmis  dm%  pmis  pm%  mmis  mm%  arcsz     c
            23:59:59     0     0      0     0    0     0    0     0    0    13G   13G
            00:00:00   966    45      4    45    4     0    0     3   42    13G   13G
            00:00:01  1.3K     8      0     8    0     0    0     0    0    13G   13G
            """;

    @Test
    void theLastSampleIsOnTheDateOfTheModificationTimeTheFirstTheDayBefore() {
        CollectingSink mpstat = parse(new MpstatParser(), MPSTAT);
        assertEquals(List.of(Instant.parse("2026-11-26T00:00:00Z"), Instant.parse("2026-11-26T00:00:01Z")),
                mpstat.rows("mpstat", "all").stream().map(r -> r.row().time()).toList());

        CollectingSink sar = parse(new SarParser(), SAR);
        assertEquals(List.of(Instant.parse("2026-11-25T23:59:59Z"), Instant.parse("2026-11-26T00:00:00Z"),
                Instant.parse("2026-11-26T00:00:01Z")), sar.rows("sar.cpu").stream().map(r -> r.row().time()).toList());
        assertEquals(List.of(), sar.warnings(), "the assumed date is a notice, said once with the dates it gave");
        assertEquals(List.of(new ParseWarning(0, "the output prints times of day without a date; its last sample is taken to be on"
                + " the date of the file's modification time (2026-11-26), its first on 2026-11-25 (it crosses midnight);"
                + " give --start to set the date")), sar.notices());
        assertEquals("printed time of day, zone Z, the last sample on the date of the file's modification time (2026-11-26),"
                + " its first on 2026-11-25 (it crosses midnight)", lastTimeSource(sar));

        CollectingSink arcstat = parse(new ArcstatParser(), ARCSTAT);
        assertEquals(List.of(Instant.parse("2026-11-25T23:59:59Z"), Instant.parse("2026-11-26T00:00:00Z"),
                Instant.parse("2026-11-26T00:00:01Z")), arcstat.rows("arcstat").stream().map(r -> r.row().time()).toList());
    }

    @Test
    void aCaptureThatEndsBeforeMidnightStaysOnItsDayAndAStartStillWins() {
        CollectingSink sar = parse(new SarParser(), SAR.replace("00:00:00", "23:59:60").replace("00:00:01", "23:59:61")
                .replace("23:59:59", "23:59:57").replace("23:59:60", "23:59:58").replace("23:59:61", "23:59:59")
                .replace("23:59:58        CPU", "23:59:56        CPU"),
                FallbackStart.endOfWriting(Instant.parse("2026-11-25T23:59:59Z"), "the file's modification time"));
        assertEquals(List.of(Instant.parse("2026-11-25T23:59:57Z"), Instant.parse("2026-11-25T23:59:58Z"),
                Instant.parse("2026-11-25T23:59:59Z")), sar.rows("sar.cpu").stream().map(r -> r.row().time()).toList());
        assertEquals("the output prints times of day without a date; its last sample is taken to be on the date of the file's"
                + " modification time (2026-11-25); give --start to set the date", sar.notices().get(0).message());

        // a start the user gives dates the first sample, as before
        ParseContext started = new ParseContext("capture.txt")
                .set(TimeOptions.class, TimeOptions.DEFAULT.withZone(ZoneOffset.UTC).withStart(Instant.parse("2026-01-01T23:00:00Z")))
                .set(FallbackStart.class, FallbackStart.endOfWriting(MODIFIED, "the file's modification time"));
        CollectingSink sink = ParserFixtures.parseText(new SarParser(), SAR, started);
        assertEquals(Instant.parse("2026-01-01T23:59:59Z"), sink.rows("sar.cpu").get(0).row().time());
        assertEquals(Instant.parse("2026-01-02T00:00:01Z"), sink.rows("sar.cpu").get(2).row().time());
    }

    private static String lastTimeSource(CollectingSink sink) {
        List<String> sources = sink.facts().stream().filter(f -> f.name().equals("time.source")).map(f -> f.value()).toList();
        return sources.get(sources.size() - 1);
    }
}
