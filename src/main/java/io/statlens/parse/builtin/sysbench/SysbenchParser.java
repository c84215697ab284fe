package io.statlens.parse.builtin.sysbench;

import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;

import java.io.IOException;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.List;

/**
 * sysbench 0.4, 0.5, 1.0 and 1.1 output (oltp and Lua database tests, cpu, fileio, memory, threads, mutex):
 * intermediate reports become the time series ({@code sysbench}, ""), the final statistics become run summary
 * values, the options echoed at the start become facts. See docs/tools/sysbench.md.
 */
public final class SysbenchParser implements Parser {
    private static final Pattern BANNER = Pattern.compile(
            "\\bsysbench\\s+v?\\d+\\.\\d+[\\w.-]*(?::\\s+multi-threaded|\\s+\\(using )|^\\s*sysbench\\s+\\*");
    private static final Pattern INTERVAL = Pattern.compile(
            "^\\s*\\[\\s*\\d+(?:\\.\\d+)?s\\s*\\]\\s+(?:thds|threads|reads|eps|queue length):");
    private static final Pattern COMMAND = Pattern.compile("^\\s*\\$\\s+sysbench\\s");
    private static final Set<String> MARKERS = Set.of("Running the test with following options:", "General statistics:",
            "Threads fairness:", "Test execution summary:", "OLTP test statistics:", "SQL statistics:");

    private static final ParserInfo INFO = ParserInfo.builtIn(IntervalSeries.TOOL, "sysbench-0.4", "sysbench-0.5",
            "sysbench-1.0", "sysbench-1.1");

    @Override
    public ParserInfo info() {
        return INFO;
    }

    @Override
    public List<String> datasets() {
        return List.of(IntervalSeries.TOOL);
    }

    @Override
    public double sniff(Head head) {
        // Rows of a tab-separated table that merely quote sysbench (a catalogue of captures) are not its output.
        Head text = new Head(head.fileName(),
                head.lines().stream().filter(l -> l.chars().filter(c -> c == '\t').count() < 3).toList());
        if (text.anyMatch(BANNER) || text.anyMatch(INTERVAL)) return 0.95;
        long markers = text.lines().stream().map(String::strip).filter(MARKERS::contains).distinct().count();
        if (text.lines().stream().anyMatch(l -> l.contains("events (avg/stddev):"))) markers++;
        if (markers >= 2) return 0.9;
        if (markers == 1) return 0.7;
        return text.anyMatch(COMMAND) ? 0.6 : 0;
    }

    @Override
    public void parse(LineSource lines, ParseContext context, RecordSink sink) throws IOException {
        new SysbenchReader(context, sink).read(lines);
    }
}
