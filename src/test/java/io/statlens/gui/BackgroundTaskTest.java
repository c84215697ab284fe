package io.statlens.gui;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one task type of the GUI's background work, and a view model's one task at a time, without a window. */
class BackgroundTaskTest {
    private final SynchronousExecutor executor = SynchronousExecutor.holding();
    private final TaskSlot slot = new TaskSlot(executor);
    private final List<String> shown = new ArrayList<>();

    private BackgroundTask<String> task(String name) {
        return BackgroundTask.<String>of("drawing " + name, t -> {
            t.progress(0.5);
            if (t.cancellation().isCancelled()) throw new CancellationException(name + " stopped");
            return name;
        }).onProgress(p -> shown.add(name + " at " + p)).onSuccess(r -> shown.add(r + " shown"))
                .onFailure(e -> shown.add(e.getMessage())).onFinished(() -> shown.add(name + " ended"));
    }

    @Test
    void aNewerTaskDropsTheOneBeforeWhichShowsNothingButEnds() {
        assertNull(slot.current());
        BackgroundTask<String> first = slot.start(task("first"));
        BackgroundTask<String> second = slot.start(task("second"));
        assertTrue(first.dropped() && first.cancellation().isCancelled(), "the one before is stopped and dropped");
        assertFalse(second.dropped() || second.cancellation().isCancelled());
        assertEquals(second, slot.current());
        assertEquals("drawing second", second.title());
        executor.runHeld();
        assertEquals(List.of("first ended", "second at 0.5", "second ended", "second shown"), shown);
    }

    @Test
    void cancelStopsTheWorkAndItsEndStillArrives() {
        slot.start(task("chart"));
        slot.cancel();
        executor.runHeld();
        assertEquals(List.of("chart at 0.5", "chart ended", "chart stopped"), shown);
    }

    @Test
    void dropStopsTheWorkAndNothingOfItArrives() {
        slot.start(task("chart"));
        slot.drop();
        executor.runHeld();
        assertEquals(List.of("chart ended"), shown);
    }
}
