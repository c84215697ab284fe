package io.statlens.gui;

/**
 * A view model's one task of a kind at a time (its chart, its dashboard, its statistics): a new one drops the one before,
 * whose result would show what the user no longer asks for.
 */
final class TaskSlot {
    private final TaskExecutor executor;
    private BackgroundTask<?> current;

    TaskSlot(TaskExecutor executor) {
        this.executor = executor;
    }

    /** Drops the task before and runs this one. */
    <T> BackgroundTask<T> start(BackgroundTask<T> task) {
        if (current != null) current.drop();
        current = task;
        return task.executeWith(executor);
    }

    /** The task started last, null before the first: a later answer checks it is still the one it was asked under. */
    BackgroundTask<?> current() {
        return current;
    }

    /** Whether the task started last has not ended yet (its result or failure has not reached the UI thread). */
    boolean running() {
        return current != null && !current.finished();
    }

    /** Asks the task started last to stop; how it ended still arrives. */
    void cancel() {
        if (current != null) current.cancel();
    }

    /** Stops the task started last and drops what it would still show. */
    void drop() {
        if (current != null) current.drop();
    }
}
