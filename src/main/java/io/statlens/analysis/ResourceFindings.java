package io.statlens.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToDoubleFunction;

import static io.statlens.analysis.FindingsAnalyzer.IDLE_BUSY_PCT;
import static io.statlens.analysis.FindingsAnalyzer.IDLE_UTIL_PCT;
import static io.statlens.analysis.FindingsAnalyzer.SATURATED_KEYS_NAMED;
import static io.statlens.analysis.FindingsAnalyzer.SATURATED_PCT;
import static io.statlens.analysis.FindingsAnalyzer.TOP_KEYS;

/**
 * How busy the run's devices, CPUs and interfaces were: the busiest (by mean, the {@link KeyRanking} of the charts of
 * their busiest keys and of the report's tables), those at their limit for a sustained time, or that nothing was busy at all. Devices and interfaces by their %util; CPUs by busy time,
 * {@code 100 - %idle - %iowait} (time waiting for I/O is idle time: the CPU could have run something).
 *
 * <p>The stored statistics rank the keys; samples are read only for the few keys that may cross
 * {@link FindingsAnalyzer#SATURATED_PCT} or be among the busiest CPUs, whose busy time (idle and iowait of each sample)
 * the stored statistics of %idle cannot give.
 */
final class ResourceFindings {
    /**
     * A data set whose keys are devices, interfaces or CPUs, with the labels its tool versions give the metric.
     *
     * @param busyGiven a CPU's metric is its busy time itself (top's graph mode prints {@code total}, no idle time);
     *                  otherwise a CPU's metric is its idle time, busy time {@code 100 - idle - iowait}
     */
    private record Source(String dataset, String noun, List<String> load, List<String> iowait, boolean busyGiven) {
        Source(String dataset, String noun, List<String> load, List<String> iowait) {
            this(dataset, noun, load, iowait, false);
        }

        /** The busy time of a sample of the metric and iowait (NaN: not printed). */
        double busy(double load, double iowait) {
            if (Double.isNaN(load)) return Double.NaN;
            return busyGiven ? load : Math.max(0, 100 - load - (Double.isNaN(iowait) ? 0 : iowait));
        }

        /** A key's mean idle time from its stored statistics, busy time's complement. */
        double meanIdle(MetricStats m) {
            return busyGiven ? 100 - m.stats().mean() : m.stats().mean();
        }

        /** A key's lowest idle time from its stored statistics. */
        double leastIdle(MetricStats m) {
            return busyGiven ? 100 - m.stats().max() : m.stats().min();
        }
    }

    private static final List<Source> DEVICES = List.of(
            new Source("iostat", "device", List.of("%util", "%b"), List.of()),
            new Source("sar.disk", "device", List.of("%util", "%busy"), List.of()));
    private static final List<Source> INTERFACES = List.of(
            new Source("nicstat", "interface", List.of("%Util"), List.of()),
            new Source("sar.net_dev", "interface", List.of("%ifutil"), List.of()));
    /** Per-CPU data sets, their idle and iowait labels. */
    private static final List<Source> PER_CPU = List.of(
            new Source("mpstat", "CPU", List.of("%idle", "idl"), List.of("%iowait", "wt")),
            new Source("sar.cpu", "CPU", List.of("%idle"), List.of("%iowait", "%wio")),
            new Source("top.cpu", "CPU", List.of("id"), List.of("wa")),
            // top's graph mode (t): us+ni and sy+hi+si and their total, busy time without iowait and steal
            new Source("top.cpu", "CPU", List.of("total"), List.of(), true));
    /** Whole-machine CPU data sets (besides the {@code all} line of the per-CPU ones), most detailed first. */
    private static final List<Source> WHOLE_CPU = List.of(
            new Source("vmstat", "CPU", List.of("id"), List.of("wa")),
            new Source("iostat.cpu", "CPU", List.of("%idle", "id"), List.of("%iowait", "wt")),
            new Source("top", "CPU", List.of("id"), List.of("wa")),
            new Source("top", "CPU", List.of("total"), List.of(), true));
    /** Keys whose samples are read to find the busiest CPUs: this many by mean and as many by peak. */
    private static final int CPU_CANDIDATES = 2 * TOP_KEYS + 2;

