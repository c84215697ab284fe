package io.statlens.chart;

import io.statlens.store.OnEveryEngine;
import io.statlens.store.RepositoryEngine;
import io.statlens.model.UserException;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.SharedRepository;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.load.ScriptedParser;
import io.statlens.store.schema.Repository;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** From repository data to chart data: key choice, axes, titles, units, since-boot rows, SQL charts, annotations. */
@OnEveryEngine
class ChartDataLoaderTest {
    private final RepositoryEngine engine;

    ChartDataLoaderTest(RepositoryEngine engine) {
        this.engine = engine;
    }

    @TempDir
    Path dir;
    private Repository repo;
    private ChartService charts;

    @RegisterExtension
    static final SharedRepository shared = new SharedRepository();

    @BeforeEach
    void open() {
        repo = shared.repository(engine);
        charts = new ChartService(repo, ZoneOffset.UTC);
    }

    private void importScripted(String run, String... lines) throws Exception {
        Path f = Files.writeString(dir.resolve(run + ".txt"), "#scripted\n" + String.join("\n", lines) + "\n");
        new ImportService(repo, new ParserCatalog(List.of(new ScriptedParser())))
                .run(ImportRequest.of(run, ZoneOffset.UTC, f), ImportProgress.NONE);
    }

    private void importCorpus(String run, String file) {
        Path f = Path.of("src/test/resources/corpus", file);
        new ImportService(repo, ParserCatalog.load(dir.resolve("no-user-parsers"))).run(ImportRequest.of(run, ZoneOffset.UTC, f),
                ImportProgress.NONE);
    }

    private static ChartDefinition.Builder metric(String tool, ChartKind kind, String... labels) {
        ChartDefinition.Builder b = ChartDefinition.builder().tool(tool).kind(kind);
        for (String l : labels) b.metric(List.of(l));
        return b;
    }

    /** Keys a, b, c with %busy means 1, 5, 3 and %idle 99, 95, 97. */
    private void threeKeys(String run, long t0) throws Exception {
        importSamples(run, t0, 4, "columns %busy %idle", "a 1 99", "b 5 95", "c 3 97");
    }

    /** {@code samples} samples 10 s apart from {@code t0}, each with these rows (a key and its values). */
    private void importSamples(String run, long t0, int samples, String columns, String... rows) throws Exception {
        List<String> lines = new ArrayList<>(List.of(columns));
        for (int i = 0; i < samples; i++) {
            long t = t0 + i * 10L;
            for (String row : rows) lines.add(t + " " + row);
        }
        importScripted(run, lines.toArray(String[]::new));
    }

    @Test
    void aLineChartHasOneSeriesPerKeyOnTheClockWithTheUnitOnTheAxis() throws Exception {
        threeKeys("r1", 1_700_000_000L);
        ChartData c = chart(metric("scripted", ChartKind.LINE, "%busy"), "r1");
        assertEquals(ChartData.Domain.TIME, c.domain());
        // The legend's order: the busiest key first (mean %busy of b, then c, then a).
        assertEquals(List.of("b", "c", "a"), c.series().stream().map(ChartData.PlotSeries::name).toList());
        assertEquals("%busy (%)", c.yLabel());
        assertEquals("scripted %busy by Key", c.title());
        assertEquals("run r1  \u00b7  2023-11-14 22:13:20 \u2013 22:13:50 UTC", c.subtitle());
        assertArrayEquals(new double[]{1_700_000_000_000.0, 1_700_000_010_000.0, 1_700_000_020_000.0, 1_700_000_030_000.0},
                c.series().get(0).x());
        assertEquals("r1_scripted_pct-busy_line", c.id());
    }

