package io.statlens.parse.builtin.iostat;

import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.SysstatJson;

import java.io.IOException;
import java.util.List;
import java.util.regex.Pattern;

/**
 * iostat from Linux sysstat (every column generation from 7.x to 12.7, basic, {@code -x},
 * {@code -x -s}, {@code -k}/{@code -m}, {@code -t}, {@code -h}, comma decimals, and {@code -o JSON}), Solaris/illumos
 * ({@code -x}, {@code -xn}, {@code -c}, {@code -T d|u}, the plain format) and macOS.
 *
 * <p>Data sets: {@code iostat} keyed by Device, {@code iostat.cpu}, {@code iostat.nfs} keyed by
 * Filesystem, {@code iostat.tty} and {@code iostat.load}. See docs/tools/iostat.md.
 */
public final class IostatParser implements Parser {
    /** Patterns that only iostat prints, with how sure each one makes us. */
    private record Signal(Pattern pattern, double confidence) {
    }

    private static final List<Signal> SIGNALS = List.of(
            new Signal(Pattern.compile("^\\s*avg-cpu:\\s+%user\\b"), 0.95),
            new Signal(Pattern.compile("^\\s*(?:Device:?|Filesystem:)\\s+(?:tps|rrqm/s|r/s|r(?:Blk|kB|MB)_nor/s)\\s"), 0.95),
            new Signal(Pattern.compile("\\s(?:%util|kB_dscd|kB_wrtn|MB_wrtn|Blk_wrtn|kB_w\\+d)\\s+Device\\s*$"), 0.9),
            new Signal(Pattern.compile("^\\s*extended device statistics\\b"), 0.9),
            new Signal(Pattern.compile("\\br/s\\s+w/s\\s+[kM]r/s\\s+[kM]w(?:/s)?\\s+wait\\s+actv\\b"), 0.9),
            new Signal(Pattern.compile("\\bKB/t\\s+tps\\s+MB/s\\b"), 0.9),
            new Signal(Pattern.compile("^\\s*Disks:\\s+%\\s*tm_act\\s+Kbps\\s"), 0.95),
            new Signal(Pattern.compile("^\\s*tty:\\s+tin\\s+tout\\s+avg-cpu:\\s+%\\s*user\\b"), 0.95),
            new Signal(Pattern.compile("^\\s*(?:tin\\s+tout\\s+)?kps\\s+tps\\s+serv\\b"), 0.85));

    private static final ParserInfo INFO = ParserInfo.builtIn(ReportWriter.TOOL, "linux-sysstat", "linux-sysstat-x",
            "linux-sysstat-11-x", "linux-sysstat-12-x", "linux-sysstat-xs", "linux-sysstat-cpu", "linux-sysstat-nfs",
            "linux-sysstat-json", "solaris-x", "solaris-xn", "solaris", "macos", "aix");

    @Override
    public ParserInfo info() {
        return INFO;
    }

    @Override
    public List<String> datasets() {
        return List.of("iostat", "iostat.cpu", "iostat.load", "iostat.tty");
    }

    @Override
    public double sniff(Head head) {
        if (SysstatJson.writer(head).orElse(null) == SysstatJson.Writer.IOSTAT) return 0.95;
        double best = 0;
        for (Signal signal : SIGNALS) {
            if (signal.confidence() > best && head.anyMatch(signal.pattern())) best = signal.confidence();
        }
        return best;
    }

    @Override
    public void parse(LineSource lines, ParseContext context, RecordSink sink) throws IOException {
        if (SysstatJson.writer(lines.head()).isPresent()) {
            new IostatJsonReader(context, sink).read(lines);
            return;
        }
        new IostatReader(lines, context, sink).run();
    }
}
