package io.statlens.model;

/**
 * A request to stop long work, set from another thread (a Cancel button). Readers poll it;
 * thread interrupts are not used because Derby closes a connection whose thread is interrupted.
 */
public final class Cancellation {
    /** Never cancelled. */
    public static final Cancellation NONE = new Cancellation();

    private volatile boolean cancelled;

    public void cancel() {
        if (this == NONE) throw new IllegalStateException("Cancellation.NONE cannot be cancelled");
        cancelled = true;
    }

    public boolean isCancelled() {
        return cancelled;
    }
}
