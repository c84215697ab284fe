package io.statlens.parse.builtin.mpstat;

import io.statlens.model.ParseWarning;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.TimeOptions;
import io.statlens.parse.transcript.Transcript;
import io.statlens.parse.transcript.TranscriptLine;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Documented forms of mpstat output the corpus lacks, and malformed input. */
class MpstatSyntheticTest {
    /** The mpstat command on a line, read as a transcript reads it. */
    private static Optional<MpstatCommand> command(String line) {
        TranscriptLine read = Transcript.line(line, MpstatCommand.SYNTAX);
        return read.is(TranscriptLine.Kind.COMMAND) ? Optional.of(MpstatCommand.of(read.command())) : Optional.empty();
    }

    private static final String BANNER = "Linux 5.15.0-91-generic (db01) \t09/16/2019 \t_x86_64_\t(2 CPU)\n\n";
    private static final String UTIL = "CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle";
    private final MpstatParser parser = new MpstatParser();

    private CollectingSink parse(String text) {
        return parse(text, ParseContext.simple("synthetic.txt"));
    }

    private CollectingSink parse(String text, ParseContext context) {
        return ParserFixtures.parseText(parser, text, context);
    }

    @Test
    void oldGlibcEnInTimesAreOnATwelveHourDialWithoutAmPm() {
        // glibc before 2.29 (en_IN t_fmt "%I:%M:%S  %Z", no %p): 12:59:59 -> 01:00:01 is two seconds, not a new day
        CollectingSink sink = parse("Linux 3.11.0-23-generic (tecmint.com) \tThursday 04 September 2014 \t_i686_\t(2 CPU)\n\n"
                + "12:59:57  IST  " + UTIL + "\n"
                + "12:59:59  IST  all   53.38    0.00    2.26    0.00    0.00    0.00    0.00    0.00    0.00   44.36\n\n"
                + "12:59:59  IST  " + UTIL + "\n"
                + "01:00:01  IST  all   34.18    0.00    2.30    0.00    0.00    0.00    0.00    0.00    0.00   63.52\n");
        List<Instant> times = sink.rows("mpstat").stream().map(r -> r.row().time()).toList();
        assertEquals(List.of(Instant.parse("2014-09-04T07:29:59Z"), Instant.parse("2014-09-04T07:30:01Z")), times);
        assertTrue(sink.notices().stream().anyMatch(n -> n.message().contains("12-hour clock without AM/PM")), sink.notices().toString());
    }

    /**
     * A Solaris row whose wide value ran into the one before it (mjf {@code 0} and xcal {@code 10012} printed as
     * {@code 010012}: the header and the other values are those of solaris-M9000-datestamped-first2000.txt): cut where
     * the header's columns end, the row is kept whole; a row cut short keeps no guess and says so at its line.
     */
    @Test
    void solarisValuesThatRanTogetherAreCutWhereTheHeaderColumnsEnd() {
        CollectingSink sink = parse("Mon Dec  2 11:00:00 EST 2013\n"
                + " CPU minf mjf xcal  intr ithr  csw icsw migr smtx  srw syscl  usr sys  wt idl\n"
                + "   5    0   0    0   214    0    0    0    0    0    0     0    0   0   0 100\n"
                + "   6    0   010012  2457  102    0    0    0    0    0     0    0   1   0  99\n"
                + "   7    0   0    0   214    0    0    0    0\n");
        List<SpecRow> rows = sink.rows("mpstat");
        assertEquals(List.of("5", "6"), rows.stream().map(r -> r.row().key()).toList());
        assertEquals(0.0, rows.get(1).get("mjf"));
        assertEquals(10012.0, rows.get(1).get("xcal"));
        assertEquals(2457.0, rows.get(1).get("intr"));
        assertEquals(99.0, rows.get(1).get("idl"));
        assertEquals(List.of(5L), sink.warnings().stream().map(ParseWarning::line).filter(n -> n > 0).toList(), sink.warnings().toString());
    }

    @Test
    void singleLineModeNumbersEachIntervalAndRollsOverMidnight() {
        CollectingSink sink = parse(BANNER
                + "23:59:58     " + UTIL + "\n"
                + "23:59:59     all    1.00    0.00    1.00    0.00    0.00    0.00    0.00    0.00    0.00   98.00\n"
                + "00:00:00     all    2.00    0.00    1.00    0.00    0.00    0.00    0.00    0.00    0.00   97.00\n"
                + "00:00:01     all    3.00    0.00    1.00    0.00    0.00    0.00    0.00    0.00    0.00   96.00\n");
        List<SpecRow> rows = sink.rows("mpstat");
        assertEquals(List.of(0L, 1L, 2L), rows.stream().map(r -> r.row().sample()).toList());
        assertEquals(Instant.parse("2019-09-16T23:59:59Z"), rows.get(0).row().time());
        assertEquals(Instant.parse("2019-09-17T00:00:00Z"), rows.get(1).row().time());
        assertEquals(3.00, rows.get(2).get("%usr"));
        assertTrue(rows.stream().noneMatch(r -> r.row().sinceBoot()));
    }

