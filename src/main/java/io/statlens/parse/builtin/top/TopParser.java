package io.statlens.parse.builtin.top;

import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.transcript.CommandSyntax;
import io.statlens.parse.transcript.Transcript;
import io.statlens.parse.transcript.TranscriptLine;

import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * {@code top -b} of procps-ng (3.3 and 4.x, any language it is translated to; procps 3.2 too) and of busybox: per
 * snapshot the summary lines as one unkeyed data set {@code top}, the per-CPU lines of {@code top -1} as
 * {@code top.cpu}, and the task table as {@code top.process} keyed {@code "PID command"} ({@code top.thread} with
 * {@code -H}). See docs/tools/top.md.
 */
public final class TopParser implements Parser {
    static final String TOOL = "top";
    /** Options whose value follows: delay, count, pid list, users, sort field, width, memory scales. */
    static final CommandSyntax SYNTAX = CommandSyntax.of(Set.of("top"), Set.of("-d", "-n", "-p", "-u", "-U", "-o", "-O", "-w",
            "-E", "-e"));
    private static final Pattern BUSYBOX_MEM = Pattern.compile("^Mem: \\d+K used, \\d+K free");
    private static final Pattern BUSYBOX_LOAD = Pattern.compile("^Load average: \\d");
    private static final ParserInfo INFO = ParserInfo.builtIn(TOOL, "procps-ng", "procps-ng-threads", "procps", "procps-threads", "busybox");

    @Override
    public ParserInfo info() {
        return INFO;
    }

    @Override
    public java.util.Set<String> commandNames() {
        return SYNTAX.names();
    }

    @Override
    public List<String> datasets() {
        return List.of(TOOL, TOOL + ".cpu", TOOL + ".process", TOOL + ".thread");
    }

    @Override
    public double sniff(Head head) {
        boolean busyboxMem = false;
        for (String line : head.lines()) {
            if (TopSummary.isUptime(line)) return 1.0;
            if (BUSYBOX_MEM.matcher(line).find()) busyboxMem = true;
            if (busyboxMem && BUSYBOX_LOAD.matcher(line).find()) return 0.9;
        }
        return 0;
    }

    @Override
    public void parse(LineSource source, ParseContext context, RecordSink sink) throws IOException {
        Transcript lines = new Transcript(source, SYNTAX);
        TopReader reader = new TopReader(context, sink);
        TranscriptLine line;
        while ((line = lines.next()) != null) {
            if (line.is(TranscriptLine.Kind.COMMAND)) {
                reader.command(line.command());
                continue;
            }
            reader.line(line);
        }
        reader.finish();
        lines.finish(sink);
    }
}
