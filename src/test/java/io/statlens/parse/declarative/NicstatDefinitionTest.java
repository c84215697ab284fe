package io.statlens.parse.declarative;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.ParseWarning;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.TimeOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Instant;
import java.time.ZoneId;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NicstatDefinitionTest {
    private static final Parser NICSTAT = ShippedDefinitions.parser("nicstat");
    private static final Instant MARCH_4 = Instant.parse("2024-03-04T00:00:00Z");

    private static CollectingSink parse(String file) {
        return ParserFixtures.parse(NICSTAT, "nicstat/" + file, ParserFixtures.context(file, TimeOptions.DEFAULT.withStart(MARCH_4)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"ja-notes-nicstat-1-sat.txt", "javaperf-notes-nicstat-1-3nics.txt",
            "scotte-fork-blog-nicstat-l-and-n.txt", "ssup-nicstat-U-rutil-wutil.txt", "ssup-nicstat-plain-docker0.txt",
            "ssup-nicstat-x-extended.txt"})
    void recognisesEveryFixture(String file) {
        assertTrue(NICSTAT.sniff(ParserFixtures.head("nicstat/" + file)) >= 0.5, file);
    }

    @Test
    void doesNotClaimOtherTools() {
        for (String other : List.of(
                "procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----\n"
                        + " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st",
                "Linux 5.15.0 (db01) \t09/16/2019 \t_x86_64_\t(4 CPU)\n\n"
                        + "12:00:01 AM     IFACE   rxpck/s   txpck/s    rxkB/s    txkB/s   rxcmp/s   txcmp/s  rxmcst/s   %ifutil",
                "Device            r/s     w/s     rkB/s     wkB/s   rrqm/s   wrqm/s  %rrqm  %wrqm r_await w_await aqu-sz",
                "   PID USERNAME  SIZE   RSS STATE  PRI NICE      TIME  CPU PROCESS/NLWP")) {
            assertTrue(NICSTAT.sniff(ShippedDefinitions.head(other)) < 0.5, other);
        }
    }

    @Test
    void plainOutputWithSaturation() {
        CollectingSink sink = parse("ja-notes-nicstat-1-sat.txt");
        DatasetSpec spec = sink.spec("nicstat");
        assertEquals("Int", spec.keyLabel());
        assertEquals(List.of("rKB/s", "wKB/s", "rPk/s", "wPk/s", "rAvs", "wAvs", "%Util", "Sat"),
                spec.metrics().stream().map(Metric::label).toList());
        assertEquals(new Metric("rKB/s", "KiB/s", "read (received) kilobytes per second"), spec.metrics().get(0));
        assertEquals("%", spec.metrics().get(6).unit());
        List<SpecRow> rows = sink.rows("nicstat");
        assertEquals(4, rows.size());
        SpecRow eth0 = rows.get(0);
        assertEquals("eth0", eth0.row().key());
        assertEquals(0, eth0.row().sample());
        assertTrue(eth0.row().sinceBoot(), "nicstat's first report is since boot");
        assertEquals(Instant.parse("2024-03-04T13:34:48Z"), eth0.row().time());
        assertEquals(3.51, eth0.get("rKB/s"));
        assertEquals(1443.7, eth0.get("rAvs"));
        assertEquals(0.50, eth0.get("Sat"));
        SpecRow lo2 = rows.get(3);
        assertEquals("lo", lo2.row().key());
        assertEquals(1, lo2.row().sample());
        assertFalse(lo2.row().sinceBoot());
        assertEquals(Instant.parse("2024-03-04T13:34:49Z"), lo2.row().time());
        assertEquals(1, sink.rows("nicstat", "eth0").get(1).row().sample());
        assertEquals(66.00, sink.rows("nicstat", "eth0").get(1).get("rAvs"));
        assertEquals("default", sink.variant());
        assertEquals("time of day in column 'Time' on the date of --start (2024-03-04), zone UTC",
                sink.fact("time.source").orElseThrow());
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void indentedBlockWithThreeInterfaces() {
        CollectingSink sink = parse("javaperf-notes-nicstat-1-3nics.txt");
        List<SpecRow> rows = sink.rows("nicstat");
        assertEquals(9, rows.size());
        assertEquals(List.of("lo", "eth0", "eth1"), rows.subList(0, 3).stream().map(r -> r.row().key()).toList());
        assertEquals(List.of(0L, 0L, 0L, 1L, 1L, 1L, 2L, 2L, 2L), rows.stream().map(r -> r.row().sample()).toList());
        SpecRow last = rows.get(8);
        assertEquals("eth1", last.row().key());
        assertEquals(Instant.parse("2024-03-04T21:45:55Z"), last.row().time());
        assertEquals(0.23, last.get("rKB/s"));
        assertEquals(4.00, last.get("rPk/s"));
        assertEquals(0.01, sink.rows("nicstat", "eth0").get(2).get("%Util"));
        assertEquals(501.9, sink.rows("nicstat", "eth0").get(0).get("rAvs"));
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void interfaceListBecomesFactsAndASingleInterfaceStartsAReportEverySecond() {
        CollectingSink sink = parse("scotte-fork-blog-nicstat-l-and-n.txt");
        assertEquals("No", sink.fact("nicstat.interfaces.eth0.loopback").orElseThrow());
        assertEquals("2000", sink.fact("nicstat.interfaces.eth0.mbit/s").orElseThrow());
        assertEquals("full", sink.fact("nicstat.interfaces.eth0.duplex").orElseThrow());
        assertEquals("up", sink.fact("nicstat.interfaces.lo.state").orElseThrow());
        assertTrue(sink.fact("nicstat.interfaces.lo.mbit/s").isEmpty(), "'-' is no value");
        List<SpecRow> rows = sink.rows("nicstat");
        assertEquals(5, rows.size());
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L), rows.stream().map(r -> r.row().sample()).toList());
        assertTrue(rows.get(0).row().sinceBoot());
        assertFalse(rows.get(1).row().sinceBoot());
        assertEquals(34157.0, rows.get(0).get("rKB/s"));
        assertEquals(15.3, rows.get(1).get("%Util"));
        assertEquals(Instant.parse("2024-03-04T23:19:33Z"), rows.get(4).row().time());
        assertEquals(36125.4, rows.get(4).get("wPk/s"));
        assertEquals(List.of(), sink.warnings(), "prompts, the blank line and ^C are noise");
    }

    @Test
    void separateReadAndWriteUtilisation() {
        CollectingSink sink = parse("ssup-nicstat-U-rutil-wutil.txt");
        DatasetSpec spec = sink.spec("nicstat");
        assertEquals(List.of("rKB/s", "wKB/s", "rPk/s", "wPk/s", "rAvs", "wAvs", "%rUtil", "%wUtil"),
                spec.metrics().stream().map(Metric::label).toList());
        assertEquals("util-split", sink.variant());
        List<SpecRow> rows = sink.rows("nicstat");
        assertEquals(List.of("docker0", "eth0", "lo"), rows.stream().map(r -> r.row().key()).toList());
        assertEquals(71.78, rows.get(0).get("wAvs"));
        assertEquals(1067.3, rows.get(1).get("rAvs"));
        assertEquals(0.0, rows.get(2).get("%wUtil"));
        assertEquals(Instant.parse("2024-03-04T12:23:34Z"), rows.get(2).row().time());
        assertTrue(rows.stream().allMatch(r -> r.row().sinceBoot()), "nicstat without interval prints only the boot summary");
    }

    @Test
    void plainSummarySinceBoot() {
        CollectingSink sink = parse("ssup-nicstat-plain-docker0.txt");
        List<SpecRow> rows = sink.rows("nicstat");
        assertEquals(3, rows.size());
        assertEquals(2.18, sink.rows("nicstat", "eth0").get(0).get("rKB/s"));
        assertEquals(86.86, sink.rows("nicstat", "eth0").get(0).get("wAvs"));
        assertEquals(937.9, sink.rows("nicstat", "lo").get(0).get("rAvs"));
        assertEquals(Instant.parse("2024-03-04T15:13:34Z"), rows.get(0).row().time());
    }

    @Test
    void extendedOutputHasTheTimeInTheHeader() {
        CollectingSink sink = parse("ssup-nicstat-x-extended.txt");
        DatasetSpec spec = sink.spec("nicstat.extended");
        assertEquals("Int", spec.keyLabel());
        assertEquals(List.of("RdKB", "WrKB", "RdPkt", "WrPkt", "IErr", "OErr", "Coll", "NoCP", "Defer", "%Util"),
                spec.metrics().stream().map(Metric::label).toList());
        assertEquals("KiB/s", spec.metrics().get(0).unit());
        List<SpecRow> rows = sink.rows("nicstat.extended");
        assertEquals(List.of("docker0", "eth0", "lo"), rows.stream().map(r -> r.row().key()).toList());
        assertEquals(2.63, rows.get(1).get("RdKB"));
        assertEquals(1.04, rows.get(1).get("WrPkt"));
        assertEquals(0.0, rows.get(1).get("IErr"));
        assertTrue(rows.get(1).row().sinceBoot());
        assertEquals(Instant.parse("2024-03-04T12:25:57Z"), rows.get(0).row().time());
        assertEquals("extended", sink.variant());
        assertEquals(List.of(), sink.warnings(), "the prompt with trailing blanks is noise");
    }

    @Test
    void allStatisticsWithTcpUdpAndExtendedTablesPerReport() {
        String text = """
                root@solaris11-1:~# nicstat -a 1 2
                nicstat version 1.95
                23:59:59    InKB   OutKB   InSeg  OutSeg Reset  AttF %ReTX InConn OutCon Drops
                TCP         0.00    0.00  6570.7  8893.4   161  23.2 0.000   6.10    117  0.00
                23:59:59                    InDG   OutDG     InErr  OutErr
                UDP                       2940.3  2952.9     11.53    0.00
                23:59:59      RdKB    WrKB   RdPkt   WrPkt   IErr  OErr  Coll  NoCP Defer  %Util
                eth0        2833.9  4123.3  4266.9  5099.8   0.00  0.00  0.00  0.00  0.00   0.14
                00:00:00    InKB   OutKB   InSeg  OutSeg Reset  AttF %ReTX InConn OutCon Drops
                TCP         1.50    2.25  100.0   200.0      1  0.00 0.500   1.00   2.00  0.00
                00:00:00                    InDG   OutDG     InErr  OutErr
                UDP                         10.0    20.0      0.00    0.00
                00:00:00      RdKB    WrKB   RdPkt   WrPkt   IErr  OErr  Coll  NoCP Defer  %Util
                eth0          12.5    13.5    14.0    15.0   0.00  0.00  0.00  0.00  0.00   0.01
                """;
        CollectingSink sink = ParserFixtures.parseText(NICSTAT, text, ParserFixtures.context("a.txt", TimeOptions.DEFAULT.withStart(MARCH_4)));
        assertEquals("1.95", sink.fact("tool.version").orElseThrow());
        DatasetSpec tcp = sink.spec("nicstat.tcp");
        assertEquals("", tcp.keyLabel());
        assertEquals(List.of("InKB", "OutKB", "InSeg", "OutSeg", "Reset", "AttF", "%ReTX", "InConn", "OutCon", "Drops"),
                tcp.metrics().stream().map(Metric::label).toList());
        List<SpecRow> tcpRows = sink.rows("nicstat.tcp");
        assertEquals(2, tcpRows.size());
        assertEquals(6570.7, tcpRows.get(0).get("InSeg"));
        assertTrue(tcpRows.get(0).row().sinceBoot());
        assertEquals(0.5, tcpRows.get(1).get("%ReTX"));
        assertEquals(1, tcpRows.get(1).row().sample());
        assertEquals(Instant.parse("2024-03-05T00:00:00Z"), tcpRows.get(1).row().time(), "midnight rolls to the next day");
        List<SpecRow> udpRows = sink.rows("nicstat.udp");
        assertEquals(11.53, udpRows.get(0).get("InErr"));
        assertEquals(20.0, udpRows.get(1).get("OutDG"));
        List<SpecRow> ext = sink.rows("nicstat.extended");
        assertEquals(2, ext.size());
        assertEquals(Instant.parse("2024-03-04T23:59:59Z"), ext.get(0).row().time());
        assertEquals(Instant.parse("2024-03-05T00:00:00Z"), ext.get(1).row().time());
        assertEquals(13.5, ext.get(1).get("WrKB"));
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void aDateLineBeforeTheOutputDatesItsTimesOfDay() {
        String text = """
                Wed Jul 10 23:59:59 CEST 2024
                    Time      Int   rKB/s   wKB/s   rPk/s   wPk/s    rAvs    wAvs %Util    Sat
                23:59:59     eth0    1.00    2.00    3.00    4.00   100.0   200.0  0.01   0.00
                00:00:01     eth0    5.00    6.00    7.00    8.00   300.0   400.0  0.02   0.00
                """;
        CollectingSink sink = ParserFixtures.parseText(NICSTAT, text,
                ParserFixtures.context("d.txt", TimeOptions.DEFAULT.withZone(ZoneId.of("Europe/Berlin"))));
        List<SpecRow> rows = sink.rows("nicstat");
        assertEquals(Instant.parse("2024-07-10T21:59:59Z"), rows.get(0).row().time());
        assertEquals(Instant.parse("2024-07-10T22:00:01Z"), rows.get(1).row().time());
        assertEquals(1, rows.get(1).row().sample());
        assertEquals("time of day in column 'Time' on the date of the preceding date(1) or epoch line, zone Europe/Berlin",
                sink.fact("time.source").orElseThrow());
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void summaryAndMegabitOutputAndBrokenRows() {
        String text = """
                    Time      Int          rMbps          wMbps
                10:00:01     net0          1.250          0.500
                10:00:01     net0          1.250
                10:00:02     net0          2.000          abc
                """;
        CollectingSink sink = ParserFixtures.parseText(NICSTAT, text, ParserFixtures.context("s.txt", TimeOptions.DEFAULT.withStart(MARCH_4)));
        assertEquals("summary", sink.variant());
        DatasetSpec spec = sink.spec("nicstat");
        assertEquals(List.of("rMbps", "wMbps"), spec.metrics().stream().map(Metric::label).toList());
        assertEquals("Mbit/s", spec.metrics().get(0).unit());
        List<SpecRow> rows = sink.rows("nicstat");
        assertEquals(2, rows.size());
        assertEquals(1.25, rows.get(0).get("rMbps"));
        assertEquals(1, rows.get(1).row().sample());
        assertTrue(Double.isNaN(rows.get(1).get("wMbps")));
        assertEquals(List.of(new ParseWarning(3, "expected 4 columns as in the header at line 1, found 3"),
                new ParseWarning(4, "expected a number in column 'wMbps', found 'abc' (stored as no value)")), sink.warnings());
    }

    /** Each nicstat typed again is a new run: without an interval it prints its boot summary again. */
    @Test
    void aCommandTypedAgainStartsARunWhoseFirstReportIsSinceBoot() {
        CollectingSink sink = parse("k8s-notes-nicstat-twice-in-container-then-iftop.txt");
        List<SpecRow> rows = sink.rows("nicstat");
        assertEquals(4, rows.size());
        assertEquals(List.of("12:33:15", "12:33:17"), rows.stream().filter(r -> r.row().key().equals("lo"))
                .map(r -> r.row().time().toString().substring(11, 19)).toList());
        assertTrue(rows.stream().allMatch(r -> r.row().sinceBoot()), "two nicstat runs without an interval: two boot summaries");
        assertEquals(0.96, sink.rows("nicstat", "lo").get(1).get("rKB/s"));
    }
}
