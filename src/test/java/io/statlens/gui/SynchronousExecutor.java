package io.statlens.gui;

import java.util.concurrent.Callable;
import java.util.function.Consumer;

/** Runs work at once on the calling thread: tests see its effects when the call returns, with no waiting. */
final class SynchronousExecutor implements TaskExecutor {
    @Override
    public <T> void run(Callable<T> work, Consumer<T> done, Consumer<Throwable> failed) {
        T result;
        try {
            result = work.call();
        } catch (Exception e) {
            failed.accept(e);
            return;
        }
        done.accept(result);
    }

    @Override
    public void onUiThread(Runnable update) {
        update.run();
    }

    @Override
    public void close() {
    }
}
