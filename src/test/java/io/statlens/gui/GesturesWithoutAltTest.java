package io.statlens.gui;

import io.statlens.chart.DrawnChart;
import io.statlens.gui.BrowserNode.MetricNode;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import javafx.geometry.Point2D;
import javafx.scene.input.ContextMenuEvent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.stage.Stage;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.awt.geom.Rectangle2D;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Panning and zooming without Alt, which window managers take for themselves (Alt-drag moves the window under openbox,
 * GNOME and KDE): the middle button drags the time along, the keys pan and zoom a chart that has the focus, and the
 * context menu zooms in, out and back to the whole time, in the chart tab and on the dashboard (issue 30, item 4).
 */
@ExtendWith(ApplicationExtension.class)
class GesturesWithoutAltTest {
    private static final double T2 = Instant.parse("2018-03-21T02:00:00Z").toEpochMilli();
    private static final double T3 = Instant.parse("2018-03-21T03:00:00Z").toEpochMilli();
    private static final double T4 = Instant.parse("2018-03-21T04:00:00Z").toEpochMilli();
    private Repository repo;
    private ImportViewModel importer;
    private DashboardViewModel dashboards;
    private MainView view;

    @Start
    void start(Stage stage) {
        repo = Repository.open(RepositoryLocation.memory("gestures" + UUID.randomUUID()), true);
        Workbench wiring = TestWindow.show(stage, repo, RecentInputs.forSession(), file -> { }, 1200, 900);
        importer = wiring.importer();
        dashboards = wiring.dashboards();
        view = wiring.view();
    }

    @AfterEach
    void close() {
        repo.close();
    }

    private XYPlot plot() {
        return (XYPlot) view.viewer().getChart().getPlot();
    }

    /** Where on the screen the chart tab's chart draws the time {@code x}, halfway up its plot. */
    private Point2D screenPoint(double x) {
        Rectangle2D area = view.viewer().dataArea();
        double px = plot().getDomainAxis().valueToJava2D(x, area, plot().getDomainAxisEdge());
        return view.viewer().localToScreen(px, area.getCenterY());
    }

    /** Opens the viewer's context menu at the screen point, as a desktop's right click does (headless Monocle makes none). */
    private static void contextMenu(FxRobot robot, ChartImageViewer viewer, Point2D at) {
        Point2D inScene = viewer.localToScene(viewer.screenToLocal(at));
        robot.interact(() -> viewer.fireEvent(new ContextMenuEvent(ContextMenuEvent.CONTEXT_MENU_REQUESTED,
                inScene.getX(), inScene.getY(), at.getX(), at.getY(), false, null)));
        assertTrue(viewer.getContextMenu().isShowing());
    }

