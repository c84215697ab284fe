package io.statlens.parse.builtin.mpstat;

import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.SysstatJson;
import io.statlens.parse.spi.TimeOptions;
import io.statlens.parse.text.EpochSeconds;
import io.statlens.parse.text.SysstatBanner;
import io.statlens.parse.text.SysstatLocale;
import io.statlens.parse.text.SysstatVersion;
import io.statlens.parse.text.Tokens;
import io.statlens.parse.transcript.Transcript;
import io.statlens.parse.transcript.TranscriptLine;
import io.statlens.parse.time.ClockTime;
import io.statlens.parse.time.DateLine;

import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import java.util.List;

/**
 * mpstat, per-processor statistics: Linux sysstat 7 to 12 (CPU utilisation, NODE, and the -I
 * interrupt tables, each its own data set; as text or {@code -o JSON}) and Solaris/illumos (per CPU or per
 * processor set).
 * The flavour is decided by the first line that only one of them prints; date(1) lines seen
 * before that are handed on, since Solaris captures start with one.
 */
public final class MpstatParser implements Parser {

    private static final ParserInfo INFO = ParserInfo.builtIn(LinuxMpstatReader.TOOL, "linux-sysstat", "linux-sysstat-guest",
            "linux-sysstat-old", "linux-sysstat-json", "solaris", "solaris-pset");

    @Override
    public ParserInfo info() {
        return INFO;
    }

    @Override
    public java.util.Set<String> commandNames() {
        return MpstatCommand.SYNTAX.names();
    }

    @Override
    public List<String> datasets() {
        return MpstatDatasets.NAMES;
    }

    @Override
    public double sniff(Head head) {
        return MpstatDetection.sniff(head);
    }

    @Override
    public void parse(LineSource source, ParseContext context, RecordSink sink) throws IOException {
        if (SysstatJson.writer(source.head()).isPresent()) {
            new MpstatJsonReader(context, sink).read(source);
            return;
        }
        SysstatLocale locale = SysstatLocale.of(source.head(), context, firstEpoch(source.head()));
        Transcript lines = new Transcript(source, MpstatCommand.SYNTAX);
        MpstatReader reader = null;
        Optional<Duration> commandInterval = Optional.empty();
        TranscriptLine earlyDateLine = null;
        TranscriptLine line;
        while ((line = lines.next()) != null) {
            if (line.is(TranscriptLine.Kind.COMMAND)) {
                // mpstat.c prints the version and exits at -V (common.c, print_version): the report is another command's
                if (SysstatVersion.onlyVersion(line.command())) continue;
                MpstatCommand command = MpstatCommand.of(line.command());
                if (!command.options().isEmpty()) sink.fact("options", command.options());
                commandInterval = command.interval();
                continue;
            }
            if (line.noise() || SysstatVersion.read(line.text(), sink::fact)) continue;
            if (reader == null) {
                reader = readerFor(line.text(), context, sink, commandInterval, lines, locale);
                if (reader == null) {
                    if (DateLine.parse(line.text(), TimeOptions.in(context).zone()).isPresent()) {
                        earlyDateLine = line;
                    } else {
                        sink.warning(line.number(), "expected the sysstat banner or an mpstat header, found '" + line.text().strip() + "'");
                    }
                    continue;
                }
                if (earlyDateLine != null) reader.line(earlyDateLine);
            }
            reader.line(line);
        }
        if (reader == null) {
            sink.warning(0, "no mpstat output found: neither a sysstat banner nor an mpstat table header");
        } else {
            reader.finish(lines.lineNumber());
        }
        lines.finish(sink);
    }

    /** The epoch seconds that start a line of {@code mpstat -U} in the file's first lines, which settle the banner's date; else null. */
    private static java.time.Instant firstEpoch(Head head) {
        for (String line : head.lines()) {
            Optional<EpochSeconds.Found> epoch = EpochSeconds.leading(line);
            if (epoch.isPresent()) return epoch.get().instant();
        }
        return null;
    }

    /** The reader for the flavour this line belongs to, or null if the line does not tell. */
    private static MpstatReader readerFor(String text, ParseContext context, RecordSink sink, Optional<Duration> interval,
                                          Transcript lines, SysstatLocale locale) {
        if (SolarisMpstatReader.isHeader(Tokens.split(text))) return new SolarisMpstatReader(context, sink, interval);
        if (SysstatBanner.parse(text).isPresent() || ClockTime.leading(text).isPresent() || EpochSeconds.leading(text).isPresent()) {
            return new LinuxMpstatReader(context, sink, lines, locale);
        }
        return null;
    }
}