    @Test
    void topNKeepsTheBusiestKeysAtTheHotEnd() throws Exception {
        threeKeys("r1", 1_700_000_000L);
        ChartData high = chart(metric("scripted", ChartKind.LINE, "%busy").top(2), "r1");
        assertEquals(List.of("b", "c"), high.series().stream().map(ChartData.PlotSeries::name).toList());
        assertTrue(high.subtitle().endsWith("top 2 of 3 Keys by mean %busy"), high.subtitle());
        ChartData low = chart(metric("scripted", ChartKind.LINE, "%idle").top(1).hot(HotEnd.LOW), "r1");
        assertEquals(List.of("b"), low.series().stream().map(ChartData.PlotSeries::name).toList(), "lowest idle is busiest");
        ChartData filtered = chart(metric("scripted", ChartKind.LINE, "%busy").key("a").key("c"), "r1");
        assertEquals(List.of("c", "a"), filtered.series().stream().map(ChartData.PlotSeries::name).toList());
        ChartDefinition.Builder typoKey = metric("scripted", ChartKind.LINE, "%busy").key("d");
        UserException typo = assertThrows(UserException.class, () -> chart(typoKey, "r1"));
        assertEquals("data set 'scripted' of run 'r1' has no Key 'd'; it has: a, b, c", typo.getMessage());
    }

    @Test
    void theKeysOfTheRunCountKeysWithoutTheRankedMetric() throws Exception {
        // The busiest keys are ranked by %busy alone, but x, which never printed %busy, is still one of the run's keys.
        importSamples("partial", 1_700_000_000L, 3, "columns %busy %idle", "a 1 99", "b 5 95", "x NaN 90");
        ChartData c = chart(metric("scripted", ChartKind.LINE, "%busy").top(1), "partial");
        assertEquals(List.of("b"), c.series().stream().map(ChartData.PlotSeries::name).toList());
        assertTrue(c.subtitle().endsWith("top 1 of 3 Keys by mean %busy"), c.subtitle());
    }

    @Test
    void severalRunsShareAnElapsedAxisAndBarsCompareTheirMeans() throws Exception {
        threeKeys("base", 1_700_000_000L);
        threeKeys("next", 1_800_000_000L);
        ChartDefinition def = metric("scripted", ChartKind.LINE, "%busy").key("b").build();
        ChartData overlay = single(load(def, List.of("base", "next"), List.of(), false));
        assertEquals(ChartKind.OVERLAY, overlay.kind());
        assertEquals(ChartData.Domain.ELAPSED, overlay.domain());
        assertEquals(List.of("base b", "next b"), overlay.series().stream().map(ChartData.PlotSeries::name).toList());
        assertEquals(List.of("base", "next"), overlay.series().stream().map(ChartData.PlotSeries::colourKey).toList(),
                "colour per run");
        assertArrayEquals(new double[]{0, 10, 20, 30}, overlay.series().get(1).x());
        assertEquals("base+next_scripted_pct-busy_overlay", overlay.id());

        ChartData bars = chart(metric("scripted", ChartKind.BARS, "%busy"), "base", "next");
        assertEquals(List.of(new ChartData.BarValue("a", "base", 1), new ChartData.BarValue("a", "next", 1),
                new ChartData.BarValue("b", "base", 5), new ChartData.BarValue("b", "next", 5),
                new ChartData.BarValue("c", "base", 3), new ChartData.BarValue("c", "next", 3)), bars.bars());
        assertEquals("mean %busy (%)", bars.yLabel());
    }

    @Test
    void annotationsBecomeMarkersOnEitherAxis() throws Exception {
        threeKeys("r1", 1_700_000_000L);
        List<ChartMark> notes = List.of(ChartMark.at(Instant.ofEpochSecond(1_700_000_015L), "warm-up done"));
        ChartData line = single(load(metric("scripted", ChartKind.LINE, "%busy").build(), List.of("r1"), notes, false));
        assertEquals(List.of(new ChartData.ChartMarker(1_700_000_015_000.0, "warm-up done")), line.markers());
        ChartData overlay = single(load(metric("scripted", ChartKind.OVERLAY, "%busy").build(), List.of("r1"), notes,
                false));
        assertEquals(List.of(new ChartData.ChartMarker(15, "warm-up done")), overlay.markers(), "15 s after the run's start");
    }

