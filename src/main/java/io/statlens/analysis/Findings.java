package io.statlens.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * What happened in runs and between them: per run its findings, and per run compared with the base run the changes.
 *
 * @param runs        per run, in the order named
 * @param comparisons per run after the first, against the first; empty for one run
 */
public record Findings(List<RunFindings> runs, List<Comparison> comparisons) {
    public Findings {
        runs = List.copyOf(runs);
        comparisons = List.copyOf(comparisons);
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
     * @param findings the benchmark's results side by side, then the largest changes beyond noise
     * @param more     further changes beyond noise, left out to keep the list short
     */
    public record Comparison(String base, String run, List<Finding> findings, int more) {
        public Comparison {
            findings = List.copyOf(findings);
        }
    }

    /** Every finding, runs first, then comparisons. */
    public List<Finding> all() {
        List<Finding> out = new ArrayList<>();
        runs.forEach(r -> out.addAll(r.findings()));
        comparisons.forEach(c -> out.addAll(c.findings()));
        return out;
    }
}
