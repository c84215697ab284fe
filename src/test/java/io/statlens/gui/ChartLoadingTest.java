package io.statlens.gui;

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

/** The chart tab's loading: shown while it runs, and Cancel, after which the chart shown before stays. */
class ChartLoadingTest {
    @RegisterExtension
    static final SharedRepository shared = SharedRepository.keptBetweenTests();

    @BeforeAll
    static void importCapture() {
        CaptureRun.importInto(shared.repository());
    }

    @Test
    void aChartLoadingIsShownAndCancelKeepsTheChartBefore() {
        HeldExecutor executor = new HeldExecutor();
        List<String> status = new ArrayList<>();
        ChartViewModel charts = new ChartViewModel(shared.repository(), executor, ZoneOffset.UTC, status::add);
        charts.show(new ChartViewModel.Selection(List.of(CaptureRun.RUN), "sar.cpu", "%user"));
        assertTrue(charts.loadingProperty().get());
        assertEquals("charting sar.cpu %user of cpu-2thr...", charts.loadingTextProperty().get());
        executor.runAll();
        assertFalse(charts.loadingProperty().get());
        assertEquals("sar.cpu %user by CPU", charts.chartProperty().get().getTitle().getText());

        charts.show(new ChartViewModel.Selection(List.of(CaptureRun.RUN), "iostat", "%util"));
        assertTrue(charts.loadingProperty().get());
        charts.cancel();
        assertFalse(charts.loadingProperty().get());
        assertEquals("chart cancelled; the chart shown before stays", status.get(status.size() - 1));
        executor.runAll();
        assertEquals("sar.cpu %user by CPU", charts.chartProperty().get().getTitle().getText(), "the cancelled chart is not shown");
    }
}
