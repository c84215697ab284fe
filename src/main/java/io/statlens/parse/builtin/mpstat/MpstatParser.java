package io.statlens.parse.builtin.mpstat;

import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.spi.TimeOptions;
import io.statlens.parse.text.SysstatBanner;
import io.statlens.parse.text.Tokens;
import io.statlens.parse.time.ClockTime;
import io.statlens.parse.time.DateLine;

import java.io.IOException;
import java.time.Duration;
import java.util.Optional;

/**
 * mpstat, per-processor statistics: Linux sysstat 7 to 12 (CPU utilisation, NODE, and the -I
 * interrupt tables, each its own data set) and Solaris/illumos (per CPU or per processor set).
 * The flavour is decided by the first line that only one of them prints; date(1) lines seen
 * before that are handed on, since Solaris captures start with one.
 */
public final class MpstatParser implements Parser {

    private static final ParserInfo INFO = ParserInfo.builtIn(LinuxMpstatReader.TOOL, "linux-sysstat", "linux-sysstat-guest",
            "linux-sysstat-old", "solaris", "solaris-pset");

    @Override
    public ParserInfo info() {
        return INFO;
    }

    @Override
    public double sniff(Head head) {
        return MpstatDetection.sniff(head);
    }

    @Override
    public void parse(LineSource lines, ParseContext context, RecordSink sink) throws IOException {
        MpstatReader reader = null;
        Optional<Duration> commandInterval = Optional.empty();
        String earlyDateLine = null;
        long earlyDateLineNumber = 0;
        String raw;
        while ((raw = lines.next()) != null) {
            long number = lines.lineNumber();
            String text = MpstatLines.clean(raw);
            // the contains() test keeps the command pattern off the data lines
            Optional<MpstatCommand> command = text.contains("mpstat") ? MpstatCommand.parse(text) : Optional.empty();
            if (command.isPresent()) {
                if (!command.get().options().isEmpty()) sink.fact("options", command.get().options());
                commandInterval = command.get().interval();
                continue;
            }
            if (MpstatLines.isNoise(text)) continue;
            if (reader == null) {
                reader = readerFor(text, context, sink, commandInterval);
                if (reader == null) {
                    if (DateLine.parse(text, TimeOptions.in(context).zone()).isPresent()) {
                        earlyDateLine = text;
                        earlyDateLineNumber = number;
                    } else {
                        sink.warning(number, "expected the sysstat banner or an mpstat header, found '" + text.strip() + "'");
                    }
                    continue;
                }
                if (earlyDateLine != null) reader.line(earlyDateLineNumber, earlyDateLine);
            }
            reader.line(number, text);
        }
        if (reader == null) {
            sink.warning(0, "no mpstat output found: neither a sysstat banner nor an mpstat table header");
        } else {
            reader.finish(lines.lineNumber());
        }
    }

    /** The reader for the flavour this line belongs to, or null if the line does not tell. */
    private static MpstatReader readerFor(String text, ParseContext context, RecordSink sink, Optional<Duration> interval) {
        if (SolarisMpstatReader.isHeader(Tokens.split(text))) return new SolarisMpstatReader(context, sink, interval);
        if (SysstatBanner.parse(text).isPresent() || ClockTime.leading(text).isPresent()) {
            return new LinuxMpstatReader(context, sink);
        }
        return null;
    }
}
