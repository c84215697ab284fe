package io.statlens.parse.builtin.mysql;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Row;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.transcript.CommandSyntax;
import io.statlens.parse.timeline.Timeline;
import io.statlens.parse.transcript.Transcript;
import io.statlens.parse.transcript.TranscriptLine;

import java.io.IOException;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * SHOW ENGINE INNODB STATUS, one or many snapshots in a file, as the mysql client prints it (plain, {@code \G},
 * boxed, or tab-separated with the report's newlines escaped: {@link BatchEscapes}) or as pt-stalk and
 * pt-mysql-summary save it. Each snapshot becomes one row of the unkeyed data set
 * {@code innodb.status} at the time its header prints ({@code 2026-12-02 00:44:18 0x7ff6... INNODB MONITOR OUTPUT}: the
 * thread in hex from MySQL 5.7 and MariaDB, in decimal from MySQL 8.0 ({@code 2023-07-13 23:29:50 140536853775936}),
 * or MySQL 5.x's {@code 100904 10:24:51 INNODB MONITOR OUTPUT}, in {@code --tz}), with the numbers of SEMAPHORES,
 * TRANSACTIONS, FILE I/O, the adaptive hash index, LOG, BUFFER POOL AND MEMORY and ROW OPERATIONS
 * ({@link InnodbStatusLines}) and the checkpoint age. See docs/tools/innodb-status.md.
 */
public final class InnodbStatusParser implements Parser {
    static final String TOOL = "innodb-status";
    private static final ParserInfo INFO = ParserInfo.builtIn(TOOL, "yymmdd-header", "iso-header");
    static final DatasetSpec SPEC = new DatasetSpec("innodb", "status", "", InnodbStatusLines.metrics());
    private static final CommandSyntax SYNTAX = CommandSyntax.of(Set.of("mysql", "mariadb"), Set.of("-S", "-u", "-h", "-P", "-e"));
    // blanks between the words may be any run of spaces or tabs (MySQL 5.x pads the hour: "100831  8:56:28"; a document
    // converter may turn that run into a tab)
    private static final Pattern HEADER = Pattern.compile(
            "(?:(\\d{4})-(\\d\\d)-(\\d\\d)|(\\d\\d)(\\d\\d)(\\d\\d))\\h+(\\d{1,2}):(\\d\\d):(\\d\\d)(?:\\h+(?:0x[0-9a-fA-F]+|\\d+))?\\h+INNODB MONITOR OUTPUT");
    private static final Pattern END = Pattern.compile("END OF INNODB MONITOR OUTPUT");
    private static final Set<String> SECTIONS = Set.of("BACKGROUND THREAD", "SEMAPHORES", "LATEST DETECTED DEADLOCK",
            "LATEST FOREIGN KEY ERROR", "TRANSACTIONS", "FILE I/O", "INSERT BUFFER AND ADAPTIVE HASH INDEX", "LOG",
            "BUFFER POOL AND MEMORY", "INDIVIDUAL BUFFER POOL INFO", "ROW OPERATIONS");
    private static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);

    @Override
    public ParserInfo info() {
        return INFO;
    }

    @Override
    public java.util.Set<String> commandNames() {
        return SYNTAX.names();
    }

    @Override
    public boolean runs(String line) {
        return MysqlStatement.runs(line, TOOL);
    }

    @Override
    public List<String> datasets() {
        return List.of(SPEC.qualifiedName());
    }

    @Override
    public double sniff(Head head) {
        boolean header = false;
        boolean section = false;
        for (String line : head.lines()) {
            if (HEADER.matcher(line).find()) header = true;
            String t = line.strip();
            if (t.equals("SEMAPHORES") || t.equals("TRANSACTIONS") || t.equals("BACKGROUND THREAD")) section = true;
        }
        if (header) return section ? 0.95 : 0.9;
        return 0;
    }

    @Override
    public void parse(LineSource lines, ParseContext context, RecordSink sink) throws IOException {
        new Run(context, sink).readAll(lines);
    }

    /** The state of one parse. */
    private static final class Run {
        private final RecordSink sink;
        private final Timeline timeline;
        private double[] values;
        private Instant time;
        private long started;
        private boolean ended;
        private String section = "";
        private long snapshots;
        private boolean old;

        Run(ParseContext context, RecordSink sink) {
            this.sink = sink;
            this.timeline = new Timeline(context, sink, DEFAULT_INTERVAL);
        }

        void readAll(LineSource source) throws IOException {
            Transcript lines = new Transcript(source, SYNTAX);
            TranscriptLine line;
            while ((line = lines.next()) != null) {
                if (line.is(TranscriptLine.Kind.COMMAND)) {
                    if (!line.command().arguments().isEmpty()) sink.fact("options", line.command().argumentText());
                    continue;
                }
                if (line.kind() != TranscriptLine.Kind.TEXT) continue;
                if (BatchEscapes.isEscapedReport(line.text())) {
                    for (String text : BatchEscapes.lines(line.text())) read(cellText(text), line.number());
                } else {
                    read(cellText(line.text()), line.number());
                }
            }
            finishSnapshot();
            timeline.end();
            lines.finish(sink);
            if (snapshots == 0) {
                sink.warning(0, "no InnoDB monitor output found (expected a line '... INNODB MONITOR OUTPUT')");
                return;
            }
            // MySQL up to 5.6 prints 100904 10:24:51; MySQL 5.7+ and MariaDB 10.2+ 2026-12-02 00:44:18 and a thread id
            sink.variant(old ? "yymmdd-header" : "iso-header");
            timeline.source("the time each snapshot's header prints, zone " + timeline.options().zone().getId());
        }

        /** The text of a line inside the mysql client's box ({@code | InnoDB |      | text}, {@code text |}). */
        private static String cellText(String text) {
            String t = text.strip();
            if (t.startsWith("| InnoDB")) {
                int third = t.indexOf('|', t.indexOf('|', 1) + 1);
                t = third < 0 ? "" : t.substring(third + 1).strip();
            }
            if (t.endsWith(" |") || t.equals("|")) t = t.substring(0, t.length() - 1).strip();
            return t;
        }

        private void read(String text, long number) {
            Matcher h = HEADER.matcher(text);
            if (h.find()) {
                finishSnapshot();
                start(h, number);
                return;
            }
            if (values == null) return; // the \G banner, Type:/Name:/Status: lines, a box's rules
            if (END.matcher(text).find()) {
                ended = true;
                finishSnapshot();
                return;
            }
            if (SECTIONS.contains(text)) {
                section = text;
                return;
            }
            // MySQL 8.0's rows of its own tables (data dictionary...) and their rates follow the user rows' and would
            // overwrite them: read past the rest of the section
            if (text.startsWith("Number of system rows")) {
                section = "ROW OPERATIONS (system rows)";
                return;
            }
            // The per-instance blocks repeat the pool's lines for each instance; the totals come first.
            if (section.equals("INDIVIDUAL BUFFER POOL INFO")) return;
            InnodbStatusLines.read(section, text, values);
        }

        private void start(Matcher h, long number) {
            values = new double[SPEC.metrics().size()];
            Arrays.fill(values, Double.NaN);
            section = "";
            started = number;
            ended = false;
            old = h.group(1) == null;
            time = null;
            try {
                LocalDateTime local = h.group(1) != null
                        ? LocalDateTime.of(Integer.parseInt(h.group(1)), Integer.parseInt(h.group(2)), Integer.parseInt(h.group(3)),
                        Integer.parseInt(h.group(7)), Integer.parseInt(h.group(8)), Integer.parseInt(h.group(9)))
                        : LocalDateTime.of(2000 + Integer.parseInt(h.group(4)), Integer.parseInt(h.group(5)), Integer.parseInt(h.group(6)),
                        Integer.parseInt(h.group(7)), Integer.parseInt(h.group(8)), Integer.parseInt(h.group(9)));
                time = local.atZone(timeline.options().zone()).toInstant();
            } catch (DateTimeException e) {
                sink.warning(number, "expected a date and time before INNODB MONITOR OUTPUT, found '" + h.group() + "'");
            }
        }

        private void finishSnapshot() {
            if (values == null) return;
            if (!ended) {
                sink.warning(started, "the snapshot starting here has no 'END OF INNODB MONITOR OUTPUT' (truncated); its values are kept");
            }
            double lsn = values[InnodbStatusLines.index("log sequence number")];
            double checkpoint = values[InnodbStatusLines.index("last checkpoint at")];
            values[InnodbStatusLines.index("checkpoint age")] = lsn - checkpoint;
            if (snapshots == 0) sink.dataset(SPEC);
            Instant at = time != null ? timeline.stamped(time, snapshots) : timeline.unstamped(snapshots);
            sink.row(SPEC, new Row(snapshots++, at, "", false, values));
            values = null;
        }
    }
}
