package io.statlens.gui;

import io.statlens.chart.ChartData;
import io.statlens.chart.HotEnd;
import io.statlens.gui.BrowserNode.MetricNode;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import javafx.geometry.Point2D;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.CustomMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.Spinner;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.ContextMenuEvent;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.awt.geom.Rectangle2D;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The chart tab in the real window, headless: crosshair readout under the mouse, Alt-click to note, the key
 * filter, the chart's SQL edited and applied, and the SQL console's "Chart this result".
 */
@ExtendWith(ApplicationExtension.class)
class ChartViewTest {
    private Repository repo;
    private ImportViewModel importer;
    private ChartViewModel charts;
    private SqlConsoleViewModel console;
    private StatsViewModel stats;
    private MainView view;

    @Start
    void start(Stage stage) {
        repo = Repository.open(RepositoryLocation.memory("chart" + UUID.randomUUID()), true);
        Workbench wiring = TestWindow.show(stage, repo);
        importer = wiring.importer();
        charts = wiring.charts();
        console = wiring.console();
        stats = wiring.stats();
        view = wiring.view();
    }

    @AfterEach
    void close() {
        repo.close();
    }

    private static javafx.scene.control.Tab tab(TabPane tabs, String id) {
        return tabs.getTabs().stream().filter(t -> id.equals(t.getId())).findFirst().orElseThrow();
    }

    /** Where on the screen the chart draws the time {@code x}, halfway up its plot. */
    private Point2D screenPoint(FxRobot robot, double x) {
        XYPlot plot = (XYPlot) view.viewer().getChart().getPlot();
        Rectangle2D area = view.viewer().getRenderingInfo().getPlotInfo().getDataArea();
        double px = plot.getDomainAxis().valueToJava2D(x, area, plot.getDomainAxisEdge());
        return view.viewer().localToScreen(px, area.getCenterY());
    }

    @Test
    void theCrosshairReadsTheSampleUnderTheMouseAndAltClickNotesItsTime(FxRobot robot) {
        robot.interact(() -> importer.importFiles(List.of(ImportViewModelTest.HPUX_SAR), "hpux"));
        robot.interact(() -> view.select(new MetricNode("hpux", "sar.cpu", "%usr", null)));
        rest();
        Label readout = robot.lookup("#chart-readout").queryAs(Label.class);
        assertEquals(ChartView.HINT, readout.getText());

        // A minute after the 00:15:01 sample; the next one is at 00:20:01.
        Point2D near = screenPoint(robot, Instant.parse("2018-03-21T00:16:01Z").toEpochMilli());
        robot.moveTo(near);
        assertEquals("2018-03-21 00:15:01 UTC    %usr: 46 %", readout.getText());

        robot.press(KeyCode.ALT).clickOn(near).release(KeyCode.ALT);
        assertEquals("2018-03-21T00:15:01Z", robot.lookup("#note-at").queryAs(TextField.class).getText());

        // The context menu's item does the same (the note window moved aside); 00:19:00 is nearest to 00:20:01.
        robot.interact(() -> robot.lookup("#note-at").query().getScene().getWindow().hide());
        // Headless Monocle makes no context-menu request of a right click: the test makes the one a desktop makes.
        Point2D menuAt = screenPoint(robot, Instant.parse("2018-03-21T00:19:00Z").toEpochMilli());
        Point2D inScene = view.viewer().localToScene(view.viewer().screenToLocal(menuAt));
        robot.interact(() -> view.viewer().fireEvent(new ContextMenuEvent(ContextMenuEvent.CONTEXT_MENU_REQUESTED,
                inScene.getX(), inScene.getY(), menuAt.getX(), menuAt.getY(), false, null)));
        assertTrue(view.viewer().getContextMenu().isShowing());
        robot.clickOn("Add note here");
        assertEquals("2018-03-21T00:20:01Z", robot.lookup("#note-at").queryAs(TextField.class).getText());

        // Alt-drag pans along the time axis: dragged to the right, earlier times come into view.
        robot.interact(() -> robot.lookup("#note-at").query().getScene().getWindow().hide());
        XYPlot plot = (XYPlot) view.viewer().getChart().getPlot();
        robot.interact(() -> plot.getDomainAxis().setRange(Instant.parse("2018-03-21T02:00:00Z").toEpochMilli(),
                Instant.parse("2018-03-21T04:00:00Z").toEpochMilli()));
        Point2D from = screenPoint(robot, Instant.parse("2018-03-21T03:00:00Z").toEpochMilli());
        robot.press(KeyCode.ALT).drag(from).dropBy(100, 0).release(KeyCode.ALT);
        assertTrue(plot.getDomainAxis().getLowerBound() < Instant.parse("2018-03-21T02:00:00Z").toEpochMilli(),
                Instant.ofEpochMilli((long) plot.getDomainAxis().getLowerBound()).toString());

        // Overlaid, the axis is elapsed time: a click at 0:10:40 notes the first run's sample at 600 s.
        robot.interact(() -> importer.importFiles(List.of(ImportViewModelTest.HPUX_SAR), "hpux-again"));
        robot.interact(() -> charts.show(new ChartViewModel.Selection(List.of("hpux", "hpux-again"), "sar.cpu", "%sys")));
        rest();
        assertEquals("600", charts.noteTime(640));
        assertEquals(List.of("0:10:00  \u00b7  hpux 2018-03-21 00:15:01 UTC  \u00b7  hpux-again 2018-03-21 00:15:01 UTC",
                "hpux: 11 %", "hpux-again: 11 %"), charts.readout(640));
    }

