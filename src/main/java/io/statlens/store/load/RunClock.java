package io.statlens.store.load;

import io.statlens.model.ElapsedSeconds;
import java.time.Instant;

/**
 * Where a run's elapsed seconds count from while files are loaded into it: the run's start, or for a
 * run without one the first sample seen. Shared by all files of one import; the run ledger settles the
 * run's start afterwards.
 */
final class RunClock {
    private Instant start;

    RunClock(Instant existingStart) {
        this.start = existingStart;
    }

    double elapsed(Instant t) {
        if (start == null) start = t;
        return ElapsedSeconds.between(start, t);
    }

    /** Counts from the run's start as settled: a live import's later rows count from where the earlier ones were moved to. */
    void restart(Instant settledStart) {
        start = settledStart;
    }

    /** The base elapsed seconds count from; null until the first sample when the run had no start. */
    Instant start() {
        return start;
    }
}
