package io.statlens.gui;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.chart.ChartBuilder;
import io.statlens.chart.ChartData;
import io.statlens.chart.ChartDefinition;
import io.statlens.chart.ChartKind;
import io.statlens.chart.ChartRequest;
import io.statlens.chart.ChartService;
import io.statlens.chart.HotEnd;
import io.statlens.chart.KeyPalette;
import io.statlens.chart.RenderSize;
import io.statlens.store.SharedRepository;
import io.statlens.store.schema.Repository;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The crosshair's readout over real fixtures: the nearest sample's time and each series' stored value and unit. */
class CrosshairReadoutTest {
    static final Path MPSTAT_A = Path.of("src/test/resources/corpus/mpstat/sysstat-fixture-mpstat-A.txt");
    @RegisterExtension
    static final SharedRepository shared = new SharedRepository();
    private final Repository repo = shared.repository();
    private final ImportViewModel importer = new ImportViewModel(Workbench.services(repo, ZoneOffset.UTC).imports(), new SynchronousExecutor(), ZoneOffset.UTC, s -> { },
            () -> { });

    private ChartData chart(String tool, String metric, String... runs) {
        ChartDefinition def = ChartDefinition.builder().tool(tool).metric(List.of(metric)).build();
        return new ChartService(repo, ZoneOffset.UTC).draw(ChartRequest.of(def, List.of(runs))).charts().get(0).data();
    }

    private static double at(String iso) {
        return Instant.parse(iso).toEpochMilli();
    }

    @Test
    void aClockChartReadsTheNearestSampleInTheGuisZone() {
        importer.importFiles(List.of(ImportViewModelTest.HPUX_SAR), "hpux");
        ChartData usr = chart("sar.cpu", "%usr", "hpux");
        // Samples every five minutes: 00:10:01 22, 00:15:01 46, 00:20:01 40. 00:16:40 is nearest to 00:15:01.
        CrosshairReadout utc = new CrosshairReadout(usr, ZoneOffset.UTC, ReadableNumbers.ROOT);
        assertEquals(List.of("2018-03-21 00:15:01 UTC", "%usr: 46 %"), utc.lines(at("2018-03-21T00:16:40Z")));
        assertEquals(at("2018-03-21T00:15:01Z"), utc.snap(at("2018-03-21T00:16:40Z")));
        assertEquals(List.of("2018-03-21 00:20:01 UTC", "%usr: 40 %"), utc.lines(at("2018-03-21T00:17:32Z")));
        assertEquals(List.of("2018-03-21 01:15:01 Europe/Berlin", "%usr: 46 %"),
                new CrosshairReadout(usr, ZoneId.of("Europe/Berlin"), ReadableNumbers.ROOT).lines(at("2018-03-21T00:15:01Z")));
    }

    @Test
    void anOverlayReadsElapsedTimeAndEachRun() {
        importer.importFiles(List.of(ImportViewModelTest.HPUX_SAR), "hpux");
        importer.importFiles(List.of(ImportViewModelTest.HPUX_SAR), "hpux-again");
        ChartData overlay = chart("sar.cpu", "%sys", "hpux", "hpux-again");
        // Elapsed time, and each run's clock then: both started at 00:05:01.
        assertEquals(List.of("0:10:00  \u00b7  hpux 2018-03-21 00:15:01 UTC  \u00b7  hpux-again 2018-03-21 00:15:01 UTC",
                        "hpux: 11 %", "hpux-again: 11 %"),
                new CrosshairReadout(overlay, ZoneOffset.UTC, ReadableNumbers.ROOT).lines(640));
    }

    @Test
    void perCpuLinesSayWhenACpuHasNoSampleThen() {
        importer.importFiles(List.of(MPSTAT_A), "mpa");
        ChartData usr = chart("mpstat", "%usr", "mpa");
        // CPU 6 was offline at 12:53:22 and 12:53:23, CPU 8 until 12:53:23 (sysstat's own mpstat -A test output).
        // In the legend's order: all, then the CPUs busiest first by mean %usr.
        assertEquals(List.of("2020-06-01 12:53:22 UTC", "all: 2.28 %", "3: 0 %", "1: 2.15 %", "8: no sample", "2: 3.27 %",
                        "5: 2.76 %", "7: 0.83 %", "4: 3.44 %", "6: 2.41 %  (at 2020-06-01 12:53:21 UTC)", "0: 1.25 %"),
                new CrosshairReadout(usr, ZoneOffset.UTC, ReadableNumbers.ROOT).lines(at("2020-06-01T12:53:22.300Z")));
    }

    @Test
    void theStoredValueIsReadWhereTheDrawnChartLeftTheSampleOut() {
        // 100,000 samples a second apart, each the index: far more than a 1200-pixel chart draws.
        int n = 100_000;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i;
            y[i] = i + 0.25;
        }
        ChartData data = new ChartData("synthetic", ChartKind.OVERLAY, "ramp", "", ChartData.Domain.ELAPSED, null, "key", "v (1/s)",
                "1/s", HotEnd.HIGH, List.of(new ChartData.PlotSeries("ramp", "ramp", 0, x, y)), List.of(), List.of());
        XYDataset drawn = ((XYPlot) new ChartBuilder(new KeyPalette(), ZoneOffset.UTC).build(data, RenderSize.DEFAULT).getPlot())
                .getDataset();
        assertTrue(drawn.getItemCount(0) < 5_000, "decimated: " + drawn.getItemCount(0));
        boolean drawnThere = false;
        for (int i = 0; i < drawn.getItemCount(0); i++) drawnThere |= drawn.getXValue(0, i) == 50_001;
        assertFalse(drawnThere, "the sample at 13:53:21 is not among the drawn points");
        assertEquals(List.of("13:53:21", "ramp: 50,001 /s"),
                new CrosshairReadout(data, ZoneOffset.UTC, ReadableNumbers.ROOT).lines(50_001.2));
    }

    @Test
    void valuesReadAsTheWindowsTablesWriteThemWithoutFloatNoise() {
        // A derived series (100 - %idle) of a sar dashboard: 6.689999999999998, not 6.69, in binary.
        ChartData busy = new ChartData("derived", ChartKind.LINE, "busy", "", ChartData.Domain.ELAPSED, null, "key", "busy (%)",
                "%", HotEnd.HIGH, List.of(new ChartData.PlotSeries("busy", "busy", 0, new double[] {0, 1},
                new double[] {100 - 93.31, 1234.5678})), List.of(), List.of());
        assertEquals(List.of("0:00:00", "busy: 6.69 %"), new CrosshairReadout(busy, ZoneOffset.UTC, ReadableNumbers.ROOT).lines(0));
        assertEquals(List.of("0:00:01", "busy: 1.235 %"),
                new CrosshairReadout(busy, ZoneOffset.UTC, ReadableNumbers.of(java.util.Locale.GERMANY)).lines(1));
    }
}
