package io.statlens.parse.builtin.perf;

import io.statlens.model.ParseWarning;
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

class PerfStatParserTest {
    private final PerfStatParser parser = new PerfStatParser();

    /**
     * perf 6.5 and later, without {@code -e}, prints the Default metric groups after the counters: a group's header
     * (stat-display.c print_metricgroup_header_csv: the running time and share of the group's first event, four
     * separators, the group's name, {@code (cpu_core)} on a hybrid machine), then each metric as print_metric_csv
     * writes it, the value and then its unit and name two blanks apart (stat-shadow.c generic_metric's
     * {@code "%s  %s"}); a metric of another event of the group has that event's running time before two empty cells.
     * Each value is stored under the metric's name (and the group's PMU), its unit as printed. The output is the LKML
     * thread's (Kan Liang, June 2023), kept as perf-stat/lkml-2023-...-quoted.csv.
     */
    @Test
    void defaultModeMetricGroupsAreStoredByMetricName() {
        CollectingSink sink = ParserFixtures.parse(parser, "perf-stat/lkml-2023-perf-stat-x-a-default-metricgroups-spr-and-hybrid-quoted.csv");
        List<SpecRow> rows = sink.rows("perf-stat");
        // SPR: ,225849327050,100.00,,,,TopdownL1 then ,,,,,70.1,%  tma_backend_bound ... TopdownL2 ... 50.5,%  tma_memory_bound
        assertEquals(70.1, rows.get(0).get("tma_backend_bound"));
        assertEquals(50.5, rows.get(0).get("tma_memory_bound"));
        assertEquals("%", sink.spec("perf-stat").metrics().get(sink.spec("perf-stat").indexOf("tma_retiring")).unit());
        // hybrid: ,10160989992,63.00,,,,TopdownL1 (cpu_atom), then ,10188319019,63.00,,,41.3,%  tma_frontend_bound
        assertEquals(41.3, rows.get(1).get("tma_frontend_bound (cpu_atom)"));
        assertEquals(13.8, rows.get(1).get("tma_bad_speculation (cpu_atom)"));
        assertEquals(0.0, rows.get(1).get("tma_bad_speculation (cpu_core)"));
        // ,,,,,,%  tma_backend_bound: perf printed no value
        assertTrue(Double.isNaN(rows.get(1).get("tma_backend_bound (cpu_core)")));
        assertEquals(1020231.0, rows.get(1).get("cpu_atom/branch-misses/"));
        // what is left are the thread's own words and the command lines quoted in it
        assertEquals(List.of(1L, 3L, 5L, 29L, 31L), sink.warnings().stream().map(ParseWarning::line).toList());
    }

    /**
     * Two runs of perf stat in a loop, captured here: two summaries, no interval stated. The first is placed when the
     * second's title is read, so the interval is known to be needed: one time.source fact, naming it.
     */
    @Test
    void summariesOfALoopHaveOneTimeSourceNamingTheAssumedInterval() {
        CollectingSink sink = ParserFixtures.parse(parser, "perf-stat/linux-perf-6.1-stat-loop-2-sleep0.2.txt");
        assertEquals(List.of("derived: first sample at test default (1970-01-01T00:00:00Z), assumed interval 1 s"),
                sink.facts().stream().filter(f -> f.name().equals("time.source")).map(f -> f.value()).toList());
        assertEquals(List.of(Instant.EPOCH, Instant.EPOCH.plusSeconds(1)),
                sink.rows("perf-stat").stream().map(r -> r.row().time()).toList());
        assertEquals(0.84, sink.rows("perf-stat").get(0).get("task-clock"));
    }

