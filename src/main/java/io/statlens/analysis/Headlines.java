package io.statlens.analysis;

import io.statlens.model.SummaryValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The benchmark's result as its users quote it: sysbench's tps and qps (or events, operations, MiB per second of its
 * cpu, memory and fileio tests) with a latency percentile, tpcc-mysql's TpmC, DBT-2's NOTPM, Faban's metric; for an
 * averaged run with the spread across the runs it averages, and with how steady the per-interval rate was.
 */
final class Headlines {
    private final RunEvidence run;

    Headlines(RunEvidence run) {
        this.run = run;
    }

    List<Finding> findings() {
        List<Finding> out = new ArrayList<>();
        sysbench().ifPresent(out::add);
        tpcc().ifPresent(out::add);
        dbt2().ifPresent(out::add);
        faban().ifPresent(out::add);
        return out;
    }

    private Optional<Finding> sysbench() {
        // The rate that names the test: OLTP's tps, else the cpu test's events, memory's MiB, fileio's reads and writes.
        for (String[] rate : new String[][]{{"tps", "tps"}, {"events_per_s", "events/s"}, {"transferred_mib_s", "MiB/s"},
                {"read_mib_s", "MiB/s read"}, {"requests_per_s", "requests/s"}}) {
            Optional<SummaryValue> v = run.summary("sysbench", rate[0]);
            if (v.isEmpty()) continue;
            Phrase p = Phrase.of("sysbench" + test() + ": ").then(spread(v.get())).text(" " + rate[1]);
            if (rate[0].equals("tps")) {
                Optional<SummaryValue> qps = run.summary("sysbench", "qps").or(() -> run.summary("sysbench", "read_write_requests_per_s"));
                if (qps.isPresent()) p = p.text(", ").number(qps.get().value(), qps.get().unit()).text(" qps");
            }
            if (rate[0].equals("read_mib_s")) {
                Optional<SummaryValue> w = run.summary("sysbench", "write_mib_s");
                if (w.isPresent()) p = p.text(", ").number(w.get().value(), w.get().unit()).text(" MiB/s written");
            }
            p = p.then(latency());
            p = p.then(context(run.summary("sysbench", "threads").map(t -> (long) t.value()), "thread",
                    run.summary("sysbench", "total_time_s").map(SummaryValue::value)));
            p = p.then(steadiness("sysbench", "tps", "tps"));
            return Optional.of(finding(p.text("."), "sysbench", v.get(), "tps"));
        }
        // No summary (an interrupted run, an interval report only): the mean of the intervals.
        return fromIntervals("sysbench", "tps", "sysbench" + test(), "tps");
    }

    private String test() {
        return run.fact("sysbench.test").map(t -> " " + t).orElse("");
    }

    /** {@code , latency p95 5.28 ms}: the percentile sysbench printed, else the average. */
    private Phrase latency() {
        String pct = run.fact("sysbench.percentile").orElse("95");
        for (String name : List.of("latency_p" + pct + "_ms", "latency_p95_ms", "latency_p99_ms")) {
            Optional<SummaryValue> v = run.summary("sysbench", name);
            if (v.isPresent()) {
                String which = name.substring("latency_".length(), name.length() - "_ms".length());
                return Phrase.of(", latency " + which + " ").value(v.get().value(), v.get().unit());
            }
        }
        return run.summary("sysbench", "latency_avg_ms").map(v -> Phrase.of(", latency avg ").value(v.value(), v.unit()))
                .orElse(Phrase.of(""));
    }

    private Optional<Finding> tpcc() {
        Optional<SummaryValue> tpmc = run.summary("tpcc", "tpmC");
        if (tpmc.isEmpty()) return fromIntervals("tpcc", "trx", "tpcc-mysql", "New-Order transactions per interval");
        Phrase p = Phrase.of("tpcc-mysql: ").then(spread(tpmc.get())).text(" TpmC");
        Optional<SummaryValue> avgRt = run.summary("tpcc", "new_order_avg_rt");
        if (avgRt.isPresent()) p = p.text(", New-Order avg response ").value(avgRt.get().value(), avgRt.get().unit());
        List<String> context = new ArrayList<>();
        run.fact("tpcc.warehouses").ifPresent(w -> context.add(w + " warehouses"));
        run.fact("tpcc.connections").ifPresent(c -> context.add(c + " connections"));
        if (!context.isEmpty()) p = p.text(" (" + String.join(", ", context));
        Optional<SummaryValue> measured = run.summary("tpcc", "measured_s");
        if (measured.isPresent()) p = p.text(context.isEmpty() ? " (" : ", ").duration(measured.get().value()).text(" measured");
        if (!context.isEmpty() || measured.isPresent()) p = p.text(")");
        p = p.then(steadiness("tpcc", "trx", "New-Order transactions"));
        return Optional.of(finding(p.text("."), "tpcc", tpmc.get(), "trx"));
    }

