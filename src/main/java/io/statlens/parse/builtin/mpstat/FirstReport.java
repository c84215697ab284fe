package io.statlens.parse.builtin.mpstat;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Row;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * Holds the first report of a Linux mpstat run until it is known whether it averages since boot.
 * Linux mpstat prints a since-boot report only when run without an interval, and then prints
 * nothing else: a run whose rows all share one time and which has no {@code Average:} block is
 * since boot; a second time, an {@code Average:} block or a header time other than the rows' (the
 * previous sample's, which a since-boot report does not have) shows an interval run. Keeps at most
 * one report.
 */
final class FirstReport {
    private record Held(DatasetSpec spec, long sample, Instant time, String key, double[] values) {
    }

    private final List<Held> held = new ArrayList<>();
    private Instant time;
    private boolean decided;

    /**
     * Whether a row at this time still belongs to the undecided first report. A row at another
     * time decides the run is an interval run; the caller must then {@link #release} first.
     */
    boolean holds(Instant rowTime) {
        if (decided) return false;
        if (time == null) time = rowTime;
        return time.equals(rowTime);
    }

    void hold(DatasetSpec spec, long sample, Instant rowTime, String key, double[] values) {
        held.add(new Held(spec, sample, rowTime, key, values));
    }

    /** Hands the held rows over with the since-boot flag now known; later rows are not held. */
    void release(boolean sinceBoot, BiConsumer<DatasetSpec, Row> out) {
        for (Held h : held) out.accept(h.spec(), new Row(h.sample(), h.time(), h.key(), sinceBoot, h.values()));
        held.clear();
        decided = true;
    }

    /** Whether the since-boot question is still open for this run. */
    boolean undecided() {
        return !decided;
    }

    /** Starts a new run (a new banner): its first report is undecided again. */
    void reset() {
        held.clear();
        time = null;
        decided = false;
    }
}
