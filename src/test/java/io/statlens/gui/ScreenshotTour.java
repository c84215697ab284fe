package io.statlens.gui;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.gui.BrowserNode.MetricNode;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import javafx.application.Platform;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.TreeItem;
import javafx.stage.Stage;
import javafx.stage.Window;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Takes a picture of every window of the desktop workbench as a user sees it, for docs/gui.md: the real windows on a
 * real X display with a window manager (Xvfb and openbox), driven through their controls, the mouse moved and dragged
 * with {@code xdotool}, each window grabbed with its frame by ImageMagick's {@code import}. Not a test: run by
 * {@code .ci/gui-screenshots}, which makes the repository and starts the display.
 *
 * <p>Each picture is checked as a person would glance at it: a window painted black or left empty (one colour over
 * most of it), or opened at another size than asked for, is reported, and the tour exits with status 1.
 *
 * <p>Arguments: the repository (made by the script), the folder for the pictures, a folder of tool output for the
 * import plan.
 */
public final class ScreenshotTour {
    private static final long TIMEOUT_S = 180;
    private final Path out;
    private final List<String> problems = new ArrayList<>();
    private final java.util.prefs.Preferences settings = java.util.prefs.Preferences.userRoot()
            .node("io/statlens/screenshot-tour/" + java.util.UUID.randomUUID());
    private Workbench bench;
    private Stage main;

    private ScreenshotTour(Path out) {
        this.out = out;
    }

    public static void main(String[] args) throws Exception {
        Path repoDir = Path.of(args[0]);
        Path out = Path.of(args[1]);
        Path logs = Path.of(args[2]);
        Files.createDirectories(out);
        ScreenshotTour tour = new ScreenshotTour(out);
        BackgroundTaskExecutor executor = new BackgroundTaskExecutor();
        int status;
        try (Repository repo = Repository.open(RepositoryLocation.embedded(repoDir), false)) {
            Platform.startup(() -> {
            });
            Platform.setImplicitExit(false);
            tour.run(repo, executor, logs);
            status = tour.problems.isEmpty() ? 0 : 1;
        } finally {
            executor.close();
            Platform.exit();
            tour.settings.removeNode();
        }
        if (status != 0) System.err.println("what looks wrong:\n  " + String.join("\n  ", tour.problems));
        System.exit(status);
    }