    @Test
    void aQueryDefinesAChartAndIsAskedOfEachRun() throws Exception {
        threeKeys("base", 1_700_000_000L);
        threeKeys("next", 1_800_000_000L);
        ChartDefinition def = ChartDefinition.builder().name("busy-by-key").kind(ChartKind.BARS).unit("%")
                .sql("SELECT ITEM, AVG(PCT_BUSY) AS \"mean busy\" FROM V_SCRIPTED WHERE RUN = :run GROUP BY ITEM ORDER BY ITEM")
                .build();
        ChartData bars = single(load(def, List.of("base", "next"), List.of(), false));
        assertEquals(6, bars.bars().size());
        assertEquals(new ChartData.BarValue("b", "next", 5), bars.bars().get(3));
        assertEquals("mean busy (%)", bars.yLabel());
        assertEquals("base+next_busy-by-key_bars", bars.id());

        ChartDefinition heat = ChartDefinition.builder().kind(ChartKind.HEATMAP).unit("%")
                .sql("SELECT TS, ITEM, 100 - PCT_IDLE AS BUSY FROM V_SCRIPTED WHERE RUN = :run").build();
        ChartData map = single(load(heat, List.of("base"), List.of(), false));
        assertEquals(ChartData.Domain.TIME, map.domain());
        assertEquals(List.of("a", "b", "c"), map.series().stream().map(ChartData.PlotSeries::name).toList());
        assertArrayEquals(new double[]{5, 5, 5, 5}, map.series().get(1).y());
    }

    @Test
    void aPresetForAToolTheRunLacksIsSkippedWithTheReason() throws Exception {
        threeKeys("r1", 1_700_000_000L);
        ChartDefinition vmstat = metric("vmstat", ChartKind.LINE, "r").name("vmstat.procs").build();
        ChartResult r = load(vmstat, List.of("r1"), List.of(), true);
        assertTrue(r.charts().isEmpty());
        assertEquals(List.of("chart 'vmstat.procs': run r1 has no vmstat data with r"), r.skipped());
        assertThrows(UserException.class, () -> load(vmstat, List.of("r1"), List.of(), false));
        assertThrows(UserException.class, () -> load(vmstat, List.of("nope"), List.of(), true),
                "an unknown run always fails");
    }

    @Test
    void theSinceBootSampleIsLeftOutUnlessAskedFor() {
        importCorpus("vm", "vmstat/jc-ubuntu1804-vmstat-1-long.txt");
        ChartData plain = chart(metric("vmstat", ChartKind.LINE, "us"), "vm");
        // 37 reports (vmstat repeats its header after 34 of them); the first one averages since boot
        assertEquals(36, plain.series().get(0).size());
        assertEquals(0, plain.series().get(0).y()[0]);
        ChartData withBoot = chart(metric("vmstat", ChartKind.LINE, "us").sinceBoot(true), "vm");
        assertEquals(37, withBoot.series().get(0).size());
        assertEquals(4, withBoot.series().get(0).y()[0], "the since-boot average of 4% user time");
    }

    @Test
    void builtInPresetsChartThe48CpuSarFile() {
        importCorpus("sar48", "sar/ksar-linux-sysstat-10.1.5-48cpu.txt");
        ChartData heat = preset("sar.cpu-heatmap", "sar48");
        assertEquals(48, heat.series().size(), "one row per CPU, without the all line");
        assertEquals("0", heat.series().get(0).name());
        assertEquals("47", heat.series().get(47).name());
        assertEquals(36, heat.series().get(0).size());
        assertEquals(0.03, heat.series().get(0).y()[0], 1e-9, "CPU 0 at 09:10:01: busy 100 - 99.93 %idle - 0.04 %iowait");
        assertEquals(HotEnd.HIGH, heat.hot(), "busy time is hot at the high end");
        assertEquals("100 - %idle - %iowait (%)", heat.yLabel());
        assertEquals("CPU", heat.keyLabel());

        ChartData area = preset("sar.cpu", "sar48");
        assertEquals(List.of("%usr", "%nice", "%sys", "%iowait", "%irq", "%soft", "%steal", "%idle"),
                area.series().stream().map(ChartData.PlotSeries::name).toList(),
                "the alternatives sar 10.1 prints, in preset order");
        assertEquals(99.97, area.series().get(7).y()[0], "all CPUs idle at 09:10:01");
        assertEquals("CPU all", area.subtitle().substring(area.subtitle().lastIndexOf("\u00b7") + 3));
    }

    @Test
    void aSysbenchLineChartHasEveryInterval() {
        importCorpus("sb", "sysbench/plantegg-1.0.20-oltp_rw-16thr.txt");
        ChartData tps = preset("sysbench.tps", "sb");
        assertEquals(30, tps.series().get(0).size());
        assertEquals(3325.76, tps.series().get(0).y()[0]);
        assertEquals("tps (/s)", tps.yLabel());
        assertEquals("Transactions per second (sysbench)", tps.title());
    }

