package io.statlens.gui;

import io.statlens.chart.RenderSize;
import io.statlens.gui.BrowserNode.MetricNode;
import io.statlens.report.ReportFormat;
import io.statlens.store.saved.Annotation;
import io.statlens.store.saved.AnnotationStore;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.CellSkinBase;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeItem;
import javafx.stage.Stage;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.Layer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The real window, headless (Monocle): import a fixture, chart a metric from the browser, overlay a
 * second run, export. Work runs synchronously inside {@code interact}, on the FX thread, so nothing races.
 */
@ExtendWith(ApplicationExtension.class)
class MainViewTest {
    private Repository repo;
    private ImportViewModel importer;
    private ChartViewModel charts;
    private StatsViewModel stats;
    private ReportBuilderViewModel reports;
    private BrowserViewModel browser;
    private MainView view;
    private Label status;

    @Start
    void start(Stage stage) {
        repo = Repository.open(RepositoryLocation.memory("gui" + UUID.randomUUID()), true);
        Workbench wiring = TestWindow.show(stage, repo);
        status = wiring.status();
        browser = wiring.browser();
        importer = wiring.importer();
        charts = wiring.charts();
        stats = wiring.stats();
        reports = wiring.reports();
        view = wiring.view();
    }

    @AfterEach
    void close() {
        repo.close();
    }

    @Test
    void importChartOverlayAndExport(FxRobot robot, @TempDir Path dir) throws IOException {
        assertTrue(robot.lookup("#chart-empty").query().isVisible(), "an empty chart area says what to do");
        robot.interact(() -> importer.importFiles(List.of(ImportViewModelTest.HPUX_SAR), "hpux"));
        robot.interact(() -> importer.importFiles(List.of(ImportViewModelTest.HPUX_SAR), "hpux-again"));
        List<TreeItem<BrowserNode>> runs = view.tree().getRoot().getChildren();
        assertEquals(List.of("hpux", "hpux-again"), runs.stream().map(r -> r.getValue().run()).toList());
        assertTrue(runs.get(0).getValue().label().startsWith("hpux  @lasv  2018-03-21 00:05:01 UTC"), runs.get(0).getValue().label());

        robot.interact(() -> view.select(new MetricNode("hpux", "sar.cpu", "%wio", null)));
        assertEquals(new ChartViewModel.Selection(List.of("hpux"), "sar.cpu", "%wio"), charts.shownProperty().get());
        assertEquals(1, ((XYPlot) view.viewer().getChart().getPlot()).getDataset().getSeriesCount());
        assertEquals("sar.cpu %wio", view.viewer().getChart().getTitle().getText());
        assertFalse(robot.lookup("#chart-empty").query().isVisible());

        // Ctrl-click another run: the chart overlays it.
        robot.interact(() -> view.tree().getSelectionModel().select(runs.get(1)));
        assertEquals(List.of("hpux", "hpux-again"), charts.shownProperty().get().runs());
        assertEquals(2, ((XYPlot) view.viewer().getChart().getPlot()).getDataset().getSeriesCount());

        Path png = dir.resolve("wio.png");
        robot.interact(() -> charts.export(png, new RenderSize(800, 400, 1)));
        assertTrue(status.getText().startsWith("wrote " + png), status.getText());
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(800, image.getWidth());
        assertEquals(400, image.getHeight());
        assertTrue(Files.size(png) > 10_000, "a drawn chart, not a blank image: " + Files.size(png));
    }

    @Test
    void dividersAndPlaceRoundTripThroughTheLayout(FxRobot robot) {
        robot.interact(() -> view.dividers(List.of(0.22, 0.61)));
        WindowLayout layout = view.layout((Stage) view.getScene().getWindow());
        assertEquals(0.22, layout.dividers().get(0), 0.005);
        assertEquals(0.61, layout.dividers().get(1), 0.005);
        assertEquals(1000, layout.width(), 0.5);
        robot.interact(() -> view.dividers(List.of(0.5)));
        List<Double> first = view.layout((Stage) view.getScene().getWindow()).dividers();
        assertEquals(0.3, first.get(0), 0.005, "a layout of other panes (an older version's) gives the first start's");
        assertEquals(0.72, first.get(1), 0.005);
    }