    private void run(Repository repo, TaskExecutor executor, Path logs) throws Exception {
        fx(() -> {
            bench = Workbench.create(repo, executor, ZoneOffset.UTC, ReadableNumbers.ROOT, RecentInputs.forSession(), f -> {
            });
            // As the application offers it; what the tour types there is remembered in a node of its own, then removed.
            bench.view().openRepositoriesWith(new OpenRepositoryViewModel(executor, new GuiSettings(settings), Repository::close));
            main = new Stage();
            main.setTitle("statlens - " + repo.location().description());
            main.setScene(new Scene(bench.view(), 1400, 900));
            // As the application's first start: the dividers where a new window puts them.
            Windows.show(main, () -> bench.view().dividers(List.of()));
            bench.browser().reload();
            return null;
        });
        waitFor("the runs in the browser", () -> bench.view().tree().getRoot().getChildren().size() >= 4);

        // A run opened: its default dashboard.
        fx(() -> selectRuns("cpu-2thr"));
        waitFor("the dashboard", () -> !bench.dashboards().loadingProperty().get() && !bench.dashboards().charts().isEmpty());
        shoot(main, 1400, 900, "gui-dashboard.png");

        // One zoom (a rectangle dragged over the first chart) and every chart follows; the crosshair reads all of them.
        Bounds first = fx(() -> screenBounds("#dashboard-chart-0"));
        double y = first.getMinY() + first.getHeight() * 0.5;
        xdotool("mousemove", px(first.getMinX() + first.getWidth() * 0.35), px(y));
        xdotool("mousedown", "1");
        for (double f = 0.40; f <= 0.66; f += 0.05) xdotool("mousemove", px(first.getMinX() + first.getWidth() * f), px(y + 20));
        xdotool("mouseup", "1");
        waitFor("the zoom", () -> bench.dashboards().zoomProperty().get() != null);
        pause(1500); // the charts are drawn again for the zoom once it settles (300 ms), in the background
        waitFor("the charts drawn for the zoom", () -> !bench.dashboards().loadingProperty().get());
        hoverUntil("#dashboard-chart-1", 0.5, "the crosshair's readout",
                () -> !((Label) main.getScene().lookup("#dashboard-readout-0")).getText().isEmpty());
        shoot(main, 1400, 900, "gui-dashboard-zoomed.png");

        // Zoomed out without Alt or a leftward drag: a right click on a chart opens its menu (Zoom in, Zoom out, Whole
        // time), and Zoom out widens the time of every chart.
        DashboardViewModel.Window zoomed = fx(() -> bench.dashboards().zoomProperty().get());
        Bounds menuOn = fx(() -> screenBounds("#dashboard-chart-0"));
        xdotool("mousemove", px(menuOn.getMinX() + menuOn.getWidth() * 0.5), px(menuOn.getMinY() + menuOn.getHeight() * 0.5));
        xdotool("click", "3");
        waitFor("the chart's context menu", () -> Window.getWindows().stream()
                .anyMatch(w -> w instanceof javafx.scene.control.ContextMenu m && m.isShowing()));
        // Not pictured: ImageMagick grabs the menu's own window black here (Xvfb + openbox), however long it was shown.
        fx(() -> Window.getWindows().stream().filter(w -> w instanceof javafx.scene.control.ContextMenu m && m.isShowing())
                .map(javafx.scene.control.ContextMenu.class::cast).findFirst().orElseThrow().getItems().stream()
                .filter(i -> "Zoom out".equals(i.getText())).findFirst().orElseThrow().fire());
        fx(() -> Window.getWindows().stream().filter(w -> w instanceof javafx.scene.control.ContextMenu m && m.isShowing())
                .toList().forEach(Window::hide));
        waitFor("the zoom out", () -> bench.dashboards().zoomProperty().get() != zoomed);
        pause(1500); // drawn again for the wider time once it settles, in the background
        waitFor("the charts drawn for the zoom out", () -> !bench.dashboards().loadingProperty().get());
        Bounds afterOut = fx(() -> screenBounds("#dashboard-chart-1"));
        xdotool("mousemove", px(afterOut.getMinX() + afterOut.getWidth() * 0.6), px(afterOut.getMinY() + afterOut.getHeight() * 0.4));
        shoot(main, 1400, 900, "gui-dashboard-zoomed-out.png");

        // The time shown saved as a named window of the run (Window, Save window as...), the whole time shown again, and
        // the window chosen from the same menu: every chart shows it.
        Platform.runLater(() -> ((javafx.scene.control.MenuButton) main.getScene().lookup("#dashboard-window")).getItems().stream()
                .filter(i -> "Save window as...".equals(i.getText())).findFirst().orElseThrow().fire());
        Window nameIt = window("Save the time shown as a window");
        fx(() -> {
            ((TextInputControl) nameIt.getScene().getRoot().lookup(".text-field")).setText("steady");
            return null;
        });
        int nameW = fx(() -> (int) nameIt.getScene().getWidth());
        int nameH = fx(() -> (int) nameIt.getScene().getHeight());
        shoot(nameIt, nameW, nameH, "gui-dashboard-save-window.png");
        fx(() -> nameIt.getScene().getRoot().lookupAll(".button").stream().map(ButtonBase.class::cast)
                .filter(b -> "OK".equals(b.getText())).findFirst().orElseThrow().fire());
        waitFor("the saved window", () -> bench.dashboards().windows().contains("steady"));
        // The whole time again (the tool bar's Whole time, which a narrow window keeps in the tool bar's overflow menu).
        fx(() -> {
            bench.dashboards().zoom(null);
            return null;
        });
        waitFor("the whole time", () -> bench.dashboards().zoomProperty().get() == null);
        fx(() -> {
            ((javafx.scene.control.MenuButton) main.getScene().lookup("#dashboard-window")).getItems().stream()
                    .filter(i -> "steady".equals(i.getText())).findFirst().orElseThrow().fire();
            return null;
        });
        // Shown as saved: widened to whole seconds, so about the zoom it was saved from.
        waitFor("the window shown", () -> bench.dashboards().zoomProperty().get() != null
                && ((Label) main.getScene().lookup("#dashboard-message")).getText().startsWith("time window 'steady'"));
        pause(1500); // drawn again for the window once it settles, in the background
        waitFor("the charts drawn for the window", () -> !bench.dashboards().loadingProperty().get());
        shoot(main, 1400, 900, "gui-dashboard-window.png");

        // The run's dashboard saved by name.
        fx(() -> {
            ((TextInputControl) main.getScene().lookup("#dashboard-name")).setText("cpu overview");
            button("#dashboard-save").fire();
            return null;
        });
        waitFor("the saved dashboard", () -> bench.dashboards().savedNames().contains("cpu overview"));

        // Two runs of different hosts and dates (2026 and 2016), of different lengths: one elapsed-time axis from each
        // run's start, and the line under the charts gives each run's clock time at the crosshair.
        fx(() -> selectRuns("cpu-2thr", "rhel7-48cpu"));
        waitFor("the dashboard of two runs", () -> !bench.dashboards().loadingProperty().get()
                && bench.dashboards().dashboardProperty().get() != null
                && bench.dashboards().dashboardProperty().get().runs().size() == 2 && !bench.dashboards().charts().isEmpty());
        pause(1000);
        hoverUntil("#dashboard-chart-0", 0.3, "the readout of both runs' clocks",
                () -> ((Label) main.getScene().lookup("#dashboard-time")).getText().contains("rhel7-48cpu"));
        shoot(main, 1400, 900, "gui-dashboard-two-runs.png");

        // The same name typed for the two runs: Save asks before it replaces the first run's saved dashboard.
        fx(() -> {
            ((TextInputControl) main.getScene().lookup("#dashboard-name")).setText("cpu overview");
            return null;
        });
        // Not waited for: the question waits for its answer inside the click.
        Platform.runLater(() -> button("#dashboard-save").fire());
        Window question = window("Replace the saved dashboard?");
        int questionW = fx(() -> (int) question.getScene().getWidth());
        int questionH = fx(() -> (int) question.getScene().getHeight());
        shoot(question, questionW, questionH, "gui-dashboard-replace.png");
        fx(() -> question.getScene().getRoot().lookupAll(".button").stream().map(ButtonBase.class::cast)
                .filter(b -> "Cancel".equals(b.getText())).findFirst().orElseThrow().fire());
        waitFor("the answer said", () -> ((Label) main.getScene().lookup("#dashboard-message")).getText().startsWith("not saved"));

        // A metric of 48 CPUs: the busiest ten, the legend ranked by load; the crosshair's readout; the statistics.
        fx(() -> {
            bench.view().select(new MetricNode("rhel7-48cpu", "sar.cpu", "%usr", "%"));
            return null;
        });
        waitFor("the chart and its statistics", () -> bench.charts().shownProperty().get() != null
                && !((Label) main.getScene().lookup("#stats-caption")).getText().isEmpty()
                && !((TableView<?>) main.getScene().lookup("#stats")).getItems().isEmpty());
        Bounds chart = fx(() -> screenBounds("#chart"));
        xdotool("mousemove", px(chart.getMinX() + chart.getWidth() * 0.3), px(chart.getMinY() + chart.getHeight() * 0.4));
        waitFor("the chart's readout", () -> !((Label) main.getScene().lookup("#chart-readout")).getText().isBlank());
        shoot(main, 1400, 900, "gui-chart.png");
        fx(() -> {
            ((ToggleButton) main.getScene().lookup("#chart-sql-toggle")).fire();
            return null;
        });
        pause(800);
        shoot(main, 1400, 900, "gui-chart-sql.png");
        fx(() -> {
            ((ToggleButton) main.getScene().lookup("#chart-sql-toggle")).fire();
            return null;
        });

        // The note window of the charted run.
        fx(() -> {
            bench.view().openNotes();
            return null;
        });
        Window notes = window("Notes");
        shoot(notes, 520, 380, "gui-notes.png");
        fx(() -> notes.hide());

        // The SQL console with a result.
        fx(() -> {
            bench.view().lookupAll(".tab-pane").forEach(n -> ((javafx.scene.control.TabPane) n).getSelectionModel().select(2));
            ((TextInputControl) main.getScene().lookup("#sql-editor")).setText(
                    "SELECT ITEM AS CPU, AVG(PCT_USR) AS USR, AVG(PCT_SYS) AS SYS, AVG(PCT_IOWAIT) AS IOWAIT\n"
                            + "FROM V_MPSTAT WHERE RUN = 'cpu-2thr' GROUP BY ITEM ORDER BY ITEM");
            button("#sql-run").fire();
            return null;
        });
        waitFor("the console's result", () -> !((TableView<?>) main.getScene().lookup("#sql-result")).getItems().isEmpty());
        shoot(main, 1400, 900, "gui-sql.png");

        // The import plan of a folder.
        fx(() -> {
            bench.view().askRunAndImport(List.of(logs));
            return null;
        });
        Window plan = window("Import logs");
        waitFor("the import plan", () -> ((TableView<?>) plan.getScene().lookup("#plan-table")).getItems().size() >= 4
                && !((Label) plan.getScene().lookup("#plan-message")).getText().isBlank());
        shoot(plan, 1000, 480, "gui-import-plan.png");

        // A failed import: SOURCES.tsv read as vmstat is refused; the plan stays open with the reasons.
        fx(() -> {
            TableView<?> files = (TableView<?>) plan.getScene().lookup("#plan-table");
            files.getItems().stream().map(ImportPlanViewModel.FileRow.class::cast).filter(r -> r.name().equals("SOURCES.tsv"))
                    .findFirst().orElseThrow().toolProperty().set("vmstat");
            ((ButtonBase) plan.getScene().lookup("#plan-import")).fire();
            return null;
        });
        waitFor("the failed import's reasons", () -> plan.getScene().lookup("#plan-failure").isVisible());
        pause(500);
        shoot(plan, 1000, 480, "gui-import-failed.png");
        fx(() -> plan.hide());

        // Compare two runs, a row charted.
        fx(() -> selectRuns("t16", "m128"));
        fx(() -> {
            bench.view().openCompare();
            return null;
        });
        Window compare = window("Compare runs");
        fx(() -> {
            ((ButtonBase) compare.getScene().lookup("#compare-run")).fire();
            return null;
        });
        TableView<?> rows = (TableView<?>) compare.getScene().lookup("#compare-table");
        waitFor("the comparison", () -> !rows.getItems().isEmpty());
        fx(() -> {
            rows.getSelectionModel().select(2);
            return null;
        });
        pause(1500);
        shoot(compare, 1100, 760, "gui-compare.png");
        fx(() -> compare.hide());

        // Average them into a new run.
        fx(() -> {
            bench.view().openAverage();
            return null;
        });
        Window average = window("Average runs");
        fx(() -> {
            ((ButtonBase) average.getScene().lookup("#average-run")).fire();
            return null;
        });
        waitFor("the average", () -> !((TableView<?>) average.getScene().lookup("#average-table")).getItems().isEmpty());
        pause(1500);
        shoot(average, 900, 760, "gui-average.png");
        fx(() -> average.hide());

        // The report builder for a run.
        fx(() -> selectRuns("cpu-2thr"));
        fx(() -> {
            bench.view().openReportBuilder();
            return null;
        });
        Window report = window("Report");
        pause(1500);
        shoot(report, 1040, 600, "gui-report.png");
        fx(() -> report.hide());

        // Opening a team's repository on a server: the password is asked for each time.
        fx(() -> {
            button("#open-repository").fire();
            return null;
        });
        Window open = window("Open repository");
        fx(() -> {
            ((ButtonBase) open.getScene().lookup("#open-kind-server")).fire();
            ((TextInputControl) open.getScene().lookup("#open-url")).setText("jdbc:derby://perf-db.example.com:1527/statlens");
            ((TextInputControl) open.getScene().lookup("#open-user")).setText("ann");
            ((TextInputControl) open.getScene().lookup("#open-password")).setText("not-a-real-password");
            return null;
        });
        shoot(open, 640, 400, "gui-open-repository.png");
        fx(() -> open.hide());
    }