    @Test
    void aDraggedRectangleZoomsAndTheLinesAreCutAgainForTheViewersWidth(FxRobot robot) {
        robot.interact(() -> importer.importFiles(List.of(ImportViewModelTest.HPUX_SAR), "hpux"));
        robot.interact(() -> view.select(new MetricNode("hpux", "sar.cpu", "%usr", null)));
        rest();
        XYPlot plot = (XYPlot) view.viewer().getChart().getPlot();
        assertEquals(132, plot.getDataset().getItemCount(0));
        String wholeRun = subtitle();
        assertTrue(wholeRun.startsWith("run hpux  \u00b7  2018-03-21 00:05:01 \u2013 1"), wholeRun);
        double from = Instant.parse("2018-03-21T00:05:01Z").toEpochMilli();
        double to = Instant.parse("2018-03-21T00:45:01Z").toEpochMilli();
        // A pixel of the drag is about a minute of the 11 hours shown; the drag ends within one and a half of them.
        double pixel = 1.5 * plot.getDomainAxis().getRange().getLength() / view.viewer().dataArea().getWidth();
        robot.drag(screenPoint(robot, from)).dropTo(screenPoint(robot, to));
        assertEquals(from, plot.getDomainAxis().getLowerBound(), pixel);
        assertEquals(to, plot.getDomainAxis().getUpperBound(), pixel);
        assertTrue(view.viewer().isDrawing() || view.viewer().xValue(view.viewer().dataArea().getMinX()) == plot.getDomainAxis().getLowerBound(),
                "the picture follows the zoom");

        // Once the zoom rests the line is cut again, at the viewer's width, to the samples shown: 00:05:01 to 00:45:01
        // every 5 minutes, and one on either side; the readout still reads the stored samples.
        rest();
        assertTrue(plot.getDataset().getItemCount(0) <= 11 && plot.getDataset().getItemCount(0) >= 8,
                "the zoomed samples: " + plot.getDataset().getItemCount(0));
        assertTrue(subtitle().matches("run hpux  \u00b7  2018-03-21 00:0\\d:\\d\\d \u2013 00:4\\d:\\d\\d UTC.*"),
                "the subtitle says the time shown: " + subtitle());
        assertEquals(plot.getDomainAxis().getLowerBound(), view.viewer().xValue(view.viewer().dataArea().getMinX()), 1,
                "the picture shows the zoomed axis");
        robot.moveTo(screenPoint(robot, Instant.parse("2018-03-21T00:10:31Z").toEpochMilli()));
        assertEquals("2018-03-21 00:10:01 UTC    %usr: 22 %", robot.lookup("#chart-readout").queryAs(Label.class).getText());
        assertEquals(Instant.parse("2018-03-21T00:10:01Z").toEpochMilli(), view.viewer().crosshairValue(), 0.5,
                "the crosshair stands at the sample read");

        // Dragged leftwards: all of the run again.
        robot.drag(screenPoint(robot, Instant.parse("2018-03-21T00:35:01Z").toEpochMilli())).dropTo(screenPoint(robot, from));
        assertTrue(plot.getDomainAxis().isAutoRange());
        // The lines of the whole run come back once the axis rests.
        rest();
        assertEquals(Instant.parse("2018-03-21T00:05:01Z").toEpochMilli(), charts.dataProperty().get().series().get(0).x()[0], 0.5);
        assertTrue(plot.getDomainAxis().getUpperBound() - plot.getDomainAxis().getLowerBound() > 10 * 3_600_000,
                "the whole run: " + plot.getDomainAxis().getRange());
        assertEquals(wholeRun, subtitle());
    }

