package io.statlens.gui;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * Runs work on the calling thread: at once, so that tests see its effects when the call returns, with no waiting; or,
 * {@link #holding()}, only when the test calls {@link #runHeld()}, as the background thread would later (to look at a
 * window while its work is under way, or cancel it first).
 */
final class SynchronousExecutor implements TaskExecutor {
    /** The work given and not run yet; null when work runs at once. */
    private final Deque<Runnable> held;

    SynchronousExecutor() {
        this(null);
    }

    private SynchronousExecutor(Deque<Runnable> held) {
        this.held = held;
    }

    /** Holds the work given to it until {@link #runHeld()}. */
    static SynchronousExecutor holding() {
        return new SynchronousExecutor(new ArrayDeque<>());
    }

    @Override
    public <T> void run(Callable<T> work, Consumer<T> done, Consumer<Throwable> failed) {
        Runnable job = () -> {
            T result;
            try {
                result = work.call();
            } catch (Exception e) {
                failed.accept(e);
                return;
            }
            done.accept(result);
        };
        if (held == null) job.run();
        else held.add(job);
    }

    /** Runs the work held so far, and the work that work gives, in order. */
    void runHeld() {
        while (!held.isEmpty()) held.poll().run();
    }

    @Override
    public void onUiThread(Runnable update) {
        update.run();
    }

    @Override
    public void close() {
    }
}
