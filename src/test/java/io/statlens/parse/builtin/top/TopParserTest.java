package io.statlens.parse.builtin.top;

import io.statlens.model.DatasetSpec;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.TimeOptions;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TopParserTest {
    private final TopParser parser = new TopParser();

    @Test
    void summaryAndTasksOfEachSnapshot() {
        CollectingSink sink = ParserFixtures.parse(parser, "top/debian12-top-b-d2-n3-w200.txt");
        List<SpecRow> summary = sink.rows("top");
        assertEquals(3, summary.size());
        SpecRow first = summary.get(0);
        // top - 03:25:52 up  2:50,  0 user,  load average: 11.16, 4.49, 2.91
        assertEquals(2 * 3600 + 50 * 60, first.get("uptime"));
        assertEquals(11.16, first.get("load1"));
        assertEquals(140, first.get("tasks_total"));
        assertEquals(70.0, first.get("us"));
        // MiB Mem :  24105.0 total: stored in KiB
        assertEquals(24105.0 * 1024, first.get("mem_total"), 1e-6);
        assertEquals(22115.3 * 1024, first.get("mem_avail"), 1e-6);
        // 28956 root      20   0 8193.5g 307708  25624 S  53.8   1.2   0:07.51 mariadbd
        SpecRow mariadb = sink.rows("top.process", "28956 mariadbd").get(0);
        assertEquals(8193.5 * 1024 * 1024, mariadb.get("VIRT"), 1e-3);
        assertEquals(53.8, mariadb.get("%CPU"));
        assertEquals(7.51, mariadb.get("TIME+"), 1e-9);
        assertEquals(first.row().time(), mariadb.row().time());
        assertEquals(List.of(), sink.warnings().stream().filter(w -> w.line() > 0).toList());
    }

    @Test
    void germanDecimalCommasAndTranslatedHeaders() {
        CollectingSink sink = ParserFixtures.parse(parser, "top/debian12-top-de-b-d1-n2.txt");
        SpecRow first = sink.rows("top").get(0);
        // load average: 19,10, 12,04, 6,36 / MiB Spch:  24105,0 total,  16861,1 free
        assertEquals(List.of(19.10, 12.04, 6.36), List.of(first.get("load1"), first.get("load5"), first.get("load15")));
        assertEquals(16861.1 * 1024, first.get("mem_free"), 1e-6);
        assertEquals(82.6, first.get("us"));
        // ZEIT+ and BEFEHL are TIME+ and COMMAND
        assertTrue(sink.spec("top.process").indexOf("TIME+") >= 0);
        assertEquals(4, sink.rows("top.process").size());
    }

    @Test
    void chineseHeaderCutAndBlankStillReadsEveryColumn() {
        CollectingSink sink = ParserFixtures.parse(parser, "top/debian12-top-zh_CN-b-n1.txt");
        SpecRow row = sink.rows("top.process", "3124 timeout").get(0);
        assertEquals(1832, row.get("RES"));
        assertEquals(0, row.get("%CPU"));
        assertEquals(List.of(), sink.warnings().stream().filter(w -> w.line() > 0).toList());
    }

    @Test
    void polishWordsBeforeNumbersAndACutLine() {
        CollectingSink sink = ParserFixtures.parse(parser, "top/debian12-top-pl-b-n1.txt");
        SpecRow first = sink.rows("top").get(0);
        assertEquals(2, first.get("tasks_total"));
        assertEquals(2, first.get("tasks_sleeping"));
        assertEquals(-1, sink.spec("top").indexOf("tasks_zombie"), "the zombie count was cut off at 80 columns");
        assertEquals(88.0, first.get("us"));
    }

    /**
     * busybox prints /proc/loadavg whole after {@code Load average: } (top.c's display_header reads the file into the
     * line): beside the three loads, the runnable and existing kernel scheduling entities (threads, with or without
     * {@code -H}: proc(5)) and the last PID created. They are no procps {@code Tasks:} counts (processes, with their
     * states), so they keep labels of their own. Captured: top/debian12-busybox-top-b-n3-d1.txt.
     */
    @Test
    void busyboxLoadAverageLineKeepsItsThreadCountsAndLastPid() {
        CollectingSink sink = ParserFixtures.parse(parser, "top/debian12-busybox-top-b-n3-d1.txt");
        List<SpecRow> summary = sink.rows("top");
        // Load average: 8.60 6.14 2.70 14/256 11194, then 9/255 11195, then 11/255 11195
        assertEquals(List.of(14.0, 9.0, 11.0), summary.stream().map(r -> r.get("threads_runnable")).toList());
        assertEquals(List.of(256.0, 255.0, 255.0), summary.stream().map(r -> r.get("threads_total")).toList());
        assertEquals(11194.0, summary.get(0).get("last_pid"));
        assertEquals(8.6, summary.get(0).get("load1"));
        DatasetSpec spec = sink.spec("top");
        assertEquals("count", spec.metrics().get(spec.indexOf("threads_total")).unit());
        assertEquals(-1, spec.indexOf("tasks_total"), "no procps task count: another quantity");
    }

    @Test
    void busyboxSnapshotsFollowTheDelayOfThePastedCommand() {
        String text = """
                $ top -b -d 2 -n 2
                Mem: 7575668K used, 17107880K free, 9356K shrd, 36632K buff, 2876380K cached
                CPU:  85% usr  14% sys   0% nic   0% idle   0% io   0% irq   0% sirq
                Load average: 19.63 12.38 6.53 28/427 3796
                  PID  PPID USER     STAT   VSZ %VSZ %CPU COMMAND
                 3380  2734 root     S    8701m  34%  18% javac @args
                26410 26409 root     S    8193g32774%  5% mariadbd
                Mem: 7575668K used, 17107880K free, 9356K shrd, 36632K buff, 2876380K cached
                CPU:  75% usr  24% sys   0% nic   0% idle   0% io   0% irq   0% sirq
                Load average: 19.63 12.38 6.53 24/372 3821
                  PID  PPID USER     STAT   VSZ %VSZ %CPU COMMAND
                 3389  2734 root     R    8701m  34%   9% javac
                """;
        ParseContext context = ParseContext.simple("busybox.txt").set(TimeOptions.class, TimeOptions.DEFAULT);
        CollectingSink sink = ParserFixtures.parseText(parser, text, context);
        assertEquals("busybox", sink.variant());
        List<SpecRow> summary = sink.rows("top");
        assertEquals(Instant.EPOCH.plusSeconds(2), summary.get(1).row().time());
        assertEquals(85, summary.get(0).get("us"));
        assertEquals(8701.0 * 1024, sink.rows("top.process", "3380 javac @args").get(0).get("VSZ"));
        // a VSZ too wide for its column runs into %VSZ
        SpecRow wide = sink.rows("top.process", "26410 mariadbd").get(0);
        assertEquals(8193.0 * 1024 * 1024, wide.get("VSZ"));
        assertEquals(32774, wide.get("%VSZ"));
        assertEquals(List.of(), sink.warnings());
    }

    /**
     * busybox prints nothing that tells threads from processes but the row of top itself: its {@code -H} (here top
     * linked to busybox, {@code top -bH}) makes every table, the one before that row too, threads; without it, or
     * with no such row, the tables are processes. Captured: top/debian12-busybox-top-b-H-n3-d1-threads.txt.
     */
    @Test
    void busyboxTablesAreThreadsWhenTopsOwnRowShowsH() {
        String threads = """
                Mem: 7575668K used, 17107880K free, 9356K shrd, 36632K buff, 2876380K cached
                CPU:  85% usr  14% sys   0% nic   0% idle   0% io   0% irq   0% sirq
                Load average: 19.63 12.38 6.53 28/427 3796
                  PID  PPID USER     STAT   VSZ %VSZ %CPU COMMAND
                30634 30585 root     S     232m   1%   8% {spin-1} python3 spin.py
                Mem: 7575668K used, 17107880K free, 9356K shrd, 36632K buff, 2876380K cached
                CPU:  75% usr  24% sys   0% nic   0% idle   0% io   0% irq   0% sirq
                Load average: 19.63 12.38 6.53 24/372 3821
                  PID  PPID USER     STAT   VSZ %VSZ %CPU COMMAND
                30632 30585 root     R     232m   1%   6% {spin-0} python3 spin.py
                30663 30585 root     R     3284   0%   0% top -bH -n 2
                """;
        ParseContext context = ParseContext.simple("busybox.txt").set(TimeOptions.class, TimeOptions.DEFAULT);
        CollectingSink sink = ParserFixtures.parseText(parser, threads, context);
        assertEquals(List.of("30634 {spin-1} python3 spin.py", "30632 {spin-0} python3 spin.py", "30663 top -bH -n 2"),
                sink.rows("top.thread").stream().map(r -> r.row().key()).toList());
        assertEquals(List.of(), sink.rows("top.process"));
        assertEquals(8, sink.rows("top.thread", "30634 {spin-1} python3 spin.py").get(0).get("%CPU"));

        CollectingSink processes = ParserFixtures.parseText(parser, threads.replace("top -bH -n 2", "top -b -n 2"), context);
        assertEquals(3, processes.rows("top.process").size());
        assertEquals(List.of(), processes.rows("top.thread"));
        CollectingSink noOwnRow = ParserFixtures.parseText(parser, threads.replace("top -bH -n 2", "sleep 60"), context);
        assertEquals(3, noOwnRow.rows("top.process").size(), "nothing says threads: processes, as before");
    }

    @Test
    void procps32WithUnitsOnTheNumbersAndTheOldMemoryOrder() {
        String text = """
                top - 01:50:33 up 78 days, 11:02, 35 users,  load average: 0.19, 0.51, 0.61
                Tasks: 408 total,   1 running, 399 sleeping,   0 stopped,   8 zombie
                Cpu0  :  0.8%us,  0.7%sy,  0.0%ni, 98.5%id,  0.0%wa,  0.0%hi,  0.0%si,  0.0%st
                Cpu1  :  0.2% us,  0.2% sy,  0.0% ni, 86.9% id, 12.6% wa,  0.0% hi,  0.0% si
                Mem:   2059344k total,  1501056k used,   558288k free,    14572k buffers
                Swap:  1983988k total,   700372k used,  1283616k free,   565164k cached

                  PID USER      PR  NI  VIRT  RES  SHR S %CPU %MEM    TIME+  COMMAND
                23123 haugerud  20   0  2676 1428  932 R    0  0.1   0:00.21 top
                    3 root      RT   0     0    0    0 S    0  0.0   0:32.07 migration/0
                 1458 kyle      20   0  296m  64m  25m S  0.7  3.2 1237:05 firefox-bin
                """;
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("procps-3.2.txt"));
        SpecRow summary = sink.rows("top").get(0);
        assertEquals(78 * 86400 + 11 * 3600 + 2 * 60, summary.get("uptime"));
        assertEquals(35, summary.get("users"));
        assertEquals(8, summary.get("tasks_zombie"));
        assertEquals(1501056, summary.get("mem_used"));
        assertEquals(558288, summary.get("mem_free"));
        assertEquals(14572, summary.get("mem_buffers"));
        assertEquals(700372, summary.get("swap_used"));
        assertEquals(565164, summary.get("mem_cached"));
        assertEquals(12.6, sink.rows("top.cpu", "1").get(0).get("wa"));
        assertEquals(98.5, sink.rows("top.cpu", "0").get(0).get("id"));
        // top prints RT (rt) for a priority below -99: real-time priority 99, which /proc gives as -100
        assertEquals(-100, sink.rows("top.process", "3 migration/0").get(0).get("PR"));
        assertEquals("procps", sink.variant());
        SpecRow firefox = sink.rows("top.process", "1458 firefox-bin").get(0);
        assertEquals(64 * 1024, firefox.get("RES"));
        assertEquals(1237 * 60 + 5, firefox.get("TIME+"));
        assertEquals(List.of(), sink.warnings().stream().filter(w -> w.line() > 0).toList());
    }

    /**
     * top.c prints each CPU state as {@code %#5.1f} right after the comma of the state before ({@code ~2ni,~3%#5.1f
     * ~2id}): a state of 100 % fills the five places and leaves no blank ({@code 0.0 ni,100.0 id}), in every locale.
     */
    @Test
    void aStateOfAHundredPerCentRightAfterTheCommaOfTheOneBefore() {
        assertEquals(List.of(0.0, 0.0, 0.0, 100.0, 0.0, 0.0, 0.0, 0.0), List.copyOf(TopSummary.cpu(
                "%Cpu(s):  0.0 us,  0.0 sy,  0.0 ni,100.0 id,  0.0 wa,  0.0 hi,  0.0 si,  0.0 st").values()));
        assertEquals(List.of(0.0, 0.0, 0.0, 100.0, 0.0, 0.0, 0.0, 0.0), List.copyOf(TopSummary.cpu(
                "%CPU(s):  0,0 us,  0,0 sy,  0,0 ni,100,0 id,  0,0 wa,  0,0 hi,  0,0 si,  0,0 st").values()));
        assertEquals(List.of(100.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0), List.copyOf(TopSummary.cpu(
                "%Cpu0  :100.0 us,  0.0 sy,  0.0 ni,  0.0 id,  0.0 wa,  0.0 hi,  0.0 si,  0.0 st").values()));
        assertEquals(List.of(19.10, 12.04, 6.36), TopSummary.numbers("load average: 19,10, 12,04, 6,36"));
    }

    /**
     * procps-ng top (3.3.6 on) prints each summary memory number into nine bytes and, when it needs more, keeps the first
     * eight and puts a {@code +} in the ninth ({@code KiB Mem : 12582137+total}): the number has more digits than shown.
     * It is no value (with a warning), not a total ten times too small; the numbers after it keep their names.
     */
    @Test
    void aMemoryNumberTopCutWithAPlusIsNoValue() {
        CollectingSink sink = ParserFixtures.parse(parser, "top/bpf-book-top-procps-ng-kib-mem-total-cut-plus.txt");
        SpecRow first = sink.rows("top").get(0);
        assertTrue(Double.isNaN(first.get("mem_total")), "12582137+ is cut, not 12582137 KiB: " + first.get("mem_total"));
        assertEquals(3159704, first.get("mem_free"));
        assertEquals(40109716, first.get("mem_used"));
        assertEquals(82551960, first.get("mem_buff_cache"));
        assertEquals(83151728, first.get("mem_avail"));
        assertTrue(sink.warnings().stream().anyMatch(w -> w.line() == 4 && w.message().contains("12582137+")), sink.warnings().toString());
    }

    /**
     * A blank line inside the task table (the BPF book's printout, a page's layout) does not end it when the line after
     * it still reads as a row of that table: the book's fourth row, after the blank, is kept.
     */
    @Test
    void aBlankInsideTheTableGoesOnWhenARowFollows() {
        CollectingSink sink = ParserFixtures.parse(parser, "top/bpf-book-top-procps-ng-kib-mem-total-cut-plus.txt");
        assertEquals(List.of("12569 java", "12178 java", "125312 kworker/u256:0", "128697 kworker/10:2"),
                sink.rows("top.process").stream().map(r -> r.row().key()).toList());
        // 128697 root      20   0       0      0      0 S   0.3  0.0   0:02.10 kworker/10:2
        SpecRow after = sink.rows("top.process", "128697 kworker/10:2").get(0);
        assertEquals(0.3, after.get("%CPU"));
        assertEquals(2.10, after.get("TIME+"), 1e-9);
        assertEquals(List.of(4L), sink.warnings().stream().filter(w -> w.line() > 0).map(w -> w.line()).toList(),
                sink.warnings().toString());
    }

    /** A blank after the table followed by the next snapshot, or by anything that is no row of the table, still ends it. */
    @Test
    void aBlankFollowedByNoRowEndsTheTable() {
        String text = """
                top - 03:44:14 up 17 days,  4:46,  1 user,  load average: 2.32, 2.20, 2.21
                Tasks: 474 total,   1 running, 473 sleeping,   0 stopped,   0 zombie
                %Cpu(s): 29.7 us,  0.4 sy,  0.0 ni, 69.7 id,  0.1 wa,  0.0 hi,  0.0 si,  0.0 st
                KiB Mem : 12582137 total,  3159704 free, 40109716 used, 82551960 buff/cache
                KiB Swap:        0 total,        0 free,        0 used. 83151728 avail Mem

                   PID USER      PR  NI    VIRT    RES    SHR S  %CPU %MEM     TIME+ COMMAND
                 12569 www       20   0  2.495t 0.051t 0.018t S 484.7 43.3  13276:02 java

                top - 03:44:17 up 17 days,  4:46,  1 user,  load average: 2.32, 2.20, 2.21
                Tasks: 474 total,   1 running, 473 sleeping,   0 stopped,   0 zombie
                %Cpu(s): 29.7 us,  0.4 sy,  0.0 ni, 69.7 id,  0.1 wa,  0.0 hi,  0.0 si,  0.0 st
                KiB Mem : 12582137 total,  3159704 free, 40109716 used, 82551960 buff/cache
                KiB Swap:        0 total,        0 free,        0 used. 83151728 avail Mem

                   PID USER      PR  NI    VIRT    RES    SHR S  %CPU %MEM     TIME+ COMMAND
                 12569 www       20   0  2.495t 0.051t 0.018t S 480.1 43.3  13276:05 java

                 12178 and the others were idle
                 12178 www       20   0 12.214g 3.107g  16540 S   4.9  2.6    553:41 java
                """;
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("top.txt").set(TimeOptions.class, TimeOptions.DEFAULT));
        assertEquals(2, sink.rows("top").size());
        assertEquals(List.of(484.7, 480.1), sink.rows("top.process", "12569 java").stream().map(r -> r.get("%CPU")).toList());
        assertEquals(List.of(), sink.rows("top.process", "12178 java"), "prose after the blank ended the table");
        assertEquals(List.of(19L, 20L), sink.warnings().stream().filter(w -> w.line() > 0).map(w -> w.line()).toList(),
                sink.warnings().toString());
    }

    @Test
    void cpuTimesInEveryFormTopPrints() {
        assertEquals(7.51, TopTable.seconds("0:07.51"), 1e-9);
        assertEquals(97.96, TopTable.seconds("1:37.96"), "the decimal top printed, not 97.96000000000001");
        assertEquals(123 * 60 + 45, TopTable.seconds("123:45"));
        assertEquals(12 * 3600 + 34 * 60, TopTable.seconds("12,34"));
        assertEquals(3 * 86400 + 12 * 3600, TopTable.seconds("3d+12h"));
        assertEquals(40 * 3600, TopTable.seconds("40h"));
        assertEquals(2 * 604800, TopTable.seconds("2w"));
    }

    @Test
    void aDateLineDatesTheSnapshotAfterIt() {
        CollectingSink sink = ParserFixtures.parse(parser, "top/debian12-date-top-loop.txt");
        assertEquals(Instant.parse("2026-12-02T03:29:54Z"), sink.rows("top").get(0).row().time());
        assertEquals(1.0, parser.sniff(ParserFixtures.head("top/debian12-date-top-loop.txt")));
    }

    /** The graph modes of t and m: the numbers before the bars, read; the bars (or blank blocks), not. */
    @Test
    void graphModesReadTheNumbersBeforeTheBars() {
        CollectingSink sink = ParserFixtures.parse(new TopParser(), "top/debian12-top-b-n3-graph-bars.txt");
        // top prints no date (a warning for the whole file); no line is a warning
        assertEquals(List.of(), sink.warnings().stream().filter(w -> w.line() > 0).toList());
        SpecRow first = sink.rows("top").get(0);
        assertEquals(82.9, first.get("us+ni"));
        assertEquals(17.1, first.get("sy+hi+si"));
        assertEquals(100, first.get("total"));
        assertEquals(55.6, first.get("mem_used_pct"));
        assertEquals(24105.0 * 1024, first.get("mem_total"), 1e-6);
        assertEquals(0, first.get("swap_total"));
        CollectingSink perCpu = ParserFixtures.parse(new TopParser(), "top/debian12-top-b-1-n2-graph-bars.txt");
        assertEquals(68.4, perCpu.rows("top.cpu", "0").get(0).get("us+ni"));
        assertEquals(31.6, perCpu.rows("top.cpu", "0").get(0).get("sy+hi+si"));
    }

    /**
     * top's 4 toggle prints two CPUs on a line and the memory and swap lines on one; a copy with its blanks collapsed
     * or turned into tabs still reads the second CPU and the swap half.
     */
    @Test
    void twoAbreastSplitAtEachLabelWhateverTheBlanks() {
        for (String path : List.of("top/debian12-top-b-c-n2-w200-two-abreast.txt", "top/debian12-top-b-c-n2-two-abreast-graph-bars.txt")) {
            String text = ParserFixtures.text(path);
            for (String copy : List.of(text, text.replaceAll(" +", " "), text.replaceAll(" {2,}", "\t"))) {
                CollectingSink sink = ParserFixtures.parseText(parser, copy, ParseContext.simple(path));
                assertEquals(List.of(), sink.warnings().stream().filter(w -> w.line() > 0).toList(), path);
                assertEquals(2, sink.rows("top.cpu", "1").size(), path);
                assertEquals(0, sink.rows("top").get(0).get("swap_total"), path);
            }
        }
        assertEquals(List.of("%Cpu0 :100.0 us, 0.0 st", "%Cpu1\t: 83.3 us, 0.0 st", "%Cpu2 : 1.0 us"),
                TopSummary.abreast("%Cpu0 :100.0 us, 0.0 st %Cpu1\t: 83.3 us, 0.0 st %Cpu2 : 1.0 us"));
        for (String unit : List.of("KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "КіБ")) {
            assertEquals(List.of(unit + " Mem : 3.7 total, 0.2 buff/cache", unit + " Swap: 2.0 total, 3.3 avail Mem"),
                    TopSummary.abreast(unit + " Mem : 3.7 total, 0.2 buff/cache " + unit + " Swap: 2.0 total, 3.3 avail Mem"));
        }
        assertEquals(List.of("MiB Mem : 24105.0 total, 3147.0 buff/cache"), TopSummary.abreast("MiB Mem : 24105.0 total, 3147.0 buff/cache"));
    }
}
