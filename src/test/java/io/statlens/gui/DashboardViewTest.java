package io.statlens.gui;

import io.statlens.chart.CaptureRun;
import io.statlens.chart.ChartDefinition;
import io.statlens.chart.DrawnChart;
import io.statlens.store.SharedRepository;
import javafx.geometry.Point2D;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TabPane;
import javafx.scene.control.TreeItem;
import javafx.stage.Stage;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The dashboard tab in the real window, headless, over the real capture {@code cpu-2thr}: opening the run shows its
 * dashboard, one zoom moves every chart, the crosshair reads every chart at the mouse's time, and charts are moved,
 * removed, added, saved, opened again by name and exported as one page.
 */
@ExtendWith(ApplicationExtension.class)
class DashboardViewTest {
    @RegisterExtension
    static final SharedRepository shared = SharedRepository.keptBetweenTests();
    private static final long T0910 = Instant.parse("2026-11-25T20:09:10Z").toEpochMilli();
    private static final long T0932 = Instant.parse("2026-11-25T20:09:32Z").toEpochMilli();
    private static final long T0940 = Instant.parse("2026-11-25T20:09:40Z").toEpochMilli();

    private DashboardViewModel dashboards;
    private MainView view;

    @BeforeAll
    static void importCapture() {
        CaptureRun.importInto(shared.repository());
    }

    @Start
    void start(Stage stage) {
        Workbench wiring = TestWindow.show(stage, shared.repository(), RecentInputs.forSession(), file -> { }, 1200, 900);
        dashboards = wiring.dashboards();
        view = wiring.view();
        wiring.browser().reload();
    }

    /** Selects the capture's run in the browser, as a click on it does. */
    private void openRun(FxRobot robot) {
        robot.interact(() -> {
            TreeItem<BrowserNode> run = view.tree().getRoot().getChildren().get(0);
            view.tree().getSelectionModel().clearSelection();
            view.tree().getSelectionModel().select(run);
        });
    }

    private static DashboardView dashboardView(FxRobot robot) {
        return robot.lookup(n -> n instanceof DashboardView).query();
    }

    private List<String> chartNames() {
        return dashboards.charts().stream().map(c -> c.definition().name()).toList();
    }

    private static ValueAxis timeAxis(DrawnChart c) {
        return ((XYPlot) c.chart().getPlot()).getDomainAxis();
    }

    /** Where chart {@code chart} draws the time {@code x} on the screen, {@code down} of the way down its viewer. */
    private static Point2D screenPoint(DashboardView d, int chart, double x, double down) {
        double px = d.viewerX(chart, x);
        return d.viewer(chart).localToScreen(px, d.viewer(chart).getHeight() * down);
    }

    private static Point2D screenPoint(DashboardView d, int chart, double x) {
        return screenPoint(d, chart, x, 0.35);
    }

    @Test
    void openingTheRunShowsItsDashboardAndOneZoomMovesEveryChart(FxRobot robot) {
        openRun(robot);
        TabPane tabs = (TabPane) view.lookup(".tab-pane");
        assertEquals("dashboard-tab", tabs.getSelectionModel().getSelectedItem().getId());
        assertEquals(List.of("sar.cpu", "iostat.util", "sar.net", "sar.memory", "sysbench.tps"), chartNames());
        assertEquals("Dashboard of cpu-2thr", robot.lookup("#dashboard-title").queryAs(Label.class).getText());
        DashboardView d = dashboardView(robot);

        // The crosshair: the mouse at 20:09:32 over the disk chart; every chart reads its sample nearest that time.
        robot.moveTo(screenPoint(d, 1, T0932));
        assertEquals("2026-11-25 20:09:32 UTC", robot.lookup("#dashboard-time").queryAs(Label.class).getText());
        assertEquals("vda: 6.8 %", d.readout(1).getText());
        assertTrue(d.readout(0).getText().startsWith("%user: 94.24 %    %nice: 0 %    %system: 5.51 %"), d.readout(0).getText());
        // sysbench reports at 20:09:31 and 20:09:33: the earlier is taken, and its time said.
        assertEquals("eps: 1,505 /s  (at 2026-11-25 20:09:31 UTC)", d.readout(4).getText());
        for (int i = 0; i < 5; i++) {
            assertEquals(T0932, d.viewer(i).crosshairValue(), 0.5, "one crosshair through every chart");
        }

        // One zoom: a rectangle dragged over the CPU chart from 20:09:10 to 20:09:40; every chart shows that time.
        robot.drag(screenPoint(d, 0, T0910, 0.3)).dropTo(screenPoint(d, 0, T0940, 0.5));
        for (DrawnChart c : dashboards.charts()) {
            assertEquals(T0910, timeAxis(c).getLowerBound(), 1500, c.definition().name());
            assertEquals(T0940, timeAxis(c).getUpperBound(), 1500, c.definition().name());
            assertEquals(timeAxis(dashboards.charts().get(0)).getRange(), timeAxis(c).getRange());
        }
        assertTrue(dashboards.zoomProperty().get() != null);
        // Once the zoom settles the charts are drawn again from the samples shown (and one on either side).
        FxWait.until("the zoom to rest and the charts to be cut again", d::settled);
        XYPlot cpu = (XYPlot) dashboards.charts().get(0).chart().getPlot();
        assertTrue(cpu.getDataset().getItemCount(0) < 20, "sar.cpu's 45 samples cut to the zoomed 30 s: " + cpu.getDataset().getItemCount(0));

        robot.clickOn("#dashboard-whole");
        assertEquals(null, dashboards.zoomProperty().get());
        DashboardViewModel.Window whole = dashboards.whole();
        for (DrawnChart c : dashboards.charts()) {
            assertEquals(whole.from(), timeAxis(c).getLowerBound(), 0.5);
            assertEquals(whole.to(), timeAxis(c).getUpperBound(), 0.5);
        }
        assertEquals(Instant.parse("2026-11-25T20:08:44Z").toEpochMilli(), whole.from(), 0.5,
                "sar's first sample, and iostat's after its since-boot report");
        assertEquals(Instant.parse("2026-11-25T20:10:12Z").toEpochMilli(), whole.to(), 0.5, "sar's and iostat's last");
    }

