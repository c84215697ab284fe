package io.statlens.chart;

import io.statlens.model.UserException;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.model.Cancellation;
import io.statlens.store.SharedRepository;
import io.statlens.store.schema.Repository;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.awt.geom.Rectangle2D;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Dashboards in the chart layer over the real capture {@code cpu-2thr}: the default one per run, saved ones, drawing
 * them with progress and cancel, zooming (the data cut to the shown time), and lining up their plot areas.
 */
class DashboardTest {
    private static final String ARC = "arc";
    private static final String NMON = "nmon";
    private static final String TOP = "busybox-top";
    @RegisterExtension
    static final SharedRepository shared = SharedRepository.keptBetweenTests();

    @BeforeAll
    static void importCapture() {
        CaptureRun.importInto(shared.repository());
        new ImportService(shared.repository(), ParserCatalog.load(Path.of("target/no-user-parsers"))).run(
                ImportRequest.of(ARC, ZoneOffset.UTC, Path.of("src/test/resources/corpus/arcstat/smartos-arcstat-1-10.txt")),
                ImportProgress.NONE);
        new ImportService(shared.repository(), ParserCatalog.load(Path.of("target/no-user-parsers"))).run(
                ImportRequest.of(NMON, ZoneOffset.UTC, Path.of("src/test/resources/corpus/nmon/debian-12-nmon-16n-F-t-s1-c30.nmon")),
                ImportProgress.NONE);
        new ImportService(shared.repository(), ParserCatalog.load(Path.of("target/no-user-parsers"))).run(
                ImportRequest.of(TOP, ZoneOffset.UTC, Path.of("src/test/resources/corpus/top/debian12-busybox-top-b-n3-d1.txt")),
                ImportProgress.NONE);
    }

    private static List<String> names(Dashboard d) {
        return d.charts().stream().map(ChartDefinition::name).toList();
    }

    @Test
    void theDefaultDashboardIsCpuDiskNetworkMemoryAndTheBenchmarksFigure() {
        Dashboard d = new DashboardCatalog(shared.repository()).defaultFor(List.of(CaptureRun.RUN));
        assertEquals(List.of("sar.cpu", "iostat.util", "sar.net", "sar.memory", "sysbench.tps"), names(d));
        assertEquals(List.of(CaptureRun.RUN), d.runs());
        assertEquals(null, d.name());

        // arcstat alone fills one role (memory: the ARC's size); its other presets fill the dashboard.
        Dashboard arc = new DashboardCatalog(shared.repository()).defaultFor(List.of(ARC));
        assertEquals("arcstat.size", names(arc).get(0));
        assertTrue(names(arc).contains("arcstat.misses") && names(arc).stream().allMatch(n -> n.startsWith("arcstat.")),
                names(arc).toString());

        // an nmon file alone fills every role but the benchmark's, its process table as the busiest processes
        assertEquals(List.of("nmon.cpu", "nmon.diskbusy", "nmon.net", "nmon.memory", "nmon.top"),
                names(new DashboardCatalog(shared.repository()).defaultFor(List.of(NMON))));

        // busybox top alone: its summary lines fill CPU and memory, its process table the busiest processes, drawn as the
        // 8 with the most CPU of its 10 (Top-N), as pidstat's are
        Dashboard top = new DashboardCatalog(shared.repository()).defaultFor(List.of(TOP));
        assertEquals(List.of("top.cpu", "top.memory", "top.process"), names(top).subList(0, 3), names(top).toString());
        DrawnChart busiest = new ChartService(shared.repository(), ZoneOffset.UTC)
                .draw(ChartRequest.of(top.charts().get(2), List.of(TOP))).charts().get(0);
        assertEquals(8, busiest.data().series().size(), "the 8 busiest of 10 processes");
        assertTrue(busiest.data().series().stream().anyMatch(s -> s.name().startsWith("11191 sh -c i=0;")),
                "the busy shell loop is among them");

        UserException none = assertThrows(UserException.class,
                () -> new DashboardCatalog(shared.repository()).defaultFor(List.of("no-such-run")));
        assertTrue(none.getMessage().contains("no-such-run"), none.getMessage());
    }

    @Test
    void aDashboardIsSavedOpenedAgainAndDeletedByName() {
        DashboardCatalog catalog = new DashboardCatalog(shared.repository());
        Dashboard d = catalog.defaultFor(List.of(CaptureRun.RUN));
        // Moved and cut down by the user: memory first, then the benchmark.
        Dashboard mine = d.withCharts(List.of(d.charts().get(3), d.charts().get(4)));
        Dashboard saved = catalog.save(" cpu and tps ", mine);
        assertEquals("cpu and tps", saved.name());
        assertEquals(List.of("cpu and tps"), catalog.names());
        Dashboard again = catalog.find("cpu and tps").orElseThrow();
        assertEquals(saved, again, "the charts, their order and the runs come back as saved");

        UserException bad = assertThrows(UserException.class, () -> catalog.save("../etc", mine));
        assertTrue(bad.getMessage().startsWith("dashboard name '../etc': expected letters"), bad.getMessage());
        catalog.delete("cpu and tps");
        assertEquals(List.of(), catalog.names());
        UserException gone = assertThrows(UserException.class, () -> catalog.delete("cpu and tps"));
        assertEquals("no saved dashboard named 'cpu and tps'", gone.getMessage());
    }

