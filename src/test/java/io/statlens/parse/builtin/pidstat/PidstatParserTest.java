package io.statlens.parse.builtin.pidstat;

import io.statlens.model.SummaryValue;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.ParseContext;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PidstatParserTest {
    private final PidstatParser parser = new PidstatParser();

    @Test
    void threadsAreKeyedByProcessAndThreadApartFromTheirProcess() {
        CollectingSink sink = ParserFixtures.parse(parser, "pidstat/debian12-pidstat-t-p-2-2.txt");
        // 03:30:35        0         -      4899   13.50    0.00    0.00   56.50   13.50     1  |__python3
        SpecRow thread = sink.rows("pidstat.thread_cpu", "4890/4899 python3").get(0);
        assertEquals(13.5, thread.get("%CPU"));
        assertEquals(56.5, thread.get("%wait"));
        assertEquals(Instant.parse("2026-12-02T03:30:35Z"), thread.row().time());
        // the process row stays in the process data set, once
        assertEquals(40.5, sink.rows("pidstat.cpu", "4890 python3").get(0).get("%CPU"));
        assertEquals(2, sink.rows("pidstat.cpu").size());
        assertEquals(260168, sink.rows("pidstat.memory", "4890 python3").get(0).get("VSZ"));
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void averagesWithoutTheirHeaderSayWhatIsMissingAndWhichLayoutTheyFit() {
        // --tool pidstat on the Durchschn.: rows a README kept without their header (src/test/resources/unread)
        CollectingSink sink = ParserFixtures.parseText(parser, """
                Durchschn.:   999      6463         -  101,63   36,05    0,00    0,00  137,69     -  xfreerdp
                Durchschn.:   999         -      6463    0,00    0,00    0,00    0,00    0,00     -  |__xfreerdp
                """, ParseContext.simple("readme.txt"));
        // one warning per row, and the file's "no pidstat table header found"
        assertEquals(List.of(1L, 2L, 0L), sink.warnings().stream().map(w -> w.line()).toList(), sink.warnings().toString());
        assertEquals("a pidstat average without the header that names its columns; expected a header line ('Durchschn.:'"
                + " then UID, PID or TGID TID, the report's columns and Command) before it; its 9 cells before the command"
                + " fit one documented layout only: pidstat -u -t of sysstat 11.5.5 or later (UID TGID TID %usr %system"
                + " %guest %wait %CPU CPU); skipped", sink.warnings().get(0).message());
        assertTrue(sink.summaries().isEmpty());
    }

    @Test
    void withOneActivityTheAveragesAreReadUnderTheIntervalsHeader() {
        // pidstat.c: dis_hdr is 0 with one activity and at most one -p PID, and write_stats_avg(curr, dis_hdr) then
        // prints the Average: rows without a header of their own (sysstat's tests/expected.pidstat-e, cut)
        CollectingSink sink = ParserFixtures.parseText(parser, """
                Linux 1.2.3-TEST (SYSSTAT.TEST) \t06/01/20 \t_x86_64_\t(9 CPU)

                12:53:20      UID      TGID       TID    %usr %system  %guest   %wait    %CPU   CPU  Command
                12:53:22     1000      8741         -    0.00    0.00    0.00    0.00    0.00     0  firefox
                12:53:22     1000         -      8785    0.00    0.00    0.00    0.00    0.00     3  |__JS Helper
                12:53:24     1000      8741         -    0.13    0.03    0.00    0.03    0.16     5  firefox
                12:53:24     1000         -      8785    0.00    0.00    0.00    0.00    0.00     3  |__JS Helper
                Average:     1000      8741         -    0.13    0.03    0.00    0.03    0.16     -  firefox
                Average:     1000         -      8785    0.00    0.02    0.00    0.00    0.02     -  |__JS Helper
                """, ParseContext.simple("e.txt"));
        assertEquals(List.of(), sink.warnings());
        assertEquals(0.16, summary(sink, "pidstat.cpu", "8741 firefox", "%CPU"));
        assertEquals(0.02, summary(sink, "pidstat.thread_cpu", "8741/8785 JS Helper", "%system"));
        assertTrue(sink.summaries().stream().noneMatch(v -> v.name().equals("CPU")));
        assertEquals(2, sink.rows("pidstat.cpu").size());
    }

    @Test
    void aNewReportsHeaderEndsTheAverageHeaderOfTheReportBefore() {
        // two runs in one file: -u -r (averages with their headers), then -u alone (averages without one)
        CollectingSink sink = ParserFixtures.parseText(parser, """
                Linux 6.1.0-13-amd64 (h) \t12/02/2026 \t_x86_64_\t(2 CPU)

                10:00:00      UID       PID    %usr %system  %guest   %wait    %CPU   CPU  Command
                10:00:01        0         1    1.00    0.00    0.00    0.00    1.00     0  init
                10:00:00      UID       PID  minflt/s  majflt/s     VSZ     RSS   %MEM  Command
                10:00:01        0         1      2.00      0.00    1000     500   0.10  init
                Average:      UID       PID    %usr %system  %guest   %wait    %CPU   CPU  Command
                Average:        0         1    1.00    0.00    0.00    0.00    1.00     -  init
                Average:      UID       PID  minflt/s  majflt/s     VSZ     RSS   %MEM  Command
                Average:        0         1      2.00      0.00    1000     500   0.10  init

                Linux 6.1.0-13-amd64 (h) \t12/02/2026 \t_x86_64_\t(2 CPU)

                11:00:00      UID       PID    %usr %system  %guest   %wait    %CPU   CPU  Command
                11:00:01        0         1    3.00    0.00    0.00    0.00    3.00     0  init
                Average:        0         1    3.00    0.00    0.00    0.00    3.00     -  init
                """, ParseContext.simple("two.txt"));
        assertEquals(List.of(), sink.warnings());
        assertEquals(List.of(1.0, 3.0), sink.summaries().stream()
                .filter(v -> v.dataset().equals("pidstat.cpu") && v.name().equals("%CPU")).map(v -> v.value()).toList());
    }

    @Test
    void oldGlibcEnInTimesAreOnATwelveHourDialWithoutAmPm() {
        // glibc before 2.29 (en_IN t_fmt "%I:%M:%S  %Z", no %p): 12:59:59 then 01:00:01 is two seconds later
        CollectingSink sink = ParserFixtures.parseText(parser, "Linux 3.11.0-23-generic (tecmint.com) \tThursday 04 September 2014 \t_i686_\t(2 CPU)\n\n"
                + "12:59:57  IST   UID       PID    %usr %system  %guest    %CPU   CPU  Command\n"
                + "12:59:59  IST     0      3130    9.87    0.00    0.00    9.87     0  python3\n\n"
                + "12:59:59  IST   UID       PID    %usr %system  %guest    %CPU   CPU  Command\n"
                + "01:00:01  IST     0      3130    6.73    0.00    0.00    6.73     1  python3\n", ParseContext.simple("x.txt"));
        assertEquals(List.of(Instant.parse("2014-09-04T07:29:59Z"), Instant.parse("2014-09-04T07:30:01Z")),
                sink.rows("pidstat.cpu").stream().map(r -> r.row().time()).toList());
        assertTrue(sink.notices().stream().anyMatch(n -> n.message().contains("12-hour clock without AM/PM")), sink.notices().toString());
    }

    private static double summary(CollectingSink sink, String dataset, String key, String name) {
        return sink.summaries().stream()
                .filter(v -> v.dataset().equals(dataset) && v.key().equals(key) && v.name().equals(name))
                .findFirst().orElseThrow(() -> new AssertionError(dataset + " " + key + " " + name + " in " + sink.summaries()))
                .value();
    }

    @Test
    void anLscpuLineBeforeTheOutputIsNoAverageLine() {
        CollectingSink sink = ParserFixtures.parse(parser, "pidstat/gh-issue-sysstat176-pidstat-after-lscpu-cut.txt");
        // Architecture:          x86_64 (an lscpu pasted before the pidstat run), not an unknown translation of Average:
        assertEquals(List.of("expected a pidstat line (a time of day, 'Average:', a header or the sysstat banner), found "
                + "'Architecture:          x86_64'"), sink.warnings().stream().filter(w -> w.line() == 2)
                .map(w -> w.message()).toList());
        assertTrue(sink.warnings().stream().noneMatch(w -> w.message().contains("before any pidstat average header")),
                sink.warnings().toString());
    }

    @Test
    void averagesInJapaneseAreSummaryValuesNotSamples() {
        CollectingSink sink = ParserFixtures.parse(parser, "pidstat/debian12-pidstat-ja-u-1-2.txt");
        // 平均値:      0      3130   10.67    0.44    0.00    0.00   11.11     -  python3
        SummaryValue cpu = sink.summaries().stream()
                .filter(v -> v.key().equals("3130 python3") && v.name().equals("%CPU")).findFirst().orElseThrow();
        assertEquals(11.11, cpu.value());
        assertEquals("pidstat.cpu", cpu.dataset());
        // the CPU of an average line is '-': no summary value
        assertTrue(sink.summaries().stream().noneMatch(v -> v.name().equals("CPU")));
        // 03時29分21秒 on the banner's 2026年12月02日
        assertEquals(Instant.parse("2026-12-02T03:29:21Z"), sink.rows("pidstat.cpu").get(0).row().time());
        assertEquals(2, sink.rows("pidstat.cpu", "3130 python3").size());
    }

    @Test
    void oneLinePerTaskIsSplitIntoTheReportsDataSetsWithEpochTimes() {
        CollectingSink sink = ParserFixtures.parse(parser, "pidstat/jc-centos-7.7-pidstat-hdlrsuw-2-5.txt");
        // 1646859221     0         6 ... -1.00     -1.00     -1.00      1.49      0.00  ksoftirqd/0
        SpecRow io = sink.rows("pidstat.io", "6 ksoftirqd/0").get(0);
        assertTrue(Double.isNaN(io.get("kB_rd/s")), "-1.00: I/O not readable");
        assertEquals(Instant.ofEpochSecond(1646859221), io.row().time());
        assertEquals(1.49, sink.rows("pidstat.switch", "6 ksoftirqd/0").get(0).get("cswch/s"));
        assertEquals(0, sink.rows("pidstat.stack", "6 ksoftirqd/0").get(0).get("StkSize"));
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void epochTimesSettleWhichDayTheBannersSlashedDateIs() {
        // 1646857494 is 2022-03-09T20:24:54Z: 03/09/2022 is March 9, month first; nothing was guessed, nothing to tell
        String text = String.join("\n",
                "Linux 3.10.0-1062.1.2.el7.x86_64 (localhost) \t03/09/2022 \t_x86_64_\t(1 CPU)",
                "",
                "#      Time   UID       PID    %usr %system  %guest    %CPU   CPU  Command",
                " 1646857494     0         2    0.00    0.00    0.00    0.00     0  kthreadd");
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("h.txt"));
        assertEquals(List.of(), sink.notices());
        assertEquals(List.of(), sink.warnings());
        assertEquals(Instant.ofEpochSecond(1646857494), sink.rows("pidstat.cpu", "2 kthreadd").get(0).row().time());
    }

    @Test
    void epochSecondsWithoutOneLinePerTaskStandBeforeEachHeaderAndRow() {
        // -H without -h (LC_ALL=C pidstat -H -u -r ... 1 2): no '# Time' header, the seconds where the time of day would be
        CollectingSink sink = ParserFixtures.parse(parser, "pidstat/debian12-pidstat-H-u-r-C-1-2.txt");
        assertEquals(List.of(), sink.warnings());
        // 1796453247      0      2871    0.93    0.00    0.00    0.00    0.93     1  mariadbd
        SpecRow cpu = sink.rows("pidstat.cpu", "2871 mariadbd").get(0);
        assertEquals(0.93, cpu.get("%CPU"));
        assertEquals(Instant.ofEpochSecond(1796453247), cpu.row().time());
        assertTrue(!cpu.row().sinceBoot(), "an interval's row, one second after its header");
        // 1796453248      0     15423      4.90      0.00    3324    2500   0.01  pidstat
        List<SpecRow> memory = sink.rows("pidstat.memory", "15423 pidstat");
        assertEquals(2, memory.size());
        assertEquals(4.9, memory.get(1).get("minflt/s"));
        assertEquals(Instant.ofEpochSecond(1796453248), memory.get(1).row().time());
        assertEquals(8.61, summary(sink, "pidstat.memory", "15423 pidstat", "minflt/s"));
        // 1796453247 is 2026-12-05T06:47:27Z: the epoch settles the banner's 12/05/26 as month first, nothing guessed
        assertEquals(List.of(), sink.notices());
    }

    @Test
    void withEpochSecondsAndNoIntervalTheRowAtItsHeadersSecondIsSinceStart() {
        // LC_ALL=C pidstat -H -u -p 1 (sysstat 12.6.1): the header and the row at one second
        CollectingSink sink = ParserFixtures.parseText(parser, """
                Linux 6.18.44-fc-v1272 (vm) 	12/05/26 	_x86_64_	(2 CPU)

                1796453252    UID       PID    %usr %system  %guest   %wait    %CPU   CPU  Command
                1796453252      0         1    0.12    0.46    0.00    0.00    0.58     0  process_api
                """, ParseContext.simple("p.txt"));
        assertEquals(List.of(), sink.warnings());
        SpecRow row = sink.rows("pidstat.cpu", "1 process_api").get(0);
        assertEquals(0.58, row.get("%CPU"));
        assertTrue(row.row().sinceBoot());
    }

    @Test
    void rowsPrintedWithoutTheirHeaderAreReadUnderTheHeaderOfTheirWidth() {
        // LC_ALL=C pidstat -T ALL -p 1 1 2: headers once (dis_hdr 0), then the task and child rows in turn without one
        CollectingSink sink = ParserFixtures.parse(parser, "pidstat/debian12-pidstat-T-ALL-p-1-1-2-headers-once.txt");
        assertEquals(List.of(), sink.warnings());
        // 07:22:30        0         1    0.00    0.00    0.00    0.00    0.00     0  process_api
        List<SpecRow> cpu = sink.rows("pidstat.cpu", "1 process_api");
        assertEquals(2, cpu.size());
        assertEquals(0.96, cpu.get(0).get("%CPU"));
        assertEquals(0.0, cpu.get(1).get("%CPU"));
        assertEquals(Instant.parse("2026-12-05T07:22:30Z"), cpu.get(1).row().time());
        // 07:22:30        0         1         0         0         0  process_api
        List<SpecRow> child = sink.rows("pidstat.child_cpu");
        assertEquals(List.of("1 process_api", "1 process_api"), child.stream().map(r -> r.row().key()).toList());
        assertEquals(10.0, child.get(0).get("system-ms"));
        assertEquals(0.0, child.get(1).get("system-ms"));
        // Average:        0         1    0.00    0.49 ...  and  Average:        0         1         0         5 ...
        assertEquals(0.49, summary(sink, "pidstat.cpu", "1 process_api", "%CPU"));
        assertEquals(5.0, summary(sink, "pidstat.child_cpu", "1 process_api", "system-ms"));
    }

    @Test
    void withoutAnIntervalTheReportAveragesSinceEachTaskStarted() {
        CollectingSink since = ParserFixtures.parse(parser, "pidstat/jc-centos-7.7-pidstat.txt");
        assertTrue(since.rows("pidstat.cpu").stream().allMatch(r -> r.row().sinceBoot()));
        CollectingSink interval = ParserFixtures.parse(parser, "pidstat/debian12-pidstat-enUS-ampm-u-2-2.txt");
        assertTrue(interval.rows("pidstat.cpu").stream().noneMatch(r -> r.row().sinceBoot()));
    }

    @Test
    void commandLinesWithBlanksStayInTheKey() {
        CollectingSink sink = ParserFixtures.parse(parser, "pidstat/debian12-pidstat-l-C-u-2-2.txt");
        assertTrue(sink.rows("pidstat.cpu").stream().anyMatch(r -> r.row().key().equals("3131 sh -c while :; do :; done")));
    }

    @Test
    void twelveHourClockAndOldColumnNames() {
        String text = """
                Linux 2.6.18-1.2798.fc6 (dp-aether1.dpp2.org)   03/03/2008

                09:00:13 PM       PID   %user %system    %CPU   CPU  Command
                09:00:14 PM     17324    0.01    0.00    0.02     2  java
                """;
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("old.txt"));
        SpecRow row = sink.rows("pidstat.cpu", "17324 java").get(0);
        assertEquals(Instant.parse("2008-03-03T21:00:14Z"), row.row().time());
        assertEquals(0.01, row.get("%user"));
        assertEquals("linux-sysstat-old", sink.variant());
        assertEquals(1.0, parser.sniff(ParserFixtures.head("pidstat/debian12-pidstat-urdw-2-3.txt")));
    }

    @Test
    void aRowWithoutItsValuesIsAWarningWithItsLine() {
        String text = """
                03:25:47      UID       PID    %usr %system  %guest   %wait    %CPU   CPU  Command
                03:25:50        0         1    0.42
                03:25:50        0       abc    0.42    1.27    0.00    0.00    1.69     0  x
                """;
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("bad.txt"));
        assertEquals(List.of(2L, 3L), sink.warnings().stream().map(w -> w.line()).filter(l -> l > 0).toList());
        assertTrue(sink.rows("pidstat.cpu").isEmpty());
    }

    /**
     * sysstat 12 --human prints sizes with the letter of their unit (Azure docs, AlmaLinux 9): 55.4k in kB_rd/s is
     * 55.4 KiB/s, 0.0B none; -d prints bytes, so the letter is a power of 1024 bytes.
     */
    @Test
    void humanSizesAreReadInTheColumnsUnit() {
        CollectingSink sink = ParserFixtures.parse(parser, "pidstat/azure-docs-tr-pidstat-d-h-human-alma9.txt");
        assertEquals(List.of(), sink.warnings());
        // 16:55:50        0        86     55.4k      0.0B      0.0B       0  kworker/1:1-xfs-conv/sdb4
        SpecRow kworker = sink.rows("pidstat.io", "86 kworker/1:1-xfs-conv/sdb4").get(0);
        assertEquals(55.4, kworker.get("kB_rd/s"), 1e-9);
        assertEquals(0, kworker.get("kB_wr/s"));
        // 16:55:50        0      2216      7.9k    237.6k      0.0B       0  stress-ng-iomix
        assertEquals(237.6, sink.rows("pidstat.io", "2216 stress-ng-iomix").get(0).get("kB_wr/s"), 1e-9);

        // -u -r --human: percentages with their sign, VSZ and RSS (kB) with the letter of their unit
        String text = """
                Linux 5.14.0-362.8.1.el9_3.x86_64 (alma9) 	02/21/24 	_x86_64_	(8 CPU)

                # Time        UID       PID    %usr %system  %guest   %wait    %CPU   CPU  minflt/s  majflt/s     VSZ     RSS   %MEM  Command
                16:55:51        0      2200   56.8%    0.2%    0.0%    0.0%   57.0%     3      0.00      0.00   13.6G   13.5G  43.1%  stress-ng-vm
                """;
        CollectingSink human = ParserFixtures.parseText(parser, text, ParseContext.simple("human.txt"));
        assertEquals(List.of(), human.warnings());
        assertEquals(57.0, human.rows("pidstat.cpu", "2200 stress-ng-vm").get(0).get("%CPU"), 1e-9);
        SpecRow memory = human.rows("pidstat.memory", "2200 stress-ng-vm").get(0);
        assertEquals(13.6 * 1024 * 1024, memory.get("VSZ"), 1e-6);
        assertEquals(43.1, memory.get("%MEM"), 1e-9);
    }

    @Test
    void childTimesAndChildFaultsAreDataSetsOfTheirOwnWithAndWithoutOneLinePerTask() {
        // pidstat.c: -T CHILD prints write_pid_child_cpu_stats (usr-ms system-ms guest-ms) and
        // write_pid_child_memory_stats (minflt-nr majflt-nr) as two tables, -h both on one line; either way two data sets
        for (String file : List.of("debian12-pidstat-T-CHILD-u-r-1-3.txt", "debian12-pidstat-h-T-CHILD-u-r-1-3.txt",
                "debian12-pidstat-de-T-CHILD-u-r-1-3.txt", "debian12-pidstat-T-ALL-u-r-1-3.txt")) {
            CollectingSink sink = ParserFixtures.parse(parser, "pidstat/" + file);
            assertEquals(List.of(), sink.warnings(), file);
            assertEquals(List.of("usr-ms", "system-ms", "guest-ms"),
                    sink.spec("pidstat.child_cpu").metrics().stream().map(m -> m.label()).toList(), file);
            assertEquals(List.of("minflt-nr", "majflt-nr"),
                    sink.spec("pidstat.child_memory").metrics().stream().map(m -> m.label()).toList(), file);
            assertEquals("PID Command", sink.spec("pidstat.child_memory").keyLabel(), file);
            assertEquals(3, sink.rows("pidstat.child_cpu", "1330 forker").size(), file);
            assertEquals(3, sink.rows("pidstat.child_memory", "1330 forker").size(), file);
            assertTrue(!sink.datasets().containsKey("pidstat.child"), file);
        }
        // 04:57:23        0      1330       162         0  forker (the second interval's child faults)
        CollectingSink text = ParserFixtures.parse(parser, "pidstat/debian12-pidstat-T-CHILD-u-r-1-3.txt");
        assertEquals(162, text.rows("pidstat.child_memory", "1330 forker").get(1).get("minflt-nr"));
        assertEquals(520, text.rows("pidstat.child_cpu", "1330 forker").get(1).get("usr-ms"));
        // Average:        0      1330        79         0  forker
        assertTrue(text.summaries().stream().anyMatch(v -> v.dataset().equals("pidstat.child_memory")
                && v.key().equals("1330 forker") && v.name().equals("minflt-nr") && v.value() == 79), text.summaries().toString());
        // -h: 04:57:26        0      1330       560        20         0        87         0  forker
        CollectingSink oneLine = ParserFixtures.parse(parser, "pidstat/debian12-pidstat-h-T-CHILD-u-r-1-3.txt");
        assertEquals(87, oneLine.rows("pidstat.child_memory", "1330 forker").get(1).get("minflt-nr"));
        assertEquals(560, oneLine.rows("pidstat.child_cpu", "1330 forker").get(1).get("usr-ms"));
        // -T ALL: the task's own tables stay where they were
        CollectingSink all = ParserFixtures.parse(parser, "pidstat/debian12-pidstat-T-ALL-u-r-1-3.txt");
        assertEquals(1636, all.rows("pidstat.memory", "1330 forker").get(0).get("RSS"));
        assertEquals(162, all.rows("pidstat.child_memory", "1330 forker").get(1).get("minflt-nr"));
    }
}
