package io.statlens.parse.builtin.dstat;

import io.statlens.model.ParseWarning;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.FallbackStart;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.TimeOptions;
import io.statlens.parse.builtin.vmstat.VmstatParser;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DstatParserTest {
    private static final double KIB = 1024;
    private static final double MIB = 1024 * 1024;
    private static final double GIB = 1024.0 * 1024 * 1024;

    private final DstatParser parser = new DstatParser();

    @Test
    void csvWithPerCpuDiskAndInterfaceGroupsIsKeyedAndDatedByItsDateLine() {
        CollectingSink sink = ParserFixtures.parse(parser, "dstat/debian-dstat-0.7.4-t-C01-D-N-1-3.csv");
        List<SpecRow> cpu1 = sink.rows("dstat.cpu", "1");
        assertEquals(3, cpu1.size());
        assertEquals(73.333, cpu1.get(0).get("usr"));
        assertTrue(cpu1.get(0).row().sinceBoot());
        assertFalse(cpu1.get(1).row().sinceBoot());
        assertEquals(Instant.parse("2026-12-02T03:38:27Z"), cpu1.get(1).row().time());
        assertEquals(81.818, sink.rows("dstat.cpu", "total").get(2).get("usr"));
        assertEquals(454656, sink.rows("dstat.dsk", "vda").get(2).get("read"));
        assertEquals("B/s", sink.spec("dstat.dsk").metrics().get(0).unit());
        assertEquals("disk", sink.spec("dstat.dsk").keyLabel());
        assertEquals(List.of("lo", "total"), sink.rows("dstat.net").stream().map(r -> r.row().key()).distinct().toList());
        assertEquals("vm", sink.fact("host").orElseThrow());
        assertEquals("-tc -C 0,1,total -d -D total,vda -n -N lo,total --output dstat-t-C01-D-N-1-3.csv 1 3",
                sink.fact("options").orElseThrow());
        assertEquals("dstat-csv", sink.variant());
        assertEquals(List.of(), sink.warnings());
    }

    /**
     * dstat before 0.7.2 named its time column {@code date/time} (dstat_time's nick, removed in 2010), still under the
     * {@code system} title and printed as {@code %d-%m %H:%M:%S}: it is the time of each line, not a value. A file cut
     * to the two title lines (no preamble, no Date line) still reads every line, at its day and time.
     */
    @Test
    void theDateTimeColumnOfDstatBefore072IsTheTimeOfEachLine() {
        CollectingSink sink = ParserFixtures.parse(parser, "dstat/splunk-notes-dstat-0.6-0.7.1-date-time-nick-cmn-no-preamble.csv");
        List<SpecRow> memory = sink.rows("dstat.memory");
        assertEquals(8, memory.size(), sink.warnings().toString());
        assertEquals(7972237312.0, memory.get(0).get("used"));
        assertEquals(2407428096.0, memory.get(7).get("free"));
        java.time.ZonedDateTime first = memory.get(0).row().time().atZone(java.time.ZoneOffset.UTC);
        assertEquals(java.time.MonthDay.of(11, 12), java.time.MonthDay.from(first), "12-11 is dstat's %d-%m");
        assertEquals(java.time.LocalTime.of(7, 35, 41), first.toLocalTime());
        assertEquals(7, java.time.Duration.between(memory.get(0).row().time(), memory.get(7).row().time()).toSeconds());
        assertTrue(sink.warnings().stream().noneMatch(w -> w.message().contains("date/time")), sink.warnings().toString());
    }

    @Test
    void screenValuesAreScaledByTheirUnitLetters() {
        ParseContext context = ParserFixtures.context("x", TimeOptions.DEFAULT.withStart(Instant.parse("2026-12-02T00:00:00Z")));
        CollectingSink sink = ParserFixtures.parse(parser, "dstat/debian-dstat-0.7.4-t-C01-D-N-1-3.txt", context);
        SpecRow vda = sink.rows("dstat.dsk", "vda").get(1);
        assertEquals(32 * KIB, vda.get("read"));
        assertEquals(8192, vda.get("writ"));
        assertEquals(Instant.parse("2026-12-02T03:38:27Z"), vda.row().time());
        CollectingSink many = ParserFixtures.parse(parser, "dstat/sgurjar-dstat-lrvn-10.txt");
        SpecRow memory = many.rows("dstat.memory").get(0);
        assertEquals(15.1 * GIB, memory.get("used"), 1);
        assertEquals(445 * MIB, memory.get("buff"));
        assertEquals(0.06, many.rows("dstat.io", "total").get(0).get("read"));
        assertEquals(665, many.rows("dstat.net", "total").get(1).get("recv"));
        // the glued prompt '$dstat -lrvn 10' gives the interval: 10 s
        assertEquals(Instant.EPOCH.plusSeconds(40), many.rows("dstat.load").get(4).row().time());
        assertEquals("-lrvn 10", many.fact("options").orElseThrow());
    }

    @Test
    void doolCountsDiskAndNetworkInBitsOnScreenAndInItsCsv() {
        CollectingSink screen = ParserFixtures.parse(parser, "dstat/dool-1.3.4-t-C01-D-mlr-1-3.txt");
        assertEquals("dool-screen", screen.variant());
        // "4507k" bits per second
        assertEquals(4507000 / 8.0, screen.rows("dstat.dsk", "vda").get(0).get("read"));
        assertEquals(2581 * MIB, screen.rows("dstat.memory").get(0).get("used"));
        assertEquals(89, screen.rows("dstat.cpu", "1").get(2).get("usr"));
        CollectingSink bytes = ParserFixtures.parse(parser, "dstat/dool-1.3.4-tcdn-bytes-1-3.txt");
        assertEquals(116 * KIB, bytes.rows("dstat.dsk", "total").get(1).get("read"));
        CollectingSink csv = ParserFixtures.parse(parser, "dstat/dool-1.3.4-tcdngy-1-5.csv");
        assertEquals(950272 / 8.0, csv.rows("dstat.dsk", "total").get(1).get("read"));
        assertEquals(895, csv.rows("dstat.system").get(1).get("int"));
        assertEquals(Instant.parse("2026-12-02T03:29:03Z"), csv.rows("dstat.system").get(1).row().time());
        assertEquals("dool", csv.fact("tool.name").orElseThrow());
    }

    /**
     * dool before 1.2 printed byte values as dstat does, {@code B} then a small {@code k} of 1024 (its cprint's units
     * {@code ('B', 'k', 'M', ...)}; only 1.3 made the {@code K} of bytes capital): with {@code --bytes} and no command
     * line pasted, {@code 1048k} is 1048 KiB, told by the {@code B} of a disk or network value in the same row or a
     * row before, not 1,048,000 bits. (Paging's {@code B} tells nothing: dool prints paging in bytes in both modes.)
     */
    @Test
    void doolBefore12PrintsBytesWithASmallKAsDstatDoes() {
        CollectingSink sink = ParserFixtures.parse(parser, "dstat/gnuplotting-dool-1.1.0-bytes-t-23-plugins-tee-screen-first20.txt");
        // Mar-23 13:32:05│ ... │   0  1048k│   0     0 │ ... │6351B 7833B│ ...: the B of the network tells the disk's k
        assertEquals(1048 * KIB, sink.rows("dstat.dsk", "total").get(2).get("writ"));
        // Mar-23 13:32:11│ ... │  16k    0 │ ...: a row after (the CSV of the same run: 16384)
        assertEquals(16 * KIB, sink.rows("dstat.dsk", "total").get(8).get("read"));
        assertEquals(null, ScreenValue.inBits("118k", DstatColumn.of("dsk", "read"), true));
    }

    /**
     * One run prints every byte value in one mode: cprint reads the run-wide {@code op.bits} (set by {@code --bits} or
     * {@code --bytes}, dool before 1.2 defaulting to bits) and appends {@code b} or {@code B} only to a value below
     * 1000 or 1024, the {@code k}/{@code M} of larger ones being alike in both modes. So the first {@code B} or
     * {@code b} of a disk or network column, in whatever row it comes, tells the mode of the rows before it too. The
     * Gnuplotting dool 1.1 {@code --bytes} screen's first two rows hold only {@code k}s; its CSV of the same run has
     * 121,051 and 1,052,474 B/s of disk read and write in the first row (the screen's 118 and 1028 KiB).
     */
    @Test
    void rowsBeforeTheFirstTellingLetterAreReadInTheModeItTells() {
        CollectingSink sink = ParserFixtures.parse(parser, "dstat/gnuplotting-dool-1.1.0-bytes-t-23-plugins-tee-screen-first20.txt");
        // Mar-23 13:32:03│ ... │ 118k 1028k│ ...: no letter of the mode in this row or the next
        assertEquals(118 * KIB, sink.rows("dstat.dsk", "total").get(0).get("read"));
        assertEquals(1028 * KIB, sink.rows("dstat.dsk", "total").get(0).get("writ"));
        // Mar-23 13:32:04│ ... │  14k   13k│ ...: the network's B comes a row later
        assertEquals(14 * KIB, sink.rows("dstat.net", "total").get(1).get("recv"));
    }

    /**
     * The other way round: dstat {@code --bits} (no command line pasted) whose rows print only {@code k} and {@code M}
     * until a value below 1000 bits shows its {@code b}; those rows are kilobits, and a run started by a command line
     * without the mode's letter keeps the tool's default (dstat: bytes).
     */
    @Test
    void aLaterSmallBTellsThatTheEarlierRowsWereBits() {
        String text = """
                ----system---- --total-cpu-usage-- -dsk/total-
                     time     |usr sys idl wai stl| read  writ
                02-12 03:26:07| 72  12  15   0   0| 800k 2400k
                02-12 03:26:08| 48  52   0   0   0|  16M 1600k
                02-12 03:26:09| 49  51   0   0   0| 800b    0
                02-12 03:26:10| 56  44   0   0   0|  80k    0
                $ dstat -td 1
                ----system---- -dsk/total-
                     time     | read  writ
                02-12 03:26:11|  80k    0
                """;
        ParseContext context = ParserFixtures.context("x", TimeOptions.DEFAULT.withStart(Instant.parse("2026-12-02T00:00:00Z")));
        CollectingSink sink = ParserFixtures.parseText(parser, text, context);
        assertEquals(List.of(), sink.warnings());
        List<SpecRow> dsk = sink.rows("dstat.dsk");
        assertEquals(List.of(100_000.0, 2_000_000.0, 100.0, 10_000.0, 80 * KIB),
                dsk.stream().map(r -> r.get("read")).toList());
        assertEquals(300_000.0, dsk.get(0).get("writ"));
        assertEquals(List.of(true, false, false, false, true), dsk.stream().map(r -> r.row().sinceBoot()).toList());
    }

    /** dstat -i prints a column per interrupt, labelled by its number: one row per interrupt, keyed by it. */
    @Test
    void interruptsAreKeyedByTheirColumnLabel() {
        CollectingSink sink = ParserFixtures.parse(parser, "dstat/pkb-dstat-0.7.2-epoch-noheaders-interrupts-by-irq-first30.csv");
        assertEquals("interrupt", sink.spec("dstat.interrupts").keyLabel());
        // "interrupts",,, over "12","25","30"; first row 0.058,3481.518,10.190
        assertEquals(0.058, sink.rows("dstat.interrupts", "12").get(0).get("int"));
        assertEquals(3481.518, sink.rows("dstat.interrupts", "25").get(0).get("int"));
        assertEquals(30, sink.rows("dstat.interrupts", "30").size());
    }

    @Test
    void runsAppendedToOneCsvEachStartSinceBoot() {
        CollectingSink sink = ParserFixtures.parse(parser, "dstat/debian-dstat-0.7.4-tcdngy-appended.csv");
        List<SpecRow> rows = sink.rows("dstat.system");
        assertEquals(8, rows.size());
        assertEquals(List.of(true, false, false, false, false, true, false, false),
                rows.stream().map(r -> r.row().sinceBoot()).toList());
        assertEquals(Instant.parse("2026-12-02T03:28:36Z"), rows.get(5).row().time());
    }

    @Test
    void epochColumnTimesTheRows() {
        CollectingSink sink = ParserFixtures.parse(parser, "dstat/dool-1.3.4-epoch-C01-dnm-1-3.csv");
        assertEquals(Instant.parse("2026-12-02T03:38:27.640Z"), sink.rows("dstat.memory").get(1).row().time());
        assertEquals("dstat epoch column (seconds since 1970)", sink.fact("time.source").orElseThrow());
    }

    @Test
    void badLinesAreWarnedWithTheirNumbers() {
        String text = """
                ----system---- --total-cpu-usage-- -dsk/total-
                     time     |usr sys idl wai stl| read  writ
                02-12 03:26:07| 72  12  15   0   0| 526k 2391k
                02-12 03:26:08| 48  52   0   0   0|4252k
                02-12 03:26:09| 49  5x   0   0   0|3920k   14M
                99-99 03:26:10| 56  44   0   0   0|3856k   14M
                02-12 03:26:11| 52  47   0   0   0|3732k   11M
                """;
        ParseContext context = ParserFixtures.context("x", TimeOptions.DEFAULT.withStart(Instant.parse("2026-12-02T00:00:00Z")));
        CollectingSink sink = ParserFixtures.parseText(parser, text, context);
        assertEquals(List.of(4L, 5L, 6L), sink.warnings().stream().map(ParseWarning::line).toList());
        assertEquals(2, sink.rows("dstat.cpu").size());
        assertEquals(11 * MIB, sink.rows("dstat.dsk").get(1).get("writ"));
    }

    @Test
    void theYearTakenFromTheFilesModificationTimeIsSaid() {
        // dstat -t prints day and month only: a copy of the file made without its times would move it to another year
        String text = """
                ----system---- ----swap---
                     time     | used  free
                03-12 14:10:38|   0     0\s
                03-12 14:10:39|   0     0\s
                """;
        ParseContext context = new ParseContext("x").set(TimeOptions.class, TimeOptions.DEFAULT.withZone(java.time.ZoneOffset.UTC))
                .set(FallbackStart.class, FallbackStart.endOfWriting(Instant.parse("2025-12-03T14:10:40Z"), "the file's modification time"));
        CollectingSink sink = ParserFixtures.parseText(parser, text, context);
        assertEquals(Instant.parse("2025-12-03T14:10:38Z"), sink.rows("dstat.swap").get(0).row().time());
        assertEquals(List.of(), sink.warnings());
        assertEquals(List.of("dstat prints no year; taking 2025 from the file's modification time, when dstat stopped writing the"
                + " file; give --start to set it"), sink.notices().stream().map(n -> n.message()).toList());
    }

    @Test
    void aFirstRowOfTimeAloneIsTheRunsStartAndTheNextRowAnInterval() {
        // pcp-dstat (Percona-Lab-results/2026-interactive-metrics): no values before its first interval; the next row
        // is the first interval (vmstat's second row beside it agrees), not an average since boot
        String text = """
                You did not select any stats, using -cdngy by default.
                ----system---- ----total-usage---- -dsk/total- -net/total- ---paging-- ---system--
                     time     |usr sys idl wai stl| read  writ| recv  send|  in   out | int   csw\s
                24-03 13:55:31|                   |           |           |           |          \s
                24-03 13:55:32| 15   0  81   4   0|  28M   39M| 433B  565B|   0     0 |  25k   45k
                24-03 13:55:33| 15   1  80   4   0|  33M   45M| 262B  346B|   0     0 |  26k   53k
                """;
        ParseContext context = ParserFixtures.context("x", TimeOptions.DEFAULT.withStart(Instant.parse("2026-01-01T00:00:00Z")));
        CollectingSink sink = ParserFixtures.parseText(parser, text, context);
        assertEquals(List.of(), sink.warnings());
        // pcp-dstat's cpu plugin is labelled '%I usage': 'total usage' for all CPUs, where dstat prints 'total cpu usage'
        List<SpecRow> cpu = sink.rows("dstat.cpu");
        assertEquals("total", cpu.get(1).row().key());
        assertEquals("%", sink.spec("dstat.cpu").metrics().get(0).unit());
        assertEquals(List.of(true, false, false), cpu.stream().map(r -> r.row().sinceBoot()).toList());
        assertEquals(Instant.parse("2026-03-24T13:55:31Z"), cpu.get(0).row().time());
        assertTrue(Double.isNaN(cpu.get(0).get("usr")));
        assertEquals(15.0, cpu.get(1).get("usr"));
        assertEquals(28 * MIB, sink.rows("dstat.dsk").get(1).get("read"));
    }

    @Test
    void aKeyTypedAfterTheLastRowIsLeftOutNotTheRow() {
        // the terminal echoes what was typed while dstat waited for its next row: ^C, or a q before it
        String text = """
                ----system---- --total-cpu-usage-- -dsk/total-
                     time     |usr sys idl wai stl| read  writ
                02-12 03:26:07| 72  12  15   0   0| 526k 2391k
                02-12 03:26:08| 48  52   0   0   0|4252k 7880k q
                """;
        ParseContext context = ParserFixtures.context("x", TimeOptions.DEFAULT.withStart(Instant.parse("2026-12-02T00:00:00Z")));
        CollectingSink sink = ParserFixtures.parseText(parser, text, context);
        assertEquals(List.of(), sink.warnings());
        assertEquals(7880 * 1024.0, sink.rows("dstat.dsk").get(1).get("writ"));
        assertTrue(sink.notices().stream().anyMatch(n -> n.line() == 4 && n.message().contains("'q'")), sink.notices().toString());
        CollectingSink interrupted = ParserFixtures.parseText(parser, text.replace("7880k q", "7880k ^C"), context);
        assertEquals(2, interrupted.rows("dstat.dsk").size());
    }

    @Test
    void topPluginsCellsAreADataSetKeyedByTheProcessTheyName() {
        // every form of the plugins' showcsv: 'name / r:w', '%.4f', '%d%%', the _adv ones' 'Top: name<TAB>...'
        String text = """
                "Dstat 0.7.4 CSV output"
                "system","most expensive","highest average","most waiting for","most expensive cpu process","most expensive i/o process"
                "time","i/o process","cputime process","child process","process              pid  cpu read write","process              pid  read write cpu"
                02-12 03:26:07,kworker/0:1 / 10:20,java / 1.5000,make / 12%,Top: java\t45.2\t1024.0\t2048.0,Top: dd\t4096.0\t0.0\t3.5
                02-12 03:26:08,,java / 2.0000,no value,Top: java\t50\t0\t0,Top: dd\t1\t2\t3
                """;
        ParseContext context = ParserFixtures.context("x", TimeOptions.DEFAULT.withStart(Instant.parse("2026-12-02T00:00:00Z")));
        CollectingSink sink = ParserFixtures.parseText(parser, text, context);
        SpecRow io = sink.rows("dstat.top_io").get(0);
        assertEquals("kworker/0:1", io.row().key());
        assertEquals(List.of(10.0, 20.0), List.of(io.get("read"), io.get("writ")));
        assertEquals(1, sink.rows("dstat.top_io").size(), "an empty cell: no process led");
        assertEquals("process", sink.spec("dstat.top_io").keyLabel());
        assertEquals(2.0, sink.rows("dstat.top_cputime_avg", "java").get(1).get("cputime"));
        assertEquals(12, sink.rows("dstat.top_childwait", "make").get(0).get("wait"));
        SpecRow cpu = sink.rows("dstat.top_cpu_adv", "java").get(0);
        assertEquals(List.of(45.2, 1024.0, 2048.0), List.of(cpu.get("cpu"), cpu.get("read"), cpu.get("writ")));
        assertEquals(3.5, sink.rows("dstat.top_io_adv", "dd").get(0).get("cpu"));
        assertEquals(List.of(5L), sink.warnings().stream().map(ParseWarning::line).filter(l -> l > 0).toList());
        assertTrue(sink.warnings().stream().anyMatch(w -> w.message().contains("top-childwait")), "" + sink.warnings());
    }

    @Test
    void topPluginsOnScreenAreReadFromTheRightWhereTheirValuesStand() {
        CollectingSink sink = ParserFixtures.parse(parser, "dstat/debian-dstat-0.7.4-tc-top-1-5.txt");
        assertEquals(List.of("kdamond.0", "javac", "java", "java", "java"),
                sink.rows("dstat.top_cpu").stream().map(r -> r.row().key()).toList());
        assertEquals(36, sink.rows("dstat.top_cpu").get(1).get("cpu"));
        assertEquals(543 * MIB, sink.rows("dstat.top_mem").get(0).get("mem"));
        // 'virtio1-req.0    56 ': the blank after the value is cprint's unit place
        assertEquals(56, sink.rows("dstat.top_int", "virtio1-req.0").get(0).get("int"));
        assertEquals(3394, sink.rows("dstat.top_bio", "bash").get(0).get("read"));
        // dstat divides top-latency by 1000 until it fits, without a unit: the process only
        assertTrue(Double.isNaN(sink.rows("dstat.top_latency", "kworker/u8:2-").get(0).get("latency")));
        assertEquals(0, sink.rows("dstat.cpu", "total").get(1).get("wai"));

        // top plugins alone are dstat's too; a name that fills its field touches the value
        String text = """
                -most-expensive- ----most-expensive----
                  cpu process   |     i/o process      
                kdamond.0    0.3|bash        170k  171k
                systemd-journ100|java         35M   11M
                """;
        assertEquals(0.9, parser.sniff(new Head("t", List.of(text.split("\n")))));
        ParseContext context = ParserFixtures.context("x", TimeOptions.DEFAULT.withStart(Instant.parse("2026-12-02T00:00:00Z")));
        CollectingSink alone = ParserFixtures.parseText(parser, text, context);
        assertEquals(100, alone.rows("dstat.top_cpu", "systemd-journ").get(0).get("cpu"));
        assertEquals(35 * MIB, alone.rows("dstat.top_io", "java").get(0).get("read"));
        assertEquals(List.of(), alone.warnings().stream().filter(w -> w.line() > 0).toList());
    }

    /**
     * dool 1.3.4's screen of the _adv plugins, captured here: top-cpu-adv prints name, PID and values at fixed widths
     * with nothing between them when they fill them ({@code java 117861.4%  12K2030B}: PID 11786, 1.4 %, 12K read,
     * 2030B written); its top-io-adv puts blanks between its fields. The CSV of the same run has the exact values.
     */
    @Test
    void advancedPluginsOnScreenAreCutByTheirWidthsWhereTheirFieldsTouch() {
        CollectingSink screen = ParserFixtures.parse(parser, "dstat/dool-1.3.4-tc-top-adv-1-20.txt");
        SpecRow first = screen.rows("dstat.top_cpu_adv", "java").get(0);
        assertEquals(List.of(1.4, 12.0 * 1024, 2030.0), List.of(first.get("cpu"), first.get("read"), first.get("writ")));
        SpecRow glued = screen.rows("dstat.top_cpu_adv", "javac").get(2);
        assertEquals(List.of(18.0, 2160.0, 241.0 * 1024), List.of(glued.get("cpu"), glued.get("read"), glued.get("writ")),
                "'javac 14740 18%2160B 241K'");
        assertEquals(20, screen.rows("dstat.top_cpu_adv").size(), "every interval, none warned");
        SpecRow io = screen.rows("dstat.top_io_adv", "load.sh").get(0);
        assertEquals(List.of(400.0 * MIB, 400.0 * MIB, 0.0), List.of(io.get("read"), io.get("writ"), io.get("cpu")));
        assertEquals(List.of(), screen.warnings().stream().filter(w -> w.line() > 0).toList());

        CollectingSink csv = ParserFixtures.parse(parser, "dstat/dool-1.3.4-tc-top-adv-1-20.csv");
        SpecRow exact = csv.rows("dstat.top_cpu_adv", "java").get(0);
        assertEquals(List.of(1.4313085768128868, 12139.88818910763, 2030.0148686727816),
                List.of(exact.get("cpu"), exact.get("read"), exact.get("writ")));
    }

    @Test
    void detectsItsOwnOutputsOnly() {
        assertEquals(1.0, parser.sniff(ParserFixtures.head("dstat/dool-1.3.4-more-t-2-3.csv")));
        assertEquals(0.9, parser.sniff(ParserFixtures.head("dstat/dool-1.3.4-tcdngy-1-3.txt")));
        assertEquals(0.9, parser.sniff(ParserFixtures.head("dstat/debian-dstat-0.7.4-cmdn-nocolor-1-3.txt")));
        assertEquals(0, parser.sniff(ParserFixtures.head("vmstat/ssup-ubuntu1804-vmstat-1-iowait.txt")));
        assertEquals(0, new VmstatParser().sniff(ParserFixtures.head("dstat/debian-dstat-0.7.4-tcdngy-1-5.txt")));
    }

    /**
     * dstat draws {@code |} only between plugins (dstat's main loop joins their titles, subtitles and values with it):
     * a screen of one plugin ({@code dstat -c}, or {@code -c -C 0,1,total} whose parts {@code :} divides) has none.
     */
    @Test
    void aScreenOfOnePluginHasNoBarAndIsReadAllTheSame() {
        assertEquals(0.9, parser.sniff(ParserFixtures.head("dstat/debian-dstat-0.7.4-c-1-3-one-plugin.txt")));
        CollectingSink sink = ParserFixtures.parse(parser, "dstat/debian-dstat-0.7.4-c-1-3-one-plugin.txt");
        List<SpecRow> cpu = sink.rows("dstat.cpu", "total");
        assertEquals(3, cpu.size(), sink.warnings().toString());
        assertEquals(47.0, cpu.get(0).get("usr"));
        assertEquals(18.0, cpu.get(2).get("sys"));
        assertEquals(List.of(), sink.warnings());
    }

    /**
     * With colour, dstat joins the titles of one plugin's parts with a dash, not a blank (dstat.title():
     * {@code theme['frame'] + char['dash']}); a screen copied from a terminal keeps the dash and loses the colour.
     * Each part's title is the one over its columns, which the label line's {@code :} bound.
     */
    @Test
    void partsOfOnePluginWhoseTitlesADashJoinsAreKeyedByTheirOwnTitle() {
        for (String file : List.of("dstat/debian-dstat-0.7.4-color-c-C01total-1-2-dash-joined-title.txt",
                "dstat/gh-pr-dstat75-c-C-all-total-pasted-colour-title.txt")) {
            assertEquals(0.9, parser.sniff(ParserFixtures.head(file)), file);
            CollectingSink sink = ParserFixtures.parse(parser, file);
            assertEquals(List.of("0", "1", "total"), sink.rows("dstat.cpu").stream().map(r -> r.row().key()).distinct().toList(),
                    file + " " + sink.warnings());
            assertEquals(List.of(), sink.warnings(), file);
        }
        CollectingSink colour = ParserFixtures.parse(parser, "dstat/debian-dstat-0.7.4-color-c-C01total-1-2-dash-joined-title.txt");
        assertEquals(81.0, colour.rows("dstat.cpu", "1").get(1).get("usr"));
        assertEquals(17.0, colour.rows("dstat.cpu", "total").get(1).get("sys"));
        CollectingSink pasted = ParserFixtures.parse(parser, "dstat/gh-pr-dstat75-c-C-all-total-pasted-colour-title.txt");
        assertEquals(100.0, pasted.rows("dstat.cpu", "total").get(0).get("idl"));
    }

    /**
     * dstat centres each plugin's title over its columns: a title as wide as its column has no dash ({@code async} over
     * {@code #aio}), and plugins no list of known ones names ({@code --aio --fs --ipc --lock --raw}) are still told by
     * where their titles stand over the labels' {@code |}; the label line opening with {@code #} is no root prompt.
     */
    @Test
    void pluginsKnownByTheirLayoutAloneAreDetectedAndRead() {
        String fixture = "dstat/debian-dstat-0.7.4-aio-fs-ipc-lock-raw-socket-tcp-udp-unix-vm-1-3.txt";
        assertTrue(parser.sniff(ParserFixtures.head(fixture)) >= 0.9);
        CollectingSink sink = ParserFixtures.parse(parser, fixture);
        assertEquals(List.of(), sink.warnings());
        assertEquals(List.of(0.0, 0.0, 0.0), sink.rows("dstat.async").stream().map(r -> r.get("#aio")).toList());
        assertEquals(List.of(793.0, 680.0, 754.0), sink.rows("dstat.filesystem").stream().map(r -> r.get("files")).toList());
        assertEquals(7.0, sink.rows("dstat.locks").get(0).get("wri"));
        assertEquals(859.0, sink.rows("dstat.vm").get(2).get("free"));
        assertEquals("count", sink.spec("dstat.locks").metrics().get(0).unit());
    }

    /** One plugin shown alone draws no {@code |}: its dashed title over labels as wide, then its values. */
    @Test
    void onePluginAloneIsToldByItsTitleOverItsLabels() {
        String vmAdv = "dstat/debian-dstat-0.7.4-vm-adv-1-3-one-plugin.txt";
        assertTrue(parser.sniff(ParserFixtures.head(vmAdv)) > 0);
        assertEquals(11_000.0, ParserFixtures.parse(parser, vmAdv).rows("dstat.advanced_virtual_memory").get(0).get("steal"));
        String tps = "dstat/debian-dstat-0.7.4-disk-tps-1-3-one-plugin.txt";
        assertTrue(parser.sniff(ParserFixtures.head(tps)) > 0);
        assertEquals(List.of(61.0, 0.0, 0.0), ParserFixtures.parse(parser, tps).rows("dstat.dsk", "total").stream()
                .map(r -> r.get("#read")).toList());
        CollectingSink parts = ParserFixtures.parse(parser, "dstat/debian-dstat-0.7.4-freespace-1-3-parts.txt");
        assertEquals(List.of("/", "/unified"), parts.rows("dstat.freespace").stream().map(r -> r.row().key()).distinct().toList());
    }

    /**
     * dstat ends a row it printed late with {@code missed N ticks}: no row for N-1 intervals, then this one. Its values are
     * read and it is placed N-1 intervals later; a notice says so and that its rates are over N intervals.
     */
    @Test
    void aRowThatMissedTicksIsReadAndPlacedLater() {
        CollectingSink sink = ParserFixtures.parse(parser, "dstat/debian-dstat-0.7.4-integer-1-3-missed-ticks.txt");
        assertEquals(List.of(), sink.warnings());
        List<SpecRow> system = sink.rows("dstat.system");
        assertEquals(List.of(2500.0, 152_000.0), system.stream().map(r -> r.get("csw")).toList());
        assertEquals(2, system.get(1).row().time().getEpochSecond() - system.get(0).row().time().getEpochSecond());
        assertTrue(sink.notices().stream().anyMatch(n -> n.line() == 5 && n.message().contains("missed 2 ticks")),
                sink.notices().toString());
    }

    /** A line shaped like titles that no labels follow is read as any other line: warned about, not dropped. */
    @Test
    void aLineShapedLikeTitlesWithoutLabelsUnderItIsNotLost() {
        String text = """
                ----system---- --total-cpu-usage--
                     time     |usr sys idl wai stl
                02-12 03:26:09| 49  51   0   0   0
                note-to-self re-run
                02-12 03:26:10| 56  44   0   0   0
                """;
        ParseContext context = ParserFixtures.context("x", TimeOptions.DEFAULT.withStart(Instant.parse("2026-12-02T00:00:00Z")));
        CollectingSink sink = ParserFixtures.parseText(parser, text, context);
        assertEquals(List.of(4L), sink.warnings().stream().map(ParseWarning::line).toList());
        assertEquals(2, sink.rows("dstat.cpu").size());
    }
}
