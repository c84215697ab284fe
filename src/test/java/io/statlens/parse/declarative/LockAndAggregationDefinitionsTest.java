package io.statlens.parse.declarative;

import io.statlens.model.ParseWarning;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.TimeOptions;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The definitions of lockstat, plockstat and dtrace, and the format features they need: section titles that decide
 * the data set, lock names with blanks (a wide column), keyed line records with stack keys, printa blocks per
 * interval; and a next tool of the family (bpftrace's map printouts) written as a definition alone.
 */
class LockAndAggregationDefinitionsTest {
    private static final Parser LOCKSTAT = ShippedDefinitions.parser("lockstat");
    private static final Parser PLOCKSTAT = ShippedDefinitions.parser("plockstat");
    private static final Parser DTRACE = ShippedDefinitions.parser("dtrace");
    private static final Instant START = Instant.parse("2026-12-02T06:00:00Z");

    private static CollectingSink parse(Parser parser, String text) {
        ParseContext context = ParserFixtures.context("capture.txt", TimeOptions.DEFAULT.withStart(START).withZone(ZoneOffset.UTC));
        return ParserFixtures.parseText(parser, text, context);
    }

    private static List<String> keys(CollectingSink sink, String dataset) {
        return sink.rows(dataset).stream().map(r -> r.row().key()).toList();
    }

    /** FreeBSD prints lock names with a blank ("bugdemo sc_mtx"); lockstat run twice in a loop gives two samples. */
    @Test
    void lockstatSectionsWideLockNamesAndRepeatedRuns() {
        String run = """
                Adaptive mutex spin: 7314 events in 5.018 seconds (1458 events/sec)

                Count indv cuml rcnt     nsec Lock                   Caller
                -------------------------------------------------------------------------------
                3612  49%  49% 0.00     4172 bugdemo sc_mtx         bugdemo_ioctl+0xd4
                 176   2% 100% 0.00      511 Giant                  sysctl_root_handler_locked+0x4d
                -------------------------------------------------------------------------------

                R/W writer blocked by readers: 22 events in 5.018 seconds (4 events/sec)

                Count indv cuml rcnt     nsec Lock                   Caller
                -------------------------------------------------------------------------------
                  14  63%  63% 0.00   184012 bugdemo sc_mtx         bugdemo_sysctl_set+0x8b
                """;
        CollectingSink sink = parse(LOCKSTAT, "# lockstat sleep 5\n" + run + "# lockstat sleep 5\n" + run);
        assertEquals(List.of(), sink.warnings());
        assertEquals("section/Lock/Caller", sink.spec("lockstat.spin").keyLabel());
        List<SpecRow> spin = sink.rows("lockstat.spin");
        assertEquals("Adaptive mutex spin/bugdemo sc_mtx/bugdemo_ioctl+0xd4", spin.get(0).row().key());
        assertEquals(3612.0, spin.get(0).get("Count"));
        assertEquals(4172.0, spin.get(0).get("nsec"));
        assertEquals(List.of(0L, 0L, 1L, 1L), spin.stream().map(r -> r.row().sample()).toList());
        assertEquals(List.of("R/W writer blocked by readers/bugdemo sc_mtx/bugdemo_sysctl_set+0x8b",
                "R/W writer blocked by readers/bugdemo sc_mtx/bugdemo_sysctl_set+0x8b"), keys(sink, "lockstat.block"));
        assertEquals(List.of("Adaptive mutex spin", "R/W writer blocked by readers", "Adaptive mutex spin",
                "R/W writer blocked by readers"), keys(sink, "lockstat.events"));
        assertEquals(7314.0, sink.rows("lockstat.events").get(0).get("events"));
        assertEquals(List.of(0L, 0L, 1L, 1L), sink.rows("lockstat.events").stream().map(r -> r.row().sample()).toList());
    }

    /**
     * With -s lockstat counts each lock, caller and stack apart: the same lock and caller come twice in one section,
     * told apart by the stack under each (histogram column, then one frame a line), which ends the key, whole.
     */
    @Test
    void lockstatStacksEndTheKeyAndKeepRowsOfOneLockAndCallerApart() {
        CollectingSink sink = parse(LOCKSTAT, """
                Adaptive mutex block: 40 events in 5.011 seconds (8 events/sec)

                -------------------------------------------------------------------------------
                Count indv cuml rcnt     nsec Lock                   Caller
                   30  75%  75% 1.00    20528 vm_dom+0x80            vm_page_enqueue+0x63

                      nsec ------ Time Distribution ------ count     Stack
                     16384 |@@@@@@@@@@@@@@@@@@@@           20        vm_page_activate+0x71
                     32768 |@@@@@@@@@@                     10        vm_fault_hold+0x1a13
                                                                     trap_pfault+0x1f7
                -------------------------------------------------------------------------------
                Count indv cuml rcnt     nsec Lock                   Caller
                   10  25% 100% 1.00    55502 vm_dom+0x80            vm_page_enqueue+0x63

                      nsec ------ Time Distribution ------ count     Stack
                     65536 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 10        vm_page_deactivate+0x5c
                                                                     vm_object_page_clean_and_ \\
                                                                     deactivate+0x2c
                -------------------------------------------------------------------------------
                """);
        assertEquals(List.of(), sink.warnings());
        assertEquals("section/Lock/Caller/Stack", sink.spec("lockstat.block").keyLabel());
        assertEquals(List.of(
                "Adaptive mutex block/vm_dom+0x80/vm_page_enqueue+0x63/vm_page_activate+0x71;vm_fault_hold+0x1a13;trap_pfault+0x1f7",
                "Adaptive mutex block/vm_dom+0x80/vm_page_enqueue+0x63/vm_page_deactivate+0x5c;vm_object_page_clean_and_deactivate+0x2c"),
                keys(sink, "lockstat.block"));
        assertEquals(List.of(0L, 0L), sink.rows("lockstat.block").stream().map(r -> r.row().sample()).toList());
        assertEquals(List.of(30.0, 10.0), sink.rows("lockstat.block").stream().map(r -> r.get("Count")).toList());
    }

    @Test
    void plockstatHoldSectionsOfMutexesAndRwLocks() {
        CollectingSink sink = parse(PLOCKSTAT, """
                Mutex hold

                -------------------------------------------------------------------------------
                Count     nsec Lock                         Caller
                  132    10385 libc.so.1`_uberdata+0x40     libc.so.1`_lwp_start
                   11     8930 locker`lock1                 locker`go_lock+0x47

                R/W writer hold

                -------------------------------------------------------------------------------
                Count     nsec Lock                         Caller
                    3    92113 locker`rw1                   locker`go_write+0x21
                """);
        assertEquals(List.of(), sink.warnings());
        assertEquals(List.of("Mutex hold/libc.so.1`_uberdata+0x40/libc.so.1`_lwp_start", "Mutex hold/locker`lock1/locker`go_lock+0x47",
                "R/W writer hold/locker`rw1/locker`go_write+0x21"), keys(sink, "plockstat.hold"));
        assertEquals(92113.0, sink.rows("plockstat.hold").get(2).get("nsec"));
    }

    /** A tick-1s probe printing the time (%Y) and printa'ing two keys, then a quantize per key at the end. */
    @Test
    void dtraceIntervalsKeysAndHistograms() {
        CollectingSink sink = parse(DTRACE, """
                # dtrace -qn 'syscall:::entry { @[execname, probefunc] = count(); } tick-1s { printf("%Y\\n", walltimestamp); printa(@); trunc(@); }'
                2026 Dec  2 06:16:28
                  mysqld                                              pread                  1204
                  mysqld                                              pwrite                   98

                2026 Dec  2 06:16:29
                  mysqld                                              pread                  1388
                  sshd                                                read                      2

                  mysqld
                           value  ------------- Distribution ------------- count
                            4096 |                                         0
                            8192 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@           30
                           16384 |@@@@@@@@@@                               10
                           32768 |                                         0

                interrupted by the user
                """);
        List<SpecRow> rows = sink.rows("dtrace");
        assertEquals(List.of("mysqld pread", "mysqld pwrite", "mysqld pread", "sshd read"), rows.stream().map(r -> r.row().key()).toList());
        assertEquals(List.of(0L, 0L, 1L, 1L), rows.stream().map(r -> r.row().sample()).toList());
        assertEquals(Instant.parse("2026-12-02T06:16:29Z"), rows.get(2).row().time());
        assertEquals(1388.0, rows.get(2).get("value"));
        assertEquals(List.of("mysqld/4096", "mysqld/8192", "mysqld/16384", "mysqld/32768"), keys(sink, "dtrace.histogram"));
        assertEquals(30.0, sink.rows("dtrace.histogram").get(1).get("count"));
        // a line that keys nothing is said, not dropped
        List<String> warnings = sink.warnings().stream().map(ParseWarning::message).toList();
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith("expected a dtrace record after this line"), warnings.get(0));
    }

    /**
     * Numeric keys alone (@[arg1, errno]) print like a printa() format's values: after a command line whose program has
     * no printa(), dtrace's default layout is certain, keys then the value; without one the row is read by shape.
     */
    @Test
    void numericKeysAfterACommandWithoutPrintaAreKeys() {
        String output = """
                dtrace: description 'syscall::read:return' matched 2 probes
                CPU     ID                    FUNCTION:NAME
                 30  86843                        :tick-10s\s

                0        0          9685394
                """;
        CollectingSink pasted = parse(DTRACE, "# dtrace -n 'syscall::read:return/pid == $target/{@[arg1, errno] = count();}"
                + " tick-10s{exit(0);}' -p 132867\n" + output);
        assertEquals(List.of("0 0"), keys(pasted, "dtrace"));
        assertEquals(9685394.0, pasted.rows("dtrace").get(0).get("value"));
        CollectingSink bare = parse(DTRACE, output);
        assertEquals(0.0, bare.rows("dtrace").get(0).get("value"), "read by shape: the first number is the first value");
        CollectingSink script = parse(DTRACE, "# dtrace -qs rw.d\n" + output);
        assertEquals(0.0, script.rows("dtrace").get(0).get("value"), "a script may print with its own format");
    }

    /**
     * A heading of 10,000 words and a row of 30,000 numbers (a damaged file; found by widening the corpus's lines): the
     * heading's and the numeric key's repeated groups recursed once per word and overflowed the stack.
     */
    @Test
    void aLongHeadingOrRowOfNumbersIsNoStackOverflow() {
        CollectingSink heading = parse(DTRACE, "Tracing... Hit Ctrl-C to end.\n" + "THREADS" + " TIME (ns)".repeat(10_000)
                + "\n KERNEL 10795499\n");
        assertEquals(List.of("KERNEL"), keys(heading, "dtrace"));
        CollectingSink numbers = parse(DTRACE, "# dtrace -n 'syscall::read:return{@[arg1, errno] = count();}'\n"
                + "dtrace: description 'syscall::read:return' matched 2 probes\n\n" + "0 ".repeat(30_000) + "9685394\n");
        assertEquals(1, numbers.rows("dtrace").size(), numbers.warnings().toString());
        assertEquals(9685394.0, numbers.rows("dtrace").get(0).get("value"));
    }

    /** A command typed after a prompt is the command, even where its words (lquantize(arg1, 0,  50)) look like a row. */
    /**
     * Histograms and stacks print in dtrace's own layout whatever the script: a file of nothing else is that variant,
     * and a printa() format that a row of the file showed stays the file's.
     */
    @Test
    void aFileOfHistogramsAloneIsTheDefaultLayoutAndAFormatSeenStays() {
        String histogram = """
                  mysqld
                value  ------------- Distribution ------------- count
                < 0 |                                         0
                0 |@@@                                      216450
                """;
        CollectingSink alone = parse(DTRACE, "dtrace: description 'syscall::read:entry' matched 1 probe\n\n" + histogram);
        assertEquals(List.of("mysqld/< 0", "mysqld/0"), keys(alone, "dtrace.histogram"));
        assertEquals("aggregation", alone.variant());
        CollectingSink mixed = parse(DTRACE, "  5206  24918  /var/adm/exacct/proc\n\n" + histogram);
        assertEquals(1, mixed.rows("dtrace").size(), mixed.warnings().toString());
        assertEquals(2, mixed.rows("dtrace.histogram").size(), mixed.warnings().toString());
        assertEquals("printa-format", mixed.variant());
    }

    @Test
    void aCommandAfterAPromptIsNoRow() {
        CollectingSink sink = parse(DTRACE, """
                bash-2.05# dtrace -n pid`pgrep testapp`::hash_func:return'{ @ = lquantize(arg1, 0,  50); }'
                dtrace: description 'pid103250::hash_func:return' matched 1 probe
                ^C
                value  ------------- Distribution ------------- count
                < 0 |                                         0
                0 |@@@                                      216450
                1 |@@@                                      216593
                2 |                                         0
                """);
        assertTrue(sink.rows("dtrace").isEmpty(), sink.rows("dtrace").toString());
        assertEquals(List.of("< 0", "0", "1", "2"), keys(sink, "dtrace.histogram"));
        assertEquals(216593.0, sink.rows("dtrace.histogram").get(2).get("count"));
        assertTrue(sink.fact("options").orElseThrow().startsWith("-n pid`pgrep"), sink.facts().toString());
        assertEquals(List.of(), sink.warnings().stream().filter(w -> w.line() > 0).toList());
    }

    /**
     * A bucket whose count is negative (quantize(x, weight) with a negative weight) has its bar left of the '|'
     * (dt_print_quantline), and llquantize's end buckets read '<= -N', '>= N' and 'abs() < N' (dt_print_llquantize,
     * DTrace on Linux): all of them are histogram rows, none a key and a value.
     */
    @Test
    void negativeCountsAndLlquantizeEndBucketsAreHistogramRows() {
        CollectingSink sink = parse(DTRACE, """
                  l-taraval                                        \s
                           value  ------------- Distribution ------------- count   \s
                              -2                     |                     0       \s
                              -1                @@@@@|                     -123    \s
                               1                     |@@@@@@@@@@           246     \s
                               2                     |                     0       \s

                  k-ingleside
                           value  ------------- Distribution ------------- count
                               1 @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@| -123
                               2                                         | 0

                  basicD
                           value  ------------- Distribution ------------- count
                       <= -16384 |                                         6
                            -256 |                                         256
                     abs() < 256 |                                         130
                        >= 16384 |                                         6
                """);
        assertEquals(List.of(), sink.rows("dtrace"));
        assertEquals(List.of("l-taraval/-2", "l-taraval/-1", "l-taraval/1", "l-taraval/2", "k-ingleside/1", "k-ingleside/2",
                "basicD/<= -16384", "basicD/-256", "basicD/abs() < 256", "basicD/>= 16384"),
                keys(sink, "dtrace.histogram"));
        List<SpecRow> rows = sink.rows("dtrace.histogram");
        assertEquals(-123.0, rows.get(1).get("count"));
        assertEquals(246.0, rows.get(2).get("count"));
        assertEquals(-123.0, rows.get(4).get("count"));
        assertEquals(130.0, rows.get(8).get("count"));
        assertEquals(List.of(), sink.warnings());
    }

    /**
     * printa() with a format of the script's own, read by shape: the @ values first, alone, comma-separated or with words
     * after them; numeric key columns before a word stay keys. Under a heading with as many labels, the heading names
     * the values and its id columns (PID) are keys.
     */
    @Test
    void dtracePrintaFormatsReadByShape() {
        CollectingSink sink = parse(DTRACE, """
                dtrace: script 'rw.d' matched 4 probes
                      4096         512  /export/home/a.log
                    131072           0  /export/home/b.db

                  12  34  56
                  13  35  57

                5,6,7

                  1234 mysqld 56
                  mysqld 1204 ms
                """);
        assertEquals(List.of(), sink.warnings());
        List<SpecRow> rows = sink.rows("dtrace");
        assertEquals(List.of("/export/home/a.log", "/export/home/b.db", "", "", "", "1234 mysqld", "mysqld ms"),
                rows.stream().map(r -> r.row().key()).toList());
        assertEquals(List.of(4096.0, 512.0), List.of(rows.get(0).get("value"), rows.get(0).get("value2")));
        assertEquals(List.of(12.0, 34.0, 56.0), List.of(rows.get(2).get("value"), rows.get(2).get("value2"),
                rows.get(2).get("value3")));
        assertEquals(List.of(5.0, 6.0, 7.0), List.of(rows.get(4).get("value"), rows.get(4).get("value2"),
                rows.get(4).get("value3")));
        assertEquals(56.0, rows.get(5).get("value"));
        assertEquals(1204.0, rows.get(6).get("value"));

        CollectingSink headed = parse(DTRACE, """
                Tracing... Hit Ctrl-C to end.
                   PID CMD              TIME FILE
                  5206 tar               109 /var/adm/acct/nite
                     3 fsflush         10882 <none>
                """);
        assertEquals(List.of(), headed.warnings());
        assertEquals("PID CMD FILE", headed.spec("dtrace").keyLabel());
        assertEquals(List.of("5206 tar /var/adm/acct/nite", "3 fsflush <none>"), keys(headed, "dtrace"));
        assertEquals(10882.0, headed.rows("dtrace").get(1).get("value"));
        assertEquals("TIME", headed.spec("dtrace").metrics().get(0).description());
    }

    /**
     * A heading over rows that end in their value (the DTraceToolkit's xcallsbypid.d: 'PID CMD XCALLS', two keys, then
     * the count) names their key columns and value, as it does for a format's rows; a histogram's buckets under a
     * heading of as many labels stay the histogram's rows.
     */
    @Test
    void dtraceHeadingNamesRowsEndingInTheirValue() {
        CollectingSink sink = parse(DTRACE, """
                Tracing... Hit Ctrl-C to end.
                   PID CMD                        XCALLS
                   215 utmpd                           3
                  6350 bash                            3
                  6350 ls                             24
                """);
        assertEquals(List.of(), sink.warnings());
        assertEquals("PID CMD", sink.spec("dtrace").keyLabel());
        assertEquals(List.of("215 utmpd", "6350 bash", "6350 ls"), keys(sink, "dtrace"));
        assertEquals(24.0, sink.rows("dtrace").get(2).get("value"));
        assertEquals("XCALLS", sink.spec("dtrace").metrics().get(0).description());

        CollectingSink histogram = parse(DTRACE, """
                Tracing... Hit Ctrl-C to end.
                   PID CMD BYTES
                  7110  -bash

                           value  ------------- Distribution ------------- count
                             512 |                                         0
                            1024 |@@@@@@@@@@@@@@@@@@@@@@@@@@               2
                            2048 |                                         0
                """);
        assertEquals(List.of(), histogram.warnings());
        assertEquals(List.of("7110 -bash/512", "7110 -bash/1024", "7110 -bash/2048"), keys(histogram, "dtrace.histogram"));
        assertEquals(2.0, histogram.rows("dtrace.histogram").get(1).get("count"));
    }

    /**
     * A script's prose with a number in it, printed on the line above or below its printa() rows: the rows share their
     * shape (two numbers, then a word), the prose has another, so it is skipped with a warning, not stored as a row. A
     * block of one row keeps it: nothing says it is prose.
     */
    @Test
    void proseBesideAPrintaBlockIsNoRow() {
        CollectingSink sink = parse(DTRACE, """
                dtrace: script 'rw.d' matched 4 probes
                Sampled 5 seconds, 3 files
                      4096         512  /export/home/a.log
                    131072           0  /export/home/b.db
                      8192        1024  /export/home/c.log
                Done in 5 s

                    65536        2048  /export/home/d.log
                """);
        assertEquals(List.of("2: line skipped as prose: its 5 cells are not shaped as the 3 dtrace rows around it",
                "6: line skipped as prose: its 4 cells are not shaped as the 3 dtrace rows around it"),
                sink.warnings().stream().map(w -> w.line() + ": " + w.message()).toList());
        assertEquals(List.of("/export/home/a.log", "/export/home/b.db", "/export/home/c.log", "/export/home/d.log"),
                keys(sink, "dtrace"));
        assertEquals(List.of(65536.0, 2048.0), List.of(sink.rows("dtrace").get(3).get("value"), sink.rows("dtrace").get(3).get("value2")));
    }

    /**
     * A printa() format that prints its keys on a line of their own above a quantize (the DTraceToolkit's bitesize.d:
     * printa("%8d  %S\n%@d\n"), pridist.d: printa(" CMD: %-16s PID: %d\n%@d\n")): dt_print_quanthdr starts the
     * histogram with a newline, so one blank line comes between. That line is the histogram's key, though it has a
     * number in it, not a row; every histogram of the block is one sample. A line of numbers alone above one (a keyless
     * printa's values) stays values.
     */
    @Test
    void aKeyLineAboveAHistogramKeysItThoughItHasANumber() {
        CollectingSink sink = parse(DTRACE, """
                # bitesize.d
                Tracing... Hit Ctrl-C to end.
                ^C

                     PID  CMD
                    7110  sync\\0

                           value  ------------- Distribution ------------- count
                            1024 |@@@@@                                    1
                            2048 |@@@@@@@@@@                               2
                            4096 |                                         0

                       3  fsflush\\0

                           value  ------------- Distribution ------------- count
                            4096 |                                         0
                            8192 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 449
                           16384 |                                         0

                """);
        assertEquals(List.of(), sink.warnings());
        assertEquals(List.of(), sink.rows("dtrace"));
        assertEquals(List.of("7110 sync\\0/1024", "7110 sync\\0/2048", "7110 sync\\0/4096", "3 fsflush\\0/4096",
                "3 fsflush\\0/8192", "3 fsflush\\0/16384"), keys(sink, "dtrace.histogram"));
        assertEquals(449.0, sink.rows("dtrace.histogram").get(4).get("count"));
        assertEquals(List.of(0L), sink.rows("dtrace.histogram").stream().map(r -> r.row().sample()).distinct().toList());

        CollectingSink pridist = parse(DTRACE, """
                # pridist.d
                Sampling... Hit Ctrl-C to end.
                ^C
                 CMD: setiathome       PID: 2190

                          value  ------------- Distribution ------------- count
                             -5 |                                         0
                              0 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 6629
                              5 |                                         0
                """);
        assertEquals(List.of(), pridist.warnings());
        assertEquals(List.of("CMD: setiathome PID: 2190/-5", "CMD: setiathome PID: 2190/0", "CMD: setiathome PID: 2190/5"),
                keys(pridist, "dtrace.histogram"));
        assertEquals(6629.0, pridist.rows("dtrace.histogram").get(1).get("count"));
    }

    /** The next tool of the family is a definition file: bpftrace's map printouts (@name[key]: value). */
    @Test
    void bpftraceMapsAreADefinitionAlone() {
        Parser bpftrace = ShippedDefinitions.fromText("""
                tool = bpftrace
                detect = 0.9 ^Attaching \\d+ probes?\\.\\.\\.$
                skip = ^Attaching
                time.lines = ^(\\d{4} [A-Z][a-z]{2} +\\d{1,2} \\d{2}:\\d{2}:\\d{2})$
                [line]
                match = ^@(?<map>\\w*)\\[(?<key>.*)\\]: (?<value>-?\\d+)$
                key = map, key
                """);
        CollectingSink sink = parse(bpftrace, """
                Attaching 2 probes...
                2026 Dec  2 06:16:28
                @syscalls[mysqld]: 1204
                @syscalls[sshd]: 3
                2026 Dec  2 06:16:29
                @syscalls[mysqld]: 1388
                """);
        assertEquals(List.of(), sink.warnings());
        assertEquals(List.of("syscalls/mysqld", "syscalls/sshd", "syscalls/mysqld"), keys(sink, "bpftrace"));
        assertEquals(List.of(0L, 0L, 1L), sink.rows("bpftrace").stream().map(r -> r.row().sample()).toList());
    }
}