    /**
     * Points at a chart until the condition holds: the charts may be drawn again (for the zoom, or the width) after the
     * mouse came, and new charts read the mouse only when it moves, so it moves a pixel to and fro.
     */
    private void hoverUntil(String chart, double across, String what, BooleanSupplier condition) throws Exception {
        for (int i = 0; !fx(condition::getAsBoolean); i++) {
            if (i == 300) throw new IllegalStateException("waited 150 s for " + what);
            Bounds b = fx(() -> screenBounds(chart));
            xdotool("mousemove", px(b.getMinX() + b.getWidth() * across + i % 2), px(b.getMinY() + b.getHeight() * 0.4));
            pause(500);
        }
    }

    private Void selectRuns(String... runs) {
        var selection = bench.view().tree().getSelectionModel();
        selection.clearSelection();
        for (String run : runs) {
            for (TreeItem<BrowserNode> item : bench.view().tree().getRoot().getChildren()) {
                if (item.getValue().run().equals(run)) selection.select(item);
            }
        }
        return null;
    }

    private ButtonBase button(String id) {
        return (ButtonBase) main.getScene().lookup(id);
    }

    private Bounds screenBounds(String id) {
        Node n = main.getScene().lookup(id);
        if (n == null) throw new IllegalStateException("no " + id + " in the window");
        return n.localToScreen(n.getBoundsInLocal());
    }

