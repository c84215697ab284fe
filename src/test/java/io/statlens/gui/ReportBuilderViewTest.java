package io.statlens.gui;

import io.statlens.report.ReportSection;
import io.statlens.store.read.TimeWindow;
import io.statlens.store.saved.TimeWindows;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The report builder, headless, over the two sysbench fixtures: runs, presets and sections chosen in checklists,
 * an HTML report with only the chosen preset's chart, one chart as SVG and PNG, and Open (recorded, not opened).
 */
@ExtendWith(ApplicationExtension.class)
class ReportBuilderViewTest {
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
    void htmlReportHoldsOnlyTheChosenPresetAndSections(FxRobot robot, @TempDir Path dir) throws IOException {
        // A time window saved with both runs (statlens window, the dashboard's Window menu) is offered for the report.
        TimeWindows saved = new TimeWindows(bench.repo);
        saved.save("m128", "steady", TimeWindow.ALL);
        saved.save("t16", "steady", TimeWindow.ALL);
        robot.interact(() -> bench.selectRuns("m128"));
        robot.clickOn("#report");
        ReportBuilderViewModel reports = bench.reports;
        assertEquals(List.of("m128", "t16"), reports.runs().stream().map(Choice::value).toList(), "the selection first");
        assertEquals(List.of("m128"), reports.chosenRuns(), "only the selection is checked");
        robot.interact(() -> choice(reports.runs(), "t16").checkedProperty().set(true));
        assertEquals(List.of("m128", "t16"), reports.chosenRuns(), "m128 stays the base");
        assertEquals(List.of("sysbench.tps", "sysbench.qps", "sysbench.latency", "sysbench.errors"), reports.chosenPresets(),
                "the presets that draw a metric the sysbench runs have, all checked");

        robot.interact(() -> {
            choice(reports.presets(), "sysbench.qps").checkedProperty().set(false);
            choice(reports.presets(), "sysbench.latency").checkedProperty().set(false);
            choice(reports.presets(), "sysbench.errors").checkedProperty().set(false);
            reports.sections().stream().filter(c -> c.value() == ReportSection.STATISTICS)
                    .forEach(c -> c.checkedProperty().set(false));
        });
        assertEquals(List.of(ReportBuilderViewModel.WHOLE_RUNS, "steady"), reports.windows(), "the runs' saved windows");
        robot.interact(() -> reports.windowProperty().set("steady"));
        Path html = dir.resolve("out/report.html");
        robot.interact(() -> robot.lookup("#report-file").queryAs(TextField.class).setText(html.toString()));
        robot.clickOn("#report-write");
        assertEquals("wrote " + html + " (" + Files.size(html) + " bytes)", message(robot));
        String page = Files.readString(html);
        assertEquals(1, count(page, "<svg "), "one chart");
        assertTrue(page.contains("(time window steady)"), "the report covers the chosen window");
        assertTrue(page.contains(">Transactions per second (sysbench)<"), "the chosen preset's");
        assertFalse(page.contains("Queries per second") || page.contains("Latency percentile"), "no other preset's");
        assertFalse(page.contains("Statistics of "), "the statistics were left out");
        assertTrue(page.contains("<section id=\"comparison\">") && page.contains("Against the base run m128"));
        // `statlens compare m128 t16 --metric tps`: change_pct -34.7744, shown as the table of statlens compare shows it.
        assertTrue(page.contains("<tr><td>t16</td><td>sysbench</td><td>tps</td><td></td><td>1/s</td><td class=\"n\">5,339</td>"
                + "<td class=\"n\">3,482</td><td class=\"n\">-1,857</td><td class=\"n\">-34.77%</td><td>yes</td>"
                + "<td class=\"n\">&lt;0.0001</td></tr>"), "the comparison's tps row");

        robot.clickOn("#report-open");
        assertEquals(List.of(html), bench.opened, "Open hands the written file to the desktop");
        assertEquals("asked the desktop to open " + html, robot.lookup("#report-message").queryAs(Label.class).getText(),
                "Open says what it did: a desktop without a program to open files would otherwise show nothing at all");
    }

    @Test
    void oneChartAsSvgAndPng(FxRobot robot, @TempDir Path dir) throws IOException {
        robot.interact(() -> bench.selectRuns("t16"));
        robot.interact(bench.view::openReportBuilder);
        assertEquals(List.of("t16"), bench.reports.chartRuns());
        assertEquals("sysbench.tps", bench.reports.chartPresetProperty().get());
        robot.interact(() -> bench.reports.chartPresetProperty().set("sysbench.latency"));

        Path svg = dir.resolve("latency.svg");
        robot.interact(() -> robot.lookup("#chart-file").queryAs(TextField.class).setText(svg.toString()));
        robot.clickOn("#chart-export");
        assertEquals("wrote " + svg + " (" + Files.size(svg) + " bytes)", message(robot));
        String drawing = Files.readString(svg);
        assertTrue(drawing.startsWith("<?xml"), drawing.substring(0, 40));
        assertTrue(drawing.contains("width=\"1200\"") && drawing.contains("height=\"600\""), "drawn at 1200 x 600");
        assertTrue(drawing.contains(">Latency percentile (sysbench)<"), "the preset's title, as text");
        // RunFixtures imports t16 with --start: the tool printed no times, so the subtitle says they are derived
        assertTrue(drawing.contains(">run t16  ·  2024-03-04 10:00:01 – 10:00:30 UTC  ·  times derived: the output has no time stamps<"),
                "the run and its time, as subtitle");
        assertEquals(1, count(drawing, "<svg"), "one chart");

        Path png = dir.resolve("latency.png");
        robot.interact(() -> {
            bench.reports.chartOutputProperty().set(png);
            bench.reports.exportChart();
        });
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(1200, image.getWidth());
        assertEquals(600, image.getHeight());
        robot.clickOn("#report-open");
        assertEquals(List.of(png), bench.opened);
    }

    @Test
    void nothingChosenIsAMessage(FxRobot robot, @TempDir Path dir) {
        robot.interact(() -> bench.selectRuns("t16"));
        robot.interact(bench.view::openReportBuilder);
        robot.interact(() -> {
            bench.reports.outputProperty().set(dir.resolve("r.html"));
            bench.reports.presets().forEach(p -> p.checkedProperty().set(false));
            bench.reports.write();
        });
        assertEquals("check at least one chart preset, or leave out the charts section", message(robot));
        robot.interact(() -> {
            choice(bench.reports.runs(), "t16").checkedProperty().set(false);
            bench.reports.write();
        });
        assertEquals("check at least one run", message(robot));
        assertTrue(bench.reports.presets().isEmpty(), "no run checked, no preset applies");
        assertFalse(Files.exists(dir.resolve("r.html")));
        robot.interact(() -> {
            bench.reports.chartOutputProperty().set(dir.resolve("c.gif"));
            bench.reports.exportChart();
        });
        assertEquals("choose a chart preset and a run", message(robot));
        robot.interact(() -> {
            choice(bench.reports.runs(), "t16").checkedProperty().set(true);
            bench.reports.exportChart();
        });
        assertEquals("c.gif: format 'gif': expected png or svg", message(robot));
        assertTrue(bench.opened.isEmpty(), "nothing was written, so nothing to open");
    }

    private static <T> Choice<T> choice(List<Choice<T>> list, T value) {
        return list.stream().filter(c -> c.value().equals(value)).findFirst().orElseThrow();
    }

    private static String message(FxRobot robot) {
        return robot.lookup("#report-message").queryAs(Label.class).getText();
    }

    private static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) n++;
        return n;
    }
}