    /**
     * A pasted single report of an interval run: its header carries the previous sample's time (mpstat prints
     * {@code prev_string} there), the time its rows do not have; only the since-boot report shares one time
     * ({@code mp_tstamp[1] = mp_tstamp[0]} in mpstat.c).
     */
    @Test
    void aSingleReportWhoseHeaderTimeIsEarlierIsAnIntervalReport() {
        CollectingSink interval = parse(BANNER
                + "10:56:36     " + UTIL + "\n"
                + "10:56:41     all    1.80    0.00    0.65    0.40    0.20    0.18    0.00    0.00    0.00   96.77\n"
                + "10:56:41       0    2.40    0.00    1.00    1.00    0.60    0.40    0.00    0.00    0.00   94.59\n");
        assertEquals(2, interval.rows("mpstat").size());
        assertTrue(interval.rows("mpstat").stream().noneMatch(r -> r.row().sinceBoot()));
        CollectingSink sinceBoot = parse(BANNER
                + "10:56:41     " + UTIL + "\n"
                + "10:56:41     all    1.80    0.00    0.65    0.40    0.20    0.18    0.00    0.00    0.00   96.77\n");
        assertTrue(sinceBoot.rows("mpstat").get(0).row().sinceBoot());
    }

    @Test
    void localTimesAreInTheContextZone() {
        CollectingSink sink = parse(BANNER + "14:05:01     " + UTIL + "\n"
                        + "14:05:01     all    1.00    0.00    1.00    0.00    0.00    0.00    0.00    0.00    0.00   98.00\n",
                ParserFixtures.context("berlin.txt", TimeOptions.DEFAULT.withZone(ZoneId.of("Europe/Berlin"))));
        assertEquals(Instant.parse("2019-09-16T12:05:01Z"), sink.rows("mpstat").get(0).row().time());
        assertEquals(Optional.of("banner date 2019-09-16 + printed time of day, zone Europe/Berlin"), sink.fact("time.source"));
    }

