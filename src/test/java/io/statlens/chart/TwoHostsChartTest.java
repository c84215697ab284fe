package io.statlens.chart;

import io.statlens.parse.ParserCatalog;
import io.statlens.store.SharedRepository;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One run holding the same tools of two hosts (the real capture {@code captures/two-hosts}, laid out as a collect of
 * {@code --host db01 --host app01} keeps it, imported as a user imports its folders): every chart keeps each host's
 * samples apart, named by the host, and the dashboard draws.
 */
class TwoHostsChartTest {
    private static final String RUN = "two-hosts";
    private static final Path DIR = Path.of("src/test/resources/captures/two-hosts");
    @RegisterExtension
    static final SharedRepository shared = SharedRepository.keptBetweenTests();

    @BeforeAll
    static void importBothHosts() {
        new ImportService(shared.repository(), ParserCatalog.load(Path.of("target/no-user-parsers"))).run(
                ImportRequest.of(RUN, ZoneOffset.UTC, DIR.resolve("db01"), DIR.resolve("app01")), ImportProgress.NONE);
    }

    private static List<DrawnChart> draw(String preset) {
        return draw(new PresetCatalog(shared.repository()).find(preset).orElseThrow().definition());
    }

    private static List<DrawnChart> draw(ChartDefinition def) {
        return new ChartService(shared.repository(), ZoneOffset.UTC).draw(ChartRequest.of(def, List.of(RUN))).charts();
    }

    @Test
    void theDefaultDashboardAndEveryPresetDraw() {
        Dashboard d = new DashboardCatalog(shared.repository()).defaultFor(List.of(RUN));
        ChartService service = new ChartService(shared.repository(), ZoneOffset.UTC);
        ChartResult dashboard = service.draw(new ChartRequest(d.charts(), d.runs(), List.of(), RenderSize.DEFAULT, true, 0));
        assertTrue(dashboard.skipped().stream().noneMatch(s -> s.contains("could not be drawn")), dashboard.skipped().toString());
        // the CPU role: mpstat's stacked area of each host
        assertEquals(2, dashboard.charts().stream().filter(c -> c.definition().name().equals("mpstat.cpu")).count());

        List<ChartDefinition> every = new DashboardCatalog(shared.repository()).applicable(List.of(RUN)).stream()
                .map(PresetCatalog.Preset::definition).toList();
        ChartResult all = service.draw(new ChartRequest(every, List.of(RUN), List.of(), RenderSize.DEFAULT, true, 0));
        assertTrue(all.skipped().stream().noneMatch(s -> s.contains("could not be drawn")), all.skipped().toString());
        assertTrue(all.charts().size() > every.size(), all.charts().size() + " charts of " + every.size() + " presets");
    }

    @Test
    void aStackedAreaIsDrawnPerHostWithTheHostInItsTitle() {
        List<DrawnChart> charts = draw("vmstat.cpu");
        assertEquals(2, charts.size());
        for (DrawnChart c : charts) {
            List<Double> x = c.data().series().stream().flatMap(s -> Arrays.stream(s.x()).boxed()).distinct().toList();
            // each layer holds one sample a second: the 7 seconds of one host after vmstat's since-boot line, none twice
            assertEquals(7, c.data().series().get(0).size(), c.data().title());
            assertEquals(7, x.size());
        }
        assertEquals(List.of("db01", "app01"), charts.stream().map(c -> c.data().title().replaceAll(".*\\b(db01|app01)\\b.*", "$1")).toList());
    }

    @Test
    void aLineChartHasALinePerHostAndMetric() {
        DrawnChart chart = draw("vmstat.procs").get(0);
        assertEquals(List.of("db01 r", "db01 b", "app01 r", "app01 b"), chart.data().series().stream().map(ChartData.PlotSeries::name).toList());
        for (ChartData.PlotSeries s : chart.data().series()) {
            assertEquals(7, s.size(), s.name());
            for (int i = 1; i < s.size(); i++) assertTrue(s.x()[i] > s.x()[i - 1], s.name() + " goes back in time");
        }
        assertEquals(ChartData.Domain.TIME, chart.data().domain());
        assertTrue(chart.sql().startsWith("-- the chart draws the hosts db01, app01 apart"), chart.sql());
        assertEquals(List.of(RUN), chart.data().runs());
    }

