package io.statlens.gui;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/** Holds the work given to it until the test runs it, as the background thread would later. */
final class HeldExecutor implements TaskExecutor {
    final Deque<Runnable> held = new ArrayDeque<>();

    @Override
    public <T> void run(Callable<T> work, Consumer<T> done, Consumer<Throwable> failed) {
        held.add(() -> {
            T result;
            try {
                result = work.call();
            } catch (Exception e) {
                failed.accept(e);
                return;
            }
            done.accept(result);
        });
    }

    @Override
    public void onUiThread(Runnable update) {
        update.run();
    }

    void runAll() {
        while (!held.isEmpty()) held.poll().run();
    }

    @Override
    public void close() {
    }
}