    private Optional<Finding> dbt2() {
        Optional<SummaryValue> notpm = run.summary("dbt2", "notpm");
        if (notpm.isEmpty()) return Optional.empty();
        Phrase p = Phrase.of("DBT-2: ").then(spread(notpm.get())).text(" NOTPM");
        Optional<SummaryValue> rt = run.summary("dbt2", "new_order_rt_90th_s");
        if (rt.isPresent()) p = p.text(", New-Order 90th percentile response ").value(rt.get().value(), rt.get().unit());
        Optional<SummaryValue> rollbacks = run.summary("dbt2", "new_order_rollback_pct");
        if (rollbacks.isPresent()) p = p.text(", ").value(rollbacks.get().value(), "%").text(" of New-Orders rolled back");
        Optional<SummaryValue> duration = run.summary("dbt2", "duration_min");
        if (duration.isPresent()) p = p.text(" (").duration(duration.get().value() * 60).text(")");
        return Optional.of(finding(p.text("."), "dbt2", notpm.get(), "notpm"));
    }

    private Optional<Finding> faban() {
        List<SummaryValue> all = run.summaries("faban");
        Optional<SummaryValue> metric = all.stream().filter(v -> v.name().equals("metric") && v.key().isEmpty()).findFirst()
                .or(() -> all.stream().filter(v -> v.name().equals("metric")).findFirst());
        if (metric.isEmpty()) return Optional.empty();
        Phrase p = Phrase.of("Faban: ").then(spread(metric.get())).text(" " + metric.get().unit());
        Optional<SummaryValue> users = all.stream().filter(v -> v.name().equals("users")).findFirst();
        if (users.isPresent()) p = p.text(" with ").count((long) users.get().value()).text(" users");
        for (SummaryValue v : all) {
            if (!v.name().equals("rt_p90th_s")) continue;
            String op = v.key().contains("/") ? v.key().substring(v.key().indexOf('/') + 1) : v.key();
            p = p.text(", " + op + " p90 response ").value(v.value(), v.unit());
        }
        return Optional.of(finding(p.text("."), "faban", metric.get(), "metric"));
    }

    /** A run without a result summary: the mean of its intervals, if it has them. */
    private Optional<Finding> fromIntervals(String dataset, String label, String tool, String what) {
        Optional<MetricStats> s = run.stats(dataset, label, "");
        if (s.isEmpty() || s.get().stats().n() == 0) return Optional.empty();
        Phrase p = Phrase.of(tool + ": ").number(s.get().stats().mean(), s.get().unit()).text(" " + what
                + " on average over " + s.get().stats().n() + " intervals (no result summary in the output)");
        p = p.then(steadiness(dataset, label, what));
        return Optional.of(new Finding(run.run(), Finding.Kind.HEADLINE, p.text("."), dataset, label, "", s.get().stats().mean(),
                s.get().unit()));
    }

    /** A value, with {@code ± sd (stddev over n runs)} for an average. */
    private Phrase spread(SummaryValue v) {
        Phrase p = Phrase.of("").number(v.value(), v.unit());
        double sd = run.stddevOf(v);
        if (!Double.isNaN(sd)) p = p.text(" ± ").number(sd, v.unit()).text(" (stddev over " + run.runCount() + " runs)");
        return p;
    }

    /** {@code ; per interval 3,326 to 3,530 tps (CV 1.2 %)}: how much the rate moved during the run. */
    private Phrase steadiness(String dataset, String label, String what) {
        Optional<MetricStats> s = run.stats(dataset, label, "");
        if (s.isEmpty() || s.get().stats().n() < 3 || !(s.get().stats().mean() > 0)) return Phrase.of("");
        var st = s.get().stats();
        return Phrase.of("; per interval ").number(st.min(), s.get().unit()).text(" to ").number(st.max(), s.get().unit())
                .text(" " + what + " (CV ").value(st.stddev() / st.mean() * 100, "%").text(")");
    }

    private static Phrase context(Optional<Long> count, String noun, Optional<Double> seconds) {
        if (count.isEmpty() && seconds.isEmpty()) return Phrase.of("");
        Phrase p = Phrase.of(" (");
        if (count.isPresent()) p = p.count(count.get()).text(" " + noun + (count.get() == 1 ? "" : "s"));
        if (seconds.isPresent()) p = p.text(count.isPresent() ? ", " : "").duration(seconds.get());
        return p.text(")");
    }

    /** A result: the summary value it quotes, shown by the chart of {@code shownBy}. */
    private Finding finding(Phrase text, String dataset, SummaryValue v, String shownBy) {
        return new Finding(run.run(), Finding.Kind.HEADLINE, text, dataset, v.name(), v.key(), v.value(), v.unit(), shownBy);
    }
}
