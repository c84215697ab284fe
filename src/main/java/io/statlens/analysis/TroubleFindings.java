package io.statlens.analysis;

import io.statlens.model.Fact;
import io.statlens.model.SummaryValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

import static io.statlens.analysis.FindingsAnalyzer.IOWAIT_PCT;

/**
 * What went wrong or cost throughput: threads waiting for a CPU (run queue above the CPU count), CPUs waiting for
 * I/O, swapping, errors and reconnects of the benchmark, network errors, and TPC-C constraint checks that failed.
 */
final class TroubleFindings {
    /** TPC-C's response-time constraint: at least this share of each transaction type within its limit. */
    private static final double TPCC_ON_TIME_PCT = 90;
    private final RunEvidence run;

    TroubleFindings(RunEvidence run) {
        this.run = run;
    }

    List<Finding> findings() {
        List<Finding> out = new ArrayList<>();
        runQueue().ifPresent(out::add);
        iowait().ifPresent(out::add);
        swapping().ifPresent(out::add);
        out.addAll(benchmarkErrors());
        out.addAll(networkErrors());
        out.addAll(failedChecks());
        return out;
    }

    /** vmstat's r (or sar -q's runq-sz) above the CPUs for a sustained time: threads waited for a CPU. */
    private Optional<Finding> runQueue() {
        OptionalInt cpus = run.cpus();
        if (cpus.isEmpty()) return Optional.empty();
        for (String[] source : new String[][]{{"vmstat", "r"}, {"sar.load", "runq-sz"}}) {
            Optional<MetricStats> s = run.stats(source[0], source[1], "");
            if (s.isEmpty() || s.get().stats().max() <= cpus.getAsInt()) continue;
            ThresholdTime.Accumulator queued = new ThresholdTime.Accumulator(v -> v > cpus.getAsInt());
            run.scan(source[0], List.of(source[1]), List.of(), (key, elapsed, v) -> queued.add(elapsed, v[0]));
            ThresholdTime t = queued.result();
            if (!FindingsAnalyzer.sustained(t)) continue;
            Phrase p = Phrase.of("Run queue above the " + cpus.getAsInt() + " CPU" + (cpus.getAsInt() == 1 ? "" : "s") + " for ")
                    .duration(t.seconds()).text(" (" + source[0] + " " + source[1] + " p95 ").number(s.get().stats().p95(), "")
                    .text(", peak ").number(s.get().stats().max(), "").text("): threads waited for a CPU.");
            return Optional.of(new Finding(run.run(), Finding.Kind.TROUBLE, p, source[0], source[1], "", s.get().stats().p95(),
                    s.get().unit()));
        }
        return Optional.empty();
    }

    /** I/O wait of all CPUs whose p95 reaches {@link FindingsAnalyzer#IOWAIT_PCT}, from the most detailed tool the run has. */
    private Optional<Finding> iowait() {
        for (String[] source : new String[][]{{"mpstat", "%iowait", KeyOrder.ALL}, {"sar.cpu", "%iowait", KeyOrder.ALL},
                {"sar.cpu", "%wio", KeyOrder.ALL}, {"iostat.cpu", "%iowait", ""}, {"vmstat", "wa", ""}}) {
            Optional<MetricStats> s = run.stats(source[0], source[1], source[2]);
            if (s.isEmpty() || s.get().stats().n() == 0) continue;
            if (s.get().stats().p95() < IOWAIT_PCT) return Optional.empty();
            Phrase p = Phrase.of("I/O wait of all CPUs (" + source[0] + " " + source[1] + "): ").then(Figures.spread(s.get().stats(), "%"))
                    .text("; CPUs sat idle waiting for I/O.");
            return Optional.of(new Finding(run.run(), Finding.Kind.TROUBLE, p, source[0], source[1], source[2],
                    s.get().stats().p95(), "%"));
        }
        return Optional.empty();
    }