    /** The chart's first subtitle: the run, its time and the choices made. */
    private String subtitle() {
        return ((org.jfree.chart.title.TextTitle) view.viewer().getChart().getSubtitle(0)).getText();
    }

    /**
     * Waits until the chart asked for is on screen: a zoom rested, its lines cut again and its picture drawn, off the FX
     * thread. Where the picture is (its plot area, its axes) is known only then: a test that read it earlier could pass
     * or fail on a picture still being drawn.
     */
    private void rest() {
        FxWait.until("the chart to rest and its picture to be drawn", view::chartShown);
    }

    /** The statistics pane's caption and its first row's sample count. */
    private String statistics(FxRobot robot) {
        return robot.lookup("#stats-caption").queryAs(Label.class).getText() + "; n = "
                + (stats.rows().isEmpty() ? "none" : stats.rows().get(0).stats().n());
    }

    /** Zooms to 00:05:01 .. 00:45:01 by a rightward drag and waits until it rests: 9 samples of 132. */
    private void zoomIn(FxRobot robot) {
        robot.drag(screenPoint(robot, Instant.parse("2018-03-21T00:05:01Z").toEpochMilli()))
                .dropTo(screenPoint(robot, Instant.parse("2018-03-21T00:45:01Z").toEpochMilli()));
        rest();
        assertTrue(statistics(robot).startsWith("sar.cpu %usr, 2018-03-21T00:0"), statistics(robot));
    }

    @Test
    void theStatisticsDescribeWhatIsShownAfterEveryWayOfZoomingOut(FxRobot robot) {
        robot.interact(() -> importer.importFiles(List.of(ImportViewModelTest.HPUX_SAR), "hpux"));
        robot.interact(() -> view.select(new MetricNode("hpux", "sar.cpu", "%usr", null)));
        rest();
        String whole = "sar.cpu %usr, whole run; n = 132";
        assertEquals(whole, statistics(robot));
        XYPlot plot = (XYPlot) view.viewer().getChart().getPlot();

        // A leftward drag (the documented gesture) once the zoomed lines were cut: the whole run, and its statistics.
        zoomIn(robot);
        robot.drag(screenPoint(robot, Instant.parse("2018-03-21T00:35:01Z").toEpochMilli()))
                .dropTo(screenPoint(robot, Instant.parse("2018-03-21T00:10:01Z").toEpochMilli()));
        rest();
        assertTrue(plot.getDomainAxis().getRange().getLength() > 10 * 3_600_000, "the chart shows the whole run");
        assertEquals(whole, statistics(robot), "after a leftward drag");

        // The context menu's Auto Range.
        zoomIn(robot);
        robot.interact(() -> view.viewer().autoRange());
        rest();
        assertEquals(whole, statistics(robot), "after Auto Range");

        // The wheel, zooming out part of the way: the statistics of exactly the time shown.
        zoomIn(robot);
        Point2D middle = screenPoint(robot, Instant.parse("2018-03-21T00:25:01Z").toEpochMilli());
        robot.moveTo(middle).scroll(3, javafx.geometry.VerticalDirection.DOWN);
        rest();
        String shown = "sar.cpu %usr, " + Instant.ofEpochMilli(Math.round(plot.getDomainAxis().getLowerBound())) + " to "
                + Instant.ofEpochMilli(Math.round(plot.getDomainAxis().getUpperBound()));
        assertTrue(statistics(robot).startsWith(shown), statistics(robot) + " for " + shown);
        assertTrue(plot.getDomainAxis().getRange().getLength() > 40 * 60_000, "zoomed out: " + plot.getDomainAxis().getRange());
        // And out past the run's ends: the whole run again.
        robot.moveTo(middle).scroll(40, javafx.geometry.VerticalDirection.DOWN);
        rest();
        assertEquals(whole, statistics(robot), "after the wheel");
    }