    @Test
    void chartsAreMovedRemovedAddedSavedOpenedByNameAndExportedAsOnePage(FxRobot robot, @TempDir Path dir) throws Exception {
        openRun(robot);
        robot.clickOn("#dashboard-down-0");
        assertEquals(List.of("iostat.util", "sar.cpu", "sar.net", "sar.memory", "sysbench.tps"), chartNames());
        robot.clickOn("#dashboard-remove-2");
        assertEquals(List.of("iostat.util", "sar.cpu", "sar.memory", "sysbench.tps"), chartNames());
        assertEquals(List.of("iostat.util", "sar.cpu", "sar.memory", "sysbench.tps"),
                dashboards.dashboardProperty().get().charts().stream().map(ChartDefinition::name).toList());

        // Added from the presets that apply: the load averages, at the bottom.
        MenuButton add = robot.lookup("#dashboard-add").queryAs(MenuButton.class);
        MenuItem load = add.getItems().stream().filter(i -> i.getText().startsWith("sar.load ")).findFirst().orElseThrow();
        robot.interact(load::fire);
        assertEquals(List.of("iostat.util", "sar.cpu", "sar.memory", "sysbench.tps", "sar.load"), chartNames());

        robot.clickOn("#dashboard-name").write("disk first");
        robot.clickOn("#dashboard-save");
        Label message = robot.lookup("#dashboard-message").queryAs(Label.class);
        assertEquals("saved dashboard 'disk first' (5 charts of cpu-2thr)", message.getText());
        assertEquals("disk first (cpu-2thr)", robot.lookup("#dashboard-title").queryAs(Label.class).getText());

        // The run's default dashboard again, then the saved one by name.
        openRun(robot);
        assertEquals(List.of("sar.cpu", "iostat.util", "sar.net", "sar.memory", "sysbench.tps"), chartNames());
        MenuButton open = robot.lookup("#dashboard-open").queryAs(MenuButton.class);
        assertEquals(List.of("disk first"), open.getItems().stream().map(MenuItem::getText).toList());
        robot.interact(() -> open.getItems().get(0).fire());
        assertEquals(List.of("iostat.util", "sar.cpu", "sar.memory", "sysbench.tps", "sar.load"), chartNames());

        Path png = dir.resolve("disk-first.png");
        robot.interact(() -> dashboards.export(png, 1200));
        assertTrue(message.getText().startsWith("wrote " + png), message.getText());
        BufferedImage page = ImageIO.read(png.toFile());
        assertEquals(1200, page.getWidth());
        assertEquals(36 + 5 * DashboardViewModel.CHART_HEIGHT, page.getHeight());

        robot.clickOn("#dashboard-delete");
        assertEquals("deleted dashboard 'disk first'", message.getText());
        assertTrue(open.isDisabled(), "no saved dashboard left to open");
    }
}