    /**
     * Any swap traffic: vmstat's si and so (Linux: KiB/s; Solaris's -S: swap-ins and swap-outs per second, under labels of
     * their own), or sar -W's pswpin/s and pswpout/s.
     */
    private Optional<Finding> swapping() {
        for (String[] source : new String[][]{{"vmstat", "si", "so"}, {"vmstat", "si swap-ins/s", "so swap-outs/s"},
                {"sar.swap", "pswpin/s", "pswpout/s"}}) {
            Optional<MetricStats> in = run.stats(source[0], source[1], "");
            Optional<MetricStats> out = run.stats(source[0], source[2], "");
            if (in.isEmpty() && out.isEmpty()) continue;
            double inMax = in.map(s -> s.stats().max()).orElse(0.0);
            double outMax = out.map(s -> s.stats().max()).orElse(0.0);
            if (!(inMax > 0) && !(outMax > 0)) return Optional.empty();
            int[] samples = {0};
            int[] swapping = {0};
            // A metric the data set lacks counts as no swapping rather than as no sample.
            boolean bothKept = in.isPresent() && out.isPresent();
            run.scan(source[0], List.of(source[1], source[2]), List.of(), (key, elapsed, v) -> {
                if (Double.isNaN(v[0]) && Double.isNaN(v[1]) && bothKept) return;
                samples[0]++;
                if (v[0] > 0 || v[1] > 0) swapping[0]++;
            });
            String unit = in.or(() -> out).get().unit();
            Phrase p = Phrase.of("Swapping in ").count(swapping[0]).text(" of ").count(samples[0]).text(" samples:");
            if (inMax > 0) p = p.text(" swap-in peak ").value(inMax, unit).text(" (" + source[0] + " " + source[1] + ")");
            if (inMax > 0 && outMax > 0) p = p.text(",");
            if (outMax > 0) p = p.text(" swap-out peak ").value(outMax, unit).text(" (" + source[0] + " " + source[2] + ")");
            p = p.text(".");
            return Optional.of(new Finding(run.run(), Finding.Kind.TROUBLE, p, source[0], outMax > inMax ? source[2] : source[1], "",
                    Math.max(inMax, outMax), unit));
        }
        return Optional.empty();
    }

    /** Errors, reconnects and deadlocks sysbench counted; failed and retried tpcc-mysql transactions; DBT-2's and Faban's failures. */
    private List<Finding> benchmarkErrors() {
        List<Finding> out = new ArrayList<>();
        List<Phrase> sysbench = new ArrayList<>();
        for (String[] name : new String[][]{{"errors", "error"}, {"reconnects", "reconnect"}, {"deadlocks", "deadlock"}}) {
            Optional<SummaryValue> v = run.summary("sysbench", name[0]);
            if (v.isPresent() && v.get().value() > 0) {
                Phrase p = Phrase.of("").count((long) v.get().value()).text(" " + name[1] + (v.get().value() == 1 ? "" : "s"));
                Optional<SummaryValue> rate = run.summary("sysbench", name[0] + "_per_s");
                if (rate.isPresent()) p = p.text(" (").value(rate.get().value(), rate.get().unit()).text(")");
                sysbench.add(p);
            }
        }
        if (sysbench.isEmpty()) {
            // No summary: the per-interval rates.
            for (String[] label : new String[][]{{"err/s", "errors"}, {"reconn/s", "reconnects"}}) {
                Optional<MetricStats> s = run.stats("sysbench", label[0], "");
                if (s.isPresent() && s.get().stats().max() > 0) {
                    sysbench.add(Phrase.of(label[1] + " up to ").value(s.get().stats().max(), s.get().unit()));
                }
            }
        }
        if (!sysbench.isEmpty()) {
            Phrase p = Phrase.of("sysbench reported ");
            for (int i = 0; i < sysbench.size(); i++) p = p.text(i == 0 ? "" : ", ").then(sysbench.get(i));
            out.add(new Finding(run.run(), Finding.Kind.TROUBLE, p.text("."), "sysbench", "err/s", "", Double.NaN, ""));
        }
        List<Phrase> tpcc = new ArrayList<>();
        for (SummaryValue v : run.summaries("tpcc")) {
            if (!(v.value() > 0)) continue;
            String type = v.name().replaceFirst("_(fl|rt)$", "");
            if (v.name().endsWith("_fl")) tpcc.add(Phrase.of("").count((long) v.value()).text(" " + type + " failed"));
            if (v.name().endsWith("_rt") && !v.name().endsWith("avg_rt")) {
                tpcc.add(Phrase.of("").count((long) v.value()).text(" " + type + " retried"));
            }
        }
        if (!tpcc.isEmpty()) {
            Phrase p = Phrase.of("tpcc-mysql transactions in trouble: ");
            for (int i = 0; i < tpcc.size(); i++) p = p.text(i == 0 ? "" : ", ").then(tpcc.get(i));
            out.add(new Finding(run.run(), Finding.Kind.TROUBLE, p.text("."), "tpcc", "", "", Double.NaN, "", "trx"));
        }
        run.summary("dbt2", "unknown_errors").filter(v -> v.value() > 0).ifPresent(v -> out.add(new Finding(run.run(),
                Finding.Kind.TROUBLE, Phrase.of("DBT-2 counted ").count((long) v.value()).text(" unknown errors."), "dbt2",
                "unknown_errors", "", v.value(), v.unit())));
        for (SummaryValue v : run.summaries("faban")) {
            if (v.name().equals("failures") && v.value() > 0) {
                out.add(new Finding(run.run(), Finding.Kind.TROUBLE, Phrase.of("Faban: ").count((long) v.value())
                        .text(" failed " + v.key() + " operations."), "faban", "failures", v.key(), v.value(), v.unit()));
            }
        }
        return out;
    }

