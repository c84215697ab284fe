package io.statlens.gui;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.gui.BrowserNode.MetricNode;
import io.statlens.model.UserException;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryInUse;
import io.statlens.store.schema.RepositoryLocation;
import javafx.animation.PauseTransition;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.Parent;
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
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

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
    /** Why the repository asked for did not open at start (then the window says so instead); null when it opened. */
    private static Unopened unopened;
    private TaskExecutor executor;

    private record Unopened(RepositoryLocation location, UserException refusal) {
    }

    /**
     * Opens the repository, then the window. A repository that the user can do something about (in use by another
     * statlens window, made by a newer statlens, a folder that is no repository) does not stop the window: it opens
     * saying so, with Try again and Open another repository (docs/gui.md). Anything else is reported in a dialog as well
     * as on the console: started from a desktop there is no console to read.
     */
    public static void launch(Options opts) {
        GuiSettings settings = GuiSettings.user();
        RepositoryLocation location = opts.location() != null ? opts.location()
                : settings.lastRepository().map(RepositoryLocation::embedded).orElse(RepositoryLocation.userDefault());
        options = opts;
        if (opts.numbers() != null) settings.numbers(opts.numbers());
        try {
            repository = Repository.open(location, true);
            if (location.embeddedDir() != null) settings.lastRepository(location.embeddedDir());
        } catch (UserException e) {
            unopened = new Unopened(location, e);
        } catch (RuntimeException e) {
            if (opts.screenshot() == null) showStartupError(location, e);
            throw e;
        }
        try {
            Application.launch(StatlensApp.class);
        } finally {
            // The repository shown last: the window may have opened another in place of this one (and closed it).
            if (repository != null) repository.close();
        }
        // A picture of the window saying why its repository did not open is taken, and the command still fails.
        if (unopened != null && repository == null && opts.screenshot() != null) throw unopened.refusal();
    }

    @Override
    public void start(Stage stage) {
        GuiSettings settings = GuiSettings.user();
        executor = new BackgroundTaskExecutor();
        WindowLayout layout = settings.windowLayout();
        Workbench bench = repository == null ? null : workbench(stage, settings);
        stage.setScene(new Scene(bench == null ? unopenedView(stage, settings) : bench.view(), layout.width(), layout.height()));
        stage.setTitle(bench == null ? "statlens - " + unopened.location().description()
                + (unopened.refusal() instanceof RepositoryInUse ? " (open in another statlens window)" : " (not opened)") : title());
        if (layout.placedOn(Screen.getScreens().stream().map(Screen::getVisualBounds).toList())) {
            stage.setX(layout.x());
            stage.setY(layout.y());
        }
        stage.setMaximized(layout.maximized());
        stage.setOnCloseRequest(e -> {
            if (stage.getScene().getRoot() instanceof MainView shown) {
                settings.windowLayout(shown.layout(stage).keepingBoundsWhenMaximized(layout));
            }
        });
        // The window has its size only a pulse after it is shown (Windows): a picture is not taken before.
        BooleanProperty sized = new SimpleBooleanProperty();
        if (bench == null) {
            Windows.show(stage, () -> sized.set(true));
            if (options.screenshot() != null) writeWhen(stage.getScene().getRoot(), sized::get, options.screenshot());
            return;
        }
        MainView view = bench.view();
        Windows.show(stage, () -> {
            view.dividers(layout.dividers());
            sized.set(true);
        });
        if (options.show() != null) view.select(options.show());
        if (options.screenshot() != null && options.show() != null) {
            // The statistics are computed after the chart's data; the chart's picture is drawn off the FX thread and
            // may come later still: the window is written once both are shown.
            bench.stats().captionProperty().addListener(new javafx.beans.InvalidationListener() {
                @Override
                public void invalidated(javafx.beans.Observable caption) {
                    caption.removeListener(this);
                    writeOnceShown(view, options.screenshot());
                }
            });
        } else if (options.screenshot() != null) {
            // Nothing to chart: the window is written once the browser holds the runs (or offers the first steps).
            writeWhen(view, () -> sized.get() && bench.browser().runCountProperty().get() >= 0, options.screenshot());
        }
        bench.browser().reload();
    }

    /** The page saying why the repository did not open, with Try again and Open another repository. */
    private Parent unopenedView(Stage stage, GuiSettings settings) {
        Consumer<Repository> show = next -> showInstead(stage, settings, next);
        UnopenedRepositoryViewModel model = new UnopenedRepositoryViewModel(unopened.location(), unopened.refusal(), executor, next -> {
            // opened at last: the repository to open at the next start, as if it had opened at this one
            if (next.location().embeddedDir() != null) settings.lastRepository(next.location().embeddedDir());
            show.accept(next);
        });
        return new UnopenedRepositoryView(model, new OpenRepositoryViewModel(executor, settings, show));
    }

    /** Writes the window once {@code ready} holds and a layout pass and a paint have happened after that, then quits. */
    private static void writeWhen(Parent root, BooleanSupplier ready, Path file) {
        boolean now = ready.getAsBoolean();
        PauseTransition wait = new PauseTransition(Duration.millis(now ? 300 : 50));
        wait.setOnFinished(e -> {
            if (!now) {
                writeWhen(root, ready, file);
                return;
            }
            write(root.getScene().snapshot(null), file);
            Platform.exit();
        });
        wait.play();
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

    /**
     * Whether the desktop has a program JavaFX opens documents with: on Windows and macOS always; elsewhere xdg-open or
     * one of the browsers JavaFX tries, on the PATH.
     */
    private static boolean desktopOpens() {
        String os = System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT);
        if (os.contains("win") || os.contains("mac")) return true;
        String path = System.getenv("PATH");
        if (path == null) return false;
        for (String dir : path.split(java.io.File.pathSeparator)) {
            for (String program : List.of("xdg-open", "google-chrome", "firefox", "opera", "konqueror", "mozilla")) {
                if (java.nio.file.Files.isExecutable(Path.of(dir, program))) return true;
            }
        }
        return false;
    }

    /** The window's content over the repository shown, with a way to open another in its place. */
    private Workbench workbench(Stage stage, GuiSettings settings) {
        // The desktop opens a written report or chart; HostServices is the Application's, so it is passed in.
        // JavaFX hands the file to xdg-open or a browser it finds, and says nothing when it finds none: the window says it.
        DocumentOpener opener = file -> {
            if (!desktopOpens()) {
                throw new UserException("cannot open " + file + ": no program here opens files (xdg-open, a browser);"
                        + " open it from its folder, " + file.toAbsolutePath().getParent());
            }
            getHostServices().showDocument(file.toUri().toString());
        };
        Workbench bench = Workbench.create(repository, executor, options.zone(), settings.numbers(), RecentInputs.kept(settings),
                opener);
        bench.view().openRepositoriesWith(new OpenRepositoryViewModel(executor, settings, next -> showInstead(stage, settings, next)));
        return bench;
    }

    /**
     * Shows another repository in the window: new content over it (the tool windows of the one before closed), the
     * dividers kept; the repository before, if one was open, is closed once the work queued on it has run.
     */
    private void showInstead(Stage stage, GuiSettings settings, Repository next) {
        Repository before = repository;
        repository = next;
        for (javafx.stage.Window w : List.copyOf(javafx.stage.Window.getWindows())) if (w != stage) w.hide();
        List<Double> dividers = stage.getScene().getRoot() instanceof MainView old ? old.layout(stage).dividers()
                : settings.windowLayout().dividers();
        Workbench bench = workbench(stage, settings);
        stage.getScene().setRoot(bench.view());
        stage.setTitle(title());
        bench.view().dividers(dividers);
        bench.browser().reload();
        if (before == null) return;
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
