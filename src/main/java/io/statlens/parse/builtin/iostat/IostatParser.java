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
 * ({@code -x}, {@code -xn}, {@code -c}, {@code -T d|u}, the plain format), FreeBSD ({@code -x} old and new, {@code -I},
 * {@code -o}, {@code -d}, {@code -C}, {@code -T}), NetBSD, OpenBSD and macOS.
 *
 * <p>Data sets: {@code iostat} keyed by Device, {@code iostat.cpu}, {@code iostat.nfs} keyed by
 * Filesystem, {@code iostat.drive} (AIX {@code -D}, {@code -Dl}) keyed by Disks, {@code iostat.adapter} (AIX {@code -Dl})
 * keyed by Vadapter, {@code iostat.system} (AIX {@code -s}), {@code iostat.tty} and {@code iostat.load}. See docs/tools/iostat.md.
 */
public final class IostatParser implements Parser {
    /** Patterns that only iostat prints, with a literal every match holds (tried first, as cheaper), and how sure each one makes us. */
    private record Signal(String literal, Pattern pattern, double confidence) {
    }

    private static final List<Signal> SIGNALS = List.of(
            new Signal("avg-cpu:", Pattern.compile("^\\s*avg-cpu:\\s+%user\\b"), 0.95),
            new Signal("Device", Pattern.compile("^\\s*Device:?\\s+(?:tps|rrqm/s|r/s|r(?:Blk|kB|MB)_nor/s)\\s"), 0.95),
            new Signal("Filesystem:", Pattern.compile("^\\s*Filesystem:\\s+(?:tps|rrqm/s|r/s|r(?:Blk|kB|MB)_nor/s)\\s"), 0.95),
            new Signal("Device", Pattern.compile("\\s(?:%util|kB_dscd|kB_wrtn|MB_wrtn|Blk_wrtn|kB_w\\+d)\\s+Device\\s*$"), 0.9),
            new Signal("extended device statistics", Pattern.compile("^\\s*extended device statistics\\b"), 0.9),
            new Signal("actv", Pattern.compile("\\br/s\\s+w/s\\s+[kM]r/s\\s+[kM]w(?:/s)?\\s+wait\\s+actv\\b"), 0.9),
            new Signal("KB/t", Pattern.compile("\\bKB/t\\s+tps\\s+MB/s\\b"), 0.9),
            new Signal("device", BsdOutput.DEVICE_HEADER, 0.9),
            new Signal("tm_act", Pattern.compile("^\\s*Disks:\\s+%\\s*tm_act\\s+Kbps\\s"), 0.95),
            new Signal("xfer:", Pattern.compile("^\\s*\\S+\\s+xfer:\\s+%tm_act\\s+bps\\s"), 0.95),
            new Signal("xfers", Pattern.compile("^\\s*(?:Disks|Vadapter):\\s+xfers\\s+read\\s+write\\s+queue\\s*$"), 0.9),
            new Signal("tout", Pattern.compile("^\\s*tty:\\s+tin\\s+tout\\s+avg-cpu:\\s+%\\s*user\\b"), 0.95),
            new Signal("kps", Pattern.compile("^\\s*(?:tin\\s+tout\\s+)?kps\\s+tps\\s+serv\\b"), 0.85));

    /**
     * macOS/BSD {@code iostat -n 0} and Solaris {@code iostat -c}: the cpu group alone ({@code cpu [load average]})
     * over its labels only ({@code us sy [wt|dt] id [1m 5m 15m]}, FreeBSD and NetBSD {@code us ni sy in id}, OpenBSD
     * {@code us ni sy sp in id}); vmstat prints these labels only among others.
     */
    private static final Pattern CPU_GROUP_LINE = Pattern.compile("^\\s*cpu(?:\\s+load\\s+average)?\\s*$");
    private static final Pattern CPU_LABEL_LINE =
            Pattern.compile("^\\s*us\\s+(?:ni\\s+)?sy\\s+(?:wt\\s+|dt\\s+|(?:sp\\s+)?in\\s+)?id(?:\\s+1m\\s+5m\\s+15m)?\\s*$");
    private static final double CPU_ONLY_CONFIDENCE = 0.8;

    private static final ParserInfo INFO = ParserInfo.builtIn(ReportWriter.TOOL, "linux-sysstat", "linux-sysstat-x",
            "linux-sysstat-11-x", "linux-sysstat-12-x", "linux-sysstat-xs", "linux-sysstat-cpu", "linux-sysstat-nfs",
            "linux-sysstat-json", "solaris-x", "solaris-xn", "solaris", "macos", "freebsd-x", "aix", "aix-D", "aix-Dl");

    @Override
    public ParserInfo info() {
        return INFO;
    }

    @Override
    public java.util.Set<String> commandNames() {
        return IostatCommand.SYNTAX.names();
    }

    @Override
    public List<String> datasets() {
        return List.of("iostat", "iostat.adapter", "iostat.cpu", "iostat.drive", "iostat.load", "iostat.system", "iostat.tty");
    }

    @Override
    public double sniff(Head head) {
        if (SysstatJson.writer(head).orElse(null) == SysstatJson.Writer.IOSTAT) return 0.95;
        double best = 0;
        for (Signal signal : SIGNALS) {
            if (signal.confidence() > best && head.anyMatch(signal.literal(), signal.pattern())) best = signal.confidence();
        }
        return Math.max(best, cpuOnly(head.lines()) ? CPU_ONLY_CONFIDENCE : 0);
    }

    /** Whether a cpu group line stands right over a line of cpu labels alone. */
    private static boolean cpuOnly(List<String> lines) {
        for (int i = 0; i + 1 < lines.size(); i++) {
            if (CPU_GROUP_LINE.matcher(lines.get(i)).matches() && CPU_LABEL_LINE.matcher(lines.get(i + 1)).matches()) {
                return true;
            }
        }
        return false;
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
