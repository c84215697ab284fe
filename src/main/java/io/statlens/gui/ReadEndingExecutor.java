package io.statlens.gui;

import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * Ends the repository's transaction after every background task, so that a window left open holds
 * nothing on a shared repository between tasks: other clients' imports that add columns to a table it
 * read would otherwise wait until it did something else.
 */
final class ReadEndingExecutor implements TaskExecutor {
    private final TaskExecutor next;
    private final Runnable endRead;

    /** @param endRead ends the repository's transaction (the composition root's {@code repository::endRead}) */
    ReadEndingExecutor(TaskExecutor next, Runnable endRead) {
        this.next = next;
        this.endRead = endRead;
    }

    @Override
    public <T> void run(Callable<T> work, Consumer<T> done, Consumer<Throwable> failed) {
        next.run(() -> {
            try {
                return work.call();
            } finally {
                endRead.run();
            }
        }, done, failed);
    }

    /** Drawing reads nothing from the repository: there is no transaction to end. */
    @Override
    public <T> void draw(Callable<T> work, Consumer<T> done, Consumer<Throwable> failed) {
        next.draw(work, done, failed);
    }

    @Override
    public void onUiThread(Runnable update) {
        next.onUiThread(update);
    }

    @Override
    public void close() {
        next.close();
    }
}