    @Test
    void aDragZoomsTimeOnlyAndAShiftDragTheValuesToo(FxRobot robot) {
        robot.interact(() -> importer.importFiles(List.of(ImportViewModelTest.HPUX_SAR), "hpux"));
        robot.interact(() -> view.select(new MetricNode("hpux", "sar.cpu", "%usr", null)));
        rest();
        XYPlot plot = (XYPlot) view.viewer().getChart().getPlot();
        org.jfree.data.Range values = plot.getRangeAxis().getRange();
        // A diagonal drag: the time from 00:05:01 to 00:45:01 is shown; the value axis still fits the values shown.
        Point2D from = screenPoint(robot, Instant.parse("2018-03-21T00:05:01Z").toEpochMilli());
        Point2D to = screenPoint(robot, Instant.parse("2018-03-21T00:45:01Z").toEpochMilli()).add(0, 60);
        robot.drag(from.add(0, -60)).dropTo(to);
        assertTrue(plot.getDomainAxis().getRange().getLength() < 3_600_000, "the time zoomed: " + plot.getDomainAxis().getRange());
        assertTrue(plot.getRangeAxis().isAutoRange(), "the value axis not zoomed: " + plot.getRangeAxis().getRange());

        // Shift-drag: the values too.
        robot.interact(() -> view.viewer().autoRange());
        rest();
        Point2D shiftFrom = screenPoint(robot, Instant.parse("2018-03-21T00:05:01Z").toEpochMilli()).add(0, -40);
        Point2D shiftTo = screenPoint(robot, Instant.parse("2018-03-21T02:05:01Z").toEpochMilli()).add(0, 40);
        robot.press(KeyCode.SHIFT).drag(shiftFrom).dropTo(shiftTo).release(KeyCode.SHIFT);
        assertTrue(plot.getRangeAxis().getRange().getLength() < values.getLength(), "the values zoomed: "
                + plot.getRangeAxis().getRange() + " of " + values);
        assertFalse(plot.getRangeAxis().isAutoRange());
    }

    @Test
    void theKeyFilterDrawsTheNHottestOrTheKeysPickedByHand(FxRobot robot) {
        robot.interact(() -> importer.importFiles(List.of(CrosshairReadoutTest.MPSTAT_A), "mpa"));
        robot.interact(() -> view.select(new MetricNode("mpa", "mpstat", "%usr", null)));
        // Nine CPUs and all: no more than the ten drawn by default. The legend: all (the average) first, then the
        // busiest first by mean %usr: 3 8.4925, 1 4.425, 8 4.05, 2 4.025, 5 3.9875, 7 3.69, 4 3.375, 6 3.27, 0 2.21.
        assertEquals(List.of("all", "3", "1", "8", "2", "5", "7", "4", "6", "0"), seriesNames());
        assertEquals(List.of("all", "0", "1", "2", "3", "4", "5", "6", "7", "8"), charts.keys());

        // Top 3 by mean %usr: CPU 3 (8.4925), 1 (4.425), 8 (4.05); all is an average and never competes.
        robot.interact(() -> robot.lookup("#chart-top").queryAs(Spinner.class).getValueFactory().setValue(3));
        assertEquals(List.of("3", "1", "8"), seriesNames());
        @SuppressWarnings("unchecked")
        ChoiceBox<HotEnd> hot = robot.lookup("#chart-hot").queryAs(ChoiceBox.class);
        robot.interact(() -> hot.setValue(HotEnd.LOW));
        assertEquals(List.of("0", "6", "4"), seriesNames(), "the three least busy by mean %usr: 2.21, 3.27, 3.375");

        // By hand: CPU 0 and all, exactly.
        MenuButton keys = robot.lookup("#chart-keys").queryAs(MenuButton.class);
        robot.interact(() -> {
            box(keys, "0").setSelected(true);
            box(keys, "all").setSelected(true);
        });
        assertEquals(List.of("all", "0"), seriesNames());
        assertEquals(new ChartViewModel.KeyFilter(3, HotEnd.LOW, List.of("all", "0")), charts.filterProperty().get());
        assertEquals("Keys (2 picked)", keys.getText());
        robot.interact(() -> charts.pick(List.of()));
        assertEquals(List.of("0", "6", "4"), seriesNames());
        assertFalse(box(keys, "0").isSelected());
    }

