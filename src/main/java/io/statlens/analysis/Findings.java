package io.statlens.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * What happened in runs and between them: per run its findings, and per run compared with the base run the changes.
 *
 * @param runs        per run, in the order named
 * @param comparisons per run after the first, against the first; empty for one run
 * @param unrelated   the runs that share nothing with the first, told in one note (which runs, what each measured)
 *                    under the heading {@link #notComparedTitle}, where people read findings; empty when every run
 *                    could be compared. Their comparisons still hold one note each, for files (CSV, JSON)
 */
public record Findings(List<RunFindings> runs, List<Comparison> comparisons, List<Finding> unrelated) {
    public Findings {
        runs = List.copyOf(runs);
        comparisons = List.copyOf(comparisons);
        unrelated = List.copyOf(unrelated);
    }

    /** Findings in which every run could be compared. */
    public Findings(List<RunFindings> runs, List<Comparison> comparisons) {
        this(runs, comparisons, List.of());
    }

    /** The findings of one run, most important first (headline, saturation, trouble, hottest keys, idle). */
    public record RunFindings(String run, List<Finding> findings) {
        public RunFindings {
            findings = List.copyOf(findings);
        }
    }

    /**
     * One run against the base run.
     *
     * @param findings the benchmark's results side by side, then the largest changes beyond noise; when the runs share
     *                 nothing, the one note that says so
     * @param more     further changes beyond noise, left out to keep the list short
     * @param shared   whether the runs have a data set or summary value in common, so that they could be compared
     */
    public record Comparison(String base, String run, List<Finding> findings, int more, boolean shared) {
        public Comparison {
            findings = List.copyOf(findings);
        }
    }

    /** The heading of {@link #unrelated}: {@code not compared with db01}. */
    public String notComparedTitle() {
        return comparisons.isEmpty() ? "" : "not compared with " + comparisons.get(0).base();
    }

    /** The comparisons of runs that share something with the base: those worth a heading of their own. */
    public List<Comparison> compared() {
        return comparisons.stream().filter(Comparison::shared).toList();
    }

    /** Every finding, runs first, then comparisons. */
    public List<Finding> all() {
        List<Finding> out = new ArrayList<>();
        runs.forEach(r -> out.addAll(r.findings()));
        comparisons.forEach(c -> out.addAll(c.findings()));
        return out;
    }
}
