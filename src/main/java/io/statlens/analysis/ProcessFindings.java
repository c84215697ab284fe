package io.statlens.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * A process that dominates the CPU the processes used: in a process table (pidstat's, top's), the one key whose CPU
 * time, summed over the samples it was printed in, is at least {@link #DOMINANT_SHARE} of all processes' together,
 * and which used at least {@link #DOMINANT_MIN_PCT} of a CPU while it was printed. The usual first question of a
 * process table ("who is eating the CPU?") answered in one sentence, shown by the Top-N chart of the same metric.
 */
final class ProcessFindings {
    /** A process table and its CPU metric (per cent of one CPU). */
    private record Source(String dataset, String label, String tool) {
    }

    private static final List<Source> SOURCES = List.of(
            new Source("pidstat.cpu", "%CPU", "pidstat"),
            new Source("top.process", "%CPU", "top"));
    /** The share of all processes' CPU time that makes one process dominant. */
    static final double DOMINANT_SHARE = 0.5;
    /** A process below this mean %CPU (while printed) dominates nothing worth a sentence, whatever its share. */
    static final double DOMINANT_MIN_PCT = 10;

    private final RunEvidence run;

    ProcessFindings(RunEvidence run) {
        this.run = run;
    }

    List<Finding> dominant() {
        List<Finding> out = new ArrayList<>();
        for (Source source : SOURCES) {
            if (!run.has(source.dataset())) continue;
            List<MetricStats> perKey = run.stats(source.dataset(), source.label());
            double total = 0;
            MetricStats top = null;
            for (MetricStats s : perKey) {
                if (s.key().isEmpty() || !(s.stats().mean() > 0)) continue;
                double cpu = s.stats().mean() * s.stats().n();
                total += cpu;
                if (top == null || cpu > top.stats().mean() * top.stats().n()) top = s;
            }
            if (top == null || total <= 0) continue;
            double share = top.stats().mean() * top.stats().n() / total;
            if (share < DOMINANT_SHARE || top.stats().mean() < DOMINANT_MIN_PCT) continue;
            Phrase p = Phrase.of("Process " + top.key() + " dominates the CPU the processes used (" + source.tool() + "): ")
                    .value(share * 100, "%").text(" of it, mean " + source.label() + " ").value(top.stats().mean(), "%")
                    .text(" while it ran" + (perKey.size() == 1 ? ", the only process printed." : ", of " + perKey.size() + " processes."));
            out.add(new Finding(run.run(), Finding.Kind.HOTTEST, p, source.dataset(), source.label(), top.key(),
                    top.stats().mean(), "%"));
        }
        return out;
    }
}
