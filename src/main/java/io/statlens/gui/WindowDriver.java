package io.statlens.gui;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.gui.BrowserNode.MetricNode;
import io.statlens.store.schema.Repository;
import javafx.application.Platform;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.Range;

import java.nio.file.Path;
import java.time.ZoneId;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The real window driven as a user drives it, for the responsiveness benchmark ({@code statlens bench --gui}): the
 * application's own wiring ({@link Workbench}, its view models, the background executor) over a repository, shown on
 * screen, and each step returning once the window shows its result. It is the one thing of gui the benchmark uses:
 * what is measured, and how, is the benchmark's; how the window is driven stays here, beside its package-private wiring.
 */
public final class WindowDriver implements AutoCloseable {
    private static final long TIMEOUT_MINUTES = 60;
    /** How often a wait looks again whether the chart has settled. */
    private static final long POLL_MILLIS = 10;

    private final Workbench window;
    private final BackgroundTaskExecutor executor;

    private WindowDriver(Workbench window, BackgroundTaskExecutor executor) {
        this.window = window;
        this.executor = executor;
    }

    /** Starts JavaFX and shows the window over {@code repository}, times in {@code zone}; {@link #close} ends JavaFX. */
    public static WindowDriver open(Repository repository, ZoneId zone) throws Exception {
        CompletableFuture<Void> started = new CompletableFuture<>();
        Platform.startup(() -> started.complete(null));
        started.get();
        BackgroundTaskExecutor executor = new BackgroundTaskExecutor();
        try {
            Workbench window = onFx(() -> {
                Workbench w = Workbench.create(repository, executor, zone, ReadableNumbers.ROOT, RecentInputs.forSession(), file -> { });
                Stage stage = new Stage();
                stage.setScene(new Scene(w.view(), 1280, 800));
                stage.show();
                w.browser().reload();
                return w;
            });
            return new WindowDriver(window, executor);
        } catch (Exception | Error e) {
            executor.close();
            Platform.exit();
            throw e;
        }
    }

    /** Runs work on the window's (the FX) thread, after what is queued there. */
    public Executor fxThread() {
        return Platform::runLater;
    }

    /** The FX thread's id, for its CPU time. */
    public long fxThreadId() throws Exception {
        return onFx(() -> Thread.currentThread().threadId());
    }

    /** Imports {@code file} as run {@code run} through the import pane; returns once it ended, with the status line. */
    public String importFile(Path file, String run) throws Exception {
        awaitChange(window.importer().runningProperty(), running -> !running,
                () -> window.importer().importFiles(List.of(file), run));
        return onFx(() -> window.status().getText());
    }

    /**
     * Selects a metric in the browser, as a click does; returns once the chart and its statistics are loaded and the
     * chart's picture is drawn, with the status line.
     */
    public String chart(String run, String dataset, String metric) throws Exception {
        awaitChange(window.stats().captionProperty(), caption -> true,
                () -> window.view().select(new MetricNode(run, dataset, metric, null)));
        awaitSettled();
        return onFx(() -> window.status().getText());
    }

    /**
     * Zooms the chart's time axis to its middle half, as a user dragging a rectangle would; returns once the statistics
     * followed and the chart's lines were cut again and drawn, with the statistics' caption.
     */
    public String zoomToMiddleHalf() throws Exception {
        awaitChange(window.stats().captionProperty(), caption -> true, () -> {
            XYPlot plot = (XYPlot) window.charts().chartProperty().get().getPlot();
            Range all = plot.getDomainAxis().getRange();
            double quarter = all.getLength() / 4;
            plot.getDomainAxis().setRange(all.getLowerBound() + quarter, all.getUpperBound() - quarter);
        });
        awaitSettled();
        return onFx(() -> window.stats().captionProperty().get());
    }

    /** Hides the window, stops its executor and ends JavaFX. */
    @Override
    public void close() {
        try {
            Platform.runLater(() -> window.view().getScene().getWindow().hide());
            executor.close();
        } finally {
            Platform.exit();
        }
    }

    /** Waits (not on the FX thread) until the chart has been drawn and nothing more is to come for it. */
    private void awaitSettled() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(TIMEOUT_MINUTES);
        // Twice in a row, a tick apart: a zoom's rest starts on the FX thread after the axis moved.
        int settled = 0;
        while (settled < 2) {
            if (System.nanoTime() > deadline) throw new IllegalStateException("the chart did not settle");
            settled = onFx(() -> window.view().chartSettled()) ? settled + 1 : 0;
            Thread.sleep(POLL_MILLIS);
        }
    }

    /** Starts {@code action} on the FX thread and waits (not on it) until {@code value} changes to what {@code wanted} accepts. */
    private static <T> void awaitChange(ObservableValue<T> value, Predicate<T> wanted, Runnable action) throws Exception {
        CompletableFuture<Void> reached = new CompletableFuture<>();
        ChangeListener<T> listener = (o, was, now) -> {
            if (wanted.test(now)) reached.complete(null);
        };
        onFx(() -> {
            value.addListener(listener);
            action.run();
            return null;
        });
        try {
            reached.get(TIMEOUT_MINUTES, TimeUnit.MINUTES);
        } finally {
            onFx(() -> {
                value.removeListener(listener);
                return null;
            });
        }
    }

    private static <T> T onFx(Callable<T> work) throws Exception {
        CompletableFuture<T> result = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                result.complete(work.call());
            } catch (Exception | Error e) {
                result.completeExceptionally(e);
            }
        });
        return result.get(TIMEOUT_MINUTES, TimeUnit.MINUTES);
    }
}