    /** Waits (up to 10 s) until the condition, asked on the FX thread, holds. */
    private static void waitUntil(java.util.function.BooleanSupplier condition) {
        try {
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(condition::getAsBoolean).get());
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("waited 10 s in vain", e);
        }
    }

    /** Clicks an item of the viewer's context menu shown (the dashboard's tool bar has a "Whole time" too). */
    private static void choose(FxRobot robot, ChartImageViewer viewer, String item) {
        robot.clickOn(robot.from(viewer.getContextMenu().getScene().getRoot()).lookup(item).queryAs(javafx.scene.Node.class));
    }

    @Test
    void theMiddleButtonPansAndTheKeysAndTheMenuPanAndZoomTheChart(FxRobot robot) {
        robot.interact(() -> importer.importFiles(List.of(ImportViewModelTest.HPUX_SAR), "hpux"));
        robot.interact(() -> view.select(new MetricNode("hpux", "sar.cpu", "%usr", null)));
        ValueAxis time = plot().getDomainAxis();
        robot.interact(() -> time.setRange(T2, T4));

        // A middle-button drag to the right brings earlier times into view.
        robot.drag(screenPoint(T3), MouseButton.MIDDLE).dropBy(100, 0);
        assertTrue(time.getLowerBound() < T2, "panned: " + Instant.ofEpochMilli((long) time.getLowerBound()));
        assertEquals(2 * 3_600_000, time.getRange().getLength(), 1, "a pan keeps the time shown as long");

        // A click gives the chart the keys: the right arrow shows later times, minus zooms out, plus (=) in, Home all.
        robot.interact(() -> time.setRange(T2, T4));
        robot.clickOn(screenPoint(T3));
        robot.type(KeyCode.RIGHT);
        assertTrue(time.getLowerBound() > T2, "the right arrow pans to later times: " + Instant.ofEpochMilli((long) time.getLowerBound()));
        assertEquals(2 * 3_600_000, time.getRange().getLength(), 1);
        robot.type(KeyCode.MINUS);
        assertTrue(time.getRange().getLength() > 2 * 3_600_000 + 60_000, "minus zooms out: " + time.getRange());
        double out = time.getRange().getLength();
        robot.type(KeyCode.EQUALS);
        assertTrue(time.getRange().getLength() < out - 60_000, "plus zooms in: " + time.getRange());
        robot.type(KeyCode.HOME);
        assertTrue(time.isAutoRange(), "Home shows the whole time");
        // The chart holds the zoomed part's lines until those of the whole run are cut again for it, in the background.
        waitUntil(() -> time.getRange().getLength() > 10 * 3_600_000);

        // The context menu: Zoom in around the point clicked, Zoom out, Whole time.
        double whole = time.getRange().getLength();
        contextMenu(robot, view.viewer(), screenPoint(T3));
        choose(robot, view.viewer(), "Zoom in");
        assertTrue(time.getRange().getLength() < whole * 0.75, "zoomed in: " + time.getRange());
        assertTrue(time.getLowerBound() < T3 && time.getUpperBound() > T3, "around the point clicked: " + time.getRange());
        double in = time.getRange().getLength();
        contextMenu(robot, view.viewer(), screenPoint(T3));
        choose(robot, view.viewer(), "Zoom out");
        assertTrue(time.getRange().getLength() > in * 1.25, "zoomed out: " + time.getRange());
        contextMenu(robot, view.viewer(), screenPoint(T3));
        choose(robot, view.viewer(), "Whole time");
        assertTrue(time.isAutoRange(), "the whole time");
    }

    /** Shift-drag zooms the values too; the up and down arrows and the menu do the same without the mouse's drag. */
    @Test
    void theValueZoomOfShiftDragHasAKeyAndAMenuTwin(FxRobot robot) {
        robot.interact(() -> importer.importFiles(List.of(ImportViewModelTest.HPUX_SAR), "hpux"));
        robot.interact(() -> view.select(new MetricNode("hpux", "sar.cpu", "%usr", null)));
        ValueAxis values = plot().getRangeAxis();
        ValueAxis time = plot().getDomainAxis();
        robot.interact(() -> time.setRange(T2, T4));
        double all = values.getRange().getLength();
        robot.clickOn(screenPoint(T3));
        robot.type(KeyCode.UP);
        assertTrue(values.getRange().getLength() < all * 0.9, "the up arrow zooms the values in: " + values.getRange());
        assertEquals(2 * 3_600_000, time.getRange().getLength(), 1, "the time stays");
        double in = values.getRange().getLength();
        robot.type(KeyCode.DOWN);
        assertTrue(values.getRange().getLength() > in * 1.1, "the down arrow zooms them out: " + values.getRange());

        contextMenu(robot, view.viewer(), screenPoint(T3));
        double before = values.getRange().getLength();
        choose(robot, view.viewer(), "Zoom values in");
        assertTrue(values.getRange().getLength() < before * 0.9, "the menu zooms the values in: " + values.getRange());
        contextMenu(robot, view.viewer(), screenPoint(T3));
        choose(robot, view.viewer(), "Whole time");
        assertTrue(values.isAutoRange(), "and Whole time shows all of the values again");
    }

    @Test
    void onTheDashboardTheMiddleButtonAndTheMenuMoveEveryChart(FxRobot robot) {
        robot.interact(() -> importer.importFiles(List.of(ImportViewModelTest.HPUX_SAR), "hpux"));
        robot.interact(() -> dashboards.open(List.of("hpux")));
        DashboardView d = robot.lookup(n -> n instanceof DashboardView).query();
        assertTrue(dashboards.charts().size() >= 2, "charts: " + dashboards.charts().size());
        JFreeChart whole = d.chart(0);
        robot.interact(() -> dashboards.zoom(new DashboardViewModel.Window(T2, T4)));
        // Once a zoom rests the charts are drawn again for the time shown, in the same viewers (no blank chart meanwhile).
        waitUntil(() -> d.chart(0) != whole && !d.viewer(0).isDrawing() && d.viewer(0).dataArea() != null);
        ChartImageViewer first = d.viewer(0);
        JFreeChart zoomed = d.chart(0);
        Point2D at = first.localToScreen(d.viewerX(0, T3), first.getHeight() * 0.4);

        robot.drag(at, MouseButton.MIDDLE).dropBy(100, 0);
        DashboardViewModel.Window panned = dashboards.zoomProperty().get();
        assertTrue(panned.from() < T2, "panned: " + Instant.ofEpochMilli((long) panned.from()));
        for (DrawnChart c : dashboards.charts()) {
            if (!dashboards.linked(c)) continue;
            ValueAxis axis = ((XYPlot) c.chart().getPlot()).getDomainAxis();
            assertEquals(panned.from(), axis.getLowerBound(), 0.5, c.definition().name() + " follows the pan");
        }

        waitUntil(() -> d.chart(0) != zoomed && !d.viewer(0).isDrawing() && d.viewer(0).dataArea() != null);
        ChartImageViewer redrawn = d.viewer(0);
        JFreeChart panChart = d.chart(0);
        Point2D middle = redrawn.localToScreen(redrawn.dataArea().getCenterX(), redrawn.getHeight() * 0.4);
        contextMenu(robot, redrawn, middle);
        choose(robot, redrawn, "Zoom out");
        assertTrue(dashboards.zoomProperty().get() == null
                        || dashboards.zoomProperty().get().to() - dashboards.zoomProperty().get().from() > (T4 - T2) * 1.25,
                "every chart zoomed out: " + dashboards.zoomProperty().get());
        waitUntil(() -> d.chart(0) != panChart && !d.viewer(0).isDrawing() && d.viewer(0).dataArea() != null);
        ChartImageViewer again = d.viewer(0);
        contextMenu(robot, again, again.localToScreen(again.dataArea().getCenterX(), again.getHeight() * 0.4));
        choose(robot, again, "Whole time");
        assertEquals(null, dashboards.zoomProperty().get(), "the whole time");
    }
}
