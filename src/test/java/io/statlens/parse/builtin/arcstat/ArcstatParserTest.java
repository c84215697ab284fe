package io.statlens.parse.builtin.arcstat;

import io.statlens.model.ParseWarning;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.TimeOptions;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneId;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ArcstatParserTest {
    private static final double K = 1000;
    private static final double M = 1000 * 1000;
    private static final double KIB = 1024;
    private static final double GIB = 1024.0 * 1024 * 1024;

    private final ArcstatParser parser = new ArcstatParser();

    private static final String REALNEEL = "arcstat/realneel-arcstat.pl-cached-random-read.txt";
    private static final String DREAD = "arcstat/openzfs-issue2842-arcstat.py-f-dread.txt";
    private static final String DEBIAN = "arcstat/openzfs-issue3939-arcstat.py-debian8.txt";
    private static final String ELIDED = "arcstat/openzfs-issue7922-arcstat.py-elided.txt";
    private static final String L2ARC = "arcstat/esos-issue130-arcstat.pl-f-l2arc.txt";
    private static final String SMARTOS = "arcstat/smartos-arcstat-1-10.txt";
    private static final String OPENZFS22 = "arcstat/openzfs-2.2-arcstat-1-ddread.txt";

    @Test
    void originalArcstatPlPrintsTotalsSinceBootFirst() {
        ParseContext context = ParserFixtures.context(REALNEEL, TimeOptions.DEFAULT.withStart(Instant.parse("2007-09-18T00:00:00Z")));
        CollectingSink sink = ParserFixtures.parse(parser, REALNEEL, context);
        List<SpecRow> rows = sink.rows("arcstat");
        assertEquals(12, rows.size());
        SpecRow first = rows.get(0);
        assertTrue(first.row().sinceBoot());
        assertFalse(rows.get(1).row().sinceBoot());
        assertEquals(985 * M, first.get("read"));
        assertEquals(100 * M, first.get("miss"));
        assertEquals(10, first.get("miss%"));
        assertEquals(47 * M, first.get("dmis"));
        assertEquals(1 * M, first.get("mmis"));
        assertEquals(11 * GIB, first.get("arcsz"));
        assertEquals(11 * GIB, first.get("c"));
        assertEquals(33 * K, rows.get(11).get("read"));
        assertEquals(Instant.parse("2007-09-18T18:15:21Z"), first.row().time());
        assertEquals(Instant.parse("2007-09-18T18:15:32Z"), rows.get(11).row().time());
        assertEquals("arcstat.pl-0.1", sink.variant());
        assertEquals(List.of(), sink.warnings());
        assertEquals("printed time of day on the date of --start (2007-09-18), zone UTC, next day after midnight",
                sink.fact("time.source").orElseThrow());
        assertEquals("%", sink.spec("arcstat").metrics().get(sink.spec("arcstat").indexOf("miss%")).unit());
        assertEquals("B", sink.spec("arcstat").metrics().get(sink.spec("arcstat").indexOf("arcsz")).unit());
        assertEquals("1/s", sink.spec("arcstat").metrics().get(sink.spec("arcstat").indexOf("read")).unit());
        assertEquals(11, sink.spec("arcstat").metrics().size());
    }

    @Test
    void customFieldsWithTrailingSpacesAndPromptLine() {
        CollectingSink sink = ParserFixtures.parse(parser, DREAD);
        List<SpecRow> rows = sink.rows("arcstat");
        assertEquals(5, rows.size());
        assertEquals(List.of("read", "dread", "dhit", "mread", "mhit"),
                sink.spec("arcstat").metrics().stream().map(m -> m.label()).toList());
        assertEquals(66, rows.get(0).get("read"));
        assertEquals(64, rows.get(0).get("mhit"));
        assertEquals(4.5 * K, rows.get(1).get("read"));
        assertEquals(4.4 * K, rows.get(1).get("dhit"));
        assertEquals(4.1 * K, rows.get(3).get("mhit"));
        assertFalse(rows.get(0).row().sinceBoot());
        assertEquals(Instant.parse("1970-01-01T10:21:42Z"), rows.get(0).row().time());
        assertEquals("-f time,read,dread,dhit,mread,mhit 1", sink.fact("options").orElseThrow());
        assertEquals("custom-fields", sink.variant());
        assertEquals(List.of(new ParseWarning(0,
                "arcstat prints no date; taking 1970-01-01 from test default; give --start to set it")), sink.warnings());
    }

    @Test
    void decimalSizesOnDebian() {
        CollectingSink sink = ParserFixtures.parse(parser, DEBIAN);
        List<SpecRow> rows = sink.rows("arcstat");
        assertEquals(1, rows.size());
        assertEquals(10.0 * GIB, rows.get(0).get("arcsz"));
        assertEquals(10 * GIB, rows.get(0).get("c"));
        assertEquals(0, rows.get(0).get("miss%"));
        assertEquals("classic-default", sink.variant());
        assertFalse(rows.get(0).row().sinceBoot());
    }

    @Test
    void elisionsAreSkipped() {
        CollectingSink sink = ParserFixtures.parse(parser, ELIDED);
        List<SpecRow> rows = sink.rows("arcstat");
        assertEquals(11, rows.size());
        assertEquals(35 * K, rows.get(0).get("read"));
        assertEquals(3.5 * K, rows.get(0).get("miss"));
        assertEquals(3.3 * K, rows.get(0).get("dmis"));
        assertEquals(249, rows.get(0).get("pmis"));
        assertEquals(1.1 * GIB, rows.get(0).get("arcsz"));
        assertEquals(94 * GIB, rows.get(0).get("c"));
        assertEquals(973, rows.get(6).get("read"));
        assertEquals(Instant.parse("1970-01-01T13:29:01Z"), rows.get(6).row().time());
        assertEquals(88 * GIB, rows.get(10).get("arcsz"));
        assertEquals(10, rows.get(10).row().sample());
        assertEquals(1, sink.warnings().size());
        assertEquals("1", sink.fact("options").orElseThrow());
    }

    @Test
    void noTimeColumnUsesTheSampleClock() {
        ParseContext context = ParserFixtures.context(L2ARC, TimeOptions.DEFAULT.withStart(Instant.parse("2015-06-03T12:00:00Z")));
        CollectingSink sink = ParserFixtures.parse(parser, L2ARC, context);
        List<SpecRow> rows = sink.rows("arcstat");
        assertEquals(5, rows.size());
        assertEquals(15 * GIB, rows.get(0).get("arcsz"));
        assertEquals(215 * GIB, rows.get(0).get("l2size"));
        assertEquals(40, rows.get(0).get("l2hit%"));
        assertEquals(94, rows.get(0).get("hit%"));
        assertEquals(96, rows.get(4).get("hit%"));
        assertEquals(Instant.parse("2015-06-03T12:00:00Z"), rows.get(0).row().time());
        assertEquals(Instant.parse("2015-06-03T12:00:04Z"), rows.get(4).row().time());
        assertEquals("derived: first sample at --start 2015-06-03T12:00:00Z, assumed interval 1 s",
                sink.fact("time.source").orElseThrow());
        assertEquals(1, sink.notices().size(), "the assumed interval is said");
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void indentedSmartOsOutput() {
        CollectingSink sink = ParserFixtures.parse(parser, SMARTOS,
                ParserFixtures.context(SMARTOS, TimeOptions.DEFAULT.withZone(ZoneId.of("America/New_York"))
                        .withStart(Instant.parse("2014-03-01T12:00:00Z"))));
        List<SpecRow> rows = sink.rows("arcstat");
        assertEquals(10, rows.size());
        assertEquals(966, rows.get(1).get("read"));
        assertEquals(3, rows.get(1).get("mmis"));
        assertEquals(42, rows.get(1).get("mm%"));
        assertEquals(1.3 * K, rows.get(2).get("read"));
        assertEquals(13 * GIB, rows.get(9).get("c"));
        assertFalse(rows.get(0).row().sinceBoot());
        assertEquals(Instant.parse("2014-03-01T11:34:59Z"), rows.get(0).row().time());
        assertEquals("1 10", sink.fact("options").orElseThrow());
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void openZfs22DefaultFields() {
        CollectingSink sink = ParserFixtures.parse(parser, OPENZFS22);
        List<SpecRow> rows = sink.rows("arcstat");
        assertEquals(5, rows.size());
        SpecRow third = rows.get(2);
        assertEquals(777, third.get("read"));
        assertEquals(612, third.get("ddread"));
        assertEquals(93, third.get("ddh%"));
        assertEquals(164, third.get("dmread"));
        assertEquals(100, third.get("dmh%"));
        assertEquals(1, third.get("pread"));
        assertEquals(100, third.get("ph%"));
        assertEquals(62 * GIB, third.get("size"));
        assertEquals(1.8 * GIB, third.get("avail"));
        assertEquals("openzfs-2.2-default", sink.variant());
        assertEquals(Instant.parse("1970-01-01T09:28:38Z"), rows.get(4).row().time());
    }

    @Test
    void negativeValuesRepeatedHeadersMidnightAndBadLines() {
        String text = """
                    time  read  ddread  ddh%  dmread  dmh%  pread  ph%   size      c  avail
                23:59:59   1.2K      0     0       0     0      0    0    62G    62G  -1.2G
                    time  read  ddread  ddh%  dmread  dmh%  pread  ph%   size      c  avail
                00:00:00   512      0     0       0     0      0    0    62G    62G   512K
                00:00:01   512      0     0
                00:00:02   abc      0     0       0     0      0    0    62G    62G   512K
                    time  read  hit%  newfield
                00:00:03   1.0M    99   7
                """;
        ParseContext context = ParserFixtures.context("t", TimeOptions.DEFAULT.withStart(Instant.parse("2024-02-28T00:00:00Z")));
        CollectingSink sink = ParserFixtures.parseText(parser, text, context);
        List<SpecRow> rows = sink.rows("arcstat");
        assertEquals(3, rows.size());
        assertEquals(-1.2 * GIB, rows.get(0).get("avail"));
        assertEquals(1.2 * K, rows.get(0).get("read"));
        assertEquals(512 * KIB, rows.get(1).get("avail"));
        assertEquals(Instant.parse("2024-02-29T00:00:00Z"), rows.get(1).row().time());
        assertEquals(1.0 * M, rows.get(2).get("read"));
        assertEquals(7, rows.get(2).get("newfield"));
        assertEquals("1/s", rows.get(2).spec().metrics().get(2).unit());
        assertEquals(List.of(
                new ParseWarning(5, "expected 11 values as in the header at line 3, found 4"),
                new ParseWarning(6, "expected a number for read, found 'abc'")), sink.warnings());
    }

    @Test
    void separatorOptionAndRawEpochTimes() {
        String text = """
                time,read,hit%,arcsz
                1700000000,1500,99,2147483648
                1700000001,1600,98,2147483648
                """;
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("t"));
        List<SpecRow> rows = sink.rows("arcstat");
        assertEquals(2, rows.size());
        assertEquals(1600, rows.get(1).get("read"));
        assertEquals(2 * GIB, rows.get(1).get("arcsz"));
        assertEquals(Instant.ofEpochSecond(1700000001), rows.get(1).row().time());
        assertEquals("epoch seconds in the time column (arcstat -r)", sink.fact("time.source").orElseThrow());
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void textWithoutHeaderIsRefusedWithAReason() {
        CollectingSink sink = ParserFixtures.parseText(parser, "12:00:00  1 2 3\n", ParseContext.simple("t"));
        assertTrue(sink.rows("arcstat").isEmpty());
        assertEquals(List.of(new ParseWarning(1, "expected an arcstat header line (field names such as 'time read miss')"),
                new ParseWarning(0, "no arcstat header found")), sink.warnings());
    }

    @Test
    void sniffTakesArcstatOnly() {
        for (String f : List.of(REALNEEL, DREAD, DEBIAN, ELIDED, L2ARC, SMARTOS, OPENZFS22)) {
            assertTrue(parser.sniff(ParserFixtures.head(f)) >= 0.5, f);
        }
        assertTrue(parser.sniff(head("procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----",
                " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st")) < 0.5);
        assertTrue(parser.sniff(head("Linux 5.15.0 (db01) \t09/16/2019 \t_x86_64_\t(32 CPU)", "",
                "Device            r/s     w/s     rkB/s     wkB/s   rrqm/s   wrqm/s  %rrqm  %wrqm r_await w_await")) < 0.5);
        assertTrue(parser.sniff(head("              capacity     operations     bandwidth",
                "pool        alloc   free   read  write   read  write")) < 0.5);
    }

    private static Head head(String... lines) {
        return new Head("x", List.of(lines));
    }
}