    @Test
    void aHeatMapIsDrawnPerHost() {
        List<DrawnChart> charts = draw("mpstat.busy-heatmap");
        assertEquals(2, charts.size());
        for (DrawnChart c : charts) {
            assertEquals(List.of("0", "1"), c.data().series().stream().map(ChartData.PlotSeries::name).toList());
            assertFalse(c.data().title().isEmpty());
        }
        assertTrue(charts.get(0).data().title().contains("db01") && charts.get(1).data().title().contains("app01"),
                charts.get(0).data().title() + " / " + charts.get(1).data().title());
    }

    @Test
    void topNLinesAreChosenPerHost() {
        // the 8 busiest CPUs of each host: both hosts' CPUs 0 and 1 and their all line, each named by its host
        List<String> names = draw("mpstat.busiest").get(0).data().series().stream().map(ChartData.PlotSeries::name).toList();
        assertEquals(6, names.size(), names.toString());
        assertTrue(names.containsAll(List.of("db01 0", "db01 1", "app01 0", "app01 1")), names.toString());
    }

    @Test
    void theTopKeyIsEachHostsOwn() {
        ChartDefinition def = ChartDefinition.builder().kind(ChartKind.LINE).tool("mpstat").metric(List.of("%usr")).top(1).build();
        ChartData chart = draw(def).get(0).data();
        List<String> names = chart.series().stream().map(ChartData.PlotSeries::name).toList();
        assertEquals(2, names.size(), names.toString());
        assertTrue(names.get(0).startsWith("db01 ") && names.get(1).startsWith("app01 "), names.toString());
        assertTrue(chart.subtitle().contains("top 1 of 2 CPUs per host"), chart.subtitle());
    }

    @Test
    void barsHaveABarPerHost() {
        ChartDefinition def = ChartDefinition.builder().kind(ChartKind.BARS).tool("vmstat").metric(List.of("us")).metric(List.of("sy")).build();
        DrawnChart chart = draw(def).get(0);
        assertEquals(List.of("db01", "app01"), chart.data().bars().stream().map(ChartData.BarValue::series).distinct().toList());
        assertEquals(List.of("us", "sy"), chart.data().bars().stream().map(ChartData.BarValue::category).distinct().toList());
    }

    @Test
    void aChartThatCannotBeDrawnSaysWhyInItsPlaceAndTheOthersAreDrawn() throws Exception {
        // a run whose vmstat data set names a table the repository does not have: reading it fails inside statlens
        String broken = "two-hosts-broken";
        new ImportService(shared.repository(), ParserCatalog.load(Path.of("target/no-user-parsers"))).run(
                ImportRequest.of(broken, ZoneOffset.UTC, DIR.resolve("db01")), ImportProgress.NONE);
        try (var s = shared.repository().connection().createStatement()) {
            s.executeUpdate("UPDATE DATASETS SET TABLE_NAME = 'NO_SUCH_TABLE' WHERE TOOL = 'vmstat'"
                    + " AND RUN_ID = (SELECT ID FROM RUNS WHERE NAME = '" + broken + "')");
        }
        PresetCatalog presets = new PresetCatalog(shared.repository());
        List<ChartDefinition> defs = List.of(presets.find("vmstat.procs").orElseThrow().definition(),
                presets.find("mpstat.busiest").orElseThrow().definition());
        ChartResult result = new ChartService(shared.repository(), ZoneOffset.UTC)
                .draw(new ChartRequest(defs, List.of(broken), List.of(), RenderSize.DEFAULT, true, 0));
        assertEquals(List.of("vmstat.procs", "mpstat.busiest"), result.charts().stream().map(c -> c.definition().name()).toList());
        String message = ((org.jfree.chart.plot.XYPlot) result.charts().get(0).chart().getPlot()).getNoDataMessage();
        assertTrue(message.startsWith("This chart could not be drawn (NoSuchElementException"), message);
        assertEquals(1, result.skipped().size(), result.skipped().toString());
        assertTrue(result.skipped().get(0).startsWith("chart 'vmstat.procs': could not be drawn"), result.skipped().toString());
        assertFalse(result.charts().get(1).data().series().isEmpty());
        // as a user sees it: a picture with the title and the reason
        assertTrue(ChartWriter.png(result.charts().get(0).chart(), RenderSize.DEFAULT).length > 1000);
    }
}
