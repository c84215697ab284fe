package io.statlens.gui;

import io.statlens.analysis.RunAverager;
import io.statlens.store.read.SeriesReader;
import io.statlens.store.DataTable;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The average window, headless: t16 (1-second reports) and m128 (2-second reports) averaged into a new run on a
 * 2-second grid, as {@code statlens average t16 m128 --as avg-of-t16} builds it; the browser shows the new run;
 * the refusals are messages.
 */
@ExtendWith(ApplicationExtension.class)
class AverageViewTest {
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
    void averagesTheSelectedRunsIntoANewRunTheBrowserShows(FxRobot robot) {
        robot.interact(() -> bench.selectRuns("t16", "m128"));
        robot.clickOn("#average");
        assertEquals("avg-of-t16", bench.average.nameProperty().get(), "the default name");
        robot.clickOn("#average-run");

        // What `statlens average t16 m128 --as avg-of-t16` prints.
        assertEquals("averaged 2 runs (t16, m128) into run 'avg-of-t16': 1 data set(s), 1 summary value(s); facts from t16 (no"
                        + " headline summary value (tps, qps, tpmC, notpm, events_per_s, operations_per_s, metric) in every run;"
                        + " the first run named)",
                robot.lookup("#average-summary").queryAs(Label.class).getText());
        assertEquals(List.of(new RunAverager.DatasetResult("sysbench", 2, 1, 1988)), bench.average.datasets());
        assertTrue(bench.average.notes().get(0).startsWith("sysbench: runs of different lengths: the longest lasts 1 h 6 min, but t16 29 s;"),
                bench.average.notes().toString());
        assertTrue(bench.average.notes().get(1).startsWith("summary values left out (not in every run): sysbench.queries_read,"),
                bench.average.notes().toString());
        assertEquals("run 'avg-of-t16' added to the repository", message(robot));

        // The browser reloaded, and its first metric is selected there, which charts it in the main window.
        assertTrue(bench.runsInBrowser().contains("avg-of-t16"), bench.runsInBrowser().toString());
        assertEquals(new ChartViewModel.Selection(List.of("avg-of-t16"), "sysbench", "thds"), bench.charts.shownProperty().get());

        // tps of the new run: at elapsed 2 the mean of t16's reports at 1 and 2 s (3490.44, 3492.02) and m128's at 2 s
        // (5409.01); at 32 s t16 has ended, so only m128's 5395.45.
        Map<Double, Double> tps = tps("avg-of-t16");
        assertEquals(((3490.44 + 3492.02) / 2 + 5409.01) / 2, tps.get(2.0), 1e-9);
        assertEquals(4450.12, tps.get(2.0), 0.005);
        assertEquals(5395.45, tps.get(32.0), 1e-9);
        assertEquals(1988, tps.size());

        // The dialog's chart: the chosen metric of the new run over its input runs, on elapsed seconds.
        robot.interact(() -> bench.average.chartMetricProperty().set("tps"));
        XYPlot plot = (XYPlot) bench.average.chartProperty().get().getPlot();
        assertEquals("sysbench tps", bench.average.chartProperty().get().getTitle().getText());
        assertEquals(List.of("avg-of-t16", "t16", "m128"), List.of(plot.getDataset().getSeriesKey(0).toString(),
                plot.getDataset().getSeriesKey(1).toString(), plot.getDataset().getSeriesKey(2).toString()));
        assertInstanceOf(NumberAxis.class, plot.getDomainAxis());

        // Again under the same name: refused unless Replace is checked.
        robot.interact(() -> bench.selectRuns("t16", "m128"));
        robot.interact(bench.view::openAverage);
        robot.interact(bench.average::average);
        assertEquals("run 'avg-of-t16' already exists; use --replace to overwrite it", message(robot));
        robot.interact(() -> bench.average.intervalProperty().set("10"));
        robot.clickOn("#average-replace");
        robot.clickOn("#average-run");
        assertEquals(List.of(new RunAverager.DatasetResult("sysbench", 10, 1, 398)), bench.average.datasets());
        assertEquals(398, tps("avg-of-t16").size(), "replaced by the 10-second average");
        assertEquals(398, ((XYPlot) bench.view.viewer().getChart().getPlot()).getDataset().getItemCount(0),
                "the main chart shows the replaced run");
    }

    @Test
    void refusalsAreMessages(FxRobot robot) {
        robot.interact(() -> bench.selectRuns("t16"));
        assertTrue(robot.lookup("#average").query().isDisabled(), "one run cannot be averaged");
        assertTrue(robot.lookup("#compare").query().isDisabled(), "nor compared");
        assertFalse(robot.lookup("#report").query().isDisabled(), "a report of one run can be written");
        robot.interact(bench.view::openAverage);
        assertEquals("select two or more runs in the browser (Ctrl-click) to average them", message(robot));
        robot.clickOn("#average-run");
        assertEquals("averaging needs at least two runs, got 1; select them in the browser (Ctrl-click)", message(robot));

        robot.interact(() -> bench.selectRuns("t16", "m128"));
        robot.interact(bench.view::openAverage);
        robot.interact(() -> bench.average.intervalProperty().set("two"));
        robot.clickOn("#average-run");
        assertEquals("interval 'two': expected seconds > 0, or nothing for the runs' own interval", message(robot));

        robot.interact(() -> {
            bench.average.intervalProperty().set("");
            bench.average.nameProperty().set("t16");
            bench.average.average();
        });
        assertEquals("--as t16: the new run cannot replace one of the runs it averages", message(robot));

        // A sar run shares no data set with a sysbench run.
        robot.interact(() -> {
            RunFixtures.importRun(bench.repo, "hpux", ImportViewModelTest.HPUX_SAR, Instant.parse("2018-03-21T00:05:01Z"));
            bench.browser.reload();
            bench.selectRuns("hpux", "t16");
            bench.view.openAverage();
            bench.average.average();
        });
        assertEquals("runs hpux, t16 have no data set and no summary value in common; there is nothing to average", message(robot));
        assertEquals(List.of("hpux", "t16", "m128"), bench.runsInBrowser(), "no run was added");
    }

    private static String message(FxRobot robot) {
        return robot.lookup("#average-message").queryAs(Label.class).getText();
    }

    /** A run's sysbench tps by elapsed second, read back from the repository. */
    private Map<Double, Double> tps(String run) {
        SeriesReader reader = new SeriesReader(bench.repo);
        SeriesReader.Selection s = reader.select(run, "sysbench");
        List<String> labels = s.metrics().stream().map(DataTable.MetricColumn::label).toList();
        int column = labels.indexOf("tps");
        Map<Double, Double> out = new TreeMap<>();
        reader.read(s, false, row -> out.put(row.elapsed(), row.values()[column]));
        return out;
    }
}