    @Test
    void theChartsSqlIsShownEditedAndApplied(FxRobot robot) {
        robot.interact(() -> importer.importFiles(List.of(ImportViewModelTest.HPUX_SAR), "hpux"));
        robot.interact(() -> view.select(new MetricNode("hpux", "sar.cpu", "%usr", null)));
        rest();
        robot.clickOn("#chart-sql-toggle");
        TextArea editor = robot.lookup("#chart-sql").queryAs(TextArea.class);
        assertTrue(editor.isVisible());
        assertEquals("""
                SELECT TS, PCT_USR AS "%usr"
                FROM V_SAR_CPU
                WHERE RUN = :run
                  AND TOOL = 'sar'
                  AND DATASET = 'cpu'
                  AND SINCE_BOOT = FALSE
                ORDER BY TS""", editor.getText());

        // User plus system time instead: the first samples are 19 + 8, 22 + 7, 46 + 11.
        robot.interact(() -> editor.setText(editor.getText().replace("PCT_USR AS \"%usr\"", "PCT_USR + PCT_SYS AS \"usr+sys\"")));
        robot.clickOn("#chart-sql-apply");
        assertEquals("charted the query", robot.lookup("#chart-sql-message").queryAs(Label.class).getText());
        assertEquals("query usr+sys", view.viewer().getChart().getTitle().getText());
        ChartData data = charts.dataProperty().get();
        assertEquals(List.of(27.0, 29.0, 57.0), firstValues(data, 3), "19+8, 22+7, 46+11");

        robot.interact(() -> editor.setText("SELECT TS FROM"));
        robot.clickOn("#chart-sql-apply");
        String message = robot.lookup("#chart-sql-message").queryAs(Label.class).getText();
        assertTrue(message.startsWith("query failed: Syntax error"), message);
        assertEquals("query usr+sys", view.viewer().getChart().getTitle().getText(), "the chart stays");

        robot.clickOn("#chart-sql-reset");
        assertEquals("sar.cpu %usr", view.viewer().getChart().getTitle().getText());
        assertEquals(List.of(19.0, 22.0, 46.0), firstValues(charts.dataProperty().get(), 3));
    }

