package io.statlens.parse.declarative;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.ParseWarning;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.TimeOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PrstatDefinitionTest {
    private static final Parser PRSTAT = ShippedDefinitions.parser("prstat");
    private static final Instant START = Instant.parse("2024-03-04T10:00:00Z");
    private static final double KIB = 1024;
    private static final double MIB = 1024 * 1024;

    private static CollectingSink parse(String file) {
        return ParserFixtures.parse(PRSTAT, "prstat/" + file,
                ParserFixtures.context(file, TimeOptions.DEFAULT.withStart(START).withInterval(Duration.ofSeconds(10))));
    }

    @ParameterizedTest
    @ValueSource(strings = {"illumos-man-prstat-u-n-P.txt", "illumos-man-prstat-vc-dashes.txt",
            "smartos-fifo-prstat-indented-rst.txt", "solaris-prstat-s-rss-blog-pt.txt"})
    void recognisesEveryFixture(String file) {
        assertTrue(PRSTAT.sniff(ParserFixtures.head("prstat/" + file)) >= 0.5, file);
    }

    @Test
    void doesNotClaimOtherTools() {
        for (String other : List.of(
                "  PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND",
                "   PID USERNAME    THR PRI NICE   SIZE    RES STATE    C   TIME    WCPU COMMAND",
                "    Time      Int   rKB/s   wKB/s   rPk/s   wPk/s    rAvs    wAvs %Util    Sat",
                "UID        PID  PPID  C STIME TTY          TIME CMD")) {
            assertTrue(PRSTAT.sniff(ShippedDefinitions.head(other)) < 0.5, other);
        }
    }

    @Test
    void manPageExampleWithSwapColumnAndOldTotalLine() {
        CollectingSink sink = parse("illumos-man-prstat-u-n-P.txt");
        DatasetSpec spec = sink.spec("prstat");
        assertEquals("PID", spec.keyLabel());
        assertEquals(List.of("SWAP", "RSS", "PRI", "NICE", "TIME", "CPU"), spec.metrics().stream().map(Metric::label).toList());
        assertEquals(List.of("B", "B", "", "", "s", "%"), spec.metrics().stream().map(Metric::unit).toList());
        List<SpecRow> rows = sink.rows("prstat");
        assertEquals(List.of("306", "102", "250", "288", "1"), rows.stream().map(r -> r.row().key()).toList());
        SpecRow sendmail = rows.get(0);
        assertEquals(3024 * KIB, sendmail.get("SWAP"));
        assertEquals(1448 * KIB, sendmail.get("RSS"));
        assertEquals(58.0, sendmail.get("PRI"));
        assertEquals(0.0, sendmail.get("NICE"));
        assertEquals(0.0, sendmail.get("TIME"));
        assertEquals(0.3, sendmail.get("CPU"));
        assertFalse(sendmail.row().sinceBoot(), "CPU is a decaying average, TIME cumulative: no since-boot report");
        assertEquals(START, sendmail.row().time());
        assertEquals(168 * KIB, rows.get(4).get("RSS"));

        List<SpecRow> totals = sink.rows("prstat.total");
        assertEquals(1, totals.size());
        assertEquals(List.of("processes", "load1", "load5", "load15"),
                sink.spec("prstat.total").metrics().stream().map(Metric::label).toList());
        assertEquals(25.0, totals.get(0).get("processes"));
        assertEquals(0.08, totals.get(0).get("load5"));
        assertEquals(START, totals.get(0).row().time());
        assertEquals("derived: first sample at --start 2024-03-04T10:00:00Z, --interval 10 s",
                sink.fact("time.source").orElseThrow());
        assertEquals(List.of(), sink.warnings(), "the 'example%' prompt is noise");
    }

    @Test
    void microstatesWithDashPlaceholders() {
        CollectingSink sink = parse("illumos-man-prstat-vc-dashes.txt");
        DatasetSpec spec = sink.spec("prstat.microstate");
        assertEquals(List.of("USR", "SYS", "TRP", "TFL", "DFL", "LCK", "SLP", "LAT", "VCX", "ICX", "SCL", "SIG"),
                spec.metrics().stream().map(Metric::label).toList());
        List<SpecRow> rows = sink.rows("prstat.microstate");
        assertEquals(List.of("1", "102", "250", "1185", "240"), rows.stream().map(r -> r.row().key()).toList());
        SpecRow rdisc = rows.get(1);
        assertEquals(0.0, rdisc.get("USR"));
        assertTrue(Double.isNaN(rdisc.get("TRP")), "'-' is no value");
        assertTrue(Double.isNaN(rdisc.get("LAT")));
        assertEquals(100.0, rdisc.get("SLP"));
        assertEquals(3.0, rdisc.get("SCL"));
        assertTrue(rdisc.row().sinceBoot(), "the first microstate report averages over each process's life");
        assertEquals(100.0, rows.get(3).get("SLP"), "the misaligned 'john' row is read by its blanks");
        assertEquals("microstates", sink.variant());
        assertEquals(71.0, sink.rows("prstat.total").get(0).get("processes"));
        assertEquals(0.02, sink.rows("prstat.total").get(0).get("load1"));
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void indentedReStBlockWithMegabyteSizesAndHourLongTimes() {
        CollectingSink sink = parse("smartos-fifo-prstat-indented-rst.txt");
        DatasetSpec spec = sink.spec("prstat");
        assertEquals("SIZE", spec.metrics().get(0).label());
        List<SpecRow> rows = sink.rows("prstat");
        assertEquals(4, rows.size());
        SpecRow howl = rows.get(0);
        assertEquals("27833", howl.row().key());
        assertEquals(109 * MIB, howl.get("SIZE"));
        assertEquals(54 * MIB, howl.get("RSS"));
        assertEquals(2 * 3600 + 6 * 60 + 24.0, howl.get("TIME"));
        SpecRow sniffle = rows.get(3);
        assertEquals("27841", sniffle.row().key());
        assertEquals(1112 * MIB, sniffle.get("SIZE"));
        assertEquals(771 * MIB, sniffle.get("RSS"));
        assertEquals(3600 + 39 * 60 + 2.0, sniffle.get("TIME"));
        assertEquals(0.1, sniffle.get("CPU"));
        assertTrue(sink.rows("prstat.total").isEmpty());
        assertEquals(List.of(), sink.warnings(), "the bare 'prstat' command line is noise");
    }

    @Test
    void sortedByRssWithoutTotalLine() {
        CollectingSink sink = parse("solaris-prstat-s-rss-blog-pt.txt");
        List<SpecRow> rows = sink.rows("prstat");
        assertEquals(7, rows.size());
        assertEquals("617", rows.get(0).row().key());
        assertEquals(102 * MIB, rows.get(0).get("SIZE"));
        assertEquals(2.1, rows.get(0).get("CPU"));
        assertEquals(1.0, rows.get(0).get("TIME"));
        SpecRow configd = sink.rows("prstat", "9").get(0);
        assertEquals(9384 * KIB, configd.get("RSS"));
        assertEquals(7.0, configd.get("TIME"));
        assertEquals(8936 * KIB, rows.get(6).get("SIZE"));
        assertTrue(rows.stream().allMatch(r -> r.row().sample() == 0 && r.row().time().equals(START)));
    }

    @Test
    void withoutStartTheFallbackAndDefaultIntervalAreUsedAndSaid() {
        CollectingSink sink = ParserFixtures.parse(PRSTAT, "prstat/solaris-prstat-s-rss-blog-pt.txt");
        assertEquals(Instant.EPOCH, sink.rows("prstat").get(0).row().time());
        assertEquals("derived: first sample at test default (1970-01-01T00:00:00Z), assumed interval 5 s",
                sink.fact("time.source").orElseThrow());
        assertEquals(List.of(), sink.warnings());
        assertEquals(2, sink.notices().size());
        assertTrue(sink.notices().stream().allMatch(w -> w.line() == 0));
    }

    @Test
    void repeatedReportsWithDateLinesUsersAndTotals() {
        String text = """
                $ prstat -d d -a -c 5 2
                Mon Mar  4 10:00:00 UTC 2024
                   PID USERNAME  SIZE   RSS STATE  PRI NICE      TIME  CPU PROCESS/NLWP
                   617 claudio   102M   78M sleep   59    0   0:00:01 2.1% java/9
                   554 root      106M   32M cpu0    59    -   1:23:45  12% ns httpd/71
                 NPROC USERNAME  SWAP   RSS MEMORY      TIME  CPU
                    42 root      512M  256M   3.1%   0:10:00 1.0%
                     1 claudio   102M   78M   0.5%   0:00:01 2.1%
                Total: 43 processes, 210 lwps, load averages: 0.10, 0.20, 0.30
                Mon Mar  4 10:00:05 UTC 2024
                   PID USERNAME  SIZE   RSS STATE  PRI NICE      TIME  CPU PROCESS/NLWP
                   617 claudio   103M   79M sleep   59    0   0:00:02 1.9% java/9
                 NPROC USERNAME  SWAP   RSS MEMORY      TIME  CPU
                    42 root      1.2G  256M   3.1%   0:10:01 0.9%
                Total: 43 processes, 211 lwps, load averages: 0.11, 0.21, 0.31
                """;
        CollectingSink sink = ParserFixtures.parseText(PRSTAT, text, ParseContext.simple("d.txt"));
        List<SpecRow> procs = sink.rows("prstat");
        assertEquals(3, procs.size());
        SpecRow httpd = procs.get(1);
        assertEquals("554", httpd.row().key());
        assertTrue(Double.isNaN(httpd.get("NICE")), "'-' NICE of system-class processes");
        assertEquals(5025.0, httpd.get("TIME"));
        assertEquals(12.0, httpd.get("CPU"));
        assertEquals(Instant.parse("2024-03-04T10:00:00Z"), httpd.row().time());
        assertEquals(1, procs.get(2).row().sample());
        assertEquals(Instant.parse("2024-03-04T10:00:05Z"), procs.get(2).row().time());
        assertEquals(103 * MIB, procs.get(2).get("SIZE"));

        DatasetSpec users = sink.spec("prstat.user");
        assertEquals("USERNAME", users.keyLabel());
        assertEquals(List.of("NPROC", "SWAP", "RSS", "MEMORY", "TIME", "CPU"),
                users.metrics().stream().map(Metric::label).toList());
        List<SpecRow> userRows = sink.rows("prstat.user", "root");
        assertEquals(2, userRows.size());
        assertEquals(42.0, userRows.get(0).get("NPROC"));
        assertEquals(3.1, userRows.get(0).get("MEMORY"));
        assertEquals(1.2 * 1024 * MIB, userRows.get(1).get("SWAP"), 1e-3);
        assertEquals(Instant.parse("2024-03-04T10:00:05Z"), userRows.get(1).row().time());

        List<SpecRow> totals = sink.rows("prstat.total");
        assertEquals(List.of(0L, 1L), totals.stream().map(r -> r.row().sample()).toList());
        assertEquals(211.0, totals.get(1).get("lwps"));
        assertEquals(0.31, totals.get(1).get("load15"));
        assertEquals(Instant.parse("2024-03-04T10:00:05Z"), totals.get(1).row().time());
        assertEquals("users", sink.variant());
        assertTrue(sink.fact("time.source").orElseThrow().startsWith("date(1) or epoch lines before the reports"));
        assertEquals(List.of(), sink.warnings(), "a process name with a blank is kept in its text column");
    }

    @Test
    void epochLinesLwpKeysAndScaledCounts() {
        String text = """
                1709546400
                   PID USERNAME USR SYS TRP TFL DFL LCK SLP LAT VCX ICX SCL SIG PROCESS/LWPID
                   617 claudio  5.0 1.0 0.0 0.0 0.0  90 4.0 0.0 12K 150 .1M   0 java/2
                   617 claudio  0.1 0.0 0.0 0.0 0.0 0.0 100 0.0   3   0  25   0 java/3
                Total: 1 processes, 9 lwps, load averages: 0.10, 0.20, 0.30
                1709546405
                   PID USERNAME USR SYS TRP TFL DFL LCK SLP LAT VCX ICX SCL SIG PROCESS/LWPID
                   617 claudio  6.0 1.0 0.0 0.0 0.0  89 4.0 0.0 11K 140 99K   0 java/2
                """;
        CollectingSink sink = ParserFixtures.parseText(PRSTAT, text, ParseContext.simple("u.txt"));
        DatasetSpec spec = sink.spec("prstat.microstate_lwp");
        assertEquals("PID/PROCESS/LWPID", spec.keyLabel());
        List<SpecRow> rows = sink.rows("prstat.microstate_lwp");
        assertEquals(List.of("617/java/2", "617/java/3", "617/java/2"), rows.stream().map(r -> r.row().key()).toList());
        assertEquals(12000.0, rows.get(0).get("VCX"));
        assertEquals(100000.0, rows.get(0).get("SCL"));
        assertEquals(90.0, rows.get(0).get("LCK"));
        assertTrue(rows.get(0).row().sinceBoot());
        assertFalse(rows.get(2).row().sinceBoot());
        assertEquals(Instant.ofEpochSecond(1709546400), rows.get(1).row().time());
        assertEquals(Instant.ofEpochSecond(1709546405), rows.get(2).row().time());
        assertEquals("microstates-lwps", sink.variant());
        assertEquals(List.of(), sink.warnings());
    }

    /** prstat prints "Please wait..." on a terminal before its first report (prstat.c, main()). */
    @Test
    void thePleaseWaitLineOfATerminalIsPrstatsOwnNotABadLine() {
        CollectingSink sink = parse("solaris11-book-zh-prstat-mLc-please-wait-cut-row.txt");
        List<SpecRow> rows = sink.rows("prstat.microstate_lwp");
        assertEquals(4, rows.size());
        assertEquals(84.0, rows.get(0).get("SYS"));
        assertEquals(8000.0, rows.get(0).get("SCL"), "8K of 1000");
        assertEquals(List.of(new ParseWarning(8, "expected 15 columns as in the header at line 3, found 14")), sink.warnings(),
                "the row the page cut before its process name is the only bad line");
    }

    @Test
    void shortRowsAreWarnedWithTheirLine() {
        String text = """
                   PID USERNAME  SIZE   RSS STATE  PRI NICE      TIME  CPU PROCESS/NLWP
                   617 claudio   102M   78M sleep   59    0   0:00:01 2.1% java/9
                   554 root      106M   32M sleep
                   555 root      10Q    32M sleep   59    0   0:00:01 0.0% sshd/1
                """;
        CollectingSink sink = ParserFixtures.parseText(PRSTAT, text, ParserFixtures.context("w.txt", TimeOptions.DEFAULT.withStart(START)));
        assertEquals(2, sink.rows("prstat").size());
        assertTrue(Double.isNaN(sink.rows("prstat", "555").get(0).get("SIZE")));
        assertEquals(List.of(new ParseWarning(0, "the output does not say its interval; assuming 5 s; give --interval to set it")),
                sink.notices());
        assertEquals(List.of(new ParseWarning(3, "expected 10 columns as in the header at line 1, found 5"),
                new ParseWarning(4, "expected a number (K/M/G suffixes base 1024) in column 'SIZE', found '10Q'"
                        + " (stored as no value)")),
                sink.warnings());
    }
}
