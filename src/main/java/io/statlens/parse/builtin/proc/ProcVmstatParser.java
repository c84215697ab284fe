package io.statlens.parse.builtin.proc;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.Row;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.transcript.TranscriptLine;

import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Snapshots of Linux's {@code /proc/vmstat} (pt-stalk's {@code -procvmstat}; see {@link SnapshotLoopParser}): data set
 * {@code procvmstat}, one row per field and snapshot, keyed by the field's name (each kernel version adds and drops
 * fields): the value as printed and, for event counters, the increase per second. Which fields are levels rather than
 * counters follows the kernel's own split ({@link #isGauge}). See docs/tools/procvmstat.md.
 */
public final class ProcVmstatParser extends SnapshotLoopParser {
    static final String TOOL = "procvmstat";
    private static final ParserInfo INFO = ParserInfo.builtIn(TOOL, "linux");
    static final DatasetSpec SPEC = new DatasetSpec(TOOL, "", "field", List.of(
            new Metric("value", "", "as printed: pages for the nr_* levels, events since boot for the counters"),
            new Metric("per_s", "1/s", "counters only: the increase per second since the last snapshot")));
    private static final Pattern LINE = Pattern.compile("^([a-z][a-z0-9_]*)\\s+(\\d{1,20})$");
    /** The nr_* fields that count events (pages dirtied, written...) rather than hold a level. */
    private static final Set<String> NR_COUNTERS = Set.of("nr_dirtied", "nr_written", "nr_throttled_written",
            "nr_foll_pin_acquired", "nr_foll_pin_released");

    public ProcVmstatParser() {
        super(Set.of("cat"));
    }

    @Override
    public ParserInfo info() {
        return INFO;
    }

    @Override
    public List<String> datasets() {
        return List.of(SPEC.qualifiedName());
    }

    /**
     * A level the kernel holds now: the page counts of its zone and node statistics ({@code nr_free_pages},
     * {@code nr_dirty}, the dirty thresholds) and {@code workingset_nodes}; every other field (pgfault, pgpgin, pswpin,
     * the scan and steal counts, numa_*, the other workingset_* fields, thp_*, compact_*...) counts events since boot.
     */
    static boolean isGauge(String field) {
        return field.startsWith("nr_") ? !NR_COUNTERS.contains(field) : field.equals("workingset_nodes");
    }

    @Override
    public double sniff(Head head) {
        boolean freePages = false;
        boolean faults = false;
        for (String line : head.lines()) {
            String t = line.strip();
            if (t.startsWith("nr_free_pages ") && LINE.matcher(t).matches()) freePages = true;
            if (t.startsWith("pgfault ") && LINE.matcher(t).matches()) faults = true;
        }
        if (!freePages) return 0;
        // pgfault comes some 60 lines later: a head may stop before it
        double c = faults ? 0.9 : 0.8;
        return startsWithTs(head.lines()) ? c + 0.05 : c;
    }

    @Override
    boolean opens(String line) {
        return line.startsWith("nr_free_pages ");
    }

    @Override
    Snapshots reader(RecordSink sink) {
        return new Snapshots() {
            private final CounterRates rates = new CounterRates();
            private boolean announced;

            @Override
            public void snapshot(long sample, Instant time, double seconds, List<TranscriptLine> lines) {
                if (!announced) {
                    sink.dataset(SPEC);
                    announced = true;
                }
                for (TranscriptLine line : lines) {
                    Matcher m = LINE.matcher(line.text().strip());
                    if (!m.matches()) {
                        sink.warning(line.number(), "expected a /proc/vmstat line: a field's name and a number");
                        continue;
                    }
                    String field = m.group(1);
                    double[] value = {Double.parseDouble(m.group(2))};
                    double perSecond = isGauge(field) ? Double.NaN : rates.perSecond(field, value, 0, seconds);
                    rates.keep(field, value);
                    sink.row(SPEC, new Row(sample, time, field, false, new double[] {value[0], perSecond}));
                }
                rates.next();
            }

            @Override
            public void finish(long snapshots) {
                if (snapshots == 0) sink.warning(0, "no /proc/vmstat snapshot found (expected nr_free_pages ...)");
                else sink.variant("linux");
            }
        };
    }
}
