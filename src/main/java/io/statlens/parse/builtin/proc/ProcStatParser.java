package io.statlens.parse.builtin.proc;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.Row;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.transcript.TranscriptLine;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Snapshots of Linux's {@code /proc/stat} (pt-stalk's {@code -procstat}; see {@link SnapshotLoopParser}): data set
 * {@code procstat.cpu}, one row per {@code cpu} line (the total, then each CPU), the ten times in USER_HZ ticks as
 * printed and each as a share of the time that passed since the last snapshot ({@code user%}...: of the sum of
 * user to steal, guest being counted in user already, so whatever USER_HZ is); and {@code procstat.system}, one row per
 * snapshot: context switches, interrupts, softirqs and forks as printed and per second, and the running and blocked
 * processes. See docs/tools/procstat.md.
 */
public final class ProcStatParser extends SnapshotLoopParser {
    static final String TOOL = "procstat";
    private static final ParserInfo INFO = ParserInfo.builtIn(TOOL, "linux");
    private static final List<String> TIMES = List.of("user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal",
            "guest", "guest_nice");
    /** The times whose sum is all the time that passed (guest and guest_nice are within user and nice). */
    private static final int SHARED = 8;
    static final DatasetSpec CPU = cpuSpec();
    private static final List<String> COUNTERS = List.of("ctxt", "intr", "softirq", "processes");
    private static final List<String> GAUGES = List.of("procs_running", "procs_blocked");
    static final DatasetSpec SYSTEM = systemSpec();
    private static final Pattern CPU_LINE = Pattern.compile("^cpu\\d*\\s+\\d+(?:\\s++\\d++){3,}+$");
    private static final Pattern SYSTEM_LINE = Pattern.compile("^(?:ctxt|btime|intr|processes)\\s+\\d+.*$");

    public ProcStatParser() {
        super(Set.of("cat"));
    }

    private static DatasetSpec cpuSpec() {
        List<Metric> metrics = new ArrayList<>();
        for (String t : TIMES) metrics.add(new Metric(t, "ticks", "time in " + t + " since boot, in USER_HZ ticks, as printed"));
        for (String t : TIMES.subList(0, SHARED)) {
            metrics.add(new Metric(t + "%", "%", "share of the time since the last snapshot spent in " + t));
        }
        return new DatasetSpec(TOOL, "cpu", "cpu", metrics);
    }

    private static DatasetSpec systemSpec() {
        List<Metric> metrics = new ArrayList<>();
        metrics.add(new Metric("ctxt", "count", "context switches since boot"));
        metrics.add(new Metric("intr", "count", "interrupts serviced since boot (the intr line's total)"));
        metrics.add(new Metric("softirq", "count", "softirqs since boot (the softirq line's total)"));
        metrics.add(new Metric("processes", "count", "processes and threads created since boot"));
        metrics.add(new Metric("procs_running", "count", "runnable processes"));
        metrics.add(new Metric("procs_blocked", "count", "processes blocked on I/O"));
        metrics.add(new Metric("ctxt/s", "1/s", "context switches per second since the last snapshot"));
        metrics.add(new Metric("intr/s", "1/s", "interrupts per second since the last snapshot"));
        metrics.add(new Metric("softirq/s", "1/s", "softirqs per second since the last snapshot"));
        metrics.add(new Metric("forks/s", "1/s", "processes created per second since the last snapshot"));
        return new DatasetSpec(TOOL, "system", "", metrics);
    }

    @Override
    public ParserInfo info() {
        return INFO;
    }

    @Override
    public List<String> datasets() {
        return List.of(CPU.qualifiedName(), SYSTEM.qualifiedName());
    }

    @Override
    public double sniff(Head head) {
        boolean cpu = false;
        boolean system = false;
        for (String line : head.lines()) {
            String t = line.strip();
            if (t.startsWith("cpu") && CPU_LINE.matcher(t).matches()) cpu = true;
            if (SYSTEM_LINE.matcher(t).matches()) system = true;
        }
        if (!cpu || !system) return 0;
        return startsWithTs(head.lines()) ? 0.95 : 0.9;
    }

    @Override
    boolean opens(String line) {
        // the total's "cpu" and its first count, whatever space a document left between them (a tab, a no-break space)
        if (line.length() <= 3 || !line.startsWith("cpu")) return false;
        char after = line.charAt(3);
        return Character.isWhitespace(after) || Character.isSpaceChar(after);
    }

    @Override
    Snapshots reader(RecordSink sink) {
        return new Snapshots() {
            private final CounterRates rates = new CounterRates();
            private boolean announced;

            @Override
            public void snapshot(long sample, Instant time, double seconds, List<TranscriptLine> lines) {
                if (!announced) {
                    sink.dataset(CPU);
                    sink.dataset(SYSTEM);
                    announced = true;
                }
                double[] system = new double[COUNTERS.size() + GAUGES.size()];
                Arrays.fill(system, Double.NaN);
                boolean any = false;
                for (TranscriptLine line : lines) {
                    String[] words = line.text().strip().split("\\s+");
                    String name = words[0];
                    if (name.startsWith("cpu") && CPU_LINE.matcher(line.text().strip()).matches()) {
                        cpu(sample, time, name, words);
                        continue;
                    }
                    int counter = COUNTERS.indexOf(name);
                    int gauge = GAUGES.indexOf(name);
                    if ((counter >= 0 || gauge >= 0) && words.length >= 2 && words[1].matches("\\d{1,18}")) {
                        system[counter >= 0 ? counter : COUNTERS.size() + gauge] = Double.parseDouble(words[1]);
                        any = true;
                    } else if (!name.matches("[a-z_]+") || words.length < 2) {
                        sink.warning(line.number(), "expected a /proc/stat line: a name (cpu, ctxt, intr...) and numbers");
                    }
                }
                if (any) {
                    double[] values = Arrays.copyOf(system, system.length + COUNTERS.size());
                    for (int i = 0; i < COUNTERS.size(); i++) values[system.length + i] = rates.perSecond("", system, i, seconds);
                    rates.keep("", system);
                    sink.row(SYSTEM, new Row(sample, time, "", false, values));
                }
                rates.next();
            }

            private void cpu(long sample, Instant time, String name, String[] words) {
                double[] ticks = new double[TIMES.size()];
                Arrays.fill(ticks, Double.NaN);
                for (int i = 1; i < words.length && i <= TIMES.size(); i++) ticks[i - 1] = Double.parseDouble(words[i]);
                double[] values = Arrays.copyOf(ticks, TIMES.size() + SHARED);
                double total = 0;
                double[] increases = new double[SHARED];
                for (int i = 0; i < SHARED; i++) {
                    increases[i] = Double.isNaN(ticks[i]) ? 0 : rates.increase(name, ticks, i);
                    total += increases[i];
                }
                for (int i = 0; i < SHARED; i++) {
                    values[TIMES.size() + i] = total > 0 && !Double.isNaN(ticks[i]) ? 100 * increases[i] / total : Double.NaN;
                }
                rates.keep(name, ticks);
                sink.row(CPU, new Row(sample, time, name, false, values));
            }

            @Override
            public void finish(long snapshots) {
                if (snapshots == 0) sink.warning(0, "no /proc/stat snapshot found (expected cpu lines, ctxt, intr...)");
                else sink.variant("linux");
            }
        };
    }
}
