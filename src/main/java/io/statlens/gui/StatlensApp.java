package io.statlens.gui;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.gui.BrowserNode.MetricNode;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import javafx.animation.PauseTransition;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.util.Duration;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** The desktop application: one window over one repository. */
public final class StatlensApp extends Application {
    /**
     * @param location   the repository; null for the last one used (else the default)
     * @param show       a metric to chart at start; null for none
     * @param screenshot write a picture of the window here once the chart and its statistics are shown, then quit
     *                   (for docs)
     * @param numbers    how tables and reports show numbers, remembered for the next start; null for the remembered one
     */
    public record Options(RepositoryLocation location, MetricNode show, Path screenshot, ZoneId zone, ReadableNumbers numbers) {
    }

    // Application.launch creates the instance itself: the options and the repository reach it this way.
    private static Options options;
    private static Repository repository;
    private TaskExecutor executor;

    /**
     * Opens the repository, then the window. A repository that cannot be opened (in use by another statlens, a newer
     * schema) is reported in a dialog as well as on the console: started from a desktop there is no console to read.
     */
    public static void launch(Options opts) {
        GuiSettings settings = GuiSettings.user();
        RepositoryLocation location = opts.location() != null ? opts.location()
                : settings.lastRepository().map(RepositoryLocation::embedded).orElse(RepositoryLocation.userDefault());
        options = opts;
        if (opts.numbers() != null) settings.numbers(opts.numbers());
        Repository opened;
        try {
            opened = Repository.open(location, true);
        } catch (RuntimeException e) {
            if (opts.screenshot() == null) showStartupError(location, e);
            throw e;
        }
        repository = opened;
        try {
            if (location.embeddedDir() != null) settings.lastRepository(location.embeddedDir());
            Application.launch(StatlensApp.class);
        } finally {
            // The repository shown last: the window may have opened another in place of this one (and closed it).
            repository.close();
        }
    }

    @Override
    public void start(Stage stage) {
        GuiSettings settings = GuiSettings.user();
        executor = new BackgroundTaskExecutor();
        Workbench bench = workbench(stage, settings);
        MainView view = bench.view();
        WindowLayout layout = settings.windowLayout();
        stage.setScene(new Scene(view, layout.width(), layout.height()));
        stage.setTitle(title());
        if (layout.placedOn(Screen.getScreens().stream().map(Screen::getVisualBounds).toList())) {
            stage.setX(layout.x());
            stage.setY(layout.y());
        }
        stage.setMaximized(layout.maximized());
        stage.setOnCloseRequest(e -> settings.windowLayout(((MainView) stage.getScene().getRoot()).layout(stage)
                .keepingBoundsWhenMaximized(layout)));
        Windows.show(stage, () -> view.dividers(layout.dividers()));
        if (options.show() != null) view.select(options.show());
        if (options.screenshot() != null) {
            // The statistics are computed after the chart's data; the chart's picture is drawn off the FX thread and
            // may come later still: the window is written once both are shown.
            bench.stats().captionProperty().addListener(new javafx.beans.InvalidationListener() {
                @Override
                public void invalidated(javafx.beans.Observable caption) {
                    caption.removeListener(this);
                    writeOnceShown(view, options.screenshot());
                }
            });
        }
        bench.browser().reload();
    }

    private static void writeOnceShown(MainView view, Path file) {
        if (!view.chartShown()) {
            PauseTransition wait = new PauseTransition(Duration.millis(50));
            wait.setOnFinished(e -> writeOnceShown(view, file));
            wait.play();
            return;
        }
        write(view.getScene().snapshot(null), file);
        Platform.exit();
    }

    /** The window's content over the repository shown, with a way to open another in its place. */
    private Workbench workbench(Stage stage, GuiSettings settings) {
        // The desktop opens a written report or chart; HostServices is the Application's, so it is passed in.
        DocumentOpener opener = file -> getHostServices().showDocument(file.toUri().toString());
        Workbench bench = Workbench.create(repository, executor, options.zone(), settings.numbers(), RecentInputs.kept(settings),
                opener);
        bench.view().openRepositoriesWith(new OpenRepositoryViewModel(executor, settings, next -> showInstead(stage, settings, next)));
        return bench;
    }

    /**
     * Shows another repository in the window: new content over it (the tool windows of the one before closed), the
     * dividers kept; the repository before is closed once the work queued on it has run.
     */
    private void showInstead(Stage stage, GuiSettings settings, Repository next) {
        Repository before = repository;
        repository = next;
        for (javafx.stage.Window w : List.copyOf(javafx.stage.Window.getWindows())) if (w != stage) w.hide();
        MainView old = (MainView) stage.getScene().getRoot();
        List<Double> dividers = old.layout(stage).dividers();
        Workbench bench = workbench(stage, settings);
        stage.getScene().setRoot(bench.view());
        stage.setTitle(title());
        bench.view().dividers(dividers);
        bench.browser().reload();
        executor.run(() -> {
            before.close();
            return null;
        }, closed -> { }, e -> { });
    }

    private static String title() {
        return "statlens - " + repository.location().description();
    }

    private static void showStartupError(RepositoryLocation location, RuntimeException e) {
        CompletableFuture<Void> closed = new CompletableFuture<>();
        Platform.startup(() -> {
        });
        // Not inside startup's own runnable: a dialog shown from there is never painted.
        Platform.runLater(() -> {
            Alert alert = new Alert(Alert.AlertType.ERROR, e.getMessage(), ButtonType.CLOSE);
            alert.setTitle("statlens");
            alert.setHeaderText("Cannot open the repository " + location.description());
            alert.showAndWait();
            closed.complete(null);
        });
        closed.join();
        Platform.exit();
    }

    @Override
    public void stop() {
        executor.close();
    }

    /** A snapshot as PNG, without javafx-swing: the pixels copied into an AWT image. */
    private static void write(WritableImage image, Path file) {
        int w = (int) image.getWidth();
        int h = (int) image.getHeight();
        int[] argb = new int[w * h];
        image.getPixelReader().getPixels(0, 0, w, h, PixelFormat.getIntArgbInstance(), argb, 0, w);
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        out.setRGB(0, 0, w, h, argb, 0, w);
        try {
            ImageIO.write(out, "png", file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