    /** The shown window of this title, once it is there. */
    private Window window(String title) throws Exception {
        waitFor("the window '" + title + "'", () -> Window.getWindows().stream()
                .anyMatch(w -> w instanceof Stage s && s.isShowing() && title.equals(s.getTitle())));
        return fx(() -> Window.getWindows().stream().filter(w -> w instanceof Stage s && s.isShowing() && title.equals(s.getTitle()))
                .findFirst().orElseThrow());
    }

    /**
     * The window as the display shows it, frame included, after the display has painted it; then what a glance would
     * catch: another size than the one asked for, or one colour over most of it (black, or nothing drawn).
     */
    private void shoot(Window window, int width, int height, String name) throws Exception {
        // Charts are drawn into pictures in the background: every chart shown has its picture before the shot.
        waitFor("the charts' pictures in " + name, () -> window.getScene().getRoot().lookupAll(".chart-image-viewer").stream()
                .map(ChartImageViewer.class::cast)
                .allMatch(v -> !v.isVisible() || v.getChart() == null || (v.pictureProperty().get() != null && !v.isDrawing())));
        String title = fx(() -> ((Stage) window).getTitle());
        fx(() -> {
            ((Stage) window).toFront();
            return null;
        });
        pause(700);
        String id = firstLine(command("xdotool", "search", "--onlyvisible", "--name", "^" + regex(title) + "$"));
        xdotool("windowraise", id);
        pause(300);
        Path file = out.resolve(name);
        command("import", "-frame", "-window", id, file.toString());
        double sceneW = fx(() -> window.getScene().getWidth());
        double sceneH = fx(() -> window.getScene().getHeight());
        BufferedImage image = ImageIO.read(file.toFile());
        String size = image.getWidth() + " x " + image.getHeight() + " (content " + (int) sceneW + " x " + (int) sceneH + ")";
        System.out.println(name + ": '" + title + "', " + size);
        if (Math.abs(sceneW - width) > 2 || Math.abs(sceneH - height) > 2) {
            problems.add(name + ": the window's content is " + (int) sceneW + " x " + (int) sceneH + ", asked for " + width + " x " + height);
        }
        double dominant = dominantShare(image);
        if (dominant > 0.9) problems.add(name + ": " + Math.round(dominant * 100) + " % of the picture is one colour (black or empty?)");
        if (image.getWidth() < width || image.getHeight() < height) problems.add(name + ": the picture is smaller than the window: " + size);
    }