    /** How busy one key was. */
    record Load(Source source, String label, String key, String unit, double p95, double mean, double max, ThresholdTime atLimit,
                String iowait) {
        Load(Source source, String label, String key, String unit, double p95, double mean, double max, ThresholdTime atLimit) {
            this(source, label, key, unit, p95, mean, max, atLimit, "");
        }

        /** How busy time was computed, {@code 100 - %idle - %iowait}: the metric the "Busiest CPUs" chart draws. */
        String busyFormula() {
            if (source.busyGiven()) return label;
            return "100 - " + label + (iowait.isEmpty() ? "" : " - " + iowait);
        }

        /** {@code CPU 3}, {@code sdb}. */
        String name() {
            return source.noun().equals("CPU") && !key.isEmpty() ? "CPU " + key : key;
        }

        boolean sustained() {
            return atLimit != null && FindingsAnalyzer.sustained(atLimit);
        }
    }

    private final RunEvidence run;
    private List<List<Load>> devices;
    private List<List<Load>> cpus;
    private Optional<Load> wholeCpu;

    ResourceFindings(RunEvidence run) {
        this.run = run;
    }

    /** Devices, CPUs (each, and all together) and interfaces at their limit for a sustained time. */
    List<Finding> saturation() {
        List<Finding> out = new ArrayList<>();
        Optional<Load> whole = wholeCpu();
        if (whole.isPresent() && whole.get().sustained()) out.add(saturated(whole.get(), "All CPUs together were"));
        boolean machineSaturated = whole.isPresent() && whole.get().sustained();
        for (List<Load> perCpu : cpus()) {
            List<Load> saturated = perCpu.stream().filter(Load::sustained).toList();
            // When the whole machine is at its limit, that each CPU is says nothing more.
            if (saturated.isEmpty() || machineSaturated) continue;
            boolean alone = whole.isPresent() && whole.get().p95() < SATURATED_PCT / 2;
            for (Load l : saturated.subList(0, Math.min(SATURATED_KEYS_NAMED, saturated.size()))) {
                Finding f = saturated(l, l.name() + " was");
                if (alone) {
                    f = withText(f, f.text().text(" while all CPUs together were at p95 ").value(whole.get().p95(), "%")
                            .text(": a single busy thread?"));
                }
                out.add(f);
            }
            more(out, saturated.size(), "CPUs");
        }
        for (List<Load> loads : devicesAndInterfaces()) {
            List<Load> saturated = loads.stream().filter(Load::sustained).toList();
            for (Load l : saturated.subList(0, Math.min(SATURATED_KEYS_NAMED, saturated.size()))) {
                out.add(saturated(l, l.key() + " was"));
            }
            if (!saturated.isEmpty()) more(out, saturated.size(), saturated.get(0).source().noun() + "s");
        }
        // A sentence ends once the 'N more' and 'single busy thread?' parts are in place.
        return out.stream().map(f -> f.text().toString().endsWith("?") ? f : withText(f, f.text().text("."))).toList();
    }

    /** The busiest devices and interfaces by mean %util, CPUs by mean busy time ({@link KeyRanking}), with the figures. */
    List<Finding> hottest() {
        List<Finding> out = new ArrayList<>();
        for (List<Load> perCpu : cpus()) {
            if (perCpu.isEmpty()) continue;
            Load first = perCpu.get(0);
            Phrase p = Phrase.of("Busiest CPUs by " + KeyRanking.STATISTIC + " busy time (" + first.busyFormula() + "): ")
                    .then(list(perCpu, Load::mean)).text(" (of " + run.keys(first.source().dataset()).size() + ")");
            Optional<Load> whole = wholeCpu();
            if (whole.isPresent()) p = p.text("; all CPUs together " + KeyRanking.STATISTIC + " ").value(whole.get().mean(), "%");
            out.add(new Finding(run.run(), Finding.Kind.HOTTEST, p.text("."), first.source().dataset(), first.label(), first.key(),
                    first.mean(), "%", first.busyFormula()));
        }
        if (cpus().isEmpty() && wholeCpu().isPresent()) {
            Load w = wholeCpu().get();
            out.add(new Finding(run.run(), Finding.Kind.HOTTEST, Phrase.of("CPU busy time (" + w.busyFormula() + ", "
                    + w.source().dataset() + "): ").then(Figures.spread(w.atLimit().samples(), w.p95(), w.mean(), w.max(), "%"))
                    .text("."), w.source().dataset(), w.label(), "", w.p95(), "%"));
        }
        for (List<Load> loads : devicesAndInterfaces()) {
            // Nothing busy is no news: the idle verdict, or silence, says it.
            if (loads.isEmpty() || !(loads.get(0).mean() > 0)) continue;
            Load first = loads.get(0);
            String noun = first.source().noun();
            Phrase p = loads.size() == 1
                    ? Phrase.of(capitalised(noun) + " " + first.key() + ": " + KeyRanking.STATISTIC + " " + first.label() + " ")
                    .value(first.mean(), first.unit()).text(", p95 ").value(first.p95(), first.unit())
                    : Phrase.of("Busiest " + noun + "s by " + KeyRanking.STATISTIC + " " + first.label() + ": ")
                    .then(list(loads, Load::mean)).text(" (of " + loads.size() + ")");
            out.add(new Finding(run.run(), Finding.Kind.HOTTEST, p.text("."), first.source().dataset(), first.label(), first.key(),
                    first.mean(), first.unit()));
        }
        return out;
    }

