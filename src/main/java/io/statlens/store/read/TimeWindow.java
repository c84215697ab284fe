package io.statlens.store.read;

import java.time.Instant;

/**
 * A span of sample times, both ends included; a null end is open.
 *
 * @param from first time included, or null for the run's start
 * @param to   last time included, or null for the run's end
 */
public record TimeWindow(Instant from, Instant to) {
    /** Every sample. */
    public static final TimeWindow ALL = new TimeWindow(null, null);

    public TimeWindow {
        if (from != null && to != null && to.isBefore(from)) {
            throw new IllegalArgumentException("window ends (" + to + ") before it starts (" + from + ")");
        }
    }

    public boolean bounded() {
        return from != null || to != null;
    }

    public boolean contains(Instant t) {
        return (from == null || !t.isBefore(from)) && (to == null || !t.isAfter(to));
    }
}
