package io.statlens.gui;

import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * Where the GUI's long work runs (imports, loading charts, reading the repository): never on the FX
 * thread, so the window stays responsive. Results and progress come back through {@link #onUiThread}.
 * Tests swap in a synchronous executor, so that they need no waiting.
 */
public interface TaskExecutor extends AutoCloseable {
    /** Runs {@code work} in the background, then {@code done} or {@code failed} on the UI thread. */
    <T> void run(Callable<T> work, Consumer<T> done, Consumer<Throwable> failed);

    /**
     * Runs drawing that reads no repository (a chart drawn into pixels) in the background, then {@code done} or
     * {@code failed} on the UI thread. The application gives it a thread of its own, so that a chart's picture never
     * waits behind a long read of the repository, nor a read behind a picture; by default it is {@link #run}.
     */
    default <T> void draw(Callable<T> work, Consumer<T> done, Consumer<Throwable> failed) {
        run(work, done, failed);
    }

    /** Runs an update of the UI (a progress value) on the UI thread. */
    void onUiThread(Runnable update);

    @Override
    void close();
}