    /**
     * That nothing happened, when the run has CPU or device data and none of it was busy: no CPU's p95 busy time
     * reached {@link FindingsAnalyzer#IDLE_BUSY_PCT}, no device's p95 %util {@link FindingsAnalyzer#IDLE_UTIL_PCT}.
     */
    Optional<Finding> idle() {
        List<Load> cpuLoads = new ArrayList<>();
        cpus().forEach(cpuLoads::addAll);
        wholeCpu().ifPresent(cpuLoads::add);
        List<Load> deviceLoads = new ArrayList<>();
        devicesAndInterfaces().forEach(deviceLoads::addAll);
        if (cpuLoads.isEmpty() && deviceLoads.isEmpty()) return Optional.empty();
        Optional<Load> busiestCpu = cpuLoads.stream().max(Comparator.comparingDouble(Load::p95));
        Optional<Load> busiestDevice = deviceLoads.stream().max(Comparator.comparingDouble(Load::p95));
        if (busiestCpu.isPresent() && busiestCpu.get().p95() >= IDLE_BUSY_PCT) return Optional.empty();
        if (busiestDevice.isPresent() && busiestDevice.get().p95() >= IDLE_UTIL_PCT) return Optional.empty();
        Phrase p = Phrase.of("Idle: ");
        double span = run.spanSeconds();
        if (span > 0) p = p.text("over ").duration(span).text(" ");
        List<Phrase> parts = new ArrayList<>();
        busiestCpu.ifPresent(c -> parts.add(c.key().isEmpty() || c.key().equals(KeyOrder.ALL)
                ? Phrase.of("the CPUs were at most ").value(c.p95(), "%").text(" busy (p95)")
                : Phrase.of("no CPU was more than ").value(c.p95(), "%").text(" busy (p95, " + c.name() + ")")));
        busiestDevice.ifPresent(d -> parts.add(Phrase.of("no " + d.source().noun() + " more than ").value(d.p95(), "%")
                .text(" (p95 " + d.label() + ", " + d.key() + ")")));
        for (int i = 0; i < parts.size(); i++) p = p.text(i == 0 ? "" : " and ").then(parts.get(i));
        p = p.text("; nothing here needs a look.");
        Load basis = busiestCpu.orElseGet(busiestDevice::get);
        return Optional.of(new Finding(run.run(), Finding.Kind.IDLE, p, basis.source().dataset(), basis.label(), basis.key(),
                basis.p95(), "%", basis.source().noun().equals("CPU") && !basis.key().isEmpty() ? basis.busyFormula() : ""));
    }

    // --- loads ---------------------------------------------------------------------------------------------------

    private List<List<Load>> devicesAndInterfaces() {
        List<List<Load>> out = new ArrayList<>(devices());
        for (Source s : INTERFACES) out.add(keyLoads(s));
        out.removeIf(List::isEmpty);
        return out;
    }

    private List<List<Load>> devices() {
        if (devices == null) {
            devices = new ArrayList<>();
            for (Source s : DEVICES) {
                List<Load> loads = keyLoads(s);
                if (!loads.isEmpty()) devices.add(loads);
            }
        }
        return devices;
    }

