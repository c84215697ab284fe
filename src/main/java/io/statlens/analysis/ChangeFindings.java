package io.statlens.analysis;

import io.statlens.model.UserException;
import io.statlens.store.schema.Repository;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static io.statlens.analysis.FindingsAnalyzer.CHANGES_LISTED;
import static io.statlens.analysis.FindingsAnalyzer.RELEVANT_CHANGE_PCT;
import static io.statlens.analysis.FindingsAnalyzer.RELEVANT_CHANGE_POINTS;

/**
 * A run against the base run, as {@link RunComparer} tests it: first the benchmark's results side by side, whether
 * or not they differ beyond noise (that they do not is a finding too); then the largest changes beyond noise that
 * are large enough to matter ({@link FindingsAnalyzer#RELEVANT_CHANGE_PCT}, {@link FindingsAnalyzer#RELEVANT_CHANGE_POINTS}).
 */
final class ChangeFindings {
    /** The summary values that are a benchmark's result, in the order they are told. */
    private static final List<String> RESULTS = List.of("tps", "qps", "events_per_s", "transferred_mib_s", "read_mib_s",
            "write_mib_s", "requests_per_s", "latency_p95_ms", "latency_p99_ms", "latency_avg_ms", "tpmC", "new_order_avg_rt",
            "notpm", "new_order_rt_90th_s", "metric");
    /** The per-interval results, when the runs have no summary values in common. */
    private static final Set<String> INTERVAL_RESULTS = Set.of("sysbench tps", "tpcc trx");

    private final RunComparer comparer;

    ChangeFindings(Repository repo) {
        this.comparer = new RunComparer(repo);
    }

    Findings.Comparison compare(String base, String run) {
        List<RunComparer.Comparison> rows;
        try {
            rows = comparer.compare(new RunComparer.Request(base, List.of(run), Optional.empty(), List.of(), List.of()));
        } catch (UserException e) {
            return new Findings.Comparison(base, run, List.of(new Finding(run, Finding.Kind.NOTE,
                    Phrase.of("Nothing to compare with " + base + ": " + e.getMessage() + "."), "", "", "", Double.NaN, "")), 0, false);
        }
        List<RunComparer.Comparison> results = new ArrayList<>();
        for (String name : RESULTS) {
            // Faban's metric is per driver too; the first one is the run's.
            rows.stream().filter(c -> c.kind() == RunComparer.Kind.summary && c.metric().equals(name)
                            && (c.key().isEmpty() || name.equals("metric")))
                    .findFirst().ifPresent(results::add);
        }
        if (results.isEmpty()) {
            rows.stream().filter(c -> c.kind() == RunComparer.Kind.series && INTERVAL_RESULTS.contains(c.dataset() + " " + c.metric()))
                    .forEach(results::add);
        }
        List<Finding> out = new ArrayList<>();
        for (RunComparer.Comparison c : results) out.add(result(c, base, rows));
        List<RunComparer.Comparison> relevant = changes(rows, results);
        for (RunComparer.Comparison c : relevant.subList(0, Math.min(CHANGES_LISTED, relevant.size()))) out.add(change(c, base));
        if (out.isEmpty()) {
            out.add(new Finding(run, Finding.Kind.CHANGE, Phrase.of("No change against " + base + " beyond run-to-run noise that"
                    + " amounts to " + (int) RELEVANT_CHANGE_PCT + " % or more."), "", "", "", Double.NaN, ""));
        }
        // First, so that every change below is read knowing it.
        comparer.hostsNote(base, List.of(run)).ifPresent(note -> out.add(0, new Finding(run, Finding.Kind.NOTE, Phrase.of(note), "", "",
                "", Double.NaN, "")));
        return new Findings.Comparison(base, run, out, Math.max(0, relevant.size() - CHANGES_LISTED), true);
    }

    /** Beyond noise, with a relative change to tell, and large enough to matter. */
    private static boolean relevant(RunComparer.Comparison c) {
        if (!c.verdict().significant() || Double.isNaN(c.changePct())) return false;
        if (Math.abs(c.changePct()) < RELEVANT_CHANGE_PCT) return false;
        return !c.unit().equals("%") || Math.abs(c.change()) >= RELEVANT_CHANGE_POINTS;
    }

