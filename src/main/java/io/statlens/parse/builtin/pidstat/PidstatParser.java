package io.statlens.parse.builtin.pidstat;

import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.spi.TimeOptions;
import io.statlens.parse.text.EpochSeconds;
import io.statlens.parse.text.SysstatAverage;
import io.statlens.parse.text.SysstatBanner;
import io.statlens.parse.text.SysstatJson;
import io.statlens.parse.text.SysstatLocale;
import io.statlens.parse.text.SysstatVersion;
import io.statlens.parse.text.Tokens;
import io.statlens.parse.time.ClockTime;
import io.statlens.parse.transcript.CommandSyntax;
import io.statlens.parse.transcript.Transcript;
import io.statlens.parse.transcript.TranscriptLine;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * sysstat's pidstat (8 to 12.7): {@code -u -r -d -w -s -v -R -T CHILD}, {@code -t} threads, {@code -h} one line per
 * task (with {@code -H} epoch seconds), {@code -l} command lines, in any locale, and {@code -o JSON}. Each report is a data set keyed by
 * process ({@code pidstat.cpu}, {@code pidstat.memory}, ...; threads in {@code pidstat.thread_cpu}, ...); the
 * {@code Average:} blocks are summary values. See docs/tools/pidstat.md.
 */
public final class PidstatParser implements Parser {
    /** Options whose value follows: -p PID, -C comm, -G name, -T TASK|CHILD|ALL, -U user (optional), -e program, -o JSON. */
    static final CommandSyntax SYNTAX = CommandSyntax.of(Set.of("pidstat"), Set.of("-p", "-C", "-G", "-T", "-e", "-o", "--dec"));
    private static final ParserInfo INFO = ParserInfo.builtIn(PidstatHeader.TOOL, "linux-sysstat", "linux-sysstat-old",
            "linux-sysstat-json");
    private static final List<String> DATASETS = datasetNames();

    private static List<String> datasetNames() {
        List<String> names = new ArrayList<>();
        for (String d : PidstatColumns.DATASETS) names.add(PidstatHeader.TOOL + "." + d);
        for (String d : PidstatColumns.DATASETS) names.add(PidstatHeader.TOOL + ".thread_" + d);
        return List.copyOf(names);
    }

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
        return DATASETS;
    }

    @Override
    public double sniff(Head head) {
        if (SysstatJson.writer(head).orElse(null) == SysstatJson.Writer.PIDSTAT) return 0.95;
        boolean banner = false;
        for (String line : head.lines()) {
            if (!banner && SysstatBanner.parse(line).isPresent()) banner = true;
            // a header ends in Command and has an id column: a line without both words is none, told before it is split
            if (!line.contains("Command") || !(line.contains("PID") || line.contains("TGID"))) continue;
            String[] words = headerWords(line);
            if (words != null && PidstatHeader.isHeader(words)) {
                boolean known = false;
                for (String w : words) known |= PidstatColumns.known(w);
                if (known) return banner ? 1.0 : 0.9;
                return 0.6;
            }
        }
        return 0;
    }

    /**
     * Rows of pidstat averages ({@code Durchschn.:   999   6463   -   101,63 ...  xfreerdp}) with no header in the head:
     * the columns cannot be known, so the refusal says what is missing and, where the width fits one documented
     * layout only, which. Two such rows are needed: one row of numbers and a word could be anything's.
     */
    @Override
    public Optional<String> unreadable(Head head) {
        List<String> lines = head.lines();
        int first = -1;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int average = SysstatAverage.end(line);
            if (average < 0 || PidstatLayouts.cellsBeforeCommand(Tokens.split(line.substring(average))).isEmpty()) continue;
            if (first >= 0) {
                String row = lines.get(first);
                int end = SysstatAverage.end(row);
                String label = row.substring(0, end).strip();
                return Optional.of("line " + (first + 1) + ": pidstat averages ('" + label + "') without the header that"
                        + " names their columns; " + PidstatLayouts.expectedHeader(label) + " before them"
                        + PidstatLayouts.onlyFit(Tokens.split(row.substring(end))).map(fit -> "; their " + fit).orElse(""));
            }
            first = i;
        }
        return Optional.empty();
    }

    /** The words of a line after its time of day, average label or {@code # Time}, where a header's labels start. */
    private static String[] headerWords(String line) {
        String stripped = line.strip();
        if (stripped.startsWith("#")) {
            String[] words = Tokens.split(stripped.substring(1));
            return words.length > 0 && words[0].equals("Time") ? java.util.Arrays.copyOfRange(words, 1, words.length) : null;
        }
        Optional<ClockTime.Found> time = ClockTime.leading(line);
        if (time.isPresent()) {
            int from = ClockTime.zoneAfter(line, time.get().end()).map(ClockTime.Zone::end).orElse(time.get().end());
            return Tokens.split(line.substring(from));
        }
        // -H without -h: the seconds since the epoch stand where the time of day would
        Optional<EpochSeconds.Found> epoch = EpochSeconds.leading(line);
        if (epoch.isPresent()) return Tokens.split(line.substring(epoch.get().end()));
        int average = SysstatAverage.end(line);
        return average >= 0 ? Tokens.split(line.substring(average)) : null;
    }

    /**
     * The epoch seconds of the first {@code -h -H} row after a {@code # Time} header, or of the first header that
     * {@code -H} alone puts them before, in the file's first lines; else null.
     */
    private static Instant firstEpoch(Head head) {
        boolean header = false;
        for (String line : head.lines()) {
            String stripped = line.strip();
            if (stripped.startsWith("#")) {
                header = headerWords(line) != null;
                continue;
            }
            Optional<EpochSeconds.Found> epoch = EpochSeconds.leading(line);
            if (epoch.isPresent() && (header
                    || PidstatHeader.isHeader(Tokens.split(line.substring(epoch.get().end()))))) {
                return epoch.get().instant();
            }
        }
        return null;
    }

    @Override
    public void parse(LineSource source, ParseContext context, RecordSink sink) throws IOException {
        if (SysstatJson.writer(source.head()).isPresent()) {
            new PidstatJsonReader(context, sink).read(source);
            return;
        }
        SysstatLocale locale = SysstatLocale.of(source.head(), context, firstEpoch(source.head()));
        Transcript lines = new Transcript(source, SYNTAX);
        PidstatReader reader = new PidstatReader(context, sink, locale);
        TranscriptLine line;
        while ((line = lines.next()) != null) {
            if (line.is(TranscriptLine.Kind.COMMAND)) {
                // pidstat.c prints the version and exits at -V (common.c, print_version): the report is another command's
                if (!line.command().arguments().isEmpty() && !SysstatVersion.onlyVersion(line.command())) {
                    sink.fact("options", line.command().argumentText());
                }
                continue;
            }
            if (!line.noise() && SysstatVersion.read(line.text(), sink::fact)) continue;
            reader.line(line);
        }
        reader.finish();
        lines.finish(sink);
    }
}
