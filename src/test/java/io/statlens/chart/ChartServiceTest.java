package io.statlens.chart;

import io.statlens.parse.ParserCatalog;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.saved.AnnotationStore;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.awt.Color;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The one entry point from definitions and runs to drawn charts, over real tool output: each chart comes with its
 * data, its JFreeChart, the query written from the columns it read and every key of its data set; one palette
 * colours a whole request; stored notes and marks are drawn; lenient requests skip with the reason.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ChartServiceTest {
    private static final Color FIRST = new Color(0x4E79A7);
    private static final Color SECOND = new Color(0xF28E2B);

    private Repository repo;
    private ChartService charts;

    @BeforeAll
    void importRuns(@TempDir Path dir) {
        repo = Repository.open(RepositoryLocation.memory("cs" + UUID.randomUUID()));
        ImportService importer = new ImportService(repo, ParserCatalog.load(dir.resolve("no-user-parsers")));
        for (String[] run : new String[][]{{"mpa", "mpstat/sysstat-fixture-mpstat-A.txt"}, {"hpux", "sar/ksar-hpux-11.31.txt"},
                {"hpux-again", "sar/ksar-hpux-11.31.txt"}, {"undated", "vmstat/procps-4.0.2-C-vmstat.txt"},
                {"dateless", "nicstat/javaperf-notes-nicstat-1-3nics.txt"}}) {
            importer.run(ImportRequest.of(run[0], ZoneOffset.UTC, Path.of("src/test/resources/corpus", run[1])), ImportProgress.NONE);
        }
        Instant start = new RunCatalog(repo).run("hpux").start();
        new AnnotationStore(repo).add("hpux", List.of(new AnnotationStore.Note(start.plusSeconds(600), "warm-up done")), "test");
        charts = new ChartService(repo, ZoneOffset.UTC);
    }

    @AfterAll
    void close() {
        repo.close();
    }

    private static ChartDefinition.Builder metric(String tool, String label) {
        return ChartDefinition.builder().tool(tool).metric(List.of(label));
    }

    private DrawnChart one(ChartRequest request) {
        ChartResult result = charts.draw(request);
        assertEquals(1, result.charts().size(), "skipped: " + result.skipped());
        return result.charts().get(0);
    }

    @Test
    void chartsOfDerivedTimesSaySo() {
        DrawnChart undated = one(ChartRequest.of(metric("vmstat", "us").build(), List.of("undated")));
        assertTrue(undated.data().subtitle().endsWith("times derived: the output has no time stamps"), undated.data().subtitle());
        DrawnChart dated = one(ChartRequest.of(metric("mpstat", "%usr").key("4").build(), List.of("mpa")));
        assertTrue(!dated.data().subtitle().contains("derived"), dated.data().subtitle());
        // a query says which data set it reads by its view or its tool
        DrawnChart query = one(ChartRequest.of(ChartDefinition.builder().sql("SELECT TS, US AS \"us\" FROM v_vmstat WHERE RUN = :run")
                .unit("%").build(), List.of("undated")));
        assertTrue(query.data().subtitle().endsWith("times derived: the output has no time stamps"), query.data().subtitle());
        // the store names the views a file's data sets are read through, the chart does not guess them from their names
        RunCatalog.DerivedTimes vmstat = new RunCatalog.DerivedTimes("f", List.of("vmstat"), List.of("V_VMSTAT"), "derived:");
        assertTrue(vmstat.readBy("SELECT TS, R FROM V_MPSTAT WHERE TOOL = 'vmstat'"), "its tool selected");
        assertTrue(vmstat.readBy("select ts, r from v_vmstat"), "its view named");
        assertTrue(!vmstat.readBy("SELECT TS, R FROM V_VMSTAT_2"), "V_VMSTAT_2 is not V_VMSTAT");
        RunCatalog.DerivedTimes sarCpu = new RunCatalog.DerivedTimes("f", List.of("sar.cpu"), List.of("V_SAR_CPU"), "derived:");
        assertTrue(!new RunCatalog.DerivedTimes("f", List.of("sar"), List.of("V_SAR"), "derived:")
                .readBy("SELECT TS, PCT_USER FROM V_SAR_CPU WHERE RUN = :run"), "V_SAR_CPU is not V_SAR");
        assertTrue(sarCpu.readBy("SELECT TS, PCT_USER FROM V_SAR_CPU WHERE RUN = :run"));
        assertEquals(List.of(new RunCatalog.DerivedTimes(Path.of("src/test/resources/corpus/vmstat/procps-4.0.2-C-vmstat.txt")
                        .toAbsolutePath().normalize().toString(), List.of("vmstat"), List.of("V_VMSTAT"),
                        new RunCatalog(repo).derivedTimes("undated").get(0).source())),
                new RunCatalog(repo).derivedTimes("undated"));
        assertTrue(new RunCatalog(repo).derivedTimes("undated").get(0).source().startsWith("derived: last sample at the file's modification time"));
        assertEquals(List.of(), new RunCatalog(repo).derivedTimes("mpa"));

        // nicstat prints times of day but no date: the date is the file's modification time's, and the chart says so
        DrawnChart dateless = one(ChartRequest.of(metric("nicstat", "rKB/s").build(), List.of("dateless")));
        assertTrue(dateless.data().subtitle().endsWith("dates derived: the output prints no date"), dateless.data().subtitle());
        RunCatalog.DerivedTimes dates = new RunCatalog(repo).derivedTimes("dateless").get(0);
        assertTrue(dates.datesOnly() && dates.source().startsWith("time of day in column 'Time' on the date of the file's modification time"),
                dates.source());
        assertTrue(RunCatalog.derived("derived: first sample at --start 2024-03-01T10:00:00Z, interval printed by the tool, 1 s"));
        assertTrue(!RunCatalog.derived("time of day in column 'Time' on the date of --start (2024-03-04), zone UTC"), "--start dates it");
    }

    @Test
    void aSelectionComesWithItsChartItsQueryAndEveryKeyOfItsDataSet() {
        DrawnChart cpu4 = one(ChartRequest.of(metric("mpstat", "%usr").key("4").build(), List.of("mpa")));
        assertEquals(List.of("4"), cpu4.data().series().stream().map(ChartData.PlotSeries::name).toList());
        assertEquals(2.41, cpu4.data().series().get(0).y()[0], "CPU 4's %usr at 12:53:21");
        assertEquals("mpstat %usr by CPU", cpu4.chart().getTitle().getText());
        assertEquals(RenderSize.DEFAULT, cpu4.size());
        assertEquals(List.of("all", "0", "1", "2", "3", "4", "5", "6", "7", "8"), cpu4.keys(),
                "every key to pick from, not only the one drawn");
        assertEquals("""
                SELECT TS, ITEM AS "CPU", PCT_USR AS "%usr"
                FROM V_MPSTAT
                WHERE RUN = :run
                  AND TOOL = 'mpstat'
                  AND DATASET = ''
                  AND SINCE_BOOT = FALSE
                  AND ITEM IN ('4')
                ORDER BY TS, ITEM""", cpu4.sql());
        assertTrue(one(ChartRequest.of(metric("sar.cpu", "%usr").build(), List.of("hpux"))).keys().isEmpty(), "unkeyed data");
    }

    @Test
    void runsTakeTheFirstColoursAndKeepThemInEveryChartOfARequest() {
        List<ChartDefinition> usrAndSys = List.of(metric("sar.cpu", "%usr").build(), metric("sar.cpu", "%sys").build());
        ChartResult result = charts.draw(new ChartRequest(usrAndSys, List.of("hpux", "hpux-again"), List.of(),
                new RenderSize(800, 400, 1), false, 0));
        assertEquals(2, result.charts().size());
        for (DrawnChart c : result.charts()) {
            assertEquals(ChartKind.OVERLAY, c.data().kind(), "two runs share an elapsed-time axis");
            assertEquals(List.of("hpux", "hpux-again"), c.data().series().stream().map(ChartData.PlotSeries::name).toList());
            XYPlot plot = (XYPlot) c.chart().getPlot();
            assertEquals(FIRST, plot.getRenderer().getSeriesPaint(0), c.data().title());
            assertEquals(SECOND, plot.getRenderer().getSeriesPaint(1), c.data().title());
            assertEquals(new RenderSize(800, 400, 1), c.size());
            assertTrue(c.sql().startsWith("SELECT ELAPSED_S, PCT_USR AS \"%usr\"\nFROM V_SAR_CPU\n")
                    || c.sql().startsWith("SELECT ELAPSED_S, PCT_SYS AS \"%sys\"\nFROM V_SAR_CPU\n"), c.sql());
        }
        assertEquals(19.0, result.charts().get(0).data().series().get(0).y()[0], "hpux's first %usr, 00:05:01");
        assertEquals(8.0, result.charts().get(1).data().series().get(1).y()[0], "hpux-again's first %sys");
    }

    @Test
    void storedNotesAndMarksAreDrawnWhereTheyBelong() {
        ChartRequest overlay = ChartRequest.of(metric("sar.cpu", "%usr").kind(ChartKind.OVERLAY).build(), List.of("hpux"))
                .withMarks(List.of(ChartMark.afterStart(1800, "load step")));
        assertEquals(List.of(new ChartData.ChartMarker(600, "warm-up done"), new ChartData.ChartMarker(1800, "load step")),
                one(overlay).data().markers(), "seconds after the run's start");
        Instant start = new RunCatalog(repo).run("hpux").start();
        ChartRequest line = ChartRequest.of(metric("sar.cpu", "%usr").build(), List.of("hpux"))
                .withMarks(List.of(ChartMark.at(start.plusSeconds(900), "fixed")));
        assertEquals(List.of(new ChartData.ChartMarker(start.plusSeconds(600).toEpochMilli(), "warm-up done"),
                new ChartData.ChartMarker(start.plusSeconds(900).toEpochMilli(), "fixed")), one(line).data().markers(), "on the clock");
        assertTrue(one(ChartRequest.of(metric("sar.cpu", "%usr").build(), List.of("hpux-again"))).data().markers().isEmpty(),
                "the note is hpux's only");
    }

    @Test
    void aLenientRequestSkipsWhatTheRunsLackAndDrawsAtMostNChartsPerTool() {
        List<ChartDefinition> definitions = List.of(metric("vmstat", "r").name("vmstat.procs").build(),
                metric("sar.cpu", "%usr").name("usr").build(), metric("sar.cpu", "%sys").name("sys").build(),
                metric("mpstat", "%idle").name("idle").build());
        ChartResult result = charts.draw(new ChartRequest(definitions, List.of("hpux", "mpa"), List.of(), RenderSize.DEFAULT, true, 1));
        assertEquals(List.of("usr", "idle"), result.charts().stream().map(c -> c.definition().name()).toList(),
                "one chart of sar, one of mpstat");
        assertEquals(List.of("chart 'vmstat.procs': none of the runs hpux, mpa has vmstat data with r"), result.skipped());
        assertEquals("hpux_usr_line", result.charts().get(0).data().id(), "each chart draws the runs that hold its data");
        assertEquals("mpa_idle_line", result.charts().get(1).data().id());
    }

    @Test
    void aQueryWithoutRunIsDrawnOnceAndIsItsOwnQuery() {
        String sql = "SELECT TS, PCT_IDLE AS \"idle\" FROM V_SAR_CPU WHERE RUN = 'hpux' ORDER BY TS";
        DrawnChart idle = one(ChartRequest.of(ChartDefinition.builder().sql(sql).unit("%").build(), List.of("mpa", "hpux-again")));
        assertEquals(sql, idle.sql());
        assertTrue(idle.keys().isEmpty());
        assertEquals(1, idle.data().series().size());
        assertEquals(45.0, idle.data().series().get(0).y()[0], "hpux's first %idle, 00:05:01");
        assertEquals("idle (%)", idle.data().yLabel());
    }
}