    @Test
    void filterNarrowsTheBrowserToMatchingMetrics(FxRobot robot) {
        robot.interact(() -> importer.importFiles(List.of(ImportViewModelTest.HPUX_SAR), "hpux"));
        robot.clickOn("#filter").write("avwait");
        TreeItem<BrowserNode> run = view.tree().getRoot().getChildren().get(0);
        assertEquals(1, run.getChildren().size());
        TreeItem<BrowserNode> disk = run.getChildren().get(0);
        assertEquals("sar.disk", ((BrowserNode.DatasetNode) disk.getValue()).dataset());
        assertEquals(List.of("avwait  [ms]"), disk.getChildren().stream().map(m -> m.getValue().label()).toList());
    }

    @Test
    void theImportsMessageStaysInTheStatusLineAfterTheBrowserReadsTheRuns(FxRobot robot) {
        robot.interact(() -> importer.importFiles(List.of(ImportViewModelTest.HPUX_SAR), "hpux"));
        assertEquals(List.of("hpux"), view.tree().getRoot().getChildren().stream().map(r -> r.getValue().run()).toList(),
                "the browser read the runs again");
        assertEquals("imported 1029 rows from 1 file(s) into run 'hpux'", status.getText());

        robot.interact(browser::reload); // as at start: the count of runs
        assertEquals("1 run(s) in " + repo.location().description(), status.getText());
    }

    @Test
    void statsPaneFollowsTheChartsTimeWindow(FxRobot robot) {
        robot.interact(() -> importer.importFiles(List.of(ImportViewModelTest.HPUX_SAR), "hpux"));
        robot.interact(() -> view.select(new MetricNode("hpux", "sar.cpu", "%usr", null)));
        // As `statlens stats hpux --tool sar.cpu --metric %usr` prints them (docs/gui.md).
        assertEquals(List.of("hpux  132  3  82  25.78  16.25  22  40  70.95  80"), statsRows());
        assertEquals("sar.cpu %usr, whole run", robot.lookup("#stats-caption").queryAs(Label.class).getText());

        // Zoom to the first three samples (00:05:01 to 00:15:01): 19, 22, 46.
        XYPlot plot = (XYPlot) view.viewer().getChart().getPlot();
        assertEquals(132, plot.getDataset().getItemCount(0));
        robot.interact(() -> plot.getDomainAxis().setRange(Instant.parse("2018-03-21T00:05:01Z").toEpochMilli(),
                Instant.parse("2018-03-21T00:15:01Z").toEpochMilli()));
        assertEquals(List.of("hpux  3  19  46  29  14.8  22  41.2  43.6  45.52"), statsRows());
        assertEquals("sar.cpu %usr, 2018-03-21T00:05:01Z to 2018-03-21T00:15:01Z",
                robot.lookup("#stats-caption").queryAs(Label.class).getText());

        // Once the zoom rests, the line is cut again to the samples shown (and the one after): 4 of 132, on the same
        // chart and axis; the statistics stay those of the zoomed time.
        FxWait.until("the zoom to rest and its picture to be drawn", view::chartShown);
        assertEquals(plot, view.viewer().getChart().getPlot());
        assertEquals(4, plot.getDataset().getItemCount(0));
        assertEquals(Instant.parse("2018-03-21T00:05:01Z").toEpochMilli(), plot.getDomainAxis().getLowerBound(), 0.5);
        assertEquals(List.of("hpux  3  19  46  29  14.8  22  41.2  43.6  45.52"), statsRows());
    }

