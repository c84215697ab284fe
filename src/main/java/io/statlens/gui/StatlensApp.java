package io.statlens.gui;

import io.statlens.gui.BrowserNode.MetricNode;
import io.statlens.store.Repository;
import io.statlens.store.RepositoryLocation;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.ZoneId;

/** The desktop application: one window over one repository. */
public final class StatlensApp extends Application {
    /**
     * @param location   the repository; null for the last one used (else the default)
     * @param show       a metric to chart at start; null for none
     * @param screenshot write a picture of the window here once the chart and its statistics are shown, then quit
     *                   (for docs)
     */
    public record Options(RepositoryLocation location, MetricNode show, Path screenshot, ZoneId zone) {
    }

    // Application.launch creates the instance itself: the options and the repository reach it this way.
    private static Options options;
    private static Repository repository;
    private TaskExecutor executor;

    /** Opens the repository (before the window, so that a bad one is reported on the console), then the window. */
    public static void launch(Options opts) {
        GuiSettings settings = GuiSettings.user();
        RepositoryLocation location = opts.location() != null ? opts.location()
                : settings.lastRepository().map(RepositoryLocation::embedded).orElse(RepositoryLocation.userDefault());
        options = opts;
        try (Repository repo = Repository.open(location, true)) {
            repository = repo;
            if (location.embeddedDir() != null) settings.lastRepository(location.embeddedDir());
            Application.launch(StatlensApp.class);
        }
    }

    @Override
    public void start(Stage stage) {
        GuiSettings settings = GuiSettings.user();
        executor = new BackgroundTaskExecutor();
        Label status = new Label();
        BrowserViewModel browser = new BrowserViewModel(repository, executor, status::setText);
        ImportViewModel importer = new ImportViewModel(repository, executor, options.zone(), status::setText, browser::reload);
        ChartViewModel charts = new ChartViewModel(repository, executor, options.zone(), status::setText);
        StatsViewModel stats = new StatsViewModel(repository, executor);
        // The desktop opens a written report or chart; HostServices is the Application's, so it is passed in.
        DocumentOpener opener = file -> getHostServices().showDocument(file.toUri().toString());
        MainView view = new MainView(browser, importer, charts, stats,
                new SqlConsoleViewModel(repository, executor), new ReportBuilderViewModel(repository, executor, options.zone(), opener),
                new NoteViewModel(repository, executor, options.zone(), charts::redraw),
                new CompareViewModel(repository, executor, options.zone()),
                new AverageViewModel(repository, executor, options.zone(), browser::reload), status);
        stage.setScene(new Scene(view, settings.width(), settings.height()));
        stage.setTitle("statlens - " + repository.location().description());
        stage.setOnCloseRequest(e -> settings.windowSize(stage.getWidth(), stage.getHeight()));
        stage.show();
        if (options.show() != null) view.select(options.show());
        if (options.screenshot() != null) {
            // The statistics are computed after the chart: their caption is the last thing to change.
            stats.captionProperty().addListener((o, was, now) -> Platform.runLater(() -> {
                write(view.getScene().snapshot(null), options.screenshot());
                Platform.exit();
            }));
        }
        browser.reload();
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
