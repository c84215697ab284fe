package io.statlens.chart;

import io.statlens.store.read.RowPass;
import io.statlens.store.read.TimeWindow;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Charts prepared before they are drawn ({@link ChartService#plan}), their rows planned in a {@link RowPass}: a report
 * reads the rows its charts and its findings share once. {@link ChartService#draw(ChartRequest, ChartReads)} finishes the
 * pass and draws the prepared charts from what it gathered; a chart not prepared reads its rows then.
 */
public final class ChartReads {
    /** Nothing prepared: every chart reads its own rows when drawn. */
    static final ChartReads NONE = new ChartReads(null);

    private final RowPass pass;
    private final Map<Planned, Optional<SelectionSource.Prepared>> prepared = new HashMap<>();

    ChartReads(RowPass pass) {
        this.pass = pass;
    }

    /** A definition drawn for a run, the samples of that window read. */
    private record Planned(ChartDefinition def, String run, TimeWindow times) {
    }

    boolean has(ChartDefinition def, String run, TimeWindow times) {
        return prepared.containsKey(new Planned(def, run, times));
    }

    /** Plans the prepared definition's rows in the pass; empty: the run has nothing for it. */
    void add(ChartDefinition def, String run, TimeWindow times, Optional<SelectionSource.Prepared> p) {
        prepared.put(new Planned(def, run, times), p);
        p.ifPresent(ready -> ready.reads().forEach(r -> pass.add(r.lane(), r.sinceBoot(), r.times(), r.keys(), r.samples())));
    }

    /** The prepared definition ({@link #has}), its rows read; taken once. */
    Optional<SelectionSource.Prepared> take(ChartDefinition def, String run, TimeWindow times) {
        return prepared.remove(new Planned(def, run, times));
    }

    /** Reads the planned rows that no other reader's read brought yet. */
    void finish() {
        if (pass != null) pass.finish();
    }
}