    /** The share of the picture's pixels that have its commonest colour. */
    private static double dominantShare(BufferedImage image) {
        java.util.Map<Integer, Integer> counts = new java.util.HashMap<>();
        int best = 0;
        for (int y = 0; y < image.getHeight(); y += 2) {
            for (int x = 0; x < image.getWidth(); x += 2) {
                int n = counts.merge(image.getRGB(x, y) & 0xFFFFFF, 1, Integer::sum);
                best = Math.max(best, n);
            }
        }
        int all = ((image.getHeight() + 1) / 2) * ((image.getWidth() + 1) / 2);
        return (double) best / all;
    }

    private static String regex(String text) {
        Set<Character> special = new HashSet<>(List.of('.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '^', '$', '\\'));
        StringBuilder b = new StringBuilder();
        for (char c : text.toCharArray()) {
            if (special.contains(c)) b.append('\\');
            b.append(c);
        }
        return b.toString();
    }

    private static String px(double v) {
        return Long.toString(Math.round(v));
    }

    private static void xdotool(String... args) throws Exception {
        String[] all = new String[args.length + 1];
        all[0] = "xdotool";
        System.arraycopy(args, 0, all, 1, args.length);
        command(all);
        pause(60);
    }

    private static String command(String... args) throws Exception {
        Process p = new ProcessBuilder(args).redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", args) + " failed: " + text.strip());
        }
        return text;
    }

    private static String firstLine(String text) throws IOException {
        String line = text.strip().lines().findFirst().orElse("");
        if (line.isEmpty()) throw new IOException("no window found");
        return line;
    }

    private static void pause(long ms) throws InterruptedException {
        Thread.sleep(ms);
    }

    /** Waits until the condition (asked on the FX thread) holds; the tour stops with what it waited for. */
    private static void waitFor(String what, BooleanSupplier condition) throws Exception {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_S);
        while (!fx(condition::getAsBoolean)) {
            if (System.nanoTime() > until) throw new IllegalStateException("waited " + TIMEOUT_S + " s for " + what);
            pause(200);
        }
    }

    private static <T> T fx(Callable<T> work) throws Exception {
        CompletableFuture<T> result = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                result.complete(work.call());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        });
        return result.get(TIMEOUT_S, TimeUnit.SECONDS);
    }

    private static void fx(Runnable work) throws Exception {
        fx(() -> {
            work.run();
            return null;
        });
    }
}