    /** A heat map leaves out the average row: of a data set whose only key is all (plain mpstat 1) it reads no row. */
    @Test
    void aHeatMapOfOnlyTheAverageRowReadsNothing() throws Exception {
        importSamples("onlyall", 1_700_000_000L, 4, "columns %busy %idle", "all 5 95");
        SelectionSource source = new SelectionSource(repo);
        assertEquals(List.of(), source.load(metric("scripted", ChartKind.HEATMAP, "%busy").build(), "onlyall", false).orElseThrow()
                .data().traces());
        assertEquals(4, source.load(metric("scripted", ChartKind.LINE, "%busy").build(), "onlyall", false).orElseThrow()
                .data().traces().get(0).size(), "a line of all reads its rows");
        UserException e = assertThrows(UserException.class, () -> chart(metric("scripted", ChartKind.HEATMAP, "%busy"), "onlyall"));
        assertTrue(e.getMessage().startsWith("no values to draw in onlyall"), e.getMessage());
    }

    @Test
    void fewerThanThreeSamplesAreBarsNotADotOnAOneTickAxis() throws Exception {
        importScripted("two", "columns %busy", "1700000000 a 10", "1700000000 b 30", "1700000010 a 20", "1700000010 b 50");
        ChartData line = chart(metric("scripted", ChartKind.LINE, "%busy"), "two");
        assertEquals(ChartKind.BARS, line.kind());
        assertEquals(List.of(new ChartData.BarValue("a", "two", 15), new ChartData.BarValue("b", "two", 40)), line.bars());
        assertTrue(line.subtitle().endsWith("2 samples: their mean as bars"), line.subtitle());
        assertEquals("mean %busy (%)", line.yLabel());
        ChartData heat = chart(metric("scripted", ChartKind.HEATMAP, "%busy"), "two");
        assertEquals(ChartKind.BARS, heat.kind(), "a heat map of two columns says no more than bars");

        importScripted("one", "columns %usr %idle", "1700000000 all 12 88");
        ChartData area = chart(metric("scripted", ChartKind.AREA, "%usr", "%idle"), "one");
        assertEquals(List.of(new ChartData.BarValue("%usr", "one", 12), new ChartData.BarValue("%idle", "one", 88)), area.bars(),
                "a stacked breakdown of one sample: a bar per layer");
        assertEquals("%usr, %idle (%)", area.yLabel(), "one sample is no mean");
        assertTrue(area.subtitle().endsWith("one sample: drawn as bars"), area.subtitle());
    }

    @Test
    void aComplementDrawsBusyTimeAndRanksTheBusiestFirst() throws Exception {
        threeKeys("idle", 1_700_000_000L);
        ChartData busy = chart(metric("scripted", ChartKind.LINE, "100 - %idle").top(2), "idle");
        assertEquals(List.of("b", "c"), busy.series().stream().map(ChartData.PlotSeries::name).toList(),
                "the busiest: the least idle, b (95 % idle) and c (97 %)");
        assertEquals(5, busy.series().get(0).y()[0], 1e-9, "100 - 95");
        assertEquals("100 - %idle (%)", busy.yLabel());
        ChartResult drawn = load(metric("scripted", ChartKind.LINE, "100 - %idle").build(), List.of("idle"), List.of(), false);
        assertTrue(drawn.charts().get(0).sql().contains("CASE WHEN PCT_IDLE > 100 THEN 0 ELSE 100 - PCT_IDLE END AS \"100 - %idle\""),
                drawn.charts().get(0).sql());
    }