    @Test
    void aZonePrintedAfterTheTimeWins() {
        CollectingSink sink = parse("Linux 5.4.0-26-generic (Notebook-PC) \t18/07/20 \t_x86_64_\t(4 CPU)\n\n"
                + "12:38:33 PM IST  " + UTIL + "\n"
                + "12:38:33 PM IST  all    8.20    0.21    1.73    2.92    0.00    0.05    0.00    0.00    0.00   86.87\n");
        SpecRow all = sink.rows("mpstat", "all").get(0);
        assertEquals(Instant.parse("2020-07-18T07:08:33Z"), all.row().time());
        assertEquals(86.87, all.get("%idle"));
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void topologyColumnsOfDashTAreNotPrintedForAll() {
        CollectingSink sink = parse(BANNER
                + "10:00:00     CPU CORE SOCK NODE " + UTIL.substring(4) + "\n"
                + "10:00:01     all                   1.00 0.00 1.00 0.00 0.00 0.00 0.00 0.00 0.00   98.00\n"
                + "10:00:01       0    0    0    0    2.00 0.00 1.00 0.00 0.00 0.00 0.00 0.00 0.00   97.00\n"
                + "10:00:01       1    1    0    0    0.00 0.00 1.00 0.00 0.00 0.00 0.00 0.00 0.00   99.00\n");
        SpecRow all = sink.rows("mpstat", "all").get(0);
        assertTrue(Double.isNaN(all.get("CORE")));
        assertEquals(98.00, all.get("%idle"));
        assertEquals(1.0, sink.rows("mpstat", "1").get(0).get("CORE"));
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void localizedAverageLabelAndTwoRunsInOneFile() {
        String run = "Linux 2.6.24-19-generic (laptop) \t27.08.2008\n\n"
                + "21:22:49     CPU   %user   %nice    %sys %iowait    %irq   %soft  %steal   %idle    intr/s\n"
                + "21:22:50     all    9,87    0,13    2,62   11,58    0,49    0,22    0,00   75,09    569,76\n"
                + "21:22:51     all    1,00    0,00    1,00    0,00    0,00    0,00    0,00   98,00    100,00\n"
                + "Durchschnitt:     all    5,44    0,07    1,81    5,79    0,25    0,11    0,00   86,54    334,88\n";
        String sinceBoot = "Linux 2.6.24-19-generic (laptop) \t28.08.2008\n\n"
                + "08:00:00     CPU   %user   %nice    %sys %iowait    %irq   %soft  %steal   %idle    intr/s\n"
                + "08:00:00     all    2,00    0,00    1,00    0,00    0,00    0,00    0,00   97,00    10,00\n";
        CollectingSink sink = parse(run + sinceBoot);
        List<SpecRow> rows = sink.rows("mpstat");
        assertEquals(3, rows.size());
        assertFalse(rows.get(0).row().sinceBoot());
        assertTrue(rows.get(2).row().sinceBoot());
        assertEquals(Instant.parse("2008-08-28T08:00:00Z"), rows.get(2).row().time());
        assertEquals(2, rows.get(2).row().sample(), "samples keep counting across runs");
        assertEquals(334.88, sink.summaries().stream().filter(s -> s.name().equals("intr/s")).findFirst().orElseThrow().value());
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void koreanClockAndDate() {
        CollectingSink sink = parse("Linux 4.15.0-20-generic (mijin-desktop) \t2019년 09월 16일 \t_x86_64_\t(4 CPU)\n\n"
                + "오후 04시 58분 05초  " + UTIL + "\n"
                + "오후 04시 58분 06초  all    1.00 0.00 1.00 0.00 0.00 0.00 0.00 0.00 0.00   98.00\n"
                + "오후 04시 58분 07초  all    1.00 0.00 1.00 0.00 0.00 0.00 0.00 0.00 0.00   98.00\n"
                + "평균:  all    1.00    0.00    1.00    0.00    0.00    0.00    0.00    0.00    0.00   98.00\n");
        List<SpecRow> rows = sink.rows("mpstat");
        assertEquals(Instant.parse("2019-09-16T16:58:06Z"), rows.get(0).row().time());
        assertEquals(Instant.parse("2019-09-16T16:58:07Z"), rows.get(1).row().time());
        assertEquals(10, sink.summaries().size());
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void forumQuotedLinesAndFencesAreCleaned() {
        CollectingSink sink = parse("```\n> $ mpstat -P ALL 2 3\n> " + BANNER.replace("\n\n", "\n>\n")
                + "> 10:00:00     " + UTIL + "\n"
                + "> 10:00:02     all    1.00    0.00    1.00    0.00    0.00    0.00    0.00    0.00    0.00   98.00\n"
                + "> 10:00:04     all    1.50    0.00    1.00    0.00    0.00    0.00    0.00    0.00    0.00   97.50\n"
                + "^C\n...\n```\n");
        assertEquals(2, sink.rows("mpstat").size());
        assertEquals(1.50, sink.rows("mpstat").get(1).get("%usr"));
        assertEquals(Optional.of("-P ALL 2 3"), sink.fact("options"));
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void malformedLinesBecomeWarningsWithLineNumbers() {
        CollectingSink sink = parse(BANNER
                + "10:00:00     " + UTIL + "\n"                                                      // 3
                + "10:00:01     all    1.00    0.00    1.00    0.00    0.00    0.00\n"                // 4 cut short
                + "10:00:01       0    1.00    0.00    x.00    0.00    0.00    0.00    0.00    0.00    0.00   98.00\n"
                + "10:00:01     cpu7   1.00    0.00    1.00    0.00    0.00    0.00    0.00    0.00    0.00   98.00\n"
                + "some text a terminal wrapped\n"                                                     // 7
                + "10:00:01       1    1.00    0.00    1.00    0.00    0.00    0.00    0.00    0.00    0.00   98.00\n"
                + "10:00:02     CPU    MHz\n"                                                         // 9 unknown table
                + "10:00:02       0  2400.00\n"                                                       // 10 skipped
                + "10:00:03     " + UTIL + "\n"
                + "10:00:04     all    2.00    0.00    1.00    0.00    0.00    0.00    0.00    0.00    0.00   97.00\n");
        assertEquals(List.of(
                new ParseWarning(4, "expected 10 values as in the header at line 3, found 6"),
                new ParseWarning(5, "expected a number for %sys, found 'x.00'"),
                new ParseWarning(6, "expected 'all' or a number in the CPU column, found 'cpu7'"),
                new ParseWarning(7, "expected an mpstat line (a time of day, 'Average:' or the sysstat banner),"
                        + " found 'some text a terminal wrapped'"),
                new ParseWarning(9, "not a known mpstat table (CPU MHz); its rows are skipped")), sink.warnings());
        assertEquals(List.of("1", "all"), sink.rows("mpstat").stream().map(r -> r.row().key()).toList());
    }

    @Test
    void withoutBannerTheDateComesFromStartOrFallback() {
        String text = "10:00:00     " + UTIL + "\n"
                + "10:00:01     all    1.00    0.00    1.00    0.00    0.00    0.00    0.00    0.00    0.00   98.00\n";
        CollectingSink fallback = parse(text);
        assertEquals(Instant.parse("1970-01-01T10:00:01Z"), fallback.rows("mpstat").get(0).row().time());
        assertEquals(0, fallback.warnings().get(0).line());
        assertTrue(fallback.warnings().get(0).message().startsWith("no sysstat banner"));
        CollectingSink started = parse(text,
                ParserFixtures.context("s.txt", TimeOptions.DEFAULT.withStart(Instant.parse("2024-02-03T09:00:00Z"))));
        assertEquals(Instant.parse("2024-02-03T10:00:01Z"), started.rows("mpstat").get(0).row().time());
        assertEquals(List.of(), started.warnings());
    }

    @Test
    void solarisWithoutDateLinesUsesTheContextClock() {
        String header = " CPU minf mjf xcal  intr ithr  csw icsw migr smtx  srw syscl  usr sys  wt idl set\n";
        CollectingSink sink = parse(header
                        + "   0    5   0    1   751  300  510    7   15    8    0  2345    1   3   0  95   0\n"
                        + header
                        + "   0   38   0    0  1019  457  743   36   23   37    0   833    1   5   0  94   0\n",
                ParserFixtures.context("sol.txt", TimeOptions.DEFAULT.withStart(Instant.parse("2024-01-01T00:00:00Z"))
                        .withInterval(Duration.ofSeconds(10))));
        List<SpecRow> rows = sink.rows("mpstat");
        assertEquals(2, rows.size());
        assertTrue(rows.get(0).row().sinceBoot());
        assertEquals(Instant.parse("2024-01-01T00:00:10Z"), rows.get(1).row().time());
        assertEquals(0.0, rows.get(1).get("set"));
        assertEquals(Optional.of("derived: first sample at --start 2024-01-01T00:00:00Z, --interval 10 s"),
                sink.fact("time.source"));
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void solarisEpochLinesAndAMissingOne() {
        String header = " CPU minf mjf xcal  intr ithr  csw icsw migr smtx  srw syscl  usr sys  wt idl\n";
        String row = "   0    5   0    1   751  300  510    7   15    8    0  2345    1   3   0  95\n";
        CollectingSink sink = parse("1418763773\n" + header + row + "1418763778\n" + header + row + header + row);
        List<SpecRow> rows = sink.rows("mpstat");
        assertEquals(Instant.ofEpochSecond(1418763773), rows.get(0).row().time());
        assertEquals(Instant.ofEpochSecond(1418763778), rows.get(1).row().time());
        assertEquals(Instant.ofEpochSecond(1418763779), rows.get(2).row().time());
        assertEquals(List.of(new ParseWarning(7, "no date line before this report; its time is the previous report's + 1 s")),
                sink.notices());
    }

    @Test
    void solarisTablesOfOtherAggregationsAreSkippedWithOneWarning() {
        String header = " CPU minf mjf xcal  intr ithr  csw icsw migr smtx  srw syscl  usr sys  wt idl\n";
        String row = "   0    5   0    1   751  300  510    7   15    8    0  2345    1   3   0  95\n";
        CollectingSink sink = parse("1418763773\n" + header + row
                + "COR minf mjf xcal  intr ithr  csw icsw migr smtx  srw syscl  usr sys  wt idl sze\n"  // 4
                + "  0    5   0    1   751  300  510    7   15    8    0  2345    1   3   0  95   2\n"
                + "1418763778\n" + header + row);
        assertEquals(2, sink.rows("mpstat").size());
        assertEquals(List.of(new ParseWarning(4, "not a known mpstat table (COR minf mjf xcal intr ithr csw icsw migr smtx"
                + " srw syscl usr sys wt idl sze); its rows are skipped")), sink.warnings());
    }

    @Test
    void somethingElseIsRefusedWithAReason() {
        CollectingSink sink = parse("procs -----------memory---------- ---swap-- -----io----\n r  b   swpd   free\n");
        assertTrue(sink.datasets().isEmpty());
        assertEquals(new ParseWarning(0, "no mpstat output found: neither a sysstat banner nor an mpstat table header"),
                sink.warnings().get(sink.warnings().size() - 1));
    }

    @Test
    void commandEchoGivesTheInterval() {
        assertEquals(Optional.of(Duration.ofSeconds(1)), command("$ mpstat -P 0 1 5").orElseThrow().interval());
        assertEquals(Optional.of(Duration.ofSeconds(5)), command("example% mpstat -ap 5 2").orElseThrow().interval());
        assertEquals(Optional.of(Duration.ofSeconds(2)),
                command("[root@h ~]# LANG=C mpstat -A 2").orElseThrow().interval());
        assertEquals(Optional.empty(), command("user@dev:~# mpstat").orElseThrow().interval());
        assertTrue(command("Linux 5.15 (mpstat) 09/16/2019 _x86_64_").isEmpty());
    }
}