    /**
     * Per key, busiest first by mean ({@link KeyRanking}: as the chart of the busiest devices or interfaces draws them, and
     * the report's table lists them), from the stored statistics; samples only of keys that reached the limit.
     */
    private List<Load> keyLoads(Source s) {
        Optional<String> label = run.label(s.dataset(), s.load());
        if (label.isEmpty()) return List.of();
        List<MetricStats> held = run.stats(s.dataset(), label.get()).stream()
                .filter(m -> !m.key().isEmpty() && !m.key().equals(KeyOrder.ALL) && m.stats().n() > 0).toList();
        Map<String, Double> means = new HashMap<>();
        held.forEach(m -> means.put(m.key(), m.stats().mean()));
        List<MetricStats> stats = held.stream().sorted(Comparator.comparing(MetricStats::key, KeyRanking.busiestFirst(means, false)))
                .toList();
        Set<String> atLimit = new LinkedHashSet<>();
        // The keys whose time at the limit is measured: those longest there are the ones with the highest p95, whatever their mean.
        stats.stream().filter(m -> m.stats().max() >= SATURATED_PCT).sorted(Comparator.comparingDouble((MetricStats m) -> -m.stats().p95()))
                .limit(4L * SATURATED_KEYS_NAMED).forEach(m -> atLimit.add(m.key()));
        Map<String, ThresholdTime.Accumulator> times = new HashMap<>();
        if (!atLimit.isEmpty()) {
            run.scan(s.dataset(), List.of(label.get()), atLimit, (key, elapsed, v) -> times.computeIfAbsent(key,
                    k -> new ThresholdTime.Accumulator(x -> x >= SATURATED_PCT)).add(elapsed, v[0]));
        }
        List<Load> out = new ArrayList<>();
        for (MetricStats m : stats) {
            ThresholdTime.Accumulator t = times.get(m.key());
            out.add(new Load(s, label.get(), m.key(), m.unit(), m.stats().p95(), m.stats().mean(), m.stats().max(),
                    t == null ? null : t.result()));
        }
        return out;
    }

    /**
     * Per per-CPU data set, the busiest CPUs (at most {@link FindingsAnalyzer#TOP_KEYS}) by mean busy time: the
     * {@link KeyRanking} the "Busiest CPUs" chart draws its lines by, so that both name the same CPUs in the same order.
     */
    private List<List<Load>> cpus() {
        if (cpus != null) return cpus;
        cpus = new ArrayList<>();
        Set<String> read = new HashSet<>();
        for (Source s : PER_CPU) {
            Optional<String> idle = run.label(s.dataset(), s.load());
            // a data set once: top's CPUs by their idle time where it printed it, by graph mode's total where not
            if (idle.isEmpty() || run.keys(s.dataset()).size() < 2 || !read.add(s.dataset())) continue;
            List<MetricStats> stats = run.stats(s.dataset(), idle.get()).stream()
                    .filter(m -> !m.key().isEmpty() && !m.key().equals(KeyOrder.ALL) && m.stats().n() > 0).toList();
            // Mean busy time is 100 - mean idle - mean iowait: the stored means rank the candidates as the samples will.
            Map<String, Double> meanIowait = new HashMap<>();
            run.label(s.dataset(), s.iowait()).ifPresent(w -> run.stats(s.dataset(), w)
                    .forEach(m -> meanIowait.put(m.key(), m.stats().mean())));
            Set<String> candidates = new LinkedHashSet<>();
            stats.stream().sorted(Comparator.comparingDouble(m -> s.meanIdle(m) + meanIowait.getOrDefault(m.key(), 0.0)))
                    .limit(CPU_CANDIDATES).forEach(m -> candidates.add(m.key()));
            // 100 - idle bounds busy time from above: a CPU whose lowest idle time stays above 100 - threshold never got busy.
            stats.stream().sorted(Comparator.comparingDouble(s::leastIdle)).limit(CPU_CANDIDATES)
                    .forEach(m -> candidates.add(m.key()));
            stats.stream().filter(m -> 100 - s.leastIdle(m) >= SATURATED_PCT).forEach(m -> candidates.add(m.key()));
            List<Load> loads = busy(s, idle.get(), candidates);
            Map<String, Double> means = new HashMap<>();
            loads.forEach(l -> means.put(l.key(), l.mean()));
            loads.sort(Comparator.comparing(Load::key, KeyRanking.busiestFirst(means, false)));
            List<Load> top = new ArrayList<>(loads.subList(0, Math.min(TOP_KEYS, loads.size())));
            // Every saturated CPU stays, so that saturation() can name them.
            loads.stream().skip(TOP_KEYS).filter(Load::sustained).forEach(top::add);
            cpus.add(top);
        }
        return cpus;
    }

    /** The machine as a whole: the {@code all} line of a per-CPU data set, else vmstat, else iostat's avg-cpu. */
    private Optional<Load> wholeCpu() {
        if (wholeCpu != null) return wholeCpu;
        wholeCpu = Optional.empty();
        for (Source s : PER_CPU) {
            Optional<String> idle = run.label(s.dataset(), s.load());
            if (idle.isEmpty() || run.stats(s.dataset(), idle.get(), KeyOrder.ALL).isEmpty()) continue;
            wholeCpu = busy(s, idle.get(), Set.of(KeyOrder.ALL)).stream().findFirst();
            if (wholeCpu.isPresent()) return wholeCpu;
        }
        for (Source s : WHOLE_CPU) {
            Optional<String> idle = run.label(s.dataset(), s.load());
            if (idle.isEmpty()) continue;
            wholeCpu = busy(s, idle.get(), Set.of()).stream().findFirst();
            if (wholeCpu.isPresent()) return wholeCpu;
        }
        return wholeCpu;
    }

