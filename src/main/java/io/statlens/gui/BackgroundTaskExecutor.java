package io.statlens.gui;

import javafx.application.Platform;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;

/**
 * The application's executor: ONE background thread for the work a user starts. One is enough, and it means the
 * repository's connection is only ever used by one thread at a time. Charts are drawn into pixels on a second thread
 * ({@link #draw}), which never touches the repository: a picture of a zoomed chart does not wait for the zoomed
 * window's statistics being read.
 */
public final class BackgroundTaskExecutor implements TaskExecutor {
    private final ExecutorService worker = thread("statlens-worker");
    private final ExecutorService drawing = thread("statlens-drawing");

    private static ExecutorService thread(String name) {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public <T> void run(Callable<T> work, Consumer<T> done, Consumer<Throwable> failed) {
        on(worker, work, done, failed);
    }

    @Override
    public <T> void draw(Callable<T> work, Consumer<T> done, Consumer<Throwable> failed) {
        on(drawing, work, done, failed);
    }

    private static <T> void on(ExecutorService thread, Callable<T> work, Consumer<T> done, Consumer<Throwable> failed) {
        try {
            thread.execute(() -> {
                try {
                    T result = work.call();
                    Platform.runLater(() -> done.accept(result));
                } catch (Exception | Error e) {
                    Platform.runLater(() -> failed.accept(e));
                }
            });
        } catch (RejectedExecutionException closed) {
            // Closed with the window: what is still asked for as it closes (a chart drawn again) has no one to show it to.
        }
    }

    @Override
    public void onUiThread(Runnable update) {
        Platform.runLater(update);
    }

    @Override
    public void close() {
        worker.shutdown();
        drawing.shutdown();
    }
}