    @Test
    void perfsMessagesWhenCountingStopsAndStartsAreNoticesNotBadLines() {
        // perf stat -D (--delay) and --ctl-fd print EVLIST_DISABLED_MSG and EVLIST_ENABLED_MSG (tools/perf/util/evlist.h)
        String text = """
                Events disabled
                Events enabled
                #           time             counts unit events
                     1.001102331              1,234      cycles
                Events disabled
                     2.002204662      <not counted>      cycles
                Events enabled
                     3.003306993              2,345      cycles
                """;
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParserFixtures.context("x", TimeOptions.DEFAULT));
        assertEquals(List.of(6L), sink.warnings().stream().map(ParseWarning::line).toList(), sink.warnings().toString());
        assertEquals(List.of(1L, 2L, 5L, 7L), sink.notices().stream().filter(n -> n.message().contains("Events "))
                .map(ParseWarning::line).toList(), sink.notices().toString());
        assertEquals(List.of(1234.0, Double.NaN, 2345.0), sink.rows("perf-stat").stream().map(r -> r.get("cycles")).toList());
    }

    @Test
    void anEventCountedTwiceInAnIntervalKeepsBothCounts() {
        // perf stat -e clockticks,clockticks -I 1000 opens two counters of one name and prints each (an LKML patch
        // cover letter, SKX): the second is a metric of its own, not a value overwriting the first
        String text = """
                #           time             counts unit events
                     1.001127586      4,126,938,857      clockticks
                     1.001127586      4,121,564,277      clockticks
                     2.001686014      3,953,806,350      clockticks
                     2.001686014      3,953,809,541      clockticks
                """;
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParserFixtures.context("x", TimeOptions.DEFAULT));
        List<SpecRow> rows = sink.rows("perf-stat");
        assertEquals(2, rows.size());
        assertEquals(List.of(4126938857.0, 3953806350.0), rows.stream().map(r -> r.get("clockticks")).toList());
        assertEquals(List.of(4121564277.0, 3953809541.0), rows.stream().map(r -> r.get("clockticks (2)")).toList());
        assertEquals(List.of("3: perf stat printed clockticks more than once in one interval (counters of one name): "
                        + "the second is clockticks (2)"),
                sink.notices().stream().filter(n -> n.message().contains("more than once"))
                        .map(n -> n.line() + ": " + n.message()).toList());
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void intervalsBecomeSamplesAtTheSecondsPrintedAfterTheStart() {
        ParseContext context = ParserFixtures.context("x", TimeOptions.DEFAULT.withStart(Instant.parse("2026-12-02T04:00:00Z")));
        CollectingSink sink = ParserFixtures.parse(parser, "perf-stat/linux-perf-6.1-stat-I1000-sleep3.txt", context);
        List<SpecRow> rows = sink.rows("perf-stat");
        assertEquals(4, rows.size());
        assertEquals(Instant.parse("2026-12-02T04:00:01.009822724Z"), rows.get(0).row().time());
        assertEquals(7.53, rows.get(0).get("task-clock"));
        assertEquals("ms", sink.spec("perf-stat").metrics().get(0).unit());
        assertEquals(75, rows.get(0).get("page-faults"));
        assertTrue(Double.isNaN(rows.get(0).get("cycles")));
        assertTrue(Double.isNaN(rows.get(1).get("task-clock")));
        // one warning per event and kind, at its first line
        assertEquals(List.of(6L, 7L, 8L, 9L, 10L, 11L, 12L, 13L), sink.warnings().stream().map(ParseWarning::line).toList());
        assertTrue(sink.warnings().get(4).message().contains("<not counted> for task-clock"));
    }

    @Test
    void perCpuCsvIsKeyedByCpuAndTextAndCsvAgree() {
        CollectingSink csv = ParserFixtures.parse(parser, "perf-stat/linux-perf-6.1-stat-I1000-a-A-x-sleep2.csv");
        assertEquals("interval-csv", csv.variant());
        assertEquals("CPU", csv.spec("perf-stat").keyLabel());
        assertEquals(1023, csv.rows("perf-stat", "CPU1").get(0).get("context-switches"));
        assertEquals(1016.02, csv.rows("perf-stat", "CPU0").get(0).get("task-clock"));
        CollectingSink cores = ParserFixtures.parse(parser, "perf-stat/linux-perf-6.1-stat-I1000-a-per-core-sleep2.txt");
        assertEquals("aggregate", cores.spec("perf-stat").keyLabel());
        assertEquals(1132, cores.rows("perf-stat", "S0-D0-C0").get(0).get("context-switches"));
    }

    @Test
    void startedOnLineOfPerfStatOutputFileDatesTheIntervals() {
        CollectingSink sink = ParserFixtures.parse(parser, "perf-stat/linux-perf-6.1-stat-o-I1000-a-A-sleep2.txt");
        assertEquals(Instant.parse("2026-12-02T04:33:43.001461722Z"), sink.rows("perf-stat", "CPU0").get(0).row().time());
        assertEquals("perf stat's '# started on' line plus the seconds printed on each line", sink.fact("time.source").orElseThrow());
    }

    @Test
    void aPastedCommandAndAGarbledLine() {
        String text = """
                $ perf stat -I 500 -e context-switches -- ./bench
                #           time             counts unit events
                     0.500123456                 46      context-switches
                     1.000234567                 3x      context-switches
                     1.500345678                 54      context-switches
                """;
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParserFixtures.context("x", TimeOptions.DEFAULT));
        assertEquals(List.of(4L), sink.warnings().stream().map(ParseWarning::line).toList());
        assertEquals(2, sink.rows("perf-stat").size());
        assertEquals("stat -I 500 -e context-switches -- ./bench", sink.fact("options").orElseThrow());
        assertEquals(1.0, parser.sniff(ParserFixtures.head("perf-stat/linux-perf-6.1-stat-I1000-sleep3.txt")));
        assertEquals(0, parser.sniff(ParserFixtures.head("dstat/debian-dstat-0.7.4-tTcmdrnlpyv-2-4.csv")));
    }

    /**
     * Two runs pasted one after the other: perf stat prints the seconds since its own start, so a time lower than the
     * last one is a new run, placed after the first (the gap between them is not printed).
     */
    @Test
    void aSecondRunWhoseSecondsStartAgainFollowsTheFirst() {
        String text = """
                $ perf stat -I 1000 -a -e skb:kfree_skb -- sleep 2
                #           time             counts unit events
                     1.000520165             10,108      skb:kfree_skb
                     2.010494526             11,178      skb:kfree_skb
                $ perf stat -I 1000 -a -e skb:kfree_skb -- sleep 2
                #           time             counts unit events
                     1.000767744             52,240      skb:kfree_skb
                     2.002288423            251,414      skb:kfree_skb
                """;
        ParseContext context = ParserFixtures.context("x", TimeOptions.DEFAULT.withStart(Instant.parse("2026-12-02T04:00:00Z")));
        CollectingSink sink = ParserFixtures.parseText(parser, text, context);
        List<SpecRow> rows = sink.rows("perf-stat");
        assertEquals(List.of(Instant.parse("2026-12-02T04:00:01.000520165Z"), Instant.parse("2026-12-02T04:00:02.010494526Z"),
                Instant.parse("2026-12-02T04:00:03.011262270Z"), Instant.parse("2026-12-02T04:00:04.012782949Z")),
                rows.stream().map(r -> r.row().time()).toList());
        assertEquals(251414, rows.get(3).get("skb:kfree_skb"));
        assertEquals(List.of(0L, 1L, 2L, 3L), rows.stream().map(r -> r.row().sample()).toList());
        assertTrue(sink.notices().stream().anyMatch(n -> n.line() == 7 && n.message().contains("a new perf stat run")),
                sink.notices().toString());
        assertEquals(1, sink.facts().stream().filter(f -> f.name().equals("options")).count(), "the same command twice");
    }

    /** perf stat without -I: one summary of the whole command, its seconds as run summary values. */
    @Test
    void anEventCountedTwiceInASummaryKeepsBothCountsAndTheTitleStartsTheNext() {
        // perf stat -e cycles,cycles, run twice: print_header's title opens each summary and print_footer's elapsed
        // seconds close it (stat-display.c), so an event again before them is a second counter, not the next summary
        String text = """
                 Performance counter stats for 'sleep 1':

                         1,202,345      cycles
                         1,198,765      cycles

                       1.001234567 seconds time elapsed

                 Performance counter stats for 'sleep 1':

                         1,300,000      cycles
                         1,299,999      cycles

                       1.001987654 seconds time elapsed
                """;
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParserFixtures.context("x", TimeOptions.DEFAULT));
        List<SpecRow> rows = sink.rows("perf-stat");
        assertEquals(List.of(1202345.0, 1300000.0), rows.stream().map(r -> r.get("cycles")).toList());
        assertEquals(List.of(1198765.0, 1299999.0), rows.stream().map(r -> r.get("cycles (2)")).toList());
        assertEquals(List.of("4: perf stat printed cycles more than once in one summary (counters of one name): "
                        + "the second is cycles (2)"),
                sink.notices().stream().filter(n -> n.message().contains("more than once"))
                        .map(n -> n.line() + ": " + n.message()).toList());
        assertEquals(List.of(), sink.warnings());
    }

    /**
     * A capture loop's {@code date; perf stat -x, ...} (wild16): each summary follows the date(1) line printed just
     * before its command started, so that line dates it, and it ends the summary before it (-x output has no title).
     */
    @Test
    void aDateLineBeforeEachSummaryDatesItAndEndsTheOneBefore() {
        String csv = """
                Thu Dec  3 21:19:08 UTC 2026
                2161.93,msec,task-clock,2161934904,100.00,2.006,CPUs utilized
                2007,,context-switches,2161930498,100.00,928.335,/sec
                18159,,page-faults,2161929417,100.00,8.399,K/sec
                Thu Dec  3 21:19:10 UTC 2026
                2104.51,msec,task-clock,2104512470,100.00,2.000,CPUs utilized
                2023,,context-switches,2104507103,100.00,961.268,/sec
                15801,,page-faults,2104505450,100.00,7.508,K/sec
                Thu Dec  3 21:19:11 UTC 2026
                2094.58,msec,task-clock,2094581047,100.00,2.007,CPUs utilized
                2256,,context-switches,2094578844,100.00,1.077,K/sec
                9774,,page-faults,2094578163,100.00,4.666,K/sec
                """;
        CollectingSink sink = ParserFixtures.parseText(parser, csv, ParserFixtures.context("x", TimeOptions.DEFAULT));
        List<SpecRow> rows = sink.rows("perf-stat");
        assertEquals(List.of(2007.0, 2023.0, 2256.0), rows.stream().map(r -> r.get("context-switches")).toList());
        assertEquals(List.of(Instant.parse("2026-12-03T21:19:08Z"), Instant.parse("2026-12-03T21:19:10Z"),
                Instant.parse("2026-12-03T21:19:11Z")), rows.stream().map(r -> r.row().time()).toList());
        assertEquals(List.of(), sink.warnings());
        assertEquals("a date(1) line before each perf stat summary, plus the elapsed seconds where printed",
                sink.fact("time.source").orElseThrow());

        // the text form prints its elapsed seconds: the summary is at the end of the command
        String text = """
                Thu Dec  3 21:19:08 UTC 2026

                 Performance counter stats for 'sleep 1':

                         1,202,345      cycles

                       1.500000000 seconds time elapsed

                Thu Dec  3 21:19:10 UTC 2026

                 Performance counter stats for 'sleep 1':

                         1,300,000      cycles

                       1.250000000 seconds time elapsed
                """;
        sink = ParserFixtures.parseText(parser, text, ParserFixtures.context("x", TimeOptions.DEFAULT));
        assertEquals(List.of(Instant.parse("2026-12-03T21:19:09.5Z"), Instant.parse("2026-12-03T21:19:11.25Z")),
                sink.rows("perf-stat").stream().map(r -> r.row().time()).toList());
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void summaryBlocksAreOneSampleEachAtTheEndOfTheCommand() {
        CollectingSink text = ParserFixtures.parse(parser, "perf-stat/linux-perf-6.1-stat-o-dd.txt");
        assertEquals("summary-text", text.variant());
        List<SpecRow> rows = text.rows("perf-stat");
        assertEquals(1, rows.size());
        assertEquals(14.47, rows.get(0).get("task-clock"));
        assertEquals(337, rows.get(0).get("page-faults"));
        // '# started on Wed Dec  2 16:21:06 2026' plus 0.111114587 s elapsed, in the test's zone
        assertEquals(Instant.parse("2026-12-02T16:21:06.111114587Z"), rows.get(0).row().time());
        assertEquals(List.of(0.111114587, 0.004295, 0.017183), text.summaries().stream().map(v -> v.value()).toList());
        assertEquals("dd if=/dev/zero of=/dev/null bs=1M count=200", text.fact("command").orElseThrow());

        CollectingSink csv = ParserFixtures.parse(parser, "perf-stat/linux-perf-6.1-stat-x-r3-sleep0.1.csv");
        assertEquals("summary-csv", csv.variant());
        assertEquals(74, csv.rows("perf-stat").get(0).get("page-faults"));
        assertEquals(0.8, parser.sniff(ParserFixtures.head("perf-stat/linux-perf-6.1-stat-x-r3-sleep0.1.csv")));

        CollectingSink multiplexed = ParserFixtures.parse(parser, "perf-stat/public-perf-stat-d-multiplexed.txt");
        assertEquals(78_888_709, multiplexed.rows("perf-stat").get(0).get("cycles:u"));
        assertTrue(multiplexed.notices().stream().anyMatch(n -> n.message().contains("counted cycles:u for 77.44 %")),
                multiplexed.notices().toString());
        assertEquals(0.95, parser.sniff(ParserFixtures.head("perf-stat/public-perf-stat-d-multiplexed.txt")));
    }

    /**
     * A summary of one command, then the intervals of another in the same shell block (Chinese notes): the header
     * '# time counts unit events' starts intervals again, whose lines begin with their seconds.
     */
    @Test
    void anIntervalHeaderAfterASummaryReadsIntervalsAgain() {
        ParseContext context = ParserFixtures.context("x", TimeOptions.DEFAULT.withStart(Instant.parse("2026-12-02T04:00:00Z")));
        CollectingSink sink = ParserFixtures.parse(parser, "perf-stat/cn-notes-perf-stat-a-sleep5-and-I1000-sched_switch.txt", context);
        List<SpecRow> rows = sink.rows("perf-stat");
        assertEquals(40030.13, rows.get(0).get("cpu-clock"));
        assertEquals(List.of(178165.0, 170544.0, 151407.0, 170984.0, 179526.0, 169576.0, 53921.0, 1880.0, 2115.0),
                rows.stream().skip(1).map(r -> r.get("sched:sched_switch")).toList());
        assertEquals(Instant.parse("2026-12-02T04:00:01.000107281Z"), rows.get(1).row().time());
        assertEquals("count", sink.spec("perf-stat").metrics().stream()
                .filter(m -> m.label().equals("sched:sched_switch")).findFirst().orElseThrow().unit());
        assertEquals(List.of(), sink.warnings());
    }

    /** perf stat -x prints a derived metric that has no counter of its own on a line with empty count, unit and event. */
    @Test
    void aDerivedMetricOnACsvLineOfItsOwnIsNoCounter() {
        CollectingSink sink = ParserFixtures.parse(parser, "perf-stat/hs-opt-handbook-perf-stat-x-haskell-main.csv");
        assertEquals("summary-csv", sink.variant());
        assertEquals(List.of(), sink.warnings());
        assertEquals(1, sink.rows("perf-stat").size());
        assertEquals(64701.16, sink.rows("perf-stat").get(0).get("task-clock"));
        assertEquals(85795758030.0, sink.rows("perf-stat").get(0).get("branches"));
    }

    /**
     * perf stat -I --summary: the counts of the whole run after the intervals, in CSV without time (before 2021) or
     * after a 'summary' cell, and in text under a title. They are run summary values, not one more interval.
     */
    @Test
    void theSummaryOfAnIntervalRunIsRunSummaryValues() {
        CollectingSink before = ParserFixtures.parse(parser, "perf-stat/lkml-2021-perf-stat-x-I1000-summary-without-summary-column.csv");
        assertEquals(List.of(), before.warnings());
        assertEquals(1, before.rows("perf-stat").size());
        assertEquals(8013.48, before.rows("perf-stat").get(0).get("cpu-clock"));
        assertEquals(List.of("cpu-clock=8013.48 ms", "context-switches=270.0 count", "cpu-migrations=13.0 count",
                "page-faults=184.0 count", "cycles=2.0574191E7 count", "instructions=1.0562267E7 count",
                "branches=2019244.0 count", "branch-misses=106152.0 count"),
                before.summaries().stream().map(v -> v.name() + "=" + v.value() + " " + v.unit()).toList());

        CollectingSink after = ParserFixtures.parse(parser, "perf-stat/lkml-2021-perf-stat-x-I1000-summary-column.csv");
        assertEquals(List.of(), after.warnings());
        assertEquals(1, after.rows("perf-stat").size());
        assertEquals(82601, after.rows("perf-stat").get(0).get("branch-misses"));
        assertEquals(8, after.summaries().size());
        assertEquals(7954691, after.summaries().stream().filter(v -> v.name().equals("instructions")).findFirst()
                .orElseThrow().value());

        String text = """
                #           time             counts unit events
                     1.001323097           8,013.48 msec cpu-clock                 #    8.013 CPUs utilized
                     1.001323097                270      context-switches          #   33.694 /sec

                 Performance counter stats for 'system wide':

                          8,013.48 msec cpu-clock                 #    7.984 CPUs utilized
                               270      context-switches          #   33.694 /sec

                       1.001323097 seconds time elapsed
                """;
        CollectingSink summed = ParserFixtures.parseText(parser, text, ParserFixtures.context("x", TimeOptions.DEFAULT));
        assertEquals(List.of(), summed.warnings());
        assertEquals(1, summed.rows("perf-stat").size());
        assertEquals(List.of("cpu-clock=8013.48", "context-switches=270.0", "seconds time elapsed=1.001323097"),
                summed.summaries().stream().map(v -> v.name() + "=" + v.value()).toList());
    }

    /** perf 3.x printed task-clock in milliseconds without a unit, and the share of multiplexed events in brackets. */
    @Test
    void aClockEventPrintedWithoutAUnitIsInMilliseconds() {
        CollectingSink sink = ParserFixtures.parse(parser, "perf-stat/maya-blog-perf-3x-stat-d-summary-bracket-shares.txt");
        assertEquals("ms", sink.spec("perf-stat").metrics().stream()
                .filter(m -> m.label().equals("task-clock")).findFirst().orElseThrow().unit());
        SpecRow row = sink.rows("perf-stat").get(0);
        assertEquals(25566.693274, row.get("task-clock"));
        assertEquals(85686451343.0, row.get("cycles"));
        assertTrue(Double.isNaN(row.get("stalled-cycles-backend")));
        assertEquals(List.of(44.935850648), sink.summaries().stream().map(v -> v.value()).toList());
    }

    /** perf stat -j writes a JSON object per counter: read as its text and CSV twins are, per CPU with -A. */
    @Test
    void jsonLinesOfIntervalsPerCpuAreReadAsTheTextIs() {
        String fixture = "perf-stat/linux-perf-6.1-stat-j-I1000-a-A-sleep2.json.txt";
        assertTrue(parser.sniff(ParserFixtures.head(fixture)) >= 0.9);
        CollectingSink sink = ParserFixtures.parse(parser, fixture);
        assertEquals("interval-json", sink.variant());
        // {"interval" : 1.000381803, "cpu" : "1", "counter-value" : "1315.000000", "unit" : "", "event" : "context-switches", ...}
        assertEquals(List.of(1315.0, 4883.0, 43.0), sink.rows("perf-stat", "CPU1").stream().map(r -> r.get("context-switches")).toList());
        assertEquals("ms", sink.spec("perf-stat").metrics().get(0).unit());
        assertEquals("CPU", sink.spec("perf-stat").keyLabel());
        assertTrue(Double.isNaN(sink.rows("perf-stat", "CPU0").get(0).get("cycles")));
    }

    /** Without -I, perf stat -j prints the summary's counters with no title; -r adds each one's variance, not kept. */
    @Test
    void jsonLinesWithoutIntervalsAreTheSummary() {
        CollectingSink sink = ParserFixtures.parse(parser, "perf-stat/linux-perf-6.1-stat-j-r3-sleep0.2.json.txt");
        assertEquals("summary-json", sink.variant());
        assertEquals(1, sink.rows("perf-stat").size());
        CollectingSink bad = ParserFixtures.parseText(parser, """
                {"counter-value" : "4.068138", "unit" : "msec", "event" : "cpu-clock", "pcnt-running" : 100.00}
                {"counter-value" : "4.071875", "unit" : "msec", "event" : "task-clock"
                {"metric-value" : 0.18, "metric-unit" : "stalled cycles per insn"}
                """, ParserFixtures.context("x", TimeOptions.DEFAULT));
        assertEquals(List.of(2L), bad.warnings().stream().map(ParseWarning::line).toList());
        assertEquals(4.068138, bad.rows("perf-stat").get(0).get("cpu-clock"));
    }
}
