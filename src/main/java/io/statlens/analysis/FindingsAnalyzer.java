package io.statlens.analysis;

import io.statlens.store.read.RowSource;
import io.statlens.store.read.SeriesReader;
import io.statlens.store.schema.Repository;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What happened in runs, and between them, in the sentences a performance engineer would write on the first page
 * of a report: the benchmark's result, resources at their limit, trouble, the hottest devices, CPUs and interfaces,
 * or that nothing happened; and for each run after the first, what changed against it beyond noise. The report
 * writers and {@code statlens findings} show the same {@link Findings}.
 *
 * <p>The thresholds below decide what is worth a sentence. They are deliberately plain, so that a reader can
 * check a finding against the chart it links to.
 */
public final class FindingsAnalyzer {
    /** A device's %util, a CPU's busy time or an interface's %util at or above this is at its limit. */
    public static final double SATURATED_PCT = 95;
    /**
     * At the limit for a sustained time: at least this many consecutive samples (one sample of a 10-minute sar
     * interval is sustained; one second of a 1-second iostat is not)...
     */
    public static final int SUSTAINED_SAMPLES = 3;
    /** ...or at least this share of the run's time, in pieces. */
    public static final double SUSTAINED_SHARE = 0.10;
    /** I/O wait (of all CPUs) whose p95 reaches this many per cent is trouble. */
    public static final double IOWAIT_PCT = 10;
    /** A run is idle when no CPU's p95 busy time (100 - %idle - %iowait) reaches this... */
    public static final double IDLE_BUSY_PCT = 5;
    /** ...and no device's p95 %util reaches this, and there is no benchmark result and no trouble. */
    public static final double IDLE_UTIL_PCT = 5;
    /** The busiest keys named per kind (devices, CPUs, interfaces). */
    public static final int TOP_KEYS = 3;
    /** Keys at their limit named one by one; more are counted. */
    public static final int SATURATED_KEYS_NAMED = 3;
    /** A change beyond noise smaller than this (in per cent of the base) is not worth a sentence... */
    public static final double RELEVANT_CHANGE_PCT = 5;
    /** ...nor is a change of a percentage (CPU time, %util) by less than this many points. */
    public static final double RELEVANT_CHANGE_POINTS = 1;
    /** Changes beyond noise listed per comparison, largest first; the others are counted. */
    public static final int CHANGES_LISTED = 8;

    private final Repository repo;
    private final RowSource rows;

    public FindingsAnalyzer(Repository repo) {
        this(repo, new SeriesReader(repo)::read);
    }

    /** @param rows where the samples a finding needs are read from (a report shares one read of them with its charts) */
    public FindingsAnalyzer(Repository repo, RowSource rows) {
        this.repo = repo;
        this.rows = rows;
    }

    /**
     * @param runs the runs; from two on, each run after the first is also compared with the first
     */
    public Findings analyze(List<String> runs) {
        List<Findings.RunFindings> perRun = new ArrayList<>();
        Map<String, List<String>> tools = new LinkedHashMap<>();
        for (String run : runs) {
            List<RunEvidence> parts = RunEvidence.perHost(repo, rows, run);
            tools.put(run, parts.get(0).tools());
            perRun.add(new Findings.RunFindings(run, ofRun(parts)));
        }
        List<Findings.Comparison> comparisons = new ArrayList<>();
        for (String other : runs.subList(Math.min(1, runs.size()), runs.size())) {
            comparisons.add(new ChangeFindings(repo).compare(runs.get(0), other));
        }
        List<String> unrelated = comparisons.stream().filter(c -> !c.shared()).map(Findings.Comparison::run).toList();
        return new Findings(perRun, comparisons, unrelated.isEmpty() ? List.of() : List.of(unrelated(runs.get(0), unrelated, tools)));
    }

