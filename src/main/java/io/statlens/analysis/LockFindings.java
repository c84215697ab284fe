package io.statlens.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * A lock that dominates the contention: in a lockstat or plockstat section data set, the one lock and caller whose
 * events, summed over the samples, are at least {@link #DOMINANT_SHARE} of all the data set's events, with at least
 * {@link #MIN_EVENTS} of them. The question a lock table is read for ("which lock is hot, and who takes it?")
 * answered in one sentence, shown by the data set's Top-N bars.
 */
final class LockFindings {
    /** A lock table and what its events are. */
    private record Source(String dataset, String tool, String events) {
    }

    private static final List<Source> SOURCES = List.of(
            new Source("lockstat.spin", "lockstat", "spin events"),
            new Source("lockstat.block", "lockstat", "block events"),
            new Source("plockstat.block", "plockstat", "block events"),
            new Source("plockstat.spin", "plockstat", "spin events"));
    private static final String COUNT = "Count";
    /** The share of all the data set's events that makes one lock and caller dominant. */
    static final double DOMINANT_SHARE = 0.5;
    /** Fewer events than this are noise, whatever their share. */
    static final double MIN_EVENTS = 10;

    private final RunEvidence run;

    LockFindings(RunEvidence run) {
        this.run = run;
    }

    List<Finding> dominant() {
        List<Finding> out = new ArrayList<>();
        for (Source source : SOURCES) {
            if (!run.has(source.dataset())) continue;
            List<MetricStats> perKey = run.stats(source.dataset(), COUNT);
            double total = 0;
            MetricStats top = null;
            for (MetricStats s : perKey) {
                if (s.key().isEmpty() || !(s.stats().mean() > 0)) continue;
                double events = s.stats().mean() * s.stats().n();
                total += events;
                if (top == null || events > top.stats().mean() * top.stats().n()) top = s;
            }
            if (top == null || total <= 0) continue;
            double events = top.stats().mean() * top.stats().n();
            double share = events / total;
            if (share < DOMINANT_SHARE || events < MIN_EVENTS) continue;
            Phrase p = Phrase.of("Lock " + top.key() + " dominates the " + source.events() + " (" + source.tool() + "): ")
                    .value(share * 100, "%").text(" of them" + (perKey.size() == 1 ? ", the only lock printed." : ", of "
                            + perKey.size() + " locks and callers."));
            out.add(new Finding(run.run(), Finding.Kind.HOTTEST, p, source.dataset(), COUNT, top.key(), events, "count"));
        }
        return out;
    }
}