    @Test
    void theQueryOfBusyTimeGivesTheDrawnFigureWithAMissingIowaitAndRoundingPast100() throws Exception {
        // a: no %iowait (counts as none); b: idle + iowait = 105 (busy 0, not -5); c: plain; d: rounding, 100.01.
        importSamples("busy-sql", 1_700_000_000L, 3, "columns %idle %iowait", "a 90 NaN", "b 60 45", "c 70.5 4.25", "d 99.99 0.02");
        ChartDefinition def = metric("scripted", ChartKind.LINE, "100 - %idle - %iowait").build();
        ChartResult drawn = load(def, List.of("busy-sql"), List.of(), false);
        String query = drawn.charts().get(0).sql();
        assertTrue(query.contains("CASE WHEN PCT_IDLE + COALESCE(PCT_IOWAIT, 0) > 100 THEN 0"
                + " ELSE 100 - (PCT_IDLE + COALESCE(PCT_IOWAIT, 0)) END AS \"100 - %idle - %iowait\""), query);
        ChartData chart = drawn.charts().get(0).data();
        ChartData read = single(load(ChartDefinition.builder().kind(ChartKind.LINE).unit("%").sql(query).build(), List.of("busy-sql"),
                List.of(), false));
        java.util.Map<String, Double> expected = java.util.Map.of("a", 10.0, "b", 0.0, "c", 25.25, "d", 0.0);
        for (ChartData c : List.of(chart, read)) {
            assertEquals(expected.keySet(), c.series().stream().map(ChartData.PlotSeries::name).collect(java.util.stream.Collectors.toSet()));
            for (ChartData.PlotSeries s : c.series()) {
                assertArrayEquals(new double[]{expected.get(s.name()), expected.get(s.name()), expected.get(s.name())}, s.y(), 1e-9,
                        s.name() + (c == chart ? " as drawn" : " as the query reads it"));
            }
        }
    }

    @Test
    void runsOfVeryDifferentLengthsShareTheAxisOfTheirOwnLength() throws Exception {
        List<String> longRun = new ArrayList<>(List.of("columns tps"));
        for (int i = 0; i < 100; i++) longRun.add((1_700_000_000L + i * 10L) + " - " + (100 + i % 5));
        importScripted("long", longRun.toArray(String[]::new));
        importScripted("short", "columns tps", "1800000000 - 200", "1800000010 - 210", "1800000020 - 220");
        ChartData c = chart(metric("scripted", ChartKind.LINE, "tps"), "long", "short");
        assertEquals(ChartKind.OVERLAY, c.kind());
        assertEquals(ChartData.Domain.NUMBER, c.domain(), "990 s against 20 s: not one elapsed axis");
        assertEquals("share of each run (%)", c.xLabel());
        assertArrayEquals(new double[]{0, 50, 100}, c.series().get(1).x(), 1e-9);
        assertEquals(100, c.series().get(0).x()[99], 1e-9);
        assertTrue(c.subtitle().contains("runs of very different lengths (long 16:30, short 0:20): x is the share of each run"),
                c.subtitle());

        importScripted("similar", "columns tps", "1900000000 - 1", "1900000100 - 2", "1900000200 - 3", "1900000300 - 4");
        assertEquals(ChartData.Domain.ELAPSED, chart(metric("scripted", ChartKind.LINE, "tps"), "long", "similar").domain(),
                "990 s against 300 s share the elapsed axis");
    }

    @Test
    void aBenchmarkThatPrintsOnlyItsResultIsDrawnAsBarsOfItsSummaryValues() {
        importCorpus("dbt2", "dbt2/osdldbt-test-summary-expected.txt");
        ChartData rt = preset("dbt2.response", "dbt2");
        assertEquals(ChartKind.BARS, rt.kind());
        assertEquals(List.of(new ChartData.BarValue("new_order_rt_90th_s", "dbt2", 3), new ChartData.BarValue("payment_rt_90th_s", "dbt2", 1),
                new ChartData.BarValue("order_status_rt_90th_s", "dbt2", 1), new ChartData.BarValue("delivery_rt_90th_s", "dbt2", 1),
                new ChartData.BarValue("stock_level_rt_90th_s", "dbt2", 1)), rt.bars());
        ChartResult r = load(new PresetCatalog(repo).find("dbt2.notpm").orElseThrow().definition(), List.of("dbt2"), List.of(), true);
        assertTrue(r.charts().get(0).sql().startsWith("SELECT NAME, ITEM, VAL AS \"value\"\nFROM V_SUMMARY\nWHERE RUN = :run AND DATASET = 'dbt2'"),
                r.charts().get(0).sql());
        assertEquals(List.of("dbt2.notpm", "dbt2.response", "dbt2.rollbacks"),
                new PresetCatalog(repo).applicableTo(new io.statlens.store.read.RunCatalog(repo), List.of("dbt2")).stream()
                        .map(PresetCatalog.Preset::name).toList(), "the presets a summary-only run gets");
    }

