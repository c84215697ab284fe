package io.statlens.gui;

import io.statlens.analysis.RunComparer;
import io.statlens.analysis.RunComparer.Comparison;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The compare window, headless, over two sysbench fixtures: the rows and numbers are those of
 * {@code statlens compare t16 m128} (docs/average-compare.md), the filter, sorting, CSV export and the row's chart.
 */
@ExtendWith(ApplicationExtension.class)
class CompareViewTest {
    private SysbenchWindow bench;

    @Start
    void start(Stage stage) {
        bench = new SysbenchWindow(stage);
    }

    @AfterEach
    void close() {
        bench.repo.close();
    }

    @Test
    void rowsShowWhatTheCommandPrints(FxRobot robot) {
        assertEquals(List.of("t16", "m128"), bench.runsInBrowser());
        robot.interact(() -> bench.selectRuns("t16", "m128"));
        robot.clickOn("#compare");
        assertEquals("Base: t16    compared: m128", robot.lookup("#compare-runs").queryAs(Label.class).getText());
        assertTrue(bench.compare.tools().containsAll(List.of("", "sysbench")), bench.compare.tools().toString());
        robot.clickOn("#compare-run");
        assertEquals("10 row(s), 8 significant (p < 0.05); base t16", message(robot));
        List<Comparison> expected = new RunComparer(bench.repo).compare(
                new RunComparer.Request("t16", List.of("m128"), Optional.empty(), List.of(), List.of()));
        assertEquals(expected, table(robot).getItems(), "RunComparer's rows, in its order");

        // `statlens compare t16 m128`, its tps line:
        // series sysbench tps 1/s  m128  3,482  5,339  +1,857  +53.31%  3,517  5,400  3,554  5,534  <0.0001  yes
        Comparison tps = expected.stream().filter(c -> c.metric().equals("tps")).findFirst().orElseThrow();
        assertEquals(List.of("sysbench", "", "tps", "1/s", "m128", "3,482", "5,339", "+1,857", "+53.31%", "yes", "<0.0001",
                "3,517", "5,400", "3,554", "5,534", "series"), shownCells(robot, tps));
    }

    @Test
    void filterSortExportAndChart(FxRobot robot, @TempDir Path dir) throws IOException {
        robot.interact(() -> bench.selectRuns("t16", "m128"));
        robot.interact(bench.view::openCompare);
        robot.interact(bench.compare::compare);
        TableView<Comparison> table = table(robot);

        robot.interact(() -> {
            TableColumn<Comparison, ?> other = table.getColumns().stream().filter(c -> c.getText().equals("other")).findFirst()
                    .orElseThrow();
            other.setSortType(TableColumn.SortType.DESCENDING);
            table.getSortOrder().setAll(List.of(other));
        });
        assertEquals(List.of("qps", "r", "w", "o"), table.getItems().stream().limit(4).map(Comparison::metric).toList(),
                "largest mean of m128 first");

        robot.clickOn("#compare-filter").write("tps");
        assertEquals(List.of("tps"), table.getItems().stream().map(Comparison::metric).toList());

        Path csv = dir.resolve("t16-m128.csv");
        robot.interact(() -> bench.compare.exportCsv(table.getItems(), csv));
        assertEquals(List.of(String.join(",", CompareViewModel.CSV_HEADER),
                        // `statlens compare t16 m128 --metric tps --format csv`, its second line
                        "series,sysbench,tps,1/s,,m128,3482.368000000001,5338.95630281691,1856.5883028169087,53.31396058133168,"
                                + "3517.287,5400.465999999999,3553.99,5533.94,"
                                + "0.00000000000000000000000000000000000000000000000000036512954418934166,yes"),
                Files.readAllLines(csv));
        assertEquals("wrote 1 row(s) to " + csv, message(robot));

        robot.interact(() -> table.getSelectionModel().select(0));
        XYPlot plot = (XYPlot) bench.compare.chartProperty().get().getPlot();
        assertEquals("sysbench tps", bench.compare.chartProperty().get().getTitle().getText());
        assertEquals(2, plot.getDataset().getSeriesCount(), "the base run and the row's run");
        assertEquals(List.of("t16", "m128"), List.of(plot.getDataset().getSeriesKey(0).toString(),
                plot.getDataset().getSeriesKey(1).toString()));
        assertInstanceOf(NumberAxis.class, plot.getDomainAxis(), "runs overlaid on elapsed seconds, not on clock time");
        assertEquals(30, plot.getDataset().getItemCount(0), "t16 has 30 reports");
        assertTrue(robot.lookup("#compare-chart").query().isVisible());
    }

    @Test
    void summaryRowsHaveNoChartAndUnknownNamesAreMessages(FxRobot robot) {
        robot.interact(() -> bench.selectRuns("t16", "m128"));
        robot.interact(bench.view::openCompare);
        robot.interact(() -> {
            bench.compare.metricsProperty().set("tps; threads");
            bench.compare.compare();
        });
        TableView<Comparison> table = table(robot);
        assertEquals(List.of("tps", "threads"), table.getItems().stream().map(Comparison::metric).toList());
        robot.interact(() -> table.getSelectionModel().select(1));
        assertNull(bench.compare.chartProperty().get());
        assertEquals("threads is a summary value, one number per run: no series to chart", message(robot));

        robot.interact(() -> {
            bench.compare.metricsProperty().set("latency");
            bench.compare.compare();
        });
        // As `statlens compare t16 m128 --metric latency` says it.
        assertEquals("--metric latency: not found in both t16 and m128; there are: err/s, errors, errors_per_s, events,"
                + " fairness_events_avg, fairness_events_stddev, fairness_exec_time_avg, fairness_exec_time_stddev, lat (ms,95%),"
                + " latency_avg_ms, latency_max_ms, latency_min_ms, latency_p95_ms, latency_sum_ms, o, qps, queries, queries_other,"
                + " queries_read, queries_total, queries_write, r, reconn/s, reconnects, reconnects_per_s, thds, threads,"
                + " total_time_s, tps, transactions, w", message(robot));
        assertTrue(table.getItems().isEmpty());

        robot.interact(() -> bench.selectRuns("t16"));
        robot.interact(bench.view::openCompare);
        assertEquals("select two or more runs in the browser (Ctrl-click); the first is the base", message(robot));
    }

    private static String message(FxRobot robot) {
        return robot.lookup("#compare-message").queryAs(Label.class).getText();
    }

    @SuppressWarnings("unchecked")
    private static TableView<Comparison> table(FxRobot robot) {
        return robot.lookup("#compare-table").queryAs(TableView.class);
    }

    /** The texts of the table's cells on the row of this comparison, as drawn, left to right. */
    private static List<String> shownCells(FxRobot robot, Comparison row) {
        TableView<Comparison> table = table(robot);
        robot.interact(table::layout);
        List<TableCell<?, ?>> cells = new ArrayList<>();
        for (Node n : table.lookupAll(".table-cell")) {
            if (n instanceof TableCell<?, ?> cell && cell.getTableRow() != null && row.equals(cell.getTableRow().getItem())) cells.add(cell);
        }
        cells.sort((a, b) -> Integer.compare(table.getVisibleLeafIndex((TableColumn<Comparison, ?>) a.getTableColumn()),
                table.getVisibleLeafIndex((TableColumn<Comparison, ?>) b.getTableColumn())));
        return cells.stream().map(c -> c.getText() == null ? "" : c.getText()).toList();
    }
}