    @Test
    void drawingSaysHowFarItGotAndStopsWhenCancelled() {
        Repository repo = shared.repository();
        Dashboard d = new DashboardCatalog(repo).defaultFor(List.of(CaptureRun.RUN));
        ChartRequest request = new ChartRequest(d.charts(), d.runs(), List.of(), RenderSize.DEFAULT, true, 0);
        List<String> said = new ArrayList<>();
        ChartResult all = new ChartService(repo, ZoneOffset.UTC).draw(request, new ChartProgress() {
            @Override
            public void loading(int index, int count, ChartDefinition definition) {
                said.add(index + "/" + count + " " + definition.name());
            }
        });
        assertEquals(List.of("0/5 sar.cpu", "1/5 iostat.util", "2/5 sar.net", "3/5 sar.memory", "4/5 sysbench.tps"), said);
        assertEquals(5, all.charts().size());

        Cancellation cancel = new Cancellation();
        List<String> loaded = new ArrayList<>();
        assertThrows(CancellationException.class, () -> new ChartService(repo, ZoneOffset.UTC).draw(request, new ChartProgress() {
            @Override
            public void loading(int index, int count, ChartDefinition definition) {
                loaded.add(definition.name());
                if (index == 1) cancel.cancel();
            }

            @Override
            public Cancellation cancellation() {
                return cancel;
            }
        }));
        assertEquals(List.of("sar.cpu", "iostat.util"), loaded, "no chart is loaded after the cancel");
    }

    @Test
    void aZoomDrawsTheChartsAgainFromTheShownSamplesOnly() {
        Repository repo = shared.repository();
        Dashboard d = new DashboardCatalog(repo).defaultFor(List.of(CaptureRun.RUN));
        ChartService service = new ChartService(repo, ZoneOffset.UTC);
        List<DrawnChart> drawn = service.draw(new ChartRequest(d.charts(), d.runs(), List.of(), RenderSize.DEFAULT, true, 0)).charts();
        double from = Instant.parse("2026-11-25T20:09:10Z").toEpochMilli();
        double to = Instant.parse("2026-11-25T20:09:40Z").toEpochMilli();
        List<DrawnChart> zoomed = service.redraw(d.runs(), drawn, new RenderSize(800, 300, 1), from, to);
        assertEquals(drawn.size(), zoomed.size());
        for (int i = 0; i < zoomed.size(); i++) {
            XYPlot plot = (XYPlot) zoomed.get(i).chart().getPlot();
            assertEquals(from, plot.getDomainAxis().getLowerBound(), 0.5);
            assertEquals(to, plot.getDomainAxis().getUpperBound(), 0.5);
            assertTrue(zoomed.get(i).data() == drawn.get(i).data(), "the data stays whole for the next zoom");
        }
        // sar.cpu every 2 s from 20:08:44: 20:09:10 .. 20:09:40 is 16 samples, and one on either side.
        XYPlot cpu = (XYPlot) zoomed.get(0).chart().getPlot();
        assertEquals(18, cpu.getDataset().getItemCount(0));
        assertEquals(Instant.parse("2026-11-25T20:09:08Z").toEpochMilli(), cpu.getDataset().getXValue(0, 0), 0.5);
        // The colours are those of the first drawing.
        assertEquals(((XYPlot) drawn.get(1).chart().getPlot()).getRenderer().getSeriesPaint(0),
                ((XYPlot) zoomed.get(1).chart().getPlot()).getRenderer().getSeriesPaint(0));
    }

    @Test
    void theChartsOfAStackShareTheirPlotAreasLeftAndRight() {
        Repository repo = shared.repository();
        Dashboard d = new DashboardCatalog(repo).defaultFor(List.of(CaptureRun.RUN));
        List<JFreeChart> charts = new ChartService(repo, ZoneOffset.UTC)
                .draw(new ChartRequest(d.charts(), d.runs(), List.of(), RenderSize.DEFAULT, true, 0)).charts().stream()
                .map(DrawnChart::chart).toList();
        ChartStack.align(charts, 1000, 300);
        List<Rectangle2D> areas = new ArrayList<>();
        for (JFreeChart c : charts) {
            ChartRenderingInfo info = new ChartRenderingInfo();
            c.createBufferedImage(1000, 300, info);
            areas.add(info.getPlotInfo().getDataArea());
        }
        for (Rectangle2D a : areas) {
            assertEquals(areas.get(0).getMinX(), a.getMinX(), 0.5, "left edges " + areas);
            assertEquals(areas.get(0).getMaxX(), a.getMaxX(), 0.5, "right edges " + areas);
        }
        // Only the last chart names the time axis.
        assertEquals(null, ((XYPlot) charts.get(0).getPlot()).getDomainAxis().getLabel());
        assertEquals("time (UTC)", ((XYPlot) charts.get(4).getPlot()).getDomainAxis().getLabel());
    }
}