    /** Interfaces with receive or transmit errors, drops or collisions (sar -n EDEV). */
    private List<Finding> networkErrors() {
        List<Finding> out = new ArrayList<>();
        List<String> labels = List.of("rxerr/s", "txerr/s", "rxdrop/s", "txdrop/s", "coll/s");
        for (String key : run.keys("sar.net_edev")) {
            List<Phrase> parts = new ArrayList<>();
            double worst = 0;
            String worstLabel = "";
            for (String label : labels) {
                Optional<MetricStats> s = run.stats("sar.net_edev", label, key);
                if (s.isEmpty() || !(s.get().stats().max() > 0)) continue;
                parts.add(Phrase.of(label + " peak ").value(s.get().stats().max(), s.get().unit()));
                if (s.get().stats().max() > worst) {
                    worst = s.get().stats().max();
                    worstLabel = label;
                }
            }
            if (parts.isEmpty()) continue;
            Phrase p = Phrase.of("Interface " + key + " had errors or drops: ");
            for (int i = 0; i < parts.size(); i++) p = p.text(i == 0 ? "" : ", ").then(parts.get(i));
            out.add(new Finding(run.run(), Finding.Kind.TROUBLE, p.text("."), "sar.net_edev", worstLabel, key, worst, "1/s"));
        }
        return out;
    }

    /**
     * tpcc-mysql's constraint checks that printed NG, in one sentence: response times (the share of each transaction
     * type within its limit, which must be at least {@link #TPCC_ON_TIME_PCT}) and the transaction mix.
     */
    private List<Finding> failedChecks() {
        List<Phrase> onTime = new ArrayList<>();
        List<Phrase> mix = new ArrayList<>();
        double worst = Double.NaN;
        for (Fact f : run.facts()) {
            if (!f.name().startsWith("tpcc.check.") || !f.value().strip().equalsIgnoreCase("NG")) continue;
            String check = f.name().substring("tpcc.check.".length());
            boolean isMix = check.startsWith("transaction_percentage.");
            String type = check.substring(check.indexOf('.') + 1);
            Optional<SummaryValue> pct = run.summary("tpcc", type + (isMix ? "_mix_pct" : "_on_time_pct"));
            Phrase p = Phrase.of(readable(type));
            if (pct.isPresent()) p = p.text(" ").value(pct.get().value(), "%");
            (isMix ? mix : onTime).add(p);
            if (!isMix && pct.isPresent()) worst = Double.isNaN(worst) ? pct.get().value() : Math.min(worst, pct.get().value());
        }
        if (onTime.isEmpty() && mix.isEmpty()) return List.of();
        Phrase p = Phrase.of("TPC-C checks failed: ");
        if (!onTime.isEmpty()) {
            p = p.text("transactions within their response-time limit: ").then(joined(onTime)).text(" (each needs at least ")
                    .value(TPCC_ON_TIME_PCT, "%").text(")");
        }
        if (!mix.isEmpty()) p = p.text(onTime.isEmpty() ? "" : "; ").text("transaction mix off: ").then(joined(mix));
        return List.of(new Finding(run.run(), Finding.Kind.TROUBLE, p.text("."), "tpcc", onTime.isEmpty() ? "" : "on_time_pct", "",
                worst, "%", "95%"));
    }

    private static Phrase joined(List<Phrase> parts) {
        Phrase p = Phrase.of("");
        for (int i = 0; i < parts.size(); i++) p = p.text(i == 0 ? "" : ", ").then(parts.get(i));
        return p;
    }

    /** {@code New-Order} of {@code new_order}. */
    private static String readable(String type) {
        StringBuilder b = new StringBuilder();
        for (String word : type.split("_")) {
            if (word.isEmpty()) continue;
            if (!b.isEmpty()) b.append('-');
            b.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1).toLowerCase(Locale.ROOT));
        }
        return b.toString();
    }
}
