package io.statlens.parse.builtin.proc;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.Row;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.transcript.Prompt;
import io.statlens.parse.transcript.TranscriptLine;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Snapshots of Linux's {@code /proc/diskstats} (pt-stalk's {@code -diskstats}; see {@link SnapshotLoopParser}): data
 * set {@code diskstats}, one row per device, the kernel's counters as printed under the names of its documentation
 * (Documentation/admin-guide/iostats.rst: 11 fields, 15 since Linux 4.18 with discards, 17 since 5.5 with flushes; the
 * 4 of a partition on Linux 2.6) and, since the last snapshot, {@code r/s}, {@code w/s}, {@code rkB/s}, {@code wkB/s}
 * (sectors of 512 bytes, whatever the device's own) and {@code %util} (of the time, the time the device was busy).
 * See docs/tools/diskstats.md.
 */
public final class DiskstatsParser extends SnapshotLoopParser {
    static final String TOOL = "diskstats";
    private static final ParserInfo INFO = ParserInfo.builtIn(TOOL, "linux-11", "linux-15", "linux-17", "linux-2.6-partition");
    private static final List<String> FIELDS = List.of("reads", "reads_merged", "sectors_read", "read_ms", "writes", "writes_merged",
            "sectors_written", "write_ms", "in_flight", "io_ms", "weighted_io_ms", "discards", "discards_merged",
            "sectors_discarded", "discard_ms", "flushes", "flush_ms");
    /** Where the 4 fields of a Linux 2.6 partition line go. */
    private static final int[] PARTITION = {0, 2, 4, 6};
    private static final int READS = 0;
    private static final int SECTORS_READ = 2;
    private static final int WRITES = 4;
    private static final int SECTORS_WRITTEN = 6;
    private static final int IO_MS = 9;
    static final DatasetSpec SPEC = spec();
    /** Major, minor, the device's name (a letter first: sda, nvme0n1, dm-0, md127) and its counters. */
    private static final Pattern LINE = Pattern.compile("^\\d+\\s+\\d+\\s+[A-Za-z]\\S*(?:\\s++\\d++){4,}+$");

    public DiskstatsParser() {
        super(Set.of("cat"));
    }

    private static DatasetSpec spec() {
        List<Metric> metrics = new ArrayList<>();
        for (String f : FIELDS) {
            metrics.add(new Metric(f, f.endsWith("_ms") ? "ms" : "count", f.equals("in_flight") ? "I/Os in progress"
                    : "since boot, as printed"));
        }
        metrics.add(new Metric("r/s", "1/s", "reads completed per second since the last snapshot"));
        metrics.add(new Metric("w/s", "1/s", "writes completed per second since the last snapshot"));
        metrics.add(new Metric("rkB/s", "KiB/s", "KiB read per second (sectors of 512 bytes)"));
        metrics.add(new Metric("wkB/s", "KiB/s", "KiB written per second (sectors of 512 bytes)"));
        metrics.add(new Metric("%util", "%", "share of the time the device had I/O in progress"));
        return new DatasetSpec(TOOL, "", "device", metrics);
    }

    @Override
    public ParserInfo info() {
        return INFO;
    }

    @Override
    public List<String> datasets() {
        return List.of(SPEC.qualifiedName());
    }

    @Override
    public double sniff(Head head) {
        int devices = 0;
        int other = 0;
        for (String line : head.lines()) {
            String t = line.strip();
            if (t.isEmpty() || PT_STALK_TS.matcher(t).matches() || pasting(t)) continue;
            if (LINE.matcher(t).matches()) devices++;
            else other++;
        }
        if (devices < 2 || other > devices / 4) return 0;
        return startsWithTs(head.lines()) ? 0.95 : 0.85;
    }

    /**
     * A markdown fence or a prompt with its command ({@code $ cat /proc/diskstats}): what pasting the file into a page
     * added, not another format's line, so it does not count against the device lines.
     */
    private static boolean pasting(String line) {
        return line.startsWith("```") || line.startsWith("~~~") || Prompt.command(line).isPresent();
    }

    @Override
    boolean opens(String line) {
        return false;
    }

    @Override
    Snapshots reader(RecordSink sink) {
        return new Snapshots() {
            private final CounterRates rates = new CounterRates();
            private boolean announced;
            private final java.util.Set<Integer> layouts = new java.util.TreeSet<>();

            @Override
            public void snapshot(long sample, Instant time, double seconds, List<TranscriptLine> lines) {
                if (!announced) {
                    sink.dataset(SPEC);
                    announced = true;
                }
                for (TranscriptLine line : lines) {
                    String text = line.text().strip();
                    if (!LINE.matcher(text).matches()) {
                        sink.warning(line.number(), "expected a /proc/diskstats line: major, minor, device name and counters");
                        continue;
                    }
                    String[] words = text.split("\\s+");
                    String device = words[2];
                    int n = words.length - 3;
                    double[] counters = new double[FIELDS.size()];
                    Arrays.fill(counters, Double.NaN);
                    if (n == PARTITION.length) {
                        for (int i = 0; i < n; i++) counters[PARTITION[i]] = Double.parseDouble(words[3 + i]);
                    } else {
                        for (int i = 0; i < n && i < FIELDS.size(); i++) counters[i] = Double.parseDouble(words[3 + i]);
                    }
                    layouts.add(n);
                    double[] values = Arrays.copyOf(counters, FIELDS.size() + 5);
                    values[FIELDS.size()] = rates.perSecond(device, counters, READS, seconds);
                    values[FIELDS.size() + 1] = rates.perSecond(device, counters, WRITES, seconds);
                    values[FIELDS.size() + 2] = rates.perSecond(device, counters, SECTORS_READ, seconds) / 2;
                    values[FIELDS.size() + 3] = rates.perSecond(device, counters, SECTORS_WRITTEN, seconds) / 2;
                    values[FIELDS.size() + 4] = Math.min(100, rates.perSecond(device, counters, IO_MS, seconds) / 10);
                    rates.keep(device, counters);
                    sink.row(SPEC, new Row(sample, time, device, false, values));
                }
                rates.next();
            }

            @Override
            public void finish(long snapshots) {
                if (snapshots == 0 || layouts.isEmpty()) {
                    sink.warning(0, "no /proc/diskstats snapshot found (expected lines of major, minor, device and counters)");
                    return;
                }
                int widest = layouts.stream().mapToInt(Integer::intValue).max().orElse(0);
                sink.variant(widest <= PARTITION.length ? "linux-2.6-partition" : widest >= 17 ? "linux-17"
                        : widest >= 15 ? "linux-15" : "linux-11");
            }
        };
    }
}
