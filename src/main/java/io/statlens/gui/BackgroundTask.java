package io.statlens.gui;

import io.statlens.model.Cancellation;

import java.util.function.Consumer;
import java.util.function.DoubleConsumer;

/**
 * One piece of work a user started, run in the background, after JabRef's {@code BackgroundTask}: a title (what the
 * status line says while it runs), its progress (0 to 1, said from the work, shown on the UI thread) and its
 * {@link Cancellation}, which the work polls. Its result or failure reaches the UI thread, unless the task was
 * {@link #drop dropped}: a task replaced by a newer one (a {@link TaskSlot}) shows nothing, so a view model keeps no
 * count of its drawings by hand.
 *
 * @param <T> what the work returns
 */
final class BackgroundTask<T> {
    /** The work, given its task to say its progress and to poll its cancellation. */
    interface Work<T> {
        T call(BackgroundTask<T> task) throws Exception;
    }

    private final String title;
    private final Work<T> work;
    private final Cancellation cancellation = new Cancellation();
    private Consumer<T> onSuccess = result -> { };
    private Consumer<Throwable> onFailure = failure -> { };
    private DoubleConsumer onProgress = fraction -> { };
    private Runnable onFinished = () -> { };
    private TaskExecutor executor;
    private volatile boolean dropped;
    private volatile boolean finished;

    private BackgroundTask(String title, Work<T> work) {
        this.title = title;
        this.work = work;
    }

    static <T> BackgroundTask<T> of(String title, Work<T> work) {
        return new BackgroundTask<>(title, work);
    }

    /** Called on the UI thread with the result, unless the task was dropped. */
    BackgroundTask<T> onSuccess(Consumer<T> then) {
        onSuccess = then;
        return this;
    }

    /** Called on the UI thread with why the work failed (a cancelled one: how it stopped), unless the task was dropped. */
    BackgroundTask<T> onFailure(Consumer<Throwable> then) {
        onFailure = then;
        return this;
    }

    /** Called on the UI thread with the progress the work says, unless the task was dropped. */
    BackgroundTask<T> onProgress(DoubleConsumer then) {
        onProgress = then;
        return this;
    }

    /** Called on the UI thread once the work has ended, dropped or not, before its result or failure. */
    BackgroundTask<T> onFinished(Runnable then) {
        onFinished = then;
        return this;
    }

    /** Runs the work on the executor's background thread; returns at once. */
    BackgroundTask<T> executeWith(TaskExecutor executor) {
        this.executor = executor;
        executor.run(() -> work.call(this), result -> {
            finished = true;
            onFinished.run();
            if (!dropped) onSuccess.accept(result);
        }, failure -> {
            finished = true;
            onFinished.run();
            if (!dropped) onFailure.accept(failure);
        });
        return this;
    }

    String title() {
        return title;
    }

    /** What the work polls (a chart loaded definition by definition, an import line by line). */
    Cancellation cancellation() {
        return cancellation;
    }

    /** From the work, on any thread: how far it got, from 0 to 1. */
    void progress(double fraction) {
        executor.onUiThread(() -> {
            if (!dropped) onProgress.accept(fraction);
        });
    }

    /** Asks the work to stop at its next check; how it ended (its result, or the cancellation) still arrives. */
    void cancel() {
        cancellation.cancel();
    }

    /** Stops the work and drops what it would still show: nothing of it arrives any more. */
    void drop() {
        dropped = true;
        cancellation.cancel();
    }

    /** Whether the work has ended, dropped or not: its end has reached the UI thread. */
    boolean finished() {
        return finished;
    }

    /** Whether it was dropped: work that has not started yet may then skip itself. */
    boolean dropped() {
        return dropped;
    }
}