    /** The changes worth telling, in the rows' order: {@link #relevant}, and not a result told already. */
    static List<RunComparer.Comparison> changes(List<RunComparer.Comparison> rows, List<RunComparer.Comparison> results) {
        return rows.stream().filter(ChangeFindings::relevant).filter(c -> results.stream().noneMatch(r -> same(r, c))).toList();
    }

    /** The same series or value: of the same host too (a run of several hosts has each host's tps). */
    private static boolean same(RunComparer.Comparison a, RunComparer.Comparison b) {
        return a.dataset().equals(b.dataset()) && a.metric().equals(b.metric()) && a.key().equals(b.key()) && a.host().equals(b.host());
    }

    /** {@code tps (sysbench) fell 12.3 %, from 3,482 to 3,054/s (beyond noise, p = 0.002)}. */
    private static Finding result(RunComparer.Comparison c, String base, List<RunComparer.Comparison> rows) {
        Phrase p = Phrase.of(what(c) + " ").then(direction(c)).text(", from ").number(c.base().mean(), c.unit()).text(" to ")
                .value(c.other().mean(), c.unit());
        ChangeSignificance.Verdict v = c.verdict();
        // Two single results cannot be tested; the per-interval samples of the same metric can (sysbench's tps).
        Optional<RunComparer.Comparison> samples = v.tested() ? Optional.empty() : rows.stream()
                .filter(o -> o.kind() == RunComparer.Kind.series && o.dataset().equals(c.dataset()) && o.metric().equals(c.metric())
                        && o.key().equals(c.key()) && o.host().equals(c.host()) && o.verdict().tested())
                .findFirst();
        String of = "";
        if (samples.isPresent()) {
            v = samples.get().verdict();
            of = "per-interval samples ";
        }
        if (v.significant()) p = p.text(" (" + of + "beyond noise, ").pValue(v.pValue()).text(")");
        else if (v.tested()) p = p.text(" (" + of + "within run-to-run noise, ").pValue(v.pValue()).text(")");
        else p = p.text(" (not tested: " + v.reason() + "; average repeated runs to test it)");
        return finding(c, p.text(" against " + base + "."));
    }

    /** {@code %util of sdb (iostat) rose 35 %, from 62.1 % to 83.8 % (means; p < 0.0001)}. */
    private static Finding change(RunComparer.Comparison c, String base) {
        Phrase p = Phrase.of(what(c) + " ").then(direction(c)).text(", from ").value(c.base().mean(), c.unit()).text(" to ")
                .value(c.other().mean(), c.unit()).text(c.kind() == RunComparer.Kind.series ? " (means; " : " (")
                .pValue(c.verdict().pValue()).text(") against " + base + ".");
        return finding(c, p);
    }

    /** {@code rose 12.3 %}, {@code fell 4 %}, {@code unchanged}. */
    private static Phrase direction(RunComparer.Comparison c) {
        if (Double.isNaN(c.changePct())) return Phrase.of(c.change() > 0 ? "rose" : c.change() < 0 ? "fell" : "unchanged");
        if (c.change() == 0) return Phrase.of("unchanged");
        return Phrase.of(c.change() > 0 ? "rose " : "fell ").value(Math.abs(c.changePct()), "%");
    }

    /**
     * {@code tps}, {@code %util of sdb (iostat)}, {@code %iowait of CPU all (mpstat)}; led by the host when the runs hold
     * several ({@code db01: %util of sdb (iostat)}), as the findings of one run of several hosts are.
     */
    private static String what(RunComparer.Comparison c) {
        String key = c.key().isEmpty() ? "" : " of " + c.key();
        return (c.host().isEmpty() ? "" : c.host() + ": ") + c.metric() + key + " (" + c.dataset() + ")";
    }

    private static Finding finding(RunComparer.Comparison c, Phrase p) {
        return new Finding(c.run(), Finding.Kind.CHANGE, p, c.dataset(), c.metric(), c.key(), c.changePct(), "%");
    }
}
