package io.statlens.parse.builtin.sar;

import io.statlens.model.DatasetSpec;
import io.statlens.model.ParseWarning;
import io.statlens.model.SummaryValue;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.spi.TimeOptions;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Forms the corpus lacks but sar documents or prints in the wild. */
class SarParserSyntheticTest {
    private static final String BANNER = "Linux 5.15.0-91-generic (db01) \t09/16/2019 \t_x86_64_\t(2 CPU)\n\n";
    private final SarParser parser = new SarParser();

    private CollectingSink parse(String text) {
        return parse(text, ParseContext.simple("synthetic.txt"));
    }

    private CollectingSink parse(String text, ParseContext context) {
        return ParserFixtures.parseText(parser, text, context);
    }

    private static Head head(String text) {
        return new Head("x", List.of(text.split("\n")));
    }

    private static double summary(CollectingSink sink, String dataset, String key, String label) {
        return sink.summaries().stream()
                .filter(s -> s.dataset().equals(dataset) && s.key().equals(key) && s.name().equals(label))
                .map(SummaryValue::value).findFirst().orElseThrow();
    }

    @Test
    void oldGlibcEnInTimesAreOnATwelveHourDialWithoutAmPm() {
        // glibc before 2.29: en_IN's d_fmt "%A %d %B %Y", t_fmt "%I:%M:%S  %Z" (no %p): 12:59 -> 01:00 is one hour
        // later, and 11:59 -> 12:00 one minute later (noon or midnight), never a new day nor eleven hours back
        CollectingSink sink = parse("Linux 3.11.0-23-generic (tecmint.com)   Thursday 04 September 2014  _i686_  (2 CPU)\n\n"
                + "12:59:28  IST     CPU     %user     %nice   %system   %iowait    %steal     %idle\n"
                + "12:59:58  IST     all     36.52      0.00      3.02      0.00      0.00     60.45\n"
                + "01:00:28  IST     all     43.32      0.00      5.04      0.00      0.00     51.64\n"
                + "11:59:58  IST     all     56.46      0.00      4.05      0.00      0.00     39.49\n"
                + "12:00:28  IST     all     44.44      0.00      3.79      0.00      0.00     51.77\n");
        List<Instant> times = sink.rows("sar.cpu").stream().map(r -> r.row().time()).toList();
        // the first time's half of the day is unknown: read as printed (12:59:58 noon IST = 07:29:58Z); 11:59:58 is 23:59:58
        assertEquals(List.of(Instant.parse("2014-09-04T07:29:58Z"), Instant.parse("2014-09-04T07:30:28Z"),
                Instant.parse("2014-09-04T18:29:58Z"), Instant.parse("2014-09-04T18:30:28Z")), times);
        assertTrue(sink.notices().stream().anyMatch(n -> n.message().contains("12-hour clock without AM/PM")
                && n.message().contains("00:59:28 or 12:59:28")), sink.notices().toString());
        // only locales of India and its neighbours printed that clock: IST is India's, without a warning
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void aTimeAfterTwelveInTheHeadIsATwentyFourHourClockWhateverItsBlanks() {
        CollectingSink sink = parse("Linux 3.11.0-23-generic (h)   Thursday 04 September 2014  _i686_  (2 CPU)\n\n"
                + "12:59:28  UTC     CPU     %user     %nice   %system   %iowait    %steal     %idle\n"
                + "12:59:58  UTC     all     36.52      0.00      3.02      0.00      0.00     60.45\n"
                + "13:00:28  UTC     all     43.32      0.00      5.04      0.00      0.00     51.64\n");
        assertEquals(List.of(Instant.parse("2014-09-04T12:59:58Z"), Instant.parse("2014-09-04T13:00:28Z")),
                sink.rows("sar.cpu").stream().map(r -> r.row().time()).toList());
        assertTrue(sink.notices().stream().noneMatch(n -> n.message().contains("12-hour")), sink.notices().toString());
    }

    @Test
    void anAverageOfInterruptsHasValuesOnlyForTheCpusItsIntervalsHad() {
        // sar -I's Average header names every CPU of the file; its rows carry the CPUs this boot's intervals had
        // (sysstat's tests/expected.sar-ext-hl, sar -C -P ALL ... -I --int=19,NMI, cut: CPU6 offline at 13:24:30,
        // CPU8 offline after the restart)
        CollectingSink sink = parse("Linux 1.2.3-TEST (SYSSTAT.TEST) \t04/18/19 \t_x86_64_\t(9 CPU)\n\n"
                + "13:20:19         INTR       all      CPU0      CPU1      CPU2      CPU3      CPU4      CPU5      CPU7\n"
                + "13:20:23           19     23.34      0.00      0.00      0.00      0.00     23.34      0.00      0.00\n"
                + "13:20:23         INTR       all      CPU0      CPU1      CPU2      CPU3      CPU4      CPU5      CPU7      CPU8\n"
                + "13:20:27           19     22.73      0.00      0.00      0.00      0.00     22.73      0.00      0.00      0.00\n"
                + "\n"
                + "Average:         INTR       all      CPU0      CPU1      CPU2      CPU3      CPU4      CPU5      CPU6      CPU7      CPU8\n"
                + "Average:           19     23.90      0.00      0.00      0.00      0.00     23.90      0.00      0.00      0.00      0.00\n"
                + "\n"
                + "13:24:12     LINUX RESTART\t(9 CPU)\n"
                + "\n"
                + "13:24:20         INTR       all      CPU0      CPU1      CPU2      CPU3      CPU4      CPU5      CPU6      CPU7\n"
                + "13:24:25          NMI      0.00      0.03      0.00      0.00      0.13      0.00      0.00      0.03      0.00\n"
                + "\n"
                + "13:24:25         INTR       all      CPU0      CPU1      CPU2      CPU3      CPU4      CPU5      CPU7\n"
                + "13:24:30          NMI      0.00      0.00      0.00      0.03      0.10      0.00      0.03      0.00\n"
                + "\n"
                + "Average:         INTR       all      CPU0      CPU1      CPU2      CPU3      CPU4      CPU5      CPU6      CPU7      CPU8\n"
                + "Average:          NMI      0.00      0.02      0.00      0.02      0.11      0.00      0.02      0.02      0.00\n");
        assertEquals(List.of(), sink.warnings());
        assertEquals(0.0, summary(sink, "sar.intr", "19", "CPU8"));
        assertEquals(0.11, summary(sink, "sar.intr", "NMI", "CPU3"));
        assertEquals(0.02, summary(sink, "sar.intr", "NMI", "CPU6"));
        assertEquals(0.0, summary(sink, "sar.intr", "NMI", "CPU7"));
        assertTrue(sink.summaries().stream().noneMatch(v -> v.key().equals("NMI") && v.name().equals("CPU8")),
                sink.summaries().toString());
    }

    @Test
    void aFilesystemMountedAgainIsOneRowAndOneSummary() {
        // sysstat before 12.3.3 listed a filesystem once per line of /etc/mtab: btrfs subvolumes of one device gave
        // identical lines (kSar's sar-11.6.1-full-output); rd_stats.c's read_filesystem keeps the first since (#256)
        String line = "        94591      5749      5.73      6.24         0         0      0.00 /dev/mapper/system-root\n";
        CollectingSink sink = parse("Linux 4.12.14-16.2-default (hostname.example.com) \t04/08/18 \t_x86_64_\t(4 CPU)\n\n"
                + "16:08:45     MBfsfree  MBfsused   %fsused  %ufsused     Ifree     Iused    %Iused FILESYSTEM\n"
                + ("16:08:55" + line).repeat(3)
                + "16:08:55        94000      6340      6.32      6.83         0         0      0.00 /dev/sda1\n"
                + ("16:09:05" + line).repeat(3)
                + "\n"
                + "Summary:     MBfsfree  MBfsused   %fsused  %ufsused     Ifree     Iused    %Iused FILESYSTEM\n"
                + ("Summary:" + line).repeat(3));
        assertEquals(List.of(), sink.warnings());
        List<SpecRow> root = sink.rows("sar.filesystem", "/dev/mapper/system-root");
        assertEquals(List.of(0L, 1L), root.stream().map(r -> r.row().sample()).toList());
        assertEquals(94591.0, root.get(1).get("MBfsfree"));
        assertEquals(1, sink.rows("sar.filesystem", "/dev/sda1").size());
        assertEquals(7, sink.summaries().stream().filter(v -> v.key().equals("/dev/mapper/system-root")).count(),
                "one summary per metric");
        assertEquals(1, sink.notices().stream().filter(w -> w.message().contains("/dev/mapper/system-root")).count(),
                sink.notices().toString());
    }

    @Test
    void humanReadableValuesAreReadInTheirColumnsUnits() {
        // sar --human (sysstat's tests/expected.sar-human): sizes with the letter of their unit, per cents with their sign
        CollectingSink sink = parse("Linux 1.2.3-TEST (SYSSTAT.TEST) \t04/18/19 \t_x86_64_\t(9 CPU)\n\n"
                + "13:20:09    kbmemfree   kbavail kbmemused  %memused\n"
                + "13:20:19         1.4G      4.2G    396.0k     46.1%\n"
                + "Average:         1.5G      0.0k      3.6G     46.1%\n\n"
                + "13:20:09          DEV       tps     rkB/s     wkB/s     dkB/s   areq-sz    aqu-sz     await     %util\n"
                + "13:20:19          sda      1.60      0.0k      1.2M      0.8k      0.5k      0.00      1.00      0.0%\n\n"
                + "13:20:09        IFACE   rxpck/s   txpck/s    rxkB/s    txkB/s   rxcmp/s   txcmp/s  rxmcst/s   %ifutil\n"
                + "13:20:19         eth0      2.00      1.00    512.0B      0.0B      0.00      0.00      0.00      0.0%\n\n"
                + "13:20:09     MBfsfree  MBfsused   %fsused  %ufsused     Ifree     Iused    %Iused FILESYSTEM\n"
                + "13:20:19         1.6G    144.8M     17.0%     18.9%   6008414    102818      1.7% /dev/sda9\n");
        assertEquals(List.of(), sink.warnings());
        SpecRow memory = sink.rows("sar.memory").get(0);
        assertEquals(1.4 * 1024 * 1024, memory.get("kbmemfree"), 1e-6);
        assertEquals(396.0, memory.get("kbmemused"));
        assertEquals(46.1, memory.get("%memused"));
        assertEquals(1.5 * 1024 * 1024, summary(sink, "sar.memory", "", "kbmemfree"), 1e-6);
        SpecRow sda = sink.rows("sar.disk", "sda").get(0);
        assertEquals(1.2 * 1024, sda.get("wkB/s"), 1e-9);
        assertEquals(0.5, sda.get("areq-sz"));
        assertEquals(0.5, sink.rows("sar.net_dev", "eth0").get(0).get("rxkB/s"), "512 bytes/s");
        SpecRow fs = sink.rows("sar.filesystem", "/dev/sda9").get(0);
        assertEquals(1.6 * 1024, fs.get("MBfsfree"), 1e-9);
        assertEquals(6008414.0, fs.get("Ifree"));
        assertEquals(1.7, fs.get("%Iused"));
    }

    @Test
    void everySectionRollsOverMidnightOnItsOwn() {
        CollectingSink sink = parse(BANNER
                + "23:40:01        CPU     %user     %nice   %system   %iowait    %steal     %idle\n"
                + "23:50:01        all      1.00      0.00      1.00      0.00      0.00     98.00\n"
                + "00:00:01        all      2.00      0.00      1.00      0.00      0.00     97.00\n"
                + "00:10:01        all      3.00      0.00      1.00      0.00      0.00     96.00\n"
                + "Average:        all      2.00      0.00      1.00      0.00      0.00     97.00\n\n"
                + "23:40:01       proc/s   cswch/s\n"
                + "23:50:01         1.00    100.00\n"
                + "00:00:01         2.00    200.00\n"
                + "Average:         1.50    150.00\n");
        List<Instant> cpu = sink.rows("sar.cpu").stream().map(r -> r.row().time()).toList();
        assertEquals(List.of(Instant.parse("2019-09-16T23:50:01Z"), Instant.parse("2019-09-17T00:00:01Z"),
                Instant.parse("2019-09-17T00:10:01Z")), cpu);
        List<Instant> proc = sink.rows("sar.proc").stream().map(r -> r.row().time()).toList();
        assertEquals(List.of(Instant.parse("2019-09-16T23:50:01Z"), Instant.parse("2019-09-17T00:00:01Z")), proc);
        assertEquals(150.0, summary(sink, "sar.proc", "", "cswch/s"));
        assertTrue(sink.warnings().isEmpty());
    }

    @Test
    void localTimesAreInTheContextZone() {
        CollectingSink sink = parse(BANNER
                        + "10:00:00       proc/s   cswch/s\n"
                        + "10:00:01         1.00    100.00\n",
                ParserFixtures.context("x", TimeOptions.DEFAULT.withZone(ZoneId.of("Europe/Berlin"))));
        assertEquals(Instant.parse("2019-09-16T08:00:01Z"), sink.rows("sar.proc").get(0).row().time());
        assertTrue(sink.fact("time.source").orElseThrow().contains("Europe/Berlin"));
    }

    /** AIX 5.2 capitalised the configuration line: {@code System Configuration: lcpu=4 } (hw_issues#359). */
    @Test
    void olderAixConfigurationLineWithACapitalIsAFact() {
        CollectingSink sink = parse("""
                AIX DLY55A 2 5 000663DFD600    05/26/16

                System Configuration: lcpu=4\s

                17:20:41    %usr    %sys    %wio   %idle
                17:20:43       0       0       0     100
                """);
        assertEquals(List.of(), sink.warnings());
        assertEquals(java.util.Optional.of("4"), sink.fact("system.lcpu"));
    }

    /** AIX sar -P ALL: the time, and Average, only on the first line of each block. */
    private static final String AIX_PER_PROCESSOR = """
            AIX host1 1 7 00C5CC3C4C00    06/12/19

            System configuration: lcpu=4 ent=0.50 mode=Uncapped

            10:00:00 cpu    %usr    %sys    %wio   %idle   physc   %entc
            10:00:01  0        1       2       0      97    0.12    24.0
                      1        0       0       0     100    0.10    20.0
                      U        -       -       0      50    0.25    50.0
                      -        1       1       0      98    0.25    50.0
            10:00:02  0        3       2       0      95    0.12    24.0
                      1        0       0       0     100    0.10    20.0
                      -        2       1       0      97    0.25    50.0

            Average   0        2       2       0      96    0.12    24.0
                      1        0       0       0     100    0.10    20.0
                      -        1       1       0      97    0.25    50.0
            """;

    @Test
    void aixPerProcessorReportWithAggregateAndAverages() {
        CollectingSink sink = parse(AIX_PER_PROCESSOR);
        assertEquals("aix", sink.variant());
        DatasetSpec spec = sink.spec("sar.cpu");
        assertEquals("cpu", spec.keyLabel());
        List<SpecRow> rows = sink.rows("sar.cpu");
        assertEquals(List.of("0", "1", "U", "all", "0", "1", "all"), rows.stream().map(r -> r.row().key()).toList());
        assertEquals(List.of(0L, 0L, 0L, 0L, 1L, 1L, 1L), rows.stream().map(r -> r.row().sample()).toList());
        assertEquals(Instant.parse("2019-06-12T10:00:01Z"), rows.get(3).row().time());
        assertEquals(Instant.parse("2019-06-12T10:00:02Z"), rows.get(6).row().time());
        assertTrue(Double.isNaN(rows.get(2).get("%usr")), "AIX prints - for a value it does not have");
        assertEquals(0.25, rows.get(3).get("physc"));
        assertEquals(97.0, summary(sink, "sar.cpu", "all", "%idle"));
        assertEquals(2.0, summary(sink, "sar.cpu", "0", "%usr"));
        assertEquals(100.0, summary(sink, "sar.cpu", "1", "%idle"));
        assertEquals("0.50", sink.fact("system.ent").orElseThrow());
        assertEquals("2019-06-12", sink.fact("date").orElseThrow());
        assertTrue(sink.warnings().isEmpty(), sink.warnings().toString());
    }

    @Test
    void aixContinuationLinesWithoutTheirBlankTimeColumnReadTheSame() {
        // as a wiki shows the report pasted as a paragraph: every line stripped, runs of blanks one space
        String pasted = AIX_PER_PROCESSOR.lines().map(l -> l.strip().replaceAll("\\s+", " ")).collect(Collectors.joining("\n"));
        CollectingSink original = parse(AIX_PER_PROCESSOR);
        CollectingSink sink = parse(pasted);
        assertEquals(7, sink.rows("sar.cpu").size());
        assertEquals(cpuRows(original), cpuRows(sink));
        assertEquals(original.summaries(), sink.summaries());
        assertTrue(sink.warnings().isEmpty(), sink.warnings().toString());
    }

    private static List<String> cpuRows(CollectingSink sink) {
        return sink.rows("sar.cpu").stream()
                .map(r -> r.row().sample() + " " + r.row().time() + " " + r.row().key() + " " + Arrays.toString(r.row().values()))
                .toList();
    }

    @Test
    void hpuxPerProcessorAggregateIsAll() {
        CollectingSink sink = parse("""
                HP-UX host2 B.11.31 U ia64    12/24/13

                08:00:00     cpu    %usr    %sys    %wio   %idle
                08:05:00       0       4       2       1      93
                               1       6       2       0      92
                          system       5       2       1      92
                """);
        assertEquals(List.of("0", "1", "all"), sink.rows("sar.cpu").stream().map(r -> r.row().key()).toList());
        assertEquals(Instant.parse("2013-12-24T08:05:00Z"), sink.rows("sar.cpu", "all").get(0).row().time());
        assertEquals("ia64", sink.fact("os.arch").orElseThrow());
    }

    @Test
    void anAixBannerDateIsReadInTheOrderTheFilesDecimalCommasGive() {
        CollectingSink sink = parse("""
                AIX host1 1 7 00C5CC3C4C00    04/02/20

                10:00:00    %usr    %sys    %wio   %idle   physc
                10:00:01       8      12       0      80    0,25

                Average        8      12       0      80    0,25
                """);
        assertEquals("2020-02-04", sink.fact("date").orElseThrow());
        assertEquals(1, sink.notices().size(), sink.notices().toString());
        assertTrue(sink.notices().get(0).message().contains("decimal commas"), sink.notices().toString());
        assertTrue(sink.warnings().isEmpty(), sink.warnings().toString());
    }

    @Test
    void anHpuxBannerDateNothingDecidesIsMonthFirstWithANoticeNamingTheOption() {
        String text = """
                HP-UX host2 B.11.23 U ia64    04/01/11

                02:39:32    %usr    %sys    %wio   %idle
                02:39:34       5       2       1      92
                """;
        CollectingSink sink = parse(text);
        assertEquals("2011-04-01", sink.fact("date").orElseThrow());
        String notice = sink.notices().get(0).message();
        assertTrue(notice.contains("--file-locale") && notice.contains("HP-UX's manuals") && notice.contains("2011-01-04 read day first"),
                notice);

        CollectingSink given = parse(text, ParserFixtures.context("x", TimeOptions.DEFAULT.withLocale(java.util.Locale.UK)));
        assertEquals("2011-01-04", given.fact("date").orElseThrow());
        assertTrue(given.notices().isEmpty(), given.notices().toString());
    }

    @Test
    void aSolarisBannerIsMonthFirstInEveryLocale() {
        // illumos sar.c prints tm_mon + 1 first whatever the locale: decimal commas say nothing of its date
        CollectingSink sink = parse("""
                SunOS host3 5.11 11.3 sun4v    04/02/2020

                10:00:00   runq-sz %runocc swpq-sz %swpocc
                10:00:01       1,0      10     0,0       0
                """);
        assertEquals("2020-04-02", sink.fact("date").orElseThrow());
        assertTrue(sink.notices().isEmpty(), sink.notices().toString());
    }

    @Test
    void anHpuxDeviceReportWithNoActiveDeviceIsATimeAlone() {
        CollectingSink sink = parse("""
                HP-UX host2 B.11.23 U ia64    12/24/13

                02:39:32   device   %busy   avque   r+w/s  blks/s  avwait  avserv
                02:39:34   c0t2d0    0.50    0.50       1      16    0.00   13.79
                02:39:36
                02:39:38   c0t2d0   14.00    0.50       3      48    0.00   51.43
                          c0t0d0    0.50    0.50       0       8    0.00    7.89
                """);
        assertTrue(sink.warnings().isEmpty(), sink.warnings().toString());
        assertEquals(List.of("c0t2d0", "c0t2d0", "c0t0d0"), sink.rows("sar.disk").stream().map(r -> r.row().key()).toList());
        assertEquals(Instant.parse("2013-12-24T02:39:38Z"), sink.rows("sar.disk", "c0t0d0").get(0).row().time());

        CollectingSink cut = parse("""
                HP-UX host2 B.11.23 U ia64    12/24/13

                08:00:00    %usr    %sys    %wio   %idle
                08:05:00
                """);
        assertTrue(cut.warnings().stream().anyMatch(w -> w.line() == 4 && w.message().equals("a time of day without values")),
                "under a header without a key column a time alone is a cut line: " + cut.warnings());
    }

    @Test
    void solarisRestartIsAFact() {
        CollectingSink sink = parse("""
                SunOS host3 5.10 Generic_147440-01 sun4u    03/14/2013

                00:00:00    %usr    %sys    %wio   %idle
                00:10:00       1       2       0      97
                08:05:12 unix restarts
                08:10:00       3       2       0      95

                Average        2       2       0      96
                """);
        assertEquals(2, sink.rows("sar.cpu").size());
        assertEquals(Instant.parse("2013-03-14T08:10:00Z"), sink.rows("sar.cpu").get(1).row().time());
        assertEquals("2013-03-14T08:05:12Z", sink.fact("restart").orElseThrow());
        assertEquals(96.0, summary(sink, "sar.cpu", "", "%idle"));
        assertEquals("solaris", sink.variant());
    }

    @Test
    void unknownSectionsImportUnderTheirFirstLabelAndPrettyKeysMayComeLast() {
        CollectingSink sink = parse("Linux 6.1.0 (h) \t2024-01-05 \t_x86_64_\t(4 CPU)\n\n"
                + "10:00:00     foo/s      %bar\n"
                + "10:00:01      1.00      2.00\n"
                + "Average:      1.00      2.00\n\n"
                + "10:00:00       tps     rkB/s     wkB/s   areq-sz    aqu-sz     await     %util DEV\n"
                + "10:00:01      5.00     10.00     20.00      6.00      0.10      1.50      3.00 nvme0n1\n"
                + "10:00:01      1.00      0.00      4.00      4.00      0.00      0.50      0.10 sda\n");
        assertEquals("foo_s", sink.spec("sar.foo_s").name());
        assertEquals(List.of("1/s", "%"), sink.spec("sar.foo_s").metrics().stream().map(m -> m.unit()).toList());
        assertEquals(2.0, sink.rows("sar.foo_s").get(0).get("%bar"));
        assertEquals(1.0, summary(sink, "sar.foo_s", "", "foo/s"));
        assertEquals("DEV", sink.spec("sar.disk").keyLabel());
        assertEquals(5.0, sink.rows("sar.disk", "nvme0n1").get(0).get("tps"));
        assertEquals(4.0, sink.rows("sar.disk", "sda").get(0).get("wkB/s"));
        assertTrue(sink.warnings().isEmpty());
    }

    @Test
    void aChangedHeaderIsAnnouncedAgainAndContinuesTheDataSet() {
        List<DatasetSpec> announced = new ArrayList<>();
        CollectingSink collecting = new CollectingSink();
        RecordSink sink = new ForwardingSink(collecting) {
            @Override
            public void dataset(DatasetSpec spec) {
                announced.add(spec);
                super.dataset(spec);
            }
        };
        String text = BANNER
                + "10:00:00         INTR       all      CPU0\n"
                + "10:00:01          sum    100.00    100.00\n"
                + "10:00:01            0     10.00     10.00\n\n"
                + "10:05:00     LINUX RESTART\t(2 CPU)\n\n"
                + "10:05:00         INTR       all      CPU0      CPU1\n"
                + "10:05:01          sum    200.00    150.00     50.00\n";
        try (var lines = io.statlens.parse.spi.LineSource.ofString("x", text)) {
            parser.parse(lines, ParseContext.simple("x"), sink);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        assertEquals(2, announced.size());
        assertEquals(List.of("all", "CPU0"), announced.get(0).metrics().stream().map(m -> m.label()).toList());
        assertEquals(List.of("all", "CPU0", "CPU1"), announced.get(1).metrics().stream().map(m -> m.label()).toList());
        List<SpecRow> sum = collecting.rows("sar.intr", "sum");
        assertEquals(List.of(0L, 1L), sum.stream().map(r -> r.row().sample()).toList());
        assertEquals(50.0, sum.get(1).get("CPU1"));
        assertEquals("2019-09-16T10:05:00Z (2 CPU)", collecting.fact("restart").orElseThrow());
    }

    @Test
    void malformedLinesWarnWithTheirLineNumbersAndNoiseIsSkipped() {
        CollectingSink sink = parse(BANNER
                + "$ sar -u 1 3\n"
                + "10:00:00        CPU     %user     %nice   %system   %iowait    %steal     %idle\n"
                + "10:00:01        all      1.00      0.00      1.00      0.00      0.00     98.00\n"
                + "10:00:02        all      1.00      0.00      1.00\n"
                + "10:00:03        all      1.00       abc      1.00      0.00      0.00     98.00\n"
                + "^C\n"
                + "this is not sar output\n");
        List<SpecRow> rows = sink.rows("sar.cpu");
        assertEquals(2, rows.size());
        assertTrue(Double.isNaN(rows.get(1).get("%nice")));
        assertEquals(98.0, rows.get(1).get("%idle"));
        List<Long> lines = sink.warnings().stream().map(ParseWarning::line).toList();
        assertEquals(List.of(6L, 7L, 9L), lines);
        assertTrue(sink.warnings().get(0).message().startsWith("expected 7 columns as in the header at line 4, found 4"));
        assertTrue(sink.warnings().get(1).message().contains("abc"));
    }

    @Test
    void withoutABannerTheDateComesFromStart() {
        CollectingSink sink = parse("""
                10:00:00        CPU     %user     %nice   %system   %iowait    %steal     %idle
                10:00:01        all      1.00      0.00      1.00      0.00      0.00     98.00
                """, ParserFixtures.context("x", TimeOptions.DEFAULT.withStart(Instant.parse("2021-03-04T00:00:00Z"))));
        assertEquals(Instant.parse("2021-03-04T10:00:01Z"), sink.rows("sar.cpu").get(0).row().time());
        // the user gave the date: no warning asks for the --start that was given (left3's finding)
        assertEquals(List.of(), sink.warnings());
        assertTrue(sink.fact("time.source").orElseThrow().contains("--start"));
    }

    @Test
    void localizedAverageLabel() {
        CollectingSink sink = parse("Linux 2.6.37 (h) \t16.04.2012 \t_x86_64_\t(16 CPU)\n\n"
                + "18,07,11          tps      rtps      wtps   bread/s   bwrtn/s\n"
                + "18,07,16       300,24    297,26      2,98    276,80    107,66\n"
                + "Durchschn.:    300,24    297,26      2,98    276,80    107,66\n");
        assertEquals(297.26, summary(sink, "sar.io", "", "rtps"));
        assertTrue(sink.warnings().isEmpty());
    }

    /** sysstat 10.0 to 11.1 close {@code -F} and {@code -m USB} with "Summary" (the colon came in 11.2), translated. */
    @Test
    void theSummaryOfSysstat10And11HasNoColon() {
        String report = "Linux 3.11.0-23-generic (tecmint.com)   Thursday 04 September 2014  _i686_  (2 CPU)\n\n"
                + "02:02:31  MBfsfree  MBfsused   %fsused  %ufsused     Ifree     Iused    %Iused FILESYSTEM\n"
                + "02:02:33      1001       449     30.95     33.00  18919505    364463      1.89 /dev/sda1\n\n"
                + "LABEL      MBfsfree  MBfsused   %fsused  %ufsused     Ifree     Iused    %Iused FILESYSTEM\n"
                + "LABEL          1002       448     30.90     32.90  18919505    364463      1.89 /dev/sda1\n";
        for (String label : List.of("Summary", "Zusammenfassung", "Résumé", "Сводка", "总计", "Tổng hợp")) {
            CollectingSink sink = parse(report.replace("LABEL", label));
            assertEquals(1002.0, summary(sink, "sar.filesystem", "/dev/sda1", "MBfsfree"), label);
            assertEquals(32.9, summary(sink, "sar.filesystem", "/dev/sda1", "%ufsused"), label);
            assertEquals(1, sink.rows("sar.filesystem").size(), label);
            assertTrue(sink.warnings().isEmpty(), label + ": " + sink.warnings());
        }
    }

    /** sar -m FREQ (weighted CPU clock, sysstat 9.1.x and later) lands where sadf -j's cpu-weighted-frequency does. */
    @Test
    void weightedClockFrequencyIsADeclaredSection() {
        CollectingSink sink = parse(BANNER
                + "04:34:51 PM     CPU    wghMHz\n"
                + "04:34:53 PM     all   1596.00\n"
                + "04:34:53 PM       0   1596.00\n"
                + "Average:        all   1596.00\n");
        assertEquals(List.of("sar.wghfreq"), List.copyOf(sink.datasets().keySet()));
        assertEquals(2, sink.rows("sar.wghfreq").size());
        assertEquals(1596.0, summary(sink, "sar.wghfreq", "all", "wghMHz"));
        assertTrue(parser.datasets().contains("sar.wghfreq"));
    }

    /** A sadf -d paste reads its prompts and commands as the text form does: the shell's lines are no warnings. */
    @Test
    void sadfDPastedAfterPromptsIsReadAsATranscript() {
        CollectingSink sink = parse("""
                [root@db01 ~]# sadf -d /var/log/sa/sa08 -- -q
                # hostname;interval;timestamp;runq-sz;plist-sz;ldavg-1;ldavg-5;ldavg-15
                db01;595;2016-02-08 15:20:01 UTC;0;559;1.06;1.41;1.57
                [root@db01 ~]# cat /tmp/out
                #+Swap
                # hostname;interval;timestamp;kbswpfree;kbswpused;%swpused;kbswpcad;%swpcad
                db01;595;2016-02-08 15:20:01 UTC;2097084;0;0.00;0;0.00
                tecmint@tecmint ~ $ safd -d /var/log/sa/sa20140903 -- -n DEV | grep -v lo
                """);
        assertEquals(List.of(), sink.warnings());
        assertEquals(1, sink.rows("sar.load").size());
        assertEquals(1, sink.rows("sar.swap_util").size());
        assertEquals("-d /var/log/sa/sa08 -- -q", sink.fact("options").orElseThrow());
    }

    /**
     * A sadf -d header with an empty column name (two ';' in a row, a damaged copy) names no metric: a warning, its
     * rows skipped until the next header, never a parser failure (found by the import fuzz target).
     */
    @Test
    void aSadfDHeaderWithAnEmptyColumnNameIsAWarningNotAFailure() {
        CollectingSink sink = parse("""
                # hostname;interval;timestamp;proc/s;;cswch/s
                vm;1;2026-11-25 18:00:09 UTC;48.00;1;334.00
                # hostname;interval;timestamp;runq-sz;plist-sz;ldavg-1;ldavg-5;ldavg-15
                vm;1;2026-11-25 18:00:09 UTC;0;559;1.06;1.41;1.57
                """);
        assertEquals(List.of(1L, 2L), sink.warnings().stream().map(w -> w.line()).toList());
        assertTrue(sink.warnings().get(0).message().contains("found an empty one"), sink.warnings().get(0).message());
        assertEquals(List.of("sar.load"), List.copyOf(sink.datasets().keySet()));
        assertEquals(1, sink.rows("sar.load").size());
    }

    @Test
    void filesWithoutDataSayWhy() {
        CollectingSink empty = parse("");
        assertEquals(0, empty.datasets().size());
        assertEquals("the file is empty: no sar output", empty.warnings().get(0).message());
        CollectingSink bannerOnly = parse(BANNER);
        assertEquals(0, bannerOnly.datasets().size());
        assertTrue(bannerOnly.warnings().get(0).message().startsWith("no sar data lines found"));
    }

    @Test
    void sniffTellsSarFromItsSiblings() {
        assertTrue(parser.sniff(head("""
                10:00:00        CPU     %user     %nice   %system   %iowait    %steal     %idle
                10:00:01        all      1.00      0.00      1.00      0.00      0.00     98.00
                """)) >= 0.5, "sar -u without its banner");
        String mpstat = BANNER
                + "03:15:06 PM  CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle\n"
                + "03:15:06 PM  all    0.22    0.00    0.37    0.01    0.00    0.00    0.00    0.00    0.00   99.40\n";
        assertTrue(parser.sniff(head(mpstat)) < 0.5, "mpstat");
        String oldMpstat = BANNER
                + "10:00:00     CPU   %user   %nice %system %iowait    %irq   %soft   %idle    intr/s\n";
        assertTrue(parser.sniff(head(oldMpstat)) < 0.5, "mpstat (sysstat 5)");
        String pidstat = BANNER
                + "02:05:01 PM   UID       PID    %usr %system  %guest    %CPU   CPU  Command\n"
                + "02:05:02 PM     0         1    0.00    1.00    0.00    1.00     0  systemd\n";
        assertTrue(parser.sniff(head(pidstat)) < 0.5, "pidstat");
        String pidstatW = BANNER + "02:05:01 PM   UID       PID   cswch/s nvcswch/s  Command\n";
        assertTrue(parser.sniff(head(pidstatW)) < 0.5, "pidstat -w");
        String iostat = BANNER
                + "avg-cpu:  %user   %nice %system %iowait  %steal   %idle\n"
                + "           0.50    0.00    0.25    0.01    0.00   99.24\n\n"
                + "Device:         rrqm/s   wrqm/s     r/s     w/s    rkB/s    wkB/s avgrq-sz avgqu-sz   await\n";
        assertTrue(parser.sniff(head(iostat)) < 0.5, "iostat");
        String vmstat = "procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----\n"
                + " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st\n"
                + " 1  0      0 123456   1234 567890    0    0     1     2    3    4  1  1 98  0  0\n";
        assertTrue(parser.sniff(head(vmstat)) < 0.5, "vmstat");
        String solarisMpstat = "CPU minf mjf xcal  intr ithr  csw icsw migr smtx  srw syscl  usr sys  wt idl\n"
                + "  0    1   0    0   300  100  200    1    2    0    0   100    1   1   0  98\n";
        assertTrue(parser.sniff(head(solarisMpstat)) < 0.5, "Solaris mpstat");
    }

    /** A sink that passes everything on, to observe one kind of record. */
    private static class ForwardingSink implements RecordSink {
        private final RecordSink target;

        ForwardingSink(RecordSink target) {
            this.target = target;
        }

        @Override
        public void dataset(DatasetSpec spec) {
            target.dataset(spec);
        }

        @Override
        public void row(DatasetSpec spec, io.statlens.model.Row row) {
            target.row(spec, row);
        }

        @Override
        public void summary(SummaryValue value) {
            target.summary(value);
        }

        @Override
        public void fact(io.statlens.model.Fact fact) {
            target.fact(fact);
        }

        @Override
        public void warning(long line, String message) {
            target.warning(line, message);
        }

        @Override
        public void notice(long line, String message) {
            target.notice(line, message);
        }

        @Override
        public void derivedTimes(io.statlens.parse.spi.DerivedTimes times) {
            target.derivedTimes(times);
        }

        @Override
        public void variant(String variant) {
            target.variant(variant);
        }
    }
}
