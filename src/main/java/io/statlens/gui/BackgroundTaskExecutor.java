package io.statlens.gui;

import javafx.application.Platform;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/**
 * The application's executor: ONE background thread. One is enough for the work a user starts, and it
 * means the repository's connection is only ever used by one thread at a time.
 */
public final class BackgroundTaskExecutor implements TaskExecutor {
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "statlens-worker");
        t.setDaemon(true);
        return t;
    });

    @Override
    public <T> void run(Callable<T> work, Consumer<T> done, Consumer<Throwable> failed) {
        worker.execute(() -> {
            try {
                T result = work.call();
                Platform.runLater(() -> done.accept(result));
            } catch (Exception | Error e) {
                Platform.runLater(() -> failed.accept(e));
            }
        });
    }

    @Override
    public void onUiThread(Runnable update) {
        Platform.runLater(update);
    }

    @Override
    public void close() {
        worker.shutdown();
    }
}