    @Test
    void aChartIsCutToThePixelColumnsItIsShownIn(FxRobot robot) {
        robot.interact(() -> importer.importFiles(List.of(Path.of(
                "src/test/resources/corpus/sysbench/mcgrof-1.0.17-oltp-128thr-doublewrite-first2000.txt")), "mcgrof"));
        // A chart 200 pixels wide (narrower is drawn as 200): at most the lowest and highest sample of each column, and
        // the first and last, are drawn; the readout still has every sample.
        robot.interact(() -> {
            charts.viewSize(120, 300);
            view.select(new MetricNode("mcgrof", "sysbench", "tps", null));
        });
        int stored = charts.dataProperty().get().series().get(0).size();
        int drawn = ((XYPlot) view.viewer().getChart().getPlot()).getDataset().getItemCount(0);
        assertTrue(stored > 1000, "a report a second: " + stored);
        assertTrue(drawn <= 2 * 200 + 2, stored + " samples cut to 200 columns: " + drawn);

        // The window says the size of its chart: a window as wide as this test's cuts to its own columns.
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> view.select(new MetricNode("mcgrof", "sysbench", "qps", null)));
        int columns = Math.max(200, (int) view.viewer().getWidth());
        int drawnAtViewer = ((XYPlot) view.viewer().getChart().getPlot()).getDataset().getItemCount(0);
        assertTrue(drawnAtViewer <= 2 * columns + 2 && drawnAtViewer < stored, "cut to the viewer's " + columns + " columns: "
                + drawnAtViewer);
    }

    @Test
    void statsRowsAreOfTheThemesRowHeightWithoutBeingMeasured(FxRobot robot) {
        robot.interact(() -> importer.importFiles(List.of(ImportViewModelTest.HPUX_SAR), "hpux"));
        robot.interact(() -> view.select(new MetricNode("hpux", "sar.cpu", "%usr", null)));
        WaitForAsyncUtils.waitForFxEvents();
        // A fixed height spares the table measuring each new row's cells; it must be the height the theme gives a row.
        TableView<StatsViewModel.Row> table = statsTable();
        List<TableRow<?>> rows = table.lookupAll(".table-row-cell").stream().<TableRow<?>>map(n -> (TableRow<?>) n)
                .filter(r -> r.getItem() != null).toList();
        assertFalse(rows.isEmpty(), "a row shown");
        for (TableRow<?> row : rows) {
            TableCell<?, ?> cell = (TableCell<?, ?>) row.lookup(".table-cell");
            assertEquals(((CellSkinBase<?>) cell.getSkin()).getCellSize(), table.getFixedCellSize(), 0.01, "the theme's -fx-cell-size");
            assertEquals(table.getFixedCellSize(), row.getHeight(), 0.01);
        }
    }

    @Test
    void aChartIsShownOnlyOnceItsPictureIsDrawn(FxRobot robot) throws Exception {
        robot.interact(() -> importer.importFiles(List.of(ImportViewModelTest.HPUX_SAR), "hpux"));
        // The picture is drawn off the FX thread, asked for after the event that set the chart: not shown yet then
        // (`statlens gui --screenshot` waits for it before it writes the window).
        boolean shownAtOnce = WaitForAsyncUtils.asyncFx(() -> {
            view.select(new MetricNode("hpux", "sar.cpu", "%usr", null));
            return view.chartShown();
        }).get(30, TimeUnit.SECONDS);
        assertFalse(shownAtOnce);
        FxWait.until("the chart's picture to be drawn", view::chartShown);
        assertTrue(view.viewer().pictureProperty().get() != null);
    }

    /** The stats table's cells, as shown: run, n, min, max, mean, stddev, p50, p90, p95, p99 (sar.cpu has no key). */
    private List<String> statsRows() {
        TableView<StatsViewModel.Row> table = statsTable();
        return table.getItems().stream().map(row -> {
            List<String> cells = new ArrayList<>();
            for (TableColumn<StatsViewModel.Row, ?> c : table.getColumns()) {
                String cell = String.valueOf(c.getCellData(row));
                if (!cell.isEmpty()) cells.add(cell);
            }
            return String.join("  ", cells);
        }).toList();
    }

    @SuppressWarnings("unchecked")
    private TableView<StatsViewModel.Row> statsTable() {
        return (TableView<StatsViewModel.Row>) view.lookup("#stats");
    }

    @Test
    void reportBuilderWritesAnHtmlReportOfTheSelectedRun(FxRobot robot, @TempDir Path dir) throws IOException {
        robot.interact(() -> importer.importFiles(List.of(ImportViewModelTest.HPUX_SAR), "hpux-report"));
        robot.interact(() -> view.tree().getSelectionModel().select(view.tree().getRoot().getChildren().get(0)));
        robot.interact(view::openReportBuilder);
        assertEquals(List.of("hpux-report"), reports.chosenRuns());

        Path html = dir.resolve("out/report.html");
        robot.interact(() -> robot.lookup("#report-file").queryAs(TextField.class).setText(html.toString()));
        assertEquals(ReportFormat.HTML, reports.formatProperty().get());
        robot.clickOn("#report-write");
        assertEquals("wrote " + html + " (" + Files.size(html) + " bytes)",
                robot.lookup("#report-message").queryAs(Label.class).getText());
        String page = Files.readString(html);
        assertTrue(page.startsWith("<!DOCTYPE html>"), page.substring(0, 40));
        assertTrue(page.contains("hpux-report"));
        assertTrue(page.contains("<svg"), "the charts are drawn in the page");
    }

    @Test
    void noteAddedAtAnElapsedTimeIsStoredListedAndDrawn(FxRobot robot) {
        robot.interact(() -> importer.importFiles(List.of(ImportViewModelTest.HPUX_SAR), "hpux"));
        robot.interact(() -> view.select(new MetricNode("hpux", "sar.cpu", "%usr", null)));
        assertNull(((XYPlot) view.viewer().getChart().getPlot()).getDomainMarkers(Layer.FOREGROUND), "no note yet");
        robot.interact(view::openNotes);
        robot.interact(() -> {
            robot.lookup("#note-at").queryAs(TextField.class).setText("10m");
            robot.lookup("#note-text").queryAs(TextField.class).setText("warmup done");
        });
        robot.clickOn("#note-add");

        // The run starts at its first sample, 00:05:01; ten minutes later is 00:15:01.
        List<Annotation> stored = new AnnotationStore(repo).list("hpux");
        assertEquals(1, stored.size());
        assertEquals(Instant.parse("2018-03-21T00:15:01Z"), stored.get(0).time());
        assertEquals("warmup done", stored.get(0).text());
        assertEquals("gui", stored.get(0).source());
        assertEquals(stored, robot.lookup("#note-list").queryListView().getItems());
        assertEquals("noted at 2018-03-21T00:15:01Z: warmup done", robot.lookup("#note-message").queryAs(Label.class).getText());

        Collection<?> markers = ((XYPlot) view.viewer().getChart().getPlot()).getDomainMarkers(Layer.FOREGROUND);
        assertEquals(1, markers.size());
        ValueMarker marker = (ValueMarker) markers.iterator().next();
        assertEquals(Instant.parse("2018-03-21T00:15:01Z").toEpochMilli(), marker.getValue());
        assertTrue(marker.getLabel().contains("warmup done"), marker.getLabel());
    }

    @Test
    void noteAtATimeInNoFormSaysWhichFormsThereAre(FxRobot robot) {
        robot.interact(() -> importer.importFiles(List.of(ImportViewModelTest.HPUX_SAR), "hpux"));
        robot.interact(() -> view.select(new MetricNode("hpux", "sar.cpu", "%usr", null)));
        robot.interact(view::openNotes);
        robot.interact(() -> {
            robot.lookup("#note-at").queryAs(TextField.class).setText("soon");
            robot.lookup("#note-text").queryAs(TextField.class).setText("x");
        });
        robot.clickOn("#note-add");
        String message = robot.lookup("#note-message").queryAs(Label.class).getText();
        assertTrue(message.startsWith("time 'soon': expected elapsed seconds since the run's start"), message);
        assertTrue(new AnnotationStore(repo).list("hpux").isEmpty());
    }
}
