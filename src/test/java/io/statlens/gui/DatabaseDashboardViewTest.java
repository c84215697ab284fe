package io.statlens.gui;

import io.statlens.chart.DatabaseCaptureRun;
import io.statlens.chart.DrawnChart;
import io.statlens.store.SharedRepository;
import javafx.geometry.Point2D;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TreeItem;
import javafx.stage.Stage;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The dashboard of a run with MySQL data, in the real window, headless, over the real capture {@code sysbench-mariadb}:
 * below the OS charts and the benchmark's, the database row (statements per second by command, threads running, the
 * checkpoint age) on the same time axis, read by the same crosshair.
 */
@ExtendWith(ApplicationExtension.class)
class DatabaseDashboardViewTest {
    @RegisterExtension
    static final SharedRepository shared = SharedRepository.keptBetweenTests();
    private static final long T2620 = Instant.parse("2026-12-02T03:26:20Z").toEpochMilli();

    private DashboardViewModel dashboards;
    private MainView view;

    @BeforeAll
    static void importCapture() {
        DatabaseCaptureRun.importInto(shared.repository());
    }

    @Start
    void start(Stage stage) {
        Workbench wiring = TestWindow.show(stage, shared.repository(), RecentInputs.forSession(), file -> { }, 1200, 900);
        dashboards = wiring.dashboards();
        view = wiring.view();
        wiring.browser().reload();
    }

    @Test
    void theDashboardHasTheDatabaseRowOnTheOsTimeAxis(FxRobot robot) throws Exception {
        robot.interact(() -> {
            TreeItem<BrowserNode> run = view.tree().getRoot().getChildren().get(0);
            view.tree().getSelectionModel().clearSelection();
            view.tree().getSelectionModel().select(run);
        });
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !dashboards.charts().isEmpty() && !dashboards.loadingProperty().get());
        assertEquals(List.of("mpstat.cpu", "iostat.util", "vmstat.memory", "sysbench.tps", "mysql.commands", "mysql.threads",
                "mysql.checkpoint"), dashboards.charts().stream().map(c -> c.definition().name()).toList());
        DrawnChart cpu = dashboards.charts().get(0);
        for (DrawnChart c : dashboards.charts()) {
            assertEquals(((XYPlot) cpu.chart().getPlot()).getDomainAxis().getRange(),
                    ((XYPlot) c.chart().getPlot()).getDomainAxis().getRange(), c.definition().name() + ": one time axis");
        }

        DashboardView d = robot.lookup(n -> n instanceof DashboardView).query();
        int threads = 5;
        // The database row is at the bottom of the stack: scrolled to, as the user does.
        ScrollPane scroll = robot.lookup("#dashboard-scroll").queryAs(ScrollPane.class);
        robot.interact(() -> scroll.setVvalue(scroll.getVmax()));
        WaitForAsyncUtils.waitForFxEvents();
        Point2D at = d.viewer(threads).localToScreen(d.viewerX(threads, T2620), d.viewer(threads).getHeight() * 0.4);
        robot.moveTo(at);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS,
                () -> robot.lookup("#dashboard-time").queryAs(Label.class).getText().equals("2026-12-02 03:26:20 UTC"));
        assertTrue(d.readout(threads).getText().matches("Threads_connected: 5 +Threads_running: \\d+"), d.readout(threads).getText());
        assertTrue(d.readout(4).getText().startsWith("Com_select: "), d.readout(4).getText());
    }
}