    /**
     * The runs that share nothing with the base, in one note: {@code web01 (sar) and bench (sysbench) have no data set
     * or summary value in common with db01 (iostat, vmstat).}
     */
    private static Finding unrelated(String base, List<String> runs, Map<String, List<String>> tools) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < runs.size(); i++) {
            if (i > 0) b.append(i == runs.size() - 1 ? " and " : ", ");
            b.append(runs.get(i)).append(measured(tools.get(runs.get(i))));
        }
        b.append(runs.size() == 1 ? " has" : " have").append(" no data set or summary value in common with ").append(base)
                .append(measured(tools.get(base))).append('.');
        return new Finding(String.join(",", runs), Finding.Kind.NOTE, Phrase.of(b.toString()), "", "", "", Double.NaN, "");
    }

    /** {@code  (iostat, vmstat)}: the tools a run holds data of; nothing when it holds none. */
    private static String measured(List<String> tools) {
        return tools.isEmpty() ? " (no data)" : " (" + String.join(", ", tools) + ")";
    }

    /**
     * Whether a span at a threshold was sustained: {@link #SUSTAINED_SAMPLES} samples in a row, or
     * {@link #SUSTAINED_SHARE} of the time.
     */
    static boolean sustained(ThresholdTime t) {
        return t.meeting() > 0 && (t.longestSamples() >= SUSTAINED_SAMPLES || t.share() >= SUSTAINED_SHARE);
    }

    /**
     * The findings of a run, judged part by part ({@link RunEvidence#perHost}): a run of several hosts has each host's
     * saturation, trouble and hottest keys, its sentences led by the host's name, never their samples merged.
     */
    private static List<Finding> ofRun(List<RunEvidence> parts) {
        List<Finding> headline = new ArrayList<>();
        List<Finding> saturation = new ArrayList<>();
        List<Finding> trouble = new ArrayList<>();
        List<Finding> idle = new ArrayList<>();
        List<Finding> rest = new ArrayList<>();
        boolean allIdle = true;
        for (RunEvidence part : parts) {
            DatabaseFindings database = new DatabaseFindings(part);
            ResourceFindings resources = new ResourceFindings(part);
            headline.addAll(named(part, new Headlines(part).findings()));
            headline.addAll(named(part, database.headline()));
            saturation.addAll(named(part, resources.saturation()));
            trouble.addAll(named(part, new TroubleFindings(part).findings()));
            trouble.addAll(named(part, database.trouble()));
            if (part.hasSamples()) {
                var idleOne = resources.idle();
                idleOne.ifPresent(f -> idle.addAll(named(part, List.of(f))));
                allIdle &= idleOne.isPresent();
            }
            rest.addAll(named(part, resources.hottest()));
            rest.addAll(named(part, new ProcessFindings(part).dominant()));
            rest.addAll(named(part, new LockFindings(part).dominant()));
            rest.addAll(named(part, database.hottest()));
            rest.addAll(named(part, database.notes()));
        }
        List<Finding> out = new ArrayList<>(headline);
        out.addAll(saturation);
        out.addAll(trouble);
        if (out.isEmpty() && !idle.isEmpty() && allIdle) {
            out.addAll(idle);
            return out;
        }
        out.addAll(rest);
        if (out.isEmpty()) {
            RunEvidence run = parts.get(0);
            out.add(new Finding(run.run(), Finding.Kind.NOTE, Phrase.of(parts.stream().anyMatch(RunEvidence::hasSamples)
                    ? "No benchmark result and no CPU, disk or network data to judge; the statistics below show what there is."
                    : "Nothing measured over the run: its files hold only since-boot samples or no samples at all."),
                    "", "", "", Double.NaN, ""));
        }
        return out;
    }

    /** A host's findings, each sentence led by the host's name ({@code db01: I/O wait of all CPUs ...}). */
    private static List<Finding> named(RunEvidence part, List<Finding> findings) {
        if (part.host().isEmpty()) return findings;
        return findings.stream().map(f -> new Finding(f.run(), f.kind(), Phrase.of(part.host() + ": ").then(f.text()), f.dataset(),
                f.metric(), f.key(), f.value(), f.unit(), f.shownBy())).toList();
    }
}