    @Test
    void theConsoleChartsAResultOfTheRightShapeAndSaysTheShapeOtherwise(FxRobot robot) {
        robot.interact(() -> importer.importFiles(List.of(CrosshairReadoutTest.MPSTAT_A), "mpa"));
        TabPane tabs = (TabPane) view.lookup(".tab-pane");
        robot.interact(() -> tabs.getSelectionModel().select(tab(tabs, "sql-tab")));
        robot.interact(() -> console.sqlProperty().set(
                "SELECT TS, ITEM, PCT_USR FROM V_MPSTAT WHERE RUN = 'mpa' AND ITEM IN ('3', '8') ORDER BY TS"));
        assertTrue(robot.lookup("#sql-chart").query().isDisabled(), "no result yet: nothing to chart");
        robot.clickOn("#sql-run");
        robot.clickOn("#sql-chart");
        assertEquals("charted in the Chart tab", robot.lookup("#sql-message").queryAs(Label.class).getText());
        assertEquals("chart-tab", tabs.getSelectionModel().getSelectedItem().getId());
        ChartData data = charts.dataProperty().get();
        assertEquals(List.of("3", "8"), data.series().stream().map(ChartData.PlotSeries::name).toList());
        assertEquals(List.of(0.0, 0.0, 2.33, 31.64), firstValues(data, 4));
        assertEquals(List.of(5.26, 2.84), List.of(data.series().get(1).y()[0], data.series().get(1).y()[1]));
        assertEquals("query PCT_USR by ITEM", view.viewer().getChart().getTitle().getText());

        robot.interact(() -> tabs.getSelectionModel().select(tab(tabs, "sql-tab")));
        robot.interact(() -> console.sqlProperty().set("SELECT ITEM, PCT_USR FROM V_MPSTAT WHERE RUN = 'mpa' ORDER BY ITEM"));
        robot.clickOn("#sql-run");
        robot.clickOn("#sql-chart");
        assertEquals("cannot chart this result: the first column of a chart query is x and must be a time stamp or a number;"
                        + " column 'ITEM' holds '0' (bar charts take text there)\n" + SqlConsoleViewModel.CHART_SHAPE,
                robot.lookup("#sql-message").queryAs(Label.class).getText());
        assertEquals("sql-tab", tabs.getSelectionModel().getSelectedItem().getId(), "the console stays in front");

        // A refused statement leaves no result: "Chart this result" has nothing to chart.
        robot.interact(() -> console.sqlProperty().set("DELETE FROM RUNS"));
        robot.clickOn("#sql-run");
        assertTrue(robot.lookup("#sql-chart").query().isDisabled());
        assertTrue(robot.lookup("#sql-export").query().isDisabled());
    }

    @Test
    void aChartOfAConsoleResultShowsTheStatisticsOfThatResult(FxRobot robot) {
        robot.interact(() -> importer.importFiles(List.of(ImportViewModelTest.HPUX_SAR), "hpux"));
        robot.interact(() -> view.select(new MetricNode("hpux", "sar.cpu", "%usr", null)));
        rest();
        assertEquals("sar.cpu %usr, whole run; n = 132", statistics(robot));

        // The system time charted from the console: its statistics, not those of the %usr charted before.
        TabPane tabs = (TabPane) view.lookup(".tab-pane");
        robot.interact(() -> tabs.getSelectionModel().select(tab(tabs, "sql-tab")));
        robot.interact(() -> console.sqlProperty().set("SELECT TS, PCT_SYS FROM V_SAR_CPU WHERE RUN = 'hpux' ORDER BY TS"));
        robot.clickOn("#sql-run");
        robot.clickOn("#sql-chart");
        assertEquals("query PCT_SYS, whole result; n = 132", statistics(robot));
        double[] sys = charts.dataProperty().get().series().get(0).y();
        assertEquals(java.util.Arrays.stream(sys).average().orElseThrow(), stats.rows().get(0).stats().mean(), 1e-9);
        assertEquals(java.util.Arrays.stream(sys).max().orElseThrow(), stats.rows().get(0).stats().max(), 1e-9);

        // Zoomed, the statistics of the samples shown: 00:05:01 to 00:45:01 holds 9 of them.
        robot.drag(screenPoint(robot, Instant.parse("2018-03-21T00:05:01Z").toEpochMilli()))
                .dropTo(screenPoint(robot, Instant.parse("2018-03-21T00:45:01Z").toEpochMilli()));
        rest();
        assertTrue(statistics(robot).startsWith("query PCT_SYS, 2018-03-21T00:0"), statistics(robot));
        long n = stats.rows().get(0).stats().n();
        assertTrue(n >= 8 && n <= 10, "the samples shown: " + n);
    }

    private List<String> seriesNames() {
        XYDataset d = ((XYPlot) view.viewer().getChart().getPlot()).getDataset();
        List<String> out = new ArrayList<>();
        for (int i = 0; i < d.getSeriesCount(); i++) out.add(d.getSeriesKey(i).toString());
        return out;
    }

    private static List<Double> firstValues(ChartData data, int n) {
        List<Double> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(data.series().get(0).y()[i]);
        return out;
    }

    private static CheckBox box(MenuButton keys, String key) {
        return keys.getItems().stream().filter(i -> i instanceof CustomMenuItem c && c.getContent() instanceof CheckBox)
                .map(i -> (CheckBox) ((CustomMenuItem) i).getContent()).filter(b -> b.getText().equals(key)).findFirst().orElseThrow();
    }
}