    /**
     * Busy time, 100 - idle - iowait, of these keys (all when empty), from their samples, gathered as they stream by
     * ({@link LoadAccumulator}): a run of a million samples per CPU takes no more memory than a short one.
     */
    private List<Load> busy(Source s, String idleLabel, Set<String> keys) {
        Optional<String> iowait = run.label(s.dataset(), s.iowait());
        List<String> labels = iowait.map(w -> List.of(idleLabel, w)).orElse(List.of(idleLabel));
        Map<String, LoadAccumulator> byKey = new LinkedHashMap<>();
        run.scan(s.dataset(), labels, keys, new RunEvidence.SampleHandler() {
            // A scan of one key (the machine's 'all', every sample of the run) then needs no map look-up per sample.
            private String lastKey;
            private LoadAccumulator last;

            @Override
            public void sample(String key, double elapsed, double[] v) {
                if (!key.equals(lastKey)) {
                    lastKey = key;
                    last = byKey.computeIfAbsent(key, k -> new LoadAccumulator(x -> x >= SATURATED_PCT));
                }
                last.add(elapsed, s.busy(v[0], v.length > 1 ? v[1] : Double.NaN));
            }
        });
        List<Load> out = new ArrayList<>();
        byKey.forEach((key, busy) -> {
            if (Double.isNaN(busy.max())) return;
            out.add(new Load(s, idleLabel, key, "%", busy.quantile(0.95), busy.mean(), busy.max(), busy.atLimit(),
                    iowait.orElse("")));
        });
        return out;
    }

    // --- sentences -----------------------------------------------------------------------------------------------

    /** {@code sdb was at least 95 % busy for 14 min 20 s of 1 h (p95 99.8 %, longest stretch 6 min)}. */
    private Finding saturated(Load l, String subject) {
        ThresholdTime t = l.atLimit();
        String what = l.source().noun().equals("interface") ? " utilised" : " busy";
        Phrase p = Phrase.of(subject + " at least ").value(SATURATED_PCT, "%").text(what);
        if (t.samples() == 1) {
            // One sample: no interval to measure time by.
            return new Finding(run.run(), Finding.Kind.SATURATION, p.text(" in its only sample (").value(l.max(), "%").text(")"),
                    l.source().dataset(), l.label(), l.key(), l.p95(), "%");
        }
        if (t.spanSeconds() > 0) p = p.text(" for ").duration(t.seconds()).text(" of ").duration(t.spanSeconds());
        else p = p.text(" in ").count(t.meeting()).text(" of ").count(t.samples()).text(" samples");
        p = p.text(" (p95 ").value(l.p95(), "%");
        if (t.longestSeconds() < t.seconds()) p = p.text(", longest stretch ").duration(t.longestSeconds());
        p = p.text(")");
        return new Finding(run.run(), Finding.Kind.SATURATION, p, l.source().dataset(), l.label(), l.key(), l.p95(), "%",
                l.source().noun().equals("CPU") && !l.key().isEmpty() && !l.key().equals(KeyOrder.ALL) ? l.busyFormula() : "");
    }

    private static Finding withText(Finding f, Phrase text) {
        return new Finding(f.run(), f.kind(), text, f.dataset(), f.metric(), f.key(), f.value(), f.unit(), f.shownBy());
    }

    private void more(List<Finding> out, int total, String nouns) {
        if (total <= SATURATED_KEYS_NAMED) return;
        Finding last = out.get(out.size() - 1);
        out.set(out.size() - 1, withText(last, last.text().text("; " + (total - SATURATED_KEYS_NAMED) + " more " + nouns
                + " as well")));
    }

    /** {@code sdb 99.8 %, sda 41.2 %, sdc 3.1 %}: the statistic they are ranked by. */
    private static Phrase list(List<Load> loads, ToDoubleFunction<Load> rankedBy) {
        Phrase p = Phrase.of("");
        List<Load> shown = loads.subList(0, Math.min(TOP_KEYS, loads.size()));
        for (int i = 0; i < shown.size(); i++) {
            p = p.text((i == 0 ? "" : ", ") + shown.get(i).name() + " ").value(rankedBy.applyAsDouble(shown.get(i)), shown.get(i).unit());
        }
        return p;
    }

    private static String capitalised(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
