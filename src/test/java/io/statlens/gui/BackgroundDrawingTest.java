package io.statlens.gui;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.chart.CaptureRun;
import io.statlens.store.SharedRepository;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Charts and dashboards drawn in the background: what is loading is shown while it runs, a dashboard's progress a step
 * per chart, and Cancel, after which what was shown before stays (and a drawing replaced by a newer one is dropped).
 */
class BackgroundDrawingTest {
    @RegisterExtension
    static final SharedRepository shared = SharedRepository.keptBetweenTests();

    @BeforeAll
    static void importCapture() {
        CaptureRun.importInto(shared.repository());
    }

    @Test
    void aChartLoadingIsShownAndCancelKeepsTheChartBefore() {
        SynchronousExecutor executor = SynchronousExecutor.holding();
        List<String> status = new ArrayList<>();
        ChartViewModel charts = new ChartViewModel(Workbench.services(shared.repository(), ZoneOffset.UTC).charts(), executor, ZoneOffset.UTC, ReadableNumbers.ROOT, status::add);
        charts.show(new ChartViewModel.Selection(List.of(CaptureRun.RUN), "sar.cpu", "%user"));
        assertTrue(charts.loadingProperty().get());
        assertEquals("charting sar.cpu %user of cpu-2thr...", charts.loadingTextProperty().get());
        executor.runHeld();
        assertFalse(charts.loadingProperty().get());
        assertEquals("sar.cpu %user by CPU", charts.chartProperty().get().getTitle().getText());

        charts.show(new ChartViewModel.Selection(List.of(CaptureRun.RUN), "iostat", "%util"));
        assertTrue(charts.loadingProperty().get());
        charts.cancel();
        assertFalse(charts.loadingProperty().get());
        assertEquals("chart cancelled; the chart shown before stays", status.get(status.size() - 1));
        executor.runHeld();
        assertEquals("sar.cpu %user by CPU", charts.chartProperty().get().getTitle().getText(), "the cancelled chart is not shown");
    }

    @Test
    void aDrawingShowsProgressAndCancelKeepsWhatWasShown() {
        SynchronousExecutor executor = SynchronousExecutor.holding();
        List<String> status = new ArrayList<>();
        Services s = Workbench.services(shared.repository(), ZoneOffset.UTC);
        DashboardViewModel model = new DashboardViewModel(s.charts(), s.dashboards(), s.windows(), s.collects(), executor,
                ZoneOffset.UTC, ReadableNumbers.ROOT, status::add);
        model.open(List.of(CaptureRun.RUN));
        assertTrue(model.loadingProperty().get());
        assertEquals("drawing the dashboard of cpu-2thr...", model.messageProperty().get());
        List<Double> steps = new ArrayList<>();
        model.progressProperty().addListener((o, was, now) -> steps.add(now.doubleValue()));
        executor.runHeld();
        assertFalse(model.loadingProperty().get());
        assertEquals(List.of(0.2, 0.4, 0.6, 0.8, 1.0), steps, "a step per chart loaded");
        assertEquals(5, model.charts().size());

        // A drawing cancelled before it starts: the five charts stay, and the message says so.
        model.add(model.addable().get(0).definition());
        assertTrue(model.loadingProperty().get());
        model.cancel();
        executor.runHeld();
        assertFalse(model.loadingProperty().get());
        assertEquals(5, model.charts().size());
        assertEquals("cancelled: the charts shown before stay", model.messageProperty().get());

        // Opened again before the first drawing ends: only the second one is shown.
        model.openSaved("no such dashboard");
        model.open(List.of(CaptureRun.RUN));
        executor.runHeld();
        assertEquals("5 chart(s) of cpu-2thr", model.messageProperty().get());
        assertEquals("Dashboard of cpu-2thr: 5 chart(s) of cpu-2thr", status.get(status.size() - 1));
    }
}
