package io.statlens.parse.builtin.arcstat;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Row;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.Numbers;
import io.statlens.parse.time.ClockTime;
import io.statlens.parse.timeline.DayClock;
import io.statlens.parse.timeline.Timeline;
import io.statlens.parse.transcript.CommandSyntax;
import io.statlens.parse.transcript.PastedCommand;
import io.statlens.parse.transcript.Transcript;
import io.statlens.parse.transcript.TranscriptLine;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * ZFS ARC statistics from arcstat: Neelakanth Nadgir's original arcstat.pl, the illumos/mharsch
 * arcstat.pl and OpenZFS arcstat(.py), with any {@code -f} field set. One unkeyed data set
 * {@code arcstat} (table ARCSTAT) whose columns are the printed fields. See docs/tools/arcstat.md.
 */
public final class ArcstatParser implements Parser {
    private static final List<String> CLASSIC_FIELDS =
            List.of("read", "miss", "miss%", "dmis", "dm%", "pmis", "pm%", "mmis", "mm%", "arcsz", "c");
    private static final List<String> OPENZFS_22_FIELDS =
            List.of("read", "ddread", "ddh%", "dmread", "dmh%", "pread", "ph%", "size", "c", "avail");
    /** Field names other tools' headers also use; they do not identify arcstat. */
    private static final Set<String> GENERIC = Set.of("time", "Time", "read", "c", "size", "free", "need", "avail",
            "grow", "hits", "miss", "mfu", "mru");
    private static final Pattern COMMAND = Pattern.compile("\\barcstat(?:\\.pl|\\.py)?\\b(.*)$");
    /** arcstat's own messages: a kstat change, and the L2ARC fields on a system without one. */
    private static final Pattern NOISE = Pattern.compile("^\\s*(?:<State Changed>|No L2ARC [Hh]ere)\\s*$");
    /** {@code arcstat}, {@code arcstat.pl} and {@code arcstat.py}; -f, -o and -s take a value. */
    static final CommandSyntax SYNTAX = CommandSyntax.of(Set.of("arcstat", "arcstat.pl", "arcstat.py"), Set.of("-f", "-o", "-s"));
    private static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);

    private static final ParserInfo INFO = ParserInfo.builtIn(ArcstatHeader.TOOL, "arcstat.pl-0.1", "classic-default",
            "openzfs-2.2-default", "custom-fields");

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
        return List.of(ArcstatHeader.TOOL);
    }

    @Override
    public double sniff(Head head) {
        for (String line : head.lines()) {
            Optional<ArcstatHeader> header = ArcstatHeader.parse(line);
            if (header.isEmpty()) continue;
            long distinctive = header.get().names().stream()
                    .filter(n -> ArcstatField.isKnown(n) && !GENERIC.contains(n)).count();
            // asked only of a head with a header, which few are
            boolean command = head.anyMatch("arcstat", COMMAND);
            if (distinctive >= 2) return command ? 1.0 : 0.9;
            if (distinctive == 1 && command) return 0.8;
        }
        return 0;
    }

    @Override
    public void parse(LineSource lines, ParseContext context, RecordSink sink) throws IOException {
        new Run(context, sink).readAll(lines);
    }

    /** The state of one parse. */
    private static final class Run {
        private final Timeline timeline;
        private final RecordSink sink;
        private ArcstatHeader header;
        private long headerLine;
        private DatasetSpec spec;
        private boolean firstSampleSinceBoot;
        private DayClock clock;
        private long sample;

        Run(ParseContext context, RecordSink sink) {
            this.timeline = new Timeline(context, sink, DEFAULT_INTERVAL);
            this.sink = sink;
        }

        void readAll(LineSource source) throws IOException {
            Transcript lines = new Transcript(source, SYNTAX);
            TranscriptLine line;
            while ((line = lines.next()) != null) {
                if (line.is(TranscriptLine.Kind.COMMAND)) {
                    command(line.command());
                    continue;
                }
                if (line.noise() || NOISE.matcher(line.text()).matches()) continue;
                String text = line.text();
                Optional<ArcstatHeader> h = ArcstatHeader.parse(text);
                if (h.isPresent()) {
                    header(h.get(), line.number());
                } else if (header == null) {
                    sink.warning(line.number(), "expected an arcstat header line (field names such as 'time read miss')");
                } else {
                    if (header.cells(text).length != header.names().size()) text = lines.repair(line, this::fits);
                    data(text, line.number());
                }
            }
            lines.finish(sink);
            if (sample == 0) {
                sink.warning(0, header == null ? "no arcstat header found" : "no arcstat data lines found");
                timeline.none("no data lines");
            }
        }

        /** The command line: its options, and the interval for outputs without time. */
        private void command(PastedCommand command) {
            if (!command.arguments().isEmpty()) sink.fact("options", command.argumentText());
            timeline.printedInterval(command.interval().orElse(null));
        }

        private void header(ArcstatHeader h, long number) {
            headerLine = number;
            if (header != null && header.names().equals(h.names())) return;
            boolean first = header == null;
            header = h;
            spec = h.spec();
            sink.dataset(spec);
            List<String> fields = h.names().stream().filter(n -> !n.equalsIgnoreCase("time")).toList();
            String variant;
            if (fields.equals(CLASSIC_FIELDS) && h.timeIndex() >= 0 && h.names().get(h.timeIndex()).equals("Time")) {
                variant = "arcstat.pl-0.1";
            } else if (fields.equals(CLASSIC_FIELDS)) {
                variant = "classic-default";
            } else if (fields.equals(OPENZFS_22_FIELDS)) {
                variant = "openzfs-2.2-default";
            } else {
                variant = "custom-fields";
            }
            sink.variant(variant);
            // arcstat.pl 0.1 prints totals since boot first; later versions take a snapshot at start-up,
            // so their first line covers the moments since then.
            if (first) firstSampleSinceBoot = variant.equals("arcstat.pl-0.1");
        }

        /** Whether a data line has a cell for every field of the header, each readable. */
        private boolean fits(String line) {
            String[] cells = header.cells(line);
            if (cells.length != header.names().size()) return false;
            for (int i = 0; i < cells.length; i++) {
                if (i == header.timeIndex()) continue;
                ArcstatField field = ArcstatField.of(header.names().get(i));
                try {
                    if (field.base() == 100) Numbers.parse(cells[i]);
                    else Numbers.parseScaled(cells[i], field.base());
                } catch (NumberFormatException e) {
                    return false;
                }
            }
            return true;
        }

        private void data(String line, long number) {
            String[] cells = header.cells(line);
            if (cells.length != header.names().size()) {
                sink.warning(number, "expected " + header.names().size() + " values as in the header at line "
                        + headerLine + ", found " + cells.length);
                return;
            }
            double[] values = new double[spec.metrics().size()];
            int v = 0;
            for (int i = 0; i < cells.length; i++) {
                if (i == header.timeIndex()) continue;
                ArcstatField field = ArcstatField.of(header.names().get(i));
                try {
                    values[v++] = field.base() == 100 ? Numbers.parse(cells[i]) : Numbers.parseScaled(cells[i], field.base());
                } catch (NumberFormatException e) {
                    sink.warning(number, "expected a number for " + field.name() + ", found '" + cells[i] + "'");
                    return;
                }
            }
            Instant time = time(cells, number);
            if (time == null) return;
            boolean sinceBoot = sample == 0 && firstSampleSinceBoot;
            sink.row(spec, new Row(sample++, time, "", sinceBoot, values));
        }

        /** The row's time: the time column (time of day, or epoch seconds with -r), else derived. */
        private Instant time(String[] cells, long number) {
            if (header.timeIndex() < 0) return timeline.sampleClock().at(sample);
            String cell = cells[header.timeIndex()];
            if (cell.matches("\\d{9,11}")) {
                if (sample == 0) timeline.source("epoch seconds in the time column (arcstat -r)");
                return Instant.ofEpochSecond(Long.parseLong(cell));
            }
            Optional<ClockTime.Found> found = ClockTime.leading(cell);
            if (found.isEmpty() || found.get().end() != cell.length()) {
                sink.warning(number, "expected a time of day (HH:MM:SS) in the time column, found '" + cell + "'");
                return null;
            }
            if (clock == null) clock = startClock();
            return clock.at(found.get().time(), timeline.options().zone());
        }

        /** arcstat prints no date: the times of day are on the date of --start, else of the fallback start. */
        private DayClock startClock() {
            Timeline.Day day = timeline.assumedDay();
            if (day.assumed() && !day.placedLater()) {
                sink.warning(0, "arcstat prints no date; taking " + day.date() + " from " + day.origin() + "; give --start to set it");
            }
            timeline.source("printed time of day on the date of " + day.origin() + " (" + day.date() + "), zone "
                    + timeline.options().zone().getId() + ", next day after midnight");
            return timeline.clock(day);
        }
    }
}
