package io.statlens.gui;

import io.statlens.chart.CaptureRun;
import io.statlens.chart.ChartData;
import io.statlens.chart.DrawnChart;
import io.statlens.store.SharedRepository;
import javafx.geometry.Point2D;
import javafx.scene.control.Label;
import javafx.scene.control.TreeItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Several runs of different dates and hosts on one dashboard, in the real window, headless: a RHEL 7 sar run of 48 CPUs
 * of 2016-03-28 (kSar's test file) and the capture {@code cpu-2thr} of 2026-11-25 (a Linux VM of 2 CPUs). Every chart, a run's own areas included, is
 * on one elapsed-time axis that starts each run at 0, and the readout says each run's clock time at the crosshair.
 */
@ExtendWith(ApplicationExtension.class)
class DashboardRunsTest {
    @RegisterExtension
    static final SharedRepository shared = SharedRepository.keptBetweenTests();
    static final Path RHEL7_SAR = Path.of("src/test/resources/corpus/sar/ksar-linux-sysstat-10.1.5-48cpu.txt");

    private DashboardViewModel dashboards;
    private MainView view;

    @BeforeAll
    static void importRuns() {
        CaptureRun.importInto(shared.repository());
        new ImportViewModel(Workbench.services(shared.repository(), ZoneOffset.UTC).imports(), new SynchronousExecutor(), ZoneOffset.UTC, s -> { }, () -> { })
                .importFiles(List.of(RHEL7_SAR), "rhel7");
    }

    @Start
    void start(Stage stage) {
        Workbench wiring = TestWindow.show(stage, shared.repository(), RecentInputs.forSession(), file -> { }, 1200, 900);
        dashboards = wiring.dashboards();
        view = wiring.view();
        wiring.browser().reload();
    }

    @Test
    void runsOfDifferentDatesShareAnElapsedAxisAndTheReadoutSaysEachRunsClock(FxRobot robot) {
        // Ctrl-click both runs in the browser.
        robot.interact(() -> {
            view.tree().getSelectionModel().clearSelection();
            for (TreeItem<BrowserNode> run : view.tree().getRoot().getChildren()) view.tree().getSelectionModel().select(run);
        });
        assertEquals(Set.of("cpu-2thr", "rhel7"), Set.copyOf(dashboards.dashboardProperty().get().runs()));
        // Every chart over time, the lines of both runs too, though one run is hundreds of times as long as the other (a
        // chart of its own would draw each run over its own length instead).
        List<DrawnChart> timed = dashboards.charts().stream().filter(c -> !c.data().series().isEmpty()).toList();
        assertTrue(timed.size() >= 2, "charts over time: " + timed.size());
        for (DrawnChart c : timed) {
            assertEquals(ChartData.Domain.ELAPSED, c.data().domain(), c.data().title() + " of " + c.data().runs());
            assertTrue(dashboards.linked(c), c.data().title() + " follows the shared axis");
        }
        assertTrue(dashboards.charts().stream().anyMatch(c -> c.data().runs().contains("rhel7")), "charts of both runs");
        assertTrue(dashboards.charts().stream().anyMatch(c -> c.data().runs().contains("cpu-2thr")), "charts of both runs");
        // Seconds from each run's start: the longer run's hours, not the ten years between the two runs' dates.
        DashboardViewModel.Window whole = dashboards.whole();
        assertEquals(0, whole.from(), 1, "each run starts at 0 s");
        assertTrue(whole.to() < 2 * 86_400, "seconds since each run's start: " + whole.to());

        // The mouse 20 s into the runs over the first chart: the elapsed time and each run's clock time then.
        DashboardView d = robot.lookup(n -> n instanceof DashboardView).query();
        double px = d.viewerX(0, 20);
        Point2D at = d.viewer(0).localToScreen(px, d.viewer(0).getHeight() * 0.4);
        robot.moveTo(at);
        String time = robot.lookup("#dashboard-time").queryAs(Label.class).getText();
        assertTrue(time.matches("0:00:\\d\\d  \u00b7  .+  \u00b7  .+"), time);
        assertTrue(time.matches(".*  \u00b7  cpu-2thr 2026-11-25 20:\\d\\d:\\d\\d UTC\\b.*"), time);
        assertTrue(time.matches(".*  \u00b7  rhel7 2016-03-28 09:\\d\\d:\\d\\d UTC\\b.*"), time);
        String first = d.readout(0).getText();
        assertFalse(first.isEmpty() || first.contains("no sample"), "the first chart reads a sample: " + first);

        // An hour in, past the capture's last sample: it says when the capture ended, not a clock time it never reached.
        String later = dashboards.position(3600);
        assertTrue(later.matches("1:00:00  \u00b7  .*cpu-2thr ended 2026-11-25 20:\\d\\d:\\d\\d UTC\\b.*"), later);
        assertTrue(later.matches(".*  \u00b7  rhel7 2016-03-28 10:\\d\\d:\\d\\d UTC\\b.*"), later);
    }
}
