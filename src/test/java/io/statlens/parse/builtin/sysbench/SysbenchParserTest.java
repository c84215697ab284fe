package io.statlens.parse.builtin.sysbench;

import io.statlens.model.ParseWarning;
import io.statlens.model.SummaryValue;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.AutoDetectParser;
import io.statlens.parse.ParserCatalog;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.TimeOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SysbenchParserTest {
    private static final double EPS = 1e-9;
    private final SysbenchParser parser = new SysbenchParser();

    private CollectingSink parse(String file) {
        return ParserFixtures.parse(parser, "sysbench/" + file);
    }

    private static double summary(CollectingSink sink, String name) {
        return sink.summary(name).orElseThrow(() -> new AssertionError("no summary value " + name + " in " + sink.summaries()));
    }

    private static double summary(CollectingSink sink, String key, String name) {
        return sink.summaries().stream().filter(s -> s.key().equals(key) && s.name().equals(name)).map(SummaryValue::value)
                .findFirst().orElseThrow(() -> new AssertionError("no summary value " + key + "/" + name));
    }

    private static String fact(CollectingSink sink, String name) {
        return sink.fact(name).orElseThrow(() -> new AssertionError("no fact " + name + " in " + sink.facts()));
    }

    private static Instant epochPlus(long seconds) {
        return Instant.EPOCH.plusSeconds(seconds);
    }

    /** Warnings other than SampleClock's file-level note that the output carries no date. */
    private static List<ParseWarning> lineWarnings(CollectingSink sink) {
        return sink.warnings().stream().filter(w -> w.line() > 0).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"arcaflow-1.0.20-cpu.txt", "arcaflow-1.0.20-memory.txt", "blog-0.4.12-fileio-rndrw-20G.txt",
            "cn-0.4.10-cpu.txt", "cn-0.4.10-oltp-annotated.txt", "howto-0.4.12-fileio-150G-space-lines.txt",
            "linhong-1.0.20-fileio-rndrd-interval.txt", "mb-0.4.12-oltp-ro-128thr.txt", "mb-0.5-early-rw-64thr-10s.txt",
            "mb-0.5-late-insert-1thr.txt", "mb-0.5-late-ro-256thr.txt", "mb-0.5-mid-rw-8thr-5s.txt",
            "mcgrof-1.0.17-oltp-128thr-doublewrite-first2000.txt", "pkb-0.5-embedded-in-pkb-log.txt",
            "pkb-1.0.11-memory-per-cpu-prefixed.txt", "plantegg-1.0.20-oltp_rw-16thr.txt", "plantegg-1.0.20-write_only-1thr.txt",
            "upstream-oltp_read_write_mysql.t.txt", "upstream-opt_report_interval.t.txt", "upstream-test_cpu.t.txt",
            "upstream-test_fileio.t.txt", "upstream-test_memory.t.txt", "upstream-test_threads.t.txt",
            "capture-1.0.20-memory.txt", "capture-1.0.20-cpu.txt", "capture-1.0.20-threads.txt", "capture-1.0.20-mutex.txt",
            "capture-1.0.20-fileio.txt", "capture-1.0.20-oltp_read_only-histogram.txt", "capture-1.0.20-oltp_insert-percentile-0.txt",
            "vc-1.1.0-oltp-point-select.txt"})
    void sniffsEveryCorpusFile(String file) {
        assertTrue(parser.sniff(ParserFixtures.head("sysbench/" + file)) >= 0.5, file);
    }

    @Test
    void isRegisteredAsAService() {
        var registry = ParserCatalog.load(Path.of("no-user-parsers"));
        assertTrue(registry.byTool("sysbench").orElseThrow() instanceof SysbenchParser);
        assertEquals("sysbench", new AutoDetectParser(registry).detect(ParserFixtures.head("sysbench/mb-0.5-early-rw-64thr-10s.txt"))
                .parser().orElseThrow().info().tool());
    }

    @Test
    void doesNotClaimOtherToolsOutput() {
        String vmstat = """
                procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----
                 r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st
                 1  0      0 7617360 166708 1071064    0    0     3     2   28   45  0  0 100  0  0
                """;
        String iostat = """
                Linux 5.15.0-86-generic (host) \t09/16/2019 \t_x86_64_\t(32 CPU)

                avg-cpu:  %user   %nice %system %iowait  %steal   %idle
                           1.23    0.00    0.45    0.01    0.00   98.31

                Device            r/s     w/s     rkB/s     wkB/s   rrqm/s   wrqm/s  %util
                sda              0.50    1.20     12.00     40.00     0.00     0.30   0.07
                """;
        String tpcc = """
                ***************************************
                *** ###easy### TPC-C Load Generator ***
                ***************************************
                <Parameters>
                     [server]: 127.0.0.1
                  [warehouse]: 10
                     [rampup]: 10 (sec.)
                MEASURING START.

                  10, trx: 1234, 95%: 12.345, 99%: 23.456, max_rt: 45.678, 1233|34.567, 123|12.345, 123|56.789, 124|67.890
                """;
        String pkbWithoutSysbench = """
                2017-07-07 11:15:29,849 41b2ddaa MainThread INFO     Flag values:
                --sysbench_thread_count=2
                 'metric': 'sysbench tps p0.1',
                """;
        for (String text : List.of(vmstat, iostat, tpcc, pkbWithoutSysbench)) {
            assertTrue(parser.sniff(new Head("other.txt", Arrays.asList(text.split("\n")))) < 0.5, text);
        }
    }

    @Test
    void readsSysbench05EarlyIntervalsWithoutCommaBeforeResponseTime() {
        CollectingSink sink = parse("mb-0.5-early-rw-64thr-10s.txt");
        assertEquals("sysbench-0.5", sink.variant());
        List<SpecRow> rows = sink.rows("sysbench");
        assertEquals(360, rows.size());
        assertEquals(List.of("threads", "tps", "reads/s", "writes/s", "response time"),
                sink.spec("sysbench").metrics().stream().map(m -> m.label()).toList());
        assertEquals("ms", sink.spec("sysbench").metrics().get(4).unit());
        SpecRow first = rows.get(0);
        assertEquals(epochPlus(10), first.row().time());
        assertEquals(0, first.row().sample());
        assertFalse(first.row().sinceBoot());
        assertEquals(64, first.get("threads"), EPS);
        assertEquals(4934.49, first.get("tps"), EPS);
        assertEquals(69150.31, first.get("reads/s"), EPS);
        assertEquals(19743.07, first.get("writes/s"), EPS);
        assertEquals(149.09, first.get("response time"), EPS);
        SpecRow at3460 = rows.get(345);
        assertEquals(epochPlus(3460), at3460.row().time());
        assertEquals(1950.79, at3460.get("tps"), EPS);
        assertEquals(223.86, at3460.get("response time"), EPS);
        SpecRow last = rows.get(359);
        assertEquals(epochPlus(3600), last.row().time());
        assertEquals(2418.00, last.get("tps"), EPS);
        assertEquals(191.08, last.get("response time"), EPS);

        assertEquals(2419.23, summary(sink, "tps"), EPS);
        assertEquals(8709368, summary(sink, "transactions"), EPS);
        assertEquals(43546.18, summary(sink, "read_write_requests_per_s"), EPS);
        assertEquals(3600.0548, summary(sink, "total_time_s"), EPS);
        assertEquals(8709368, summary(sink, "events"), EPS);
        assertEquals(2.30, summary(sink, "latency_min_ms"), EPS);
        assertEquals(26.45, summary(sink, "latency_avg_ms"), EPS);
        assertEquals(15908.09, summary(sink, "latency_max_ms"), EPS);
        assertEquals(183.68, summary(sink, "latency_p99_ms"), EPS);
        assertTrue(sink.summary("latency_p95_ms").isEmpty());
        assertEquals(136083.875, summary(sink, "fairness_events_avg"), EPS);
        assertEquals(3599.8146, summary(sink, "fairness_exec_time_avg"), EPS);
        assertEquals(64, summary(sink, "threads"), EPS);

        assertEquals("0.5", fact(sink, "sysbench.version"));
        assertEquals("64", fact(sink, "sysbench.threads"));
        assertEquals("10", fact(sink, "sysbench.report_interval"));
        assertEquals("42", fact(sink, "sysbench.rng_seed"));
        assertEquals("99", fact(sink, "sysbench.percentile"));
        assertEquals("oltp", fact(sink, "sysbench.test"));
        assertTrue(fact(sink, "time.source").contains("interval printed by the tool, 10 s"));
        assertEquals(List.of(), lineWarnings(sink));
    }

    @Test
    void intervalTimesStartAtTheGivenStart() {
        Instant start = Instant.parse("2016-03-01T10:00:00Z");
        CollectingSink sink = ParserFixtures.parse(parser, "sysbench/mb-0.5-mid-rw-8thr-5s.txt",
                ParserFixtures.context("mid", TimeOptions.DEFAULT.withStart(start)));
        List<SpecRow> rows = sink.rows("sysbench");
        assertEquals(120, rows.size());
        assertEquals(start.plusSeconds(5), rows.get(0).row().time());
        assertEquals(1942.02, rows.get(0).get("tps"), EPS);
        assertEquals(5.41, rows.get(0).get("response time"), EPS);
        assertEquals(start.plusSeconds(55), rows.get(10).row().time());
        assertEquals(1651.40, rows.get(9).get("tps"), EPS);
        assertEquals(start.plusSeconds(600), rows.get(119).row().time());
        assertEquals(1722.40, rows.get(119).get("tps"), EPS);
        assertEquals(1636.05, summary(sink, "tps"), EPS);
        assertEquals(12.07, summary(sink, "latency_p99_ms"), EPS);
        assertEquals(List.of(), sink.warnings(), "with --start nothing is assumed");
    }

    @Test
    void readsSysbench05LateIntervalsWithErrorsAndReconnects() {
        CollectingSink sink = parse("mb-0.5-late-insert-1thr.txt");
        List<SpecRow> rows = sink.rows("sysbench");
        assertEquals(25, rows.size());
        assertEquals(List.of("threads", "tps", "reads", "writes", "response time", "errors", "reconnects"),
                sink.spec("sysbench").metrics().stream().map(m -> m.label()).toList());
        assertEquals("1/s", sink.spec("sysbench").metrics().get(2).unit());
        assertEquals("95th percentile response time of the interval", sink.spec("sysbench").metrics().get(4).description());
        assertEquals(0.0, rows.get(0).get("tps"), EPS);
        assertEquals(589.65, rows.get(0).get("writes"), EPS);
        assertEquals(4.16, rows.get(0).get("response time"), EPS);
        assertEquals(0.0, rows.get(0).get("reconnects"), EPS);
        assertEquals(epochPlus(50), rows.get(24).row().time());
        assertEquals(602.00, rows.get(24).get("writes"), EPS);
        assertEquals(0.0, summary(sink, "tps"), EPS);
        assertEquals(0.0, summary(sink, "errors"), EPS);
        assertEquals(0.0, summary(sink, "reconnects"), EPS);
        assertEquals(605.07, summary(sink, "read_write_requests_per_s"), EPS);
        assertEquals(4.09, summary(sink, "latency_p95_ms"), EPS);
        assertEquals(50.9673, summary(sink, "event_execution_time_s"), EPS);
        assertEquals("0 (ignored)", fact(sink, "sysbench.rng_seed"));
        assertEquals("2", fact(sink, "sysbench.report_interval"));

        CollectingSink ro = parse("mb-0.5-late-ro-256thr.txt");
        assertEquals(25, ro.rows("sysbench").size());
        assertEquals(871.73, ro.rows("sysbench").get(0).get("tps"), EPS);
        assertEquals(534.12, ro.rows("sysbench").get(0).get("response time"), EPS);
        assertEquals(1031.55, summary(ro, "tps"), EPS);
        assertEquals(307.46, summary(ro, "latency_p95_ms"), EPS);
        assertEquals(256, summary(ro, "threads"), EPS);
    }

    @Test
    void readsTheForcedShutdownLineOfSysbench05AsAFact() {
        // sysbench 0.5 prints it before the test's own lines when run with --forced-shutdown: --max-time plus the timeout
        CollectingSink sink = parse("plb-0.5-ro-1000thr-forced-shutdown.txt");
        assertEquals(List.of(), lineWarnings(sink));
        assertEquals("301", fact(sink, "sysbench.forced_shutdown_s"));
        List<SpecRow> rows = sink.rows("sysbench");
        assertEquals(30, rows.size());
        assertEquals(12549.33, rows.get(0).get("tps"), EPS);
        assertEquals(982, rows.get(29).get("threads"), EPS);
        assertEquals(89.04, rows.get(29).get("response time"), EPS);
        assertEquals(14002.78, summary(sink, "tps"), EPS);
        assertEquals(87.09, summary(sink, "latency_p95_ms"), EPS);
    }

    @Test
    void findsSysbenchOutputEmbeddedInAPerfKitBenchmarkerLog() {
        CollectingSink sink = parse("pkb-0.5-embedded-in-pkb-log.txt");
        List<SpecRow> rows = sink.rows("sysbench");
        assertEquals(600, rows.size());
        assertEquals(epochPlus(2), rows.get(0).row().time());
        assertEquals(144.13, rows.get(0).get("tps"), EPS);
        assertEquals(2030.88, rows.get(0).get("reads"), EPS);
        assertEquals(17.52, rows.get(0).get("response time"), EPS);
        assertEquals(epochPlus(1200), rows.get(599).row().time());
        assertEquals(120.5, rows.get(599).get("tps"), EPS);
        assertEquals(151.85, summary(sink, "tps"), EPS);
        assertEquals(17.73, summary(sink, "latency_p99_ms"), EPS);
        assertEquals(13.17, summary(sink, "latency_avg_ms"), EPS);
        assertEquals(1200.0136, summary(sink, "total_time_s"), EPS);
        assertEquals("timer", fact(sink, "sysbench.rng_seed"));
        List<ParseWarning> warnings = lineWarnings(sink);
        assertEquals(2, warnings.size(), warnings.toString());
        assertEquals(1, warnings.get(0).line());
        assertTrue(warnings.get(0).message().startsWith("17 lines up to line 17 are not sysbench output"));
        assertEquals(657, warnings.get(1).line());
        assertTrue(warnings.get(1).message().contains("'stderr is'"));
    }

    @Test
    void readsSysbench10IntervalsOfADoubleWriteRun() {
        CollectingSink sink = parse("mcgrof-1.0.17-oltp-128thr-doublewrite-first2000.txt");
        assertEquals("sysbench-1.0", sink.variant());
        List<SpecRow> rows = sink.rows("sysbench");
        assertEquals(1988, rows.size());
        assertEquals(List.of("thds", "tps", "qps", "r", "w", "o", "lat (ms,95%)", "err/s", "reconn/s"),
                sink.spec("sysbench").metrics().stream().map(m -> m.label()).toList());
        SpecRow first = rows.get(0);
        assertEquals(epochPlus(2), first.row().time());
        assertEquals(128, first.get("thds"), EPS);
        assertEquals(4903.39, first.get("tps"), EPS);
        assertEquals(98717.09, first.get("qps"), EPS);
        assertEquals(69198.36, first.get("r"), EPS);
        assertEquals(19648.52, first.get("w"), EPS);
        assertEquals(9870.21, first.get("o"), EPS);
        assertEquals(35.59, first.get("lat (ms,95%)"), EPS);
        assertEquals(0.0, first.get("err/s"), EPS);
        SpecRow last = rows.get(1987);
        assertEquals(1987, last.row().sample());
        assertEquals(epochPlus(3976), last.row().time());
        assertEquals(5300.55, last.get("tps"), EPS);
        assertEquals(33.72, last.get("lat (ms,95%)"), EPS);
        // the cut file has no final statistics: only the thread count it was started with
        assertEquals(List.of("threads"), sink.summaries().stream().map(SummaryValue::name).toList());
        assertEquals("1.0.17", fact(sink, "sysbench.version"));
        assertEquals("1.0.17", fact(sink, "tool.version"));
        assertEquals("bundled LuaJIT 2.1.0-beta2", fact(sink, "sysbench.luajit"));
        assertEquals("95", fact(sink, "sysbench.percentile"));
        assertEquals(List.of(), lineWarnings(sink));
    }

    @Test
    void readsSysbench10OltpReadWriteWithSqlStatistics() {
        CollectingSink sink = parse("plantegg-1.0.20-oltp_rw-16thr.txt");
        List<SpecRow> rows = sink.rows("sysbench");
        assertEquals(30, rows.size());
        assertEquals(3325.76, rows.get(0).get("tps"), EPS);
        assertEquals(7.84, rows.get(0).get("lat (ms,95%)"), EPS);
        assertEquals(epochPlus(30), rows.get(29).row().time());
        assertEquals(8.13, rows.get(29).get("lat (ms,95%)"), EPS);
        assertEquals(3482.24, summary(sink, "tps"), EPS);
        assertEquals(69644.89, summary(sink, "qps"), EPS);
        assertEquals(104490, summary(sink, "transactions"), EPS);
        assertEquals(2089800, summary(sink, "queries"), EPS);
        assertEquals(1462860, summary(sink, "queries_read"), EPS);
        assertEquals(0, summary(sink, "errors"), EPS);
        assertEquals(0, summary(sink, "reconnects"), EPS);
        assertEquals(30.0055, summary(sink, "total_time_s"), EPS);
        assertEquals(104490, summary(sink, "events"), EPS);
        assertEquals(1.58, summary(sink, "latency_min_ms"), EPS);
        assertEquals(4.59, summary(sink, "latency_avg_ms"), EPS);
        assertEquals(21.55, summary(sink, "latency_max_ms"), EPS);
        assertEquals(7.43, summary(sink, "latency_p95_ms"), EPS);
        assertEquals(479980.77, summary(sink, "latency_sum_ms"), EPS);
        assertEquals(6530.625, summary(sink, "fairness_events_avg"), EPS);
        assertEquals(775.34, summary(sink, "fairness_events_stddev"), EPS);
        assertEquals(29.9988, summary(sink, "fairness_exec_time_avg"), EPS);
        assertEquals(16, summary(sink, "threads"), EPS);
        assertEquals("16", fact(sink, "sysbench.threads"));
        assertEquals("1", fact(sink, "sysbench.report_interval"));
        assertEquals("current time", fact(sink, "sysbench.rng_seed"));

        CollectingSink writeOnly = parse("plantegg-1.0.20-write_only-1thr.txt");
        assertEquals(29, writeOnly.rows("sysbench").size());
        assertEquals(0.0, writeOnly.rows("sysbench").get(0).get("r"), EPS);
        assertEquals(13251.58, writeOnly.rows("sysbench").get(0).get("w"), EPS);
        assertEquals(3425.59, summary(writeOnly, "tps"), EPS);
        assertEquals(20553.54, summary(writeOnly, "qps"), EPS);
        assertEquals(0.38, summary(writeOnly, "latency_p95_ms"), EPS);
    }

    @Test
    void readsSysbench11ThroughputBlock() {
        CollectingSink sink = parse("vc-1.1.0-oltp-point-select.txt");
        assertEquals("sysbench-1.1", sink.variant());
        assertTrue(sink.rows("sysbench").isEmpty());
        assertEquals(32400.24, summary(sink, "tps"), EPS);
        assertEquals(32400.24, summary(sink, "qps"), EPS);
        assertEquals(32400.2399, summary(sink, "events_per_s"), EPS);
        assertEquals(300.0011, summary(sink, "total_time_s"), EPS);
        assertEquals(9720106, summary(sink, "events"), EPS);
        assertEquals(0.28, summary(sink, "latency_p95_ms"), EPS);
        assertEquals(13.68, summary(sink, "latency_max_ms"), EPS);
        assertEquals("1.1.0", fact(sink, "sysbench.version"));
        assertTrue(fact(sink, "time.source").startsWith("none:"));
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void readsSysbench10FileioIntervalsAndBlocks() {
        CollectingSink sink = parse("linhong-1.0.20-fileio-rndrd-interval.txt");
        List<SpecRow> rows = sink.rows("sysbench");
        assertEquals(10, rows.size());
        // stored under labels of their own: 0.5's OLTP prints queries per second under 'reads' and 'writes'
        assertEquals(List.of("reads MiB/s", "writes MiB/s", "fsyncs", "latency (ms,95%)"),
                sink.spec("sysbench").metrics().stream().map(m -> m.label()).toList());
        assertEquals(List.of("MiB/s", "MiB/s", "1/s", "ms"),
                sink.spec("sysbench").metrics().stream().map(m -> m.unit()).toList());
        assertEquals(28.78, rows.get(0).get("reads MiB/s"), EPS);
        assertEquals(0.0, rows.get(0).get("fsyncs"), EPS);
        assertEquals(1.319, rows.get(0).get("latency (ms,95%)"), EPS);
        assertEquals(epochPlus(10), rows.get(9).row().time());
        assertEquals(30.09, rows.get(9).get("reads MiB/s"), EPS);
        assertEquals(1906.50, summary(sink, "reads_per_s"), EPS);
        assertEquals(0.0, summary(sink, "writes_per_s"), EPS);
        assertEquals(0.0, summary(sink, "fsyncs_per_s"), EPS);
        assertEquals(29.79, summary(sink, "read_mib_s"), EPS);
        assertEquals(0.0, summary(sink, "write_mib_s"), EPS);
        assertEquals(1.37, summary(sink, "latency_p95_ms"), EPS);
        assertEquals(19074, summary(sink, "events"), EPS);
        assertEquals("fileio", fact(sink, "sysbench.test"));
        assertEquals("rndrd", fact(sink, "sysbench.file_test_mode"));
        assertEquals("directio", fact(sink, "sysbench.file_extra_flags"));
        assertEquals("4", fact(sink, "sysbench.file_num"));
        assertEquals("256MiB", fact(sink, "sysbench.file_size"));
        assertEquals("1GiB", fact(sink, "sysbench.file_total_size"));
        assertEquals("16KiB", fact(sink, "sysbench.file_block_size"));
        assertEquals("100", fact(sink, "sysbench.file_fsync_freq"));
        assertEquals("synchronous", fact(sink, "sysbench.file_io_mode"));
        // the deprecation WARNING is kept as a notice; the trailing shell prompt is not a problem
        assertEquals(List.of(), lineWarnings(sink));
        List<ParseWarning> warnings = sink.notices().stream().filter(w -> w.line() > 0).toList();
        assertEquals(1, warnings.size(), warnings.toString());
        assertEquals(1, warnings.get(0).line());
        assertTrue(warnings.get(0).message().contains("WARNING: the --test option is deprecated"));
    }

    @Test
    void readsSysbench04FileioInBinaryUnits() {
        CollectingSink sink = parse("blog-0.4.12-fileio-rndrw-20G.txt");
        assertEquals("sysbench-0.4", sink.variant());
        assertEquals(421740, summary(sink, "read_ops"), EPS);
        assertEquals(281160, summary(sink, "write_ops"), EPS);
        assertEquals(899653, summary(sink, "other_ops"), EPS);
        assertEquals(1602553, summary(sink, "total_ops"), EPS);
        assertEquals(6.4352 * 1024, summary(sink, "read_mib"), 1e-6);
        assertEquals(4.2902 * 1024, summary(sink, "written_mib"), 1e-6);
        assertEquals(10.725 * 1024, summary(sink, "transferred_mib"), 1e-6);
        assertEquals(36.609, summary(sink, "transferred_mib_s"), EPS);
        assertEquals(2342.97, summary(sink, "requests_per_s"), EPS);
        assertEquals(300.0035, summary(sink, "total_time_s"), EPS);
        assertEquals(702900, summary(sink, "events"), EPS);
        assertEquals(165.9392, summary(sink, "event_execution_time_s"), EPS);
        assertEquals(0.01, summary(sink, "latency_min_ms"), EPS);
        assertEquals(0.24, summary(sink, "latency_avg_ms"), EPS);
        assertEquals(25.72, summary(sink, "latency_max_ms"), EPS);
        assertEquals(0.73, summary(sink, "latency_p95_ms"), EPS);
        assertEquals("0.4.12", fact(sink, "sysbench.version"));
        assertEquals("rndrw", fact(sink, "sysbench.file_test_mode"));
        assertEquals("160Mb", fact(sink, "sysbench.file_size"));
        assertEquals("20Gb", fact(sink, "sysbench.file_total_size"));
        assertEquals("16Kb", fact(sink, "sysbench.file_block_size"));
        assertEquals("1.50", fact(sink, "sysbench.file_rw_ratio"));
        assertEquals("timer", fact(sink, "sysbench.rng_seed"));
        assertEquals(List.of(), sink.warnings());

        CollectingSink slow = parse("howto-0.4.12-fileio-150G-space-lines.txt");
        assertEquals(53.316 / 1024, summary(slow, "transferred_mib_s"), EPS, "Kb/sec is KiB/s");
        assertEquals(9.375, summary(slow, "read_mib"), EPS);
        assertEquals(3.33, summary(slow, "requests_per_s"), EPS);
        assertEquals(482.29, summary(slow, "latency_p95_ms"), EPS);
        assertEquals(2596.96, summary(slow, "latency_max_ms"), EPS);
        assertEquals("1.1719Gb", fact(slow, "sysbench.file_size"));
        // lines holding a single space are blank lines; the loader's complaint is kept
        assertEquals(List.of(new ParseWarning(1, "sysbench printed: sysbench: /usr/lib/libmysqlclient.so.18: "
                + "no version information available (required by sysbench)")), slow.notices());
    }

    @Test
    void readsSysbench04OltpAndCpu() {
        CollectingSink ro = parse("mb-0.4.12-oltp-ro-128thr.txt");
        assertEquals(33769.40, summary(ro, "tps"), EPS);
        assertEquals(2026289, summary(ro, "transactions"), EPS);
        assertEquals(0, summary(ro, "deadlocks"), EPS);
        assertEquals(4052578, summary(ro, "queries_total"), EPS);
        assertEquals(1.20, summary(ro, "latency_min_ms"), EPS);
        assertEquals(7.86, summary(ro, "latency_p95_ms"), EPS);
        assertEquals(15830.3828, summary(ro, "fairness_events_avg"), EPS);
        assertEquals(128, summary(ro, "threads"), EPS);
        assertEquals("oltp", fact(ro, "sysbench.test"));
        assertEquals("simple", fact(ro, "sysbench.oltp_test_mode"));
        assertEquals("on", fact(ro, "sysbench.oltp_read_only"));
        assertEquals("on", fact(ro, "sysbench.oltp_skip_trx"));
        assertEquals("uniform", fact(ro, "sysbench.oltp_dist_type"));
        assertEquals("mysql", fact(ro, "sysbench.db_driver"));
        assertEquals(List.of(), ro.warnings(), "'(last message repeated 127 times)' is noise");

        CollectingSink cpu = parse("cn-0.4.10-cpu.txt");
        assertEquals("cpu", fact(cpu, "sysbench.test"));
        assertEquals("20000", fact(cpu, "sysbench.cpu_max_prime"));
        assertEquals(30.5083, summary(cpu, "total_time_s"), EPS);
        assertEquals(10000, summary(cpu, "events"), EPS);
        assertEquals(3.48, summary(cpu, "latency_p95_ms"), EPS);
        assertEquals(List.of(), cpu.warnings());
    }

    @Test
    void keepsWarningsOfAnAnnotatedRunAndSkipsTheAuthorsComments() {
        CollectingSink sink = parse("cn-0.4.10-oltp-annotated.txt");
        assertEquals(List.of(new ParseWarning(4, "sysbench printed: WARNING: Preparing of \"BEGIN\" is unsupported, "
                + "using emulation (repeated 99 more times)")), sink.notices());
        assertEquals(276.21, summary(sink, "tps"), EPS);
        assertEquals(5247.91, summary(sink, "read_write_requests_per_s"), EPS);
        assertEquals(552.41, summary(sink, "other_operations_per_s"), EPS);
        assertEquals(764.73, summary(sink, "latency_p95_ms"), EPS);
        assertEquals(1223.34, summary(sink, "latency_max_ms"), EPS);
        assertEquals(0.76, summary(sink, "fairness_events_stddev"), EPS, "read after the comment line");
        assertEquals("100", fact(sink, "sysbench.threads"));
        assertEquals("special", fact(sink, "sysbench.oltp_dist_type"));
        assertEquals("1000", fact(sink, "sysbench.max_requests"));
        assertEquals("mixed", fact(sink, "sysbench.oltp_test_mode"));
    }

    @Test
    void readsSysbench10CpuAndMemoryTests() {
        CollectingSink cpu = parse("arcaflow-1.0.20-cpu.txt");
        assertEquals(2927.61, summary(cpu, "events_per_s"), EPS);
        assertEquals(10.0005, summary(cpu, "total_time_s"), EPS);
        assertEquals(29281, summary(cpu, "events"), EPS);
        assertEquals(0.70, summary(cpu, "latency_p95_ms"), EPS);
        assertEquals(19995.74, summary(cpu, "latency_sum_ms"), EPS);
        assertEquals(2, summary(cpu, "threads"), EPS);
        assertEquals("cpu", fact(cpu, "sysbench.test"));
        assertEquals("10000", fact(cpu, "sysbench.cpu_max_prime"));
        assertEquals("system LuaJIT 2.1.0-beta3", fact(cpu, "sysbench.luajit"));
        assertEquals(List.of(), cpu.warnings());

        CollectingSink memory = parse("arcaflow-1.0.20-memory.txt");
        assertEquals(70040643, summary(memory, "operations"), EPS);
        assertEquals(7003215.47, summary(memory, "operations_per_s"), EPS);
        assertEquals(68399.07, summary(memory, "transferred_mib"), EPS);
        assertEquals(6839.08, summary(memory, "transferred_mib_s"), EPS);
        assertEquals(0.11, summary(memory, "latency_max_ms"), EPS);
        assertEquals(955973.50, summary(memory, "fairness_events_stddev"), EPS);
        assertEquals("memory", fact(memory, "sysbench.test"));
        assertEquals("1KiB", fact(memory, "sysbench.memory_block_size"));
        assertEquals("102400MiB", fact(memory, "sysbench.memory_total_size"));
        assertEquals("write", fact(memory, "sysbench.memory_oper"));
        assertEquals("global", fact(memory, "sysbench.memory_scope"));
        assertEquals(List.of(), memory.warnings());
    }

    @Test
    void keysTheSummaryOfEachRunByItsNumberWhenAFileHoldsSeveral() {
        CollectingSink sink = parse("pkb-1.0.11-memory-per-cpu-prefixed.txt");
        assertTrue(sink.summaries().stream().noneMatch(s -> s.key().isEmpty()));
        assertEquals(3803.18, summary(sink, "1", "transferred_mib_s"), EPS);
        assertEquals(5343.59, summary(sink, "2", "transferred_mib_s"), EPS);
        assertEquals(5353.06, summary(sink, "3", "transferred_mib_s"), EPS);
        assertEquals(3811.29, summary(sink, "4", "transferred_mib_s"), EPS);
        assertEquals(38946823, summary(sink, "1", "events"), EPS);
        assertEquals(1.04, summary(sink, "4", "latency_max_ms"), EPS);
        assertEquals(64, sink.summaries().stream().filter(s -> s.dataset().equals("sysbench")).count());
        assertEquals("1.0.11", fact(sink, "sysbench.version"));
        assertEquals("CPU 0", fact(sink, "sysbench.output_prefix"));
        assertEquals("CPU 1", fact(sink, "sysbench.run2.output_prefix"));
        assertEquals("CPU 3", fact(sink, "sysbench.run4.output_prefix"));
        assertTrue(sink.fact("sysbench.run2.threads").isEmpty(), "equal facts are not repeated");
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void readsWhatHasNumbersInCramTests() {
        CollectingSink interval = parse("upstream-opt_report_interval.t.txt");
        List<SpecRow> rows = interval.rows("sysbench");
        assertEquals(2, rows.size());
        assertEquals(9, rows.get(0).spec().metrics().size());
        assertEquals(1, rows.get(0).get("thds"), EPS);
        assertTrue(Double.isNaN(rows.get(0).get("tps")), "'*' is not a number");
        assertTrue(Double.isNaN(rows.get(0).get("lat (ms,95%)")));
        assertEquals(0.0, rows.get(0).get("reconn/s"), EPS);
        assertEquals(epochPlus(2), rows.get(0).row().time());
        assertEquals(List.of("thds", "eps", "lat (ms,95%)"), rows.get(1).spec().metrics().stream().map(m -> m.label()).toList());
        assertEquals(epochPlus(3), rows.get(1).row().time(), "the second command's run follows the first");
        assertEquals("oltp_read_write", fact(interval, "sysbench.test"));
        assertEquals("cpu", fact(interval, "sysbench.run2.test"));
        assertEquals("mysql", fact(interval, "sysbench.db_driver"));
        assertEquals(List.of(), lineWarnings(interval));

        CollectingSink cpu = parse("upstream-test_cpu.t.txt");
        assertEquals(100, summary(cpu, "events"), EPS);
        assertEquals(50, summary(cpu, "fairness_events_avg"), EPS);
        assertTrue(cpu.summary("fairness_events_stddev").isEmpty(), "'*' is skipped");
        assertTrue(cpu.summary("events_per_s").isEmpty());
        assertEquals("1000", fact(cpu, "sysbench.cpu_max_prime"));
        assertEquals("sysbench-1.1", cpu.variant());

        CollectingSink threads = parse("upstream-test_threads.t.txt");
        assertEquals(100, summary(threads, "events"), EPS);
        assertEquals(2, summary(threads, "threads"), EPS);

        CollectingSink memory = parse("upstream-test_memory.t.txt");
        for (String run : List.of("1", "2", "3", "4")) {
            assertEquals(262144, summary(memory, run, "events"), EPS);
            assertEquals(1024, summary(memory, run, "transferred_mib"), EPS);
        }
        assertEquals("read", fact(memory, "sysbench.memory_oper"));
        assertEquals("write", fact(memory, "sysbench.run2.memory_oper"));
        assertEquals("local", fact(memory, "sysbench.run3.memory_scope"));
        assertEquals(List.of(37L, 43L, 49L, 55L), memory.notices().stream().filter(w -> w.message().contains("FATAL"))
                .map(ParseWarning::line).toList());

        CollectingSink oltp = parse("upstream-oltp_read_write_mysql.t.txt");
        for (String run : List.of("1", "2")) {
            assertEquals(1400, summary(oltp, run, "queries_read"), EPS);
            assertEquals(100, summary(oltp, run, "transactions"), EPS);
            assertEquals(2000, summary(oltp, run, "queries"), EPS);
            assertEquals(100, summary(oltp, run, "events"), EPS);
        }
        assertEquals("10000", fact(oltp, "sysbench.table_size"));
        assertEquals("8", fact(oltp, "sysbench.tables"));
    }

    @Test
    void keepsFatalAndWarningLinesOfCramFileioTests() {
        CollectingSink sink = parse("upstream-test_fileio.t.txt");
        assertEquals(0.0, summary(sink, "1", "reads_per_s"), EPS);
        assertEquals(0.0, summary(sink, "1", "read_mib_s"), EPS);
        assertEquals(0.0, summary(sink, "2", "fsyncs_per_s"), EPS);
        assertEquals("seqwr", fact(sink, "sysbench.file_test_mode"));
        assertEquals("off", fact(sink, "sysbench.run2.file_fsync_end"), "from the second command's --file-fsync-end=off");
        assertEquals(new ParseWarning(35, "sysbench printed: FATAL: Missing required argument: --file-test-mode"),
                sink.notices().stream().filter(w -> w.line() == 35).findFirst().orElseThrow());
        assertEquals(new ParseWarning(194, "sysbench printed: WARNING: Did you forget to run the prepare step?"),
                sink.notices().stream().filter(w -> w.line() == 194).findFirst().orElseThrow());
    }

    @Test
    void readsTheLuaReportHookWithoutColonAfterErrS() {
        // sysbench 1.0.x: src/lua/internal/sysbench.lua report_default prints "err/s %4.2f" without the colon
        String text = """
                sysbench 1.0.19 (using bundled LuaJIT 2.1.0-beta2)

                Running the test with following options:
                Number of threads: 16
                Report intermediate results every 10 second(s)

                Threads started!

                [ 10s ] thds: 16 tps: 1000.50 qps: 20010.00 (r/w/o: 14007.00/4002.00/2001.00) \
                lat (ms,99%): 25.28 err/s 0.30 reconn/s: 0.00
                [ 20s ] thds: 16 tps: 1010.00 qps: 20200.00 (r/w/o: 14140.00/4040.00/2020.00) \
                lat (ms,99%): 24.83 err/s 0.00 reconn/s: 0.00
                """;
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("hook.txt"));
        List<SpecRow> rows = sink.rows("sysbench");
        assertEquals(2, rows.size());
        assertEquals(List.of("thds", "tps", "qps", "r", "w", "o", "lat (ms,99%)", "err/s", "reconn/s"),
                sink.spec("sysbench").metrics().stream().map(m -> m.label()).toList());
        assertEquals(0.30, rows.get(0).get("err/s"), EPS);
        assertEquals(25.28, rows.get(0).get("lat (ms,99%)"), EPS);
        assertEquals(epochPlus(20), rows.get(1).row().time());
        assertEquals("99", fact(sink, "sysbench.percentile"));
        assertEquals(List.of(), lineWarnings(sink));
    }

    /** sysbench 1.0.20's own runs of every non-database test, with --report-interval=1 (mutex without it). */
    @Test
    void readsTheIntermediateReportsOfEveryTest() {
        CollectingSink memory = parse("capture-1.0.20-memory.txt");
        List<SpecRow> rows = memory.rows("sysbench");
        assertEquals(List.of("throughput"), memory.spec("sysbench").metrics().stream().map(m -> m.label()).toList());
        assertEquals("MiB/s", memory.spec("sysbench").metrics().get(0).unit());
        assertEquals(2, rows.size());
        assertEquals(2183.00, rows.get(0).get("throughput"), EPS);
        assertEquals(2183.20, rows.get(1).get("throughput"), EPS);
        assertEquals(epochPlus(1), rows.get(0).row().time(), "[ 1s ]: one second after the start");
        assertEquals(2240.01, summary(memory, "transferred_mib_s"), EPS);
        assertEquals(List.of(), memory.warnings());

        CollectingSink cpu = parse("capture-1.0.20-cpu.txt");
        assertEquals(992.99, cpu.rows("sysbench").get(0).get("eps"), EPS);
        assertEquals(4.49, cpu.rows("sysbench").get(1).get("lat (ms,95%)"), EPS);

        CollectingSink threads = parse("capture-1.0.20-threads.txt");
        assertEquals(3, threads.rows("sysbench").size());
        assertEquals(505.99, threads.rows("sysbench").get(2).get("eps"), EPS);

        CollectingSink fileio = parse("capture-1.0.20-fileio.txt");
        SpecRow second = fileio.rows("sysbench").get(1);
        assertEquals(56.30, second.get("reads MiB/s"), EPS);
        assertEquals(237.20, second.get("fsyncs"), EPS);
        assertEquals(0.009, second.get("latency (ms,95%)"), EPS);
        assertEquals("MiB/s", fileio.spec("sysbench").metrics().get(0).unit());

        for (CollectingSink sink : List.of(cpu, threads, fileio)) assertEquals(List.of(), sink.warnings());
    }

    @Test
    void aRunWithoutIntermediateReportsSaysItHoldsItsFinalStatistics() {
        CollectingSink mutex = parse("capture-1.0.20-mutex.txt");
        assertEquals(List.of(), mutex.rows("sysbench"));
        assertEquals(List.of(), mutex.warnings(), "summary values alone are a complete result, not a failure");
        assertEquals(442.73, summary(mutex, "latency_p95_ms"), EPS);
        assertEquals("none: the output has no intermediate reports (run without --report-interval)", fact(mutex, "time.source"));
    }

    @Test
    void readsPastTheLatencyHistogramWithANoticeNotAWarning() {
        // --histogram prints its title, header and 156 bucket rows between the last report and SQL statistics
        CollectingSink sink = parse("capture-1.0.20-oltp_read_only-histogram.txt");
        assertEquals(5, sink.rows("sysbench").size());
        assertEquals(0.94, sink.rows("sysbench").get(4).get("lat (ms,95%)"), EPS);
        assertEquals(List.of(), lineWarnings(sink));
        assertTrue(sink.notices().stream().anyMatch(n -> n.line() == 18 && n.message().contains("156 buckets")), sink.notices().toString());
        assertEquals(2.30, summary(sink, "latency_p95_ms"), EPS);
        assertEquals(8199, summary(sink, "transactions"), EPS);
    }

    @Test
    void storesNoLatencyWhenPercentilesAreDisabled() {
        // --percentile=0: sysbench records no latencies, prints 'lat (ms,0%): 0.00' and 'percentile stats: disabled'
        CollectingSink sink = parse("capture-1.0.20-oltp_insert-percentile-0.txt");
        List<SpecRow> rows = sink.rows("sysbench");
        assertEquals(5, rows.size());
        assertEquals(1985.31, rows.get(0).get("tps"), EPS);
        assertTrue(sink.spec("sysbench").metrics().stream().noneMatch(m -> m.label().startsWith("lat")),
                sink.spec("sysbench").metrics().toString());
        assertEquals(List.of(), lineWarnings(sink));
        assertEquals(1.00, summary(sink, "latency_avg_ms"), EPS);
        assertTrue(sink.summaries().stream().noneMatch(v -> v.name().startsWith("latency_p")));
    }

    @Test
    void readsTheMemoryReportOfSysbench11InAnyBinaryUnit() {
        String text = """
                sysbench 1.1.0-2ca9e3f (using bundled LuaJIT 2.1.0-beta3)
                [ 1s ] 1142.88 MiB/sec
                [ 2s ] 1.12 GiB/sec
                [ 3s ] 12.5 report
                """;
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("memory.txt"));
        List<SpecRow> rows = sink.rows("sysbench");
        assertEquals(1142.88, rows.get(0).get("throughput"), EPS);
        assertEquals("MiB/s", rows.get(0).spec().metrics().get(0).unit());
        assertEquals(1.12 * 1024, rows.get(1).get("throughput"), 1e-6, "converted to the column's MiB/s");
        assertEquals(1, sink.datasets().size());
        assertEquals(List.of(new ParseWarning(4, "intermediate report not understood: expected 'label: value' at column 1")),
                lineWarnings(sink));
    }

    @Test
    void mergesTheQueueLineOfRateLimitedRunsIntoItsInterval() {
        String text = """
                sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)
                Target transaction rate: 100/sec
                [ 1s ] thds: 4 tps: 99.00 qps: 1980.00 (r/w/o: 1386.00/396.00/198.00) \
                lat (ms,95%): 5.00 err/s: 0.00 reconn/s: 0.00
                [ 1s ] queue length: 0 concurrency: 3
                [ 2s ] thds: 4 tps: 101.00 qps: 2020.00 (r/w/o: 1414.00/404.00/202.00) \
                lat (ms,95%): 5.10 err/s: 0.00 reconn/s: 0.00
                [ 2s ] queue length: 2 concurrency: 4
                """;
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("rate.txt"));
        List<SpecRow> rows = sink.rows("sysbench");
        assertEquals(2, rows.size());
        assertEquals(11, sink.spec("sysbench").metrics().size());
        assertEquals(3, rows.get(0).get("concurrency"), EPS);
        assertEquals(99, rows.get(0).get("tps"), EPS);
        assertEquals(2, rows.get(1).get("queue length"), EPS);
        assertEquals(1, rows.get(1).row().sample());
        assertEquals("100/sec", fact(sink, "sysbench.rate"));
        assertEquals(1, sink.datasets().size());
    }

    @Test
    void readsSysbench11FileioThroughputAndSecondsInOldLatencies() {
        String text = """
                sysbench 1.1.0-dcde0d9 (using bundled LuaJIT 2.1.0-beta3)

                Throughput:
                         read:  IOPS=1906.50 29.79 MiB/s (31.24 MB/s)
                         write: IOPS=1271.00 19.86 MiB/s (20.82 MB/s)
                         fsync: IOPS=4067.20

                Latency (ms):
                         min:                                    0.03
                         99th percentile:                        4.25
                """;
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("fileio11.txt"));
        assertEquals(1906.50, summary(sink, "reads_per_s"), EPS);
        assertEquals(29.79, summary(sink, "read_mib_s"), EPS);
        assertEquals(1271.00, summary(sink, "writes_per_s"), EPS);
        assertEquals(19.86, summary(sink, "write_mib_s"), EPS);
        assertEquals(4067.20, summary(sink, "fsyncs_per_s"), EPS);
        assertEquals(4.25, summary(sink, "latency_p99_ms"), EPS);
        assertEquals("99", fact(sink, "sysbench.percentile"));
        assertEquals(List.of(), sink.warnings().stream().filter(w -> w.line() > 0).toList());

        String old = """
                sysbench v0.4.12:  multi-threaded system evaluation benchmark

                Doing memory operations speed test
                Memory block size: 1K
                Memory transfer size: 102400M
                Memory operations type: write
                Operations performed: 104857600 (1916539.09 ops/sec)

                102400.00 MB transferred (1871.62 MB/sec)

                Test execution summary:
                    total time:                          54.7115s
                    per-request statistics:
                         min:                                  0.00ms
                         max:                                  1.2345s
                         approx.  99 percentile:               1.50s
                """;
        CollectingSink v04 = ParserFixtures.parseText(parser, old, ParseContext.simple("memory04.txt"));
        assertEquals("0.4.12", fact(v04, "sysbench.version"));
        assertEquals("sysbench-0.4", v04.variant());
        assertEquals("memory", fact(v04, "sysbench.test"));
        assertEquals("1K", fact(v04, "sysbench.memory_block_size"));
        assertEquals("102400M", fact(v04, "sysbench.memory_total_size"));
        assertEquals("write", fact(v04, "sysbench.memory_oper"));
        assertEquals(104857600, summary(v04, "operations"), EPS);
        assertEquals(1916539.09, summary(v04, "operations_per_s"), EPS);
        assertEquals(1871.62, summary(v04, "transferred_mib_s"), EPS);
        assertEquals(1234.5, summary(v04, "latency_max_ms"), EPS);
        assertEquals(1500, summary(v04, "latency_p99_ms"), EPS);
        assertEquals(List.of(), v04.warnings());
    }

    @Test
    void takesTheFinalStatisticsAfterCheckpointReports() {
        String text = """
                sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)

                [ 10s ] Checkpoint report:
                SQL statistics:
                    transactions:                        1000   (100.00 per sec.)

                SQL statistics:
                    transactions:                        4000   (200.00 per sec.)
                """;
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("checkpoints.txt"));
        assertEquals(200.00, summary(sink, "tps"), EPS);
        assertEquals(4000, summary(sink, "transactions"), EPS);
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void warnsAboutMalformedLinesAndGoesOn() {
        String text = """
                sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)
                [ 1s ] thds: 4 tps: 10.00 qps: 200.00 (r/w/o: 140.00/40.00/20.00) lat (ms,95%): 5.00 err/s: 0.00 reconn/s: 0.00
                [ 2s ] thds: 4 tps: ten qps: 200.00
                [ 3s ] thds: 4 tps: 12.00 qps: 240.00 (r/w/o: 168.00/48.00/24.00) lat (ms,95%): 5.00 err/s: 0.00 reconn/s: 0.00
                this line means nothing
                SQL statistics:
                    transactions:                        lots   (100.00 per sec.)
                """;
        CollectingSink sink = ParserFixtures.parseText(parser, text,
                ParserFixtures.context("bad.txt", TimeOptions.DEFAULT.withStart(Instant.EPOCH)));
        assertEquals(2, sink.rows("sysbench").size());
        assertEquals(epochPlus(3), sink.rows("sysbench").get(1).row().time());
        List<ParseWarning> warnings = lineWarnings(sink);
        assertEquals(List.of(3L, 5L, 7L), warnings.stream().map(ParseWarning::line).toList(), warnings.toString());
        assertEquals("intermediate report not understood: expected a number for 'tps', found 'ten'", warnings.get(0).message());
        assertTrue(warnings.get(1).message().contains("'this line means nothing'"));
        assertTrue(warnings.get(2).message().startsWith("expected numbers in 'transactions:"));
    }

    @Test
    void explainsFilesWithoutResults() {
        CollectingSink failed = ParserFixtures.parseText(parser, """
                sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)

                FATAL: Cannot open file 'test_file.0' errno = 2 (No such file or directory)
                """, ParseContext.simple("failed.txt"));
        assertTrue(failed.rows("sysbench").isEmpty());
        assertTrue(failed.summaries().isEmpty());
        assertEquals(List.of(3L), failed.notices().stream().map(ParseWarning::line).toList(), "the tool's FATAL line");
        assertEquals(List.of(0L), failed.warnings().stream().map(ParseWarning::line).toList());
        assertTrue(failed.warnings().get(0).message().contains("no intermediate reports and no final statistics"));
        assertEquals("1.0.20", fact(failed, "sysbench.version"), "facts of a run that measured nothing are still kept");

        CollectingSink nothing = ParserFixtures.parseText(parser, "hello\nworld\n", ParseContext.simple("nothing.txt"));
        assertEquals(List.of(1L, 0L), nothing.warnings().stream().map(ParseWarning::line).toList());
        assertTrue(nothing.warnings().get(1).message().startsWith("no sysbench output found"));
    }

    @Test
    void readsOptionsOfTheCommandLineButNeverPasswords() {
        String text = """
                [root@db1 ~]# sysbench --test=oltp --num-threads=32 --oltp-table-size=1000000 --mysql-password=secret run
                sysbench 0.4.12:  multi-threaded system evaluation benchmark

                Number of threads: 32
                OLTP test statistics:
                    transactions:                        1000   (276.21 per sec.)
                """;
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("cmd.txt"));
        assertEquals("oltp", fact(sink, "sysbench.test"));
        assertEquals("32", fact(sink, "sysbench.threads"));
        assertEquals("1000000", fact(sink, "sysbench.table_size"));
        assertEquals("0.4.12", fact(sink, "sysbench.version"));
        assertTrue(sink.facts().stream().noneMatch(f -> f.value().contains("secret") || f.name().contains("password")));
        assertEquals(276.21, summary(sink, "tps"), EPS);
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void parsesTheExampleOfTheDocumentation() {
        String text = """
                sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)

                Running the test with following options:
                Number of threads: 16
                Report intermediate results every 1 second(s)

                Threads started!

                [ 1s ] thds: 16 tps: 3325.76 qps: 66720.01 (r/w/o: 46735.47/13317.04/6667.51) \
                lat (ms,95%): 7.84 err/s: 0.00 reconn/s: 0.00
                [ 2s ] thds: 16 tps: 3490.44 qps: 69754.72 (r/w/o: 48823.10/13951.74/6979.87) \
                lat (ms,95%): 7.04 err/s: 0.00 reconn/s: 0.00
                SQL statistics:
                    transactions:                        104490 (3482.24 per sec.)
                    queries:                             2089800 (69644.89 per sec.)

                Latency (ms):
                         avg:                                    4.59
                         95th percentile:                        7.43
                """;
        Instant start = Instant.parse("2025-01-01T10:00:00Z");
        CollectingSink sink = ParserFixtures.parseText(parser, text,
                ParserFixtures.context("example.txt", TimeOptions.DEFAULT.withStart(start)));
        List<SpecRow> rows = sink.rows("sysbench");
        assertEquals(2, rows.size());
        assertEquals(start.plusSeconds(1), rows.get(0).row().time());
        assertEquals(start.plusSeconds(2), rows.get(1).row().time());
        assertEquals(List.of(16.0, 3325.76, 66720.01, 46735.47, 13317.04, 6667.51, 7.84, 0.0, 0.0),
                Arrays.stream(rows.get(0).row().values()).boxed().toList());
        assertEquals(List.of("threads", "transactions", "tps", "queries", "qps", "latency_avg_ms", "latency_p95_ms"),
                sink.summaries().stream().map(SummaryValue::name).toList());
        assertEquals(3482.24, summary(sink, "tps"), EPS);
        assertEquals(69644.89, summary(sink, "qps"), EPS);
        assertEquals(7.43, summary(sink, "latency_p95_ms"), EPS);
        assertEquals("derived: first sample at --start 2025-01-01T10:00:00Z, interval printed by the tool, 1 s",
                fact(sink, "time.source"));
        assertEquals("oltp", fact(sink, "sysbench.test"));
        assertEquals("95", fact(sink, "sysbench.percentile"));
        assertEquals("sysbench-1.0", sink.variant());
        assertEquals(List.of(), sink.warnings());
    }
}
