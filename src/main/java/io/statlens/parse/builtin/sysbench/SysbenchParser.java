package io.statlens.parse.builtin.sysbench;

import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

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
    public java.util.Set<String> commandNames() {
        return SysbenchCommand.SYNTAX.names();
    }

    @Override
    public List<String> datasets() {
        return List.of(IntervalSeries.TOOL);
    }

    @Override
    public double sniff(Head head) {
        // Rows of a tab-separated table that merely quote sysbench (a catalogue of captures) are not its output.
        List<String> kept = new ArrayList<>();
        for (String line : head.lines()) {
            if (tabs(line) < 3) kept.add(line);
        }
        Head text = new Head(head.fileName(), kept);
        // each pattern tried only on lines holding a literal all its matches hold
        if (text.anyMatch("sysbench", BANNER) || text.anyMatch("]", INTERVAL)) return 0.95;
        Set<String> markers = new HashSet<>();
        boolean events = false;
        for (String line : kept) {
            // every marker ends with a colon
            if (line.indexOf(':') < 0) continue;
            String stripped = line.strip();
            if (MARKERS.contains(stripped)) markers.add(stripped);
            events |= line.contains("events (avg/stddev):");
        }
        int count = markers.size() + (events ? 1 : 0);
        if (count >= 2) return 0.9;
        if (count == 1) return 0.7;
        return text.anyMatch("sysbench", COMMAND) ? 0.6 : 0;
    }

    /** The tabs in a line, counted up to three. */
    private static int tabs(String line) {
        int n = 0;
        for (int i = line.indexOf('\t'); i >= 0 && n < 3; i = line.indexOf('\t', i + 1)) n++;
        return n;
    }

    @Override
    public void parse(LineSource lines, ParseContext context, RecordSink sink) throws IOException {
        new SysbenchReader(context, sink).read(lines);
    }
}