    @Test
    void theDefaultSetSkipsChartsOfZerosAndTwinBars() throws Exception {
        importScripted("zeros", "columns err/s %util", "1700000000 sda 0 50", "1700000010 sda 0 60", "1700000020 sda 0 70");
        ChartDefinition errors = metric("scripted", ChartKind.LINE, "err/s").name("errors").build();
        ChartDefinition util = metric("scripted", ChartKind.LINE, "%util").name("util").build();
        ChartResult r = charts.draw(new ChartRequest(List.of(errors, util), List.of("zeros"), List.of(), RenderSize.DEFAULT, true, 0,
                true));
        assertEquals(List.of("util"), r.charts().stream().map(c -> c.definition().name()).toList());
        assertEquals(List.of("chart 'errors': every value is 0"), r.skipped());
        assertEquals(2, charts.draw(new ChartRequest(List.of(errors, util), List.of("zeros"), List.of(), RenderSize.DEFAULT, true, 0))
                .charts().size(), "asked for one by one, a chart of zeros is still drawn");
    }

    private ChartResult load(ChartDefinition def, List<String> runs, List<ChartMark> marks, boolean lenient) {
        return charts.draw(new ChartRequest(List.of(def), runs, marks, RenderSize.DEFAULT, lenient, 0));
    }

    private static ChartData single(ChartResult r) {
        assertEquals(1, r.charts().size(), "charts: " + r.charts().stream().map(c -> c.data().id()).toList() + ", skipped: "
                + r.skipped());
        return r.charts().get(0).data();
    }

    /**
     * A report's charts prepared first, their rows read in one pass of each data set ({@link io.statlens.store.read.RowPass}),
     * are the charts drawn one by one: every preset of mpstat -A (the stacked area of all, the busiest CPUs, the heat map
     * of every CPU, read together) and of sar's 48 CPUs, point for point.
     */
    @Test
    void chartsPreparedAndReadInOnePassAreTheChartsEachReadAlone() {
        importCorpus("pass-mpa", "mpstat/sysstat-fixture-mpstat-A.txt");
        importCorpus("pass-sar", "sar/ksar-linux-sysstat-10.1.5-48cpu.txt");
        for (String run : List.of("pass-mpa", "pass-sar")) {
            List<ChartDefinition> defs = new PresetCatalog(repo).applicableTo(new io.statlens.store.read.RunCatalog(repo), List.of(run))
                    .stream().map(PresetCatalog.Preset::definition).filter(d -> !d.isSql()).toList();
            ChartRequest request = new ChartRequest(defs, List.of(run), List.of(), RenderSize.DEFAULT, true, 0, true);
            List<String> alone = points(charts.draw(request));
            ChartReads planned = charts.plan(request, new io.statlens.store.read.RowPass(repo));
            List<String> shared = points(charts.draw(request, planned));
            assertTrue(alone.size() >= 3, alone.size() + " charts");
            assertEquals(alone, shared);
        }
    }

    /** Each chart drawn: its title, subtitle, series and bars, every point. */
    private static List<String> points(ChartResult r) {
        List<String> out = new ArrayList<>();
        for (DrawnChart c : r.charts()) {
            StringBuilder b = new StringBuilder(c.data().title()).append(" | ").append(c.data().subtitle());
            for (ChartData.PlotSeries s : c.data().series()) {
                b.append(" | ").append(s.name()).append(java.util.Arrays.toString(s.x())).append(java.util.Arrays.toString(s.y()));
            }
            b.append(" | ").append(c.data().bars());
            out.add(b.toString());
        }
        out.addAll(r.skipped());
        return out;
    }

    /** The one chart of a definition made on the spot (strict, as on the command line). */
    private ChartData chart(ChartDefinition.Builder def, String... runs) {
        return single(load(def.build(), List.of(runs), List.of(), false));
    }

    /** The one chart of a built-in preset (lenient, as presets are loaded). */
    private ChartData preset(String name, String run) {
        ChartDefinition def = new PresetCatalog(repo).find(name).orElseThrow().definition();
        return single(load(def, List.of(run), List.of(), true));
    }
}
