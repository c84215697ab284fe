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
 * Snapshots of Linux's {@code /proc/meminfo} (pt-stalk's {@code -meminfo}; see {@link SnapshotLoopParser}): data set
 * {@code meminfo}, one row per field and snapshot (the kernel adds fields with each version, so they are rows, keyed by
 * the field's name, as mysql.status keys its variables): the value as printed and, for the fields the kernel gives
 * in kB, in bytes. See docs/tools/meminfo.md.
 */
public final class MeminfoParser extends SnapshotLoopParser {
    static final String TOOL = "meminfo";
    private static final ParserInfo INFO = ParserInfo.builtIn(TOOL, "linux");
    static final DatasetSpec SPEC = new DatasetSpec(TOOL, "", "field", List.of(
            new Metric("value", "", "as printed: kB (KiB) for most fields, a count for HugePages_*"),
            new Metric("bytes", "B", "the kB fields in bytes; no value for counts")));
    private static final Pattern LINE = Pattern.compile("^([A-Za-z][A-Za-z0-9_()]*):\\s+(\\d{1,18})(?:\\s+(kB))?$");

    public MeminfoParser() {
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

    @Override
    public double sniff(Head head) {
        boolean total = false;
        boolean free = false;
        for (String line : head.lines()) {
            String t = line.strip();
            if (t.startsWith("MemTotal:") && LINE.matcher(t).matches()) total = true;
            if (t.startsWith("MemFree:") && LINE.matcher(t).matches()) free = true;
        }
        if (!total || !free) return 0;
        return startsWithTs(head.lines()) ? 0.95 : 0.9;
    }

    @Override
    boolean opens(String line) {
        return line.startsWith("MemTotal:");
    }

    @Override
    Snapshots reader(RecordSink sink) {
        return new Snapshots() {
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
                        sink.warning(line.number(), "expected a /proc/meminfo line: Name: number, optionally kB");
                        continue;
                    }
                    double value = Double.parseDouble(m.group(2));
                    double bytes = m.group(3) != null ? value * 1024 : Double.NaN;
                    sink.row(SPEC, new Row(sample, time, m.group(1), false, new double[] {value, bytes}));
                }
            }

            @Override
            public void finish(long snapshots) {
                if (snapshots == 0) sink.warning(0, "no /proc/meminfo snapshot found (expected MemTotal:, MemFree: ...)");
                else sink.variant("linux");
            }
        };
    }
}
