package io.statlens.parse.builtin.mysql;

import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.Numbers;
import io.statlens.parse.transcript.CommandSyntax;
import io.statlens.parse.transcript.PastedCommand;
import io.statlens.parse.text.Tokens;
import io.statlens.parse.transcript.Transcript;
import io.statlens.parse.transcript.TranscriptLine;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * MySQL and MariaDB status variables as people capture them: {@code mysqladmin extended-status} with {@code -i}
 * (absolute) or {@code -r -i} (differences), and {@code SHOW GLOBAL STATUS} run in a loop by {@code mysql -e} or
 * {@code mysql -N -e}, boxed, tab-separated or {@code \G}, with or without time lines (date(1), {@code date +%s},
 * pt-stalk's {@code TS}). Data set {@code mysql.status}, keyed by variable name ({@link StatusWriter}). See
 * docs/tools/mysql-status.md.
 */
public final class MysqlStatusParser implements Parser {
    static final String TOOL = "mysql-status";
    private static final ParserInfo INFO = ParserInfo.builtIn(TOOL, "boxed-absolute", "boxed-relative", "tab-absolute",
            "tab-relative", "vertical-absolute");
    static final CommandSyntax SYNTAX = CommandSyntax.of(Set.of("mysqladmin", "mariadb-admin", "mysql", "mariadb"),
                    Set.of("-i", "-c", "-S", "-u", "-h", "-P", "-e", "-w", "-O", "-D"))
            .withBareArgument(w -> CommandSyntax.optionOrNumber(w) || w.startsWith("ext"));
    /** Names only the status output has (SHOW VARIABLES prints lower-case names, e.g. {@code innodb_page_size}). */
    private static final Pattern STATUS_NAME = Pattern.compile("^(?:Aborted_\\w+|Bytes_received|Bytes_sent|Com_[a-z_]+"
            + "|Connections|Created_tmp_\\w+|Handler_\\w+|Innodb_\\w+|Key_\\w+|Open_\\w+|Opened_\\w+|Qcache_\\w+|Queries"
            + "|Questions|Select_\\w+|Slow_queries|Sort_\\w+|Table_locks_\\w+|Threads_\\w+|Uptime)$");
    private static final Pattern ROWS_IN_SET = Pattern.compile("^(?:\\d+ rows? in set|Empty set)\\b.*$");
    /** Most variables one snapshot may have: servers print 300 to 1,000. */
    private static final int MAX_VARIABLES = 10_000;
    /**
     * MySQL 8's {@code Caching_sha2_password_rsa_public_key} and {@code Rsa_public_key} print a PEM key whose lines
     * break the boxed table: {@code | Rsa_public_key | -----BEGIN PUBLIC KEY-----}, the key's lines, then
     * {@code -----END PUBLIC KEY-----} and the cell's padding and bar. A key has about ten lines; past this many the
     * table is read again.
     */
    private static final int MAX_KEY_LINES = 64;

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
        return StatusWriter.datasets();
    }

    @Override
    public double sniff(Head head) {
        int status = 0;
        int columns = 0;
        boolean command = false;
        for (TranscriptLine line : Transcript.read(head, SYNTAX)) {
            if (line.is(TranscriptLine.Kind.COMMAND)) command = true;
            if (line.kind() != TranscriptLine.Kind.TEXT) continue;
            Optional<StatusLine> s = StatusLine.parse(line.text().strip());
            if (s.isEmpty() || !STATUS_NAME.matcher(s.get().name()).matches()) continue;
            String value = s.get().value();
            // pt-mext and pt-mysql-summary print several values beside each name (a document may have made their
            // blanks tabs): not this format
            if (Tokens.split(value).length > 1
                    && value.chars().allMatch(c -> Tokens.isSpace((char) c) || c == '-' || c == '.' || Character.isDigit(c))) {
                columns++;
            } else {
                status++;
            }
        }
        if (status < 5 || columns > status / 2) return 0;
        return command ? 0.95 : 0.9;
    }

    @Override
    public void parse(LineSource lines, ParseContext context, RecordSink sink) throws IOException {
        new Run(context, sink).readAll(lines);
    }

    /** The state of one parse. */
    private static final class Run implements SnapshotTranscript.Reader {
        private final RecordSink sink;
        private final SnapshotTimes times;
        private final StatusWriter writer;
        private Map<String, Double> values = new LinkedHashMap<>();
        private boolean hadText;
        private int variables;
        private long snapshot;
        private String pendingName;
        private String layout = "";
        private boolean tooMany;
        /** Lines read of a multi-line key value, or -1 when not in one. */
        private int keyLines = -1;
        /** Whether a boxed table has rows but has not yet had its closing rule. */
        private boolean tableOpen;
        /**
         * Whether the output has the box's rules at all: {@code mysqladmin ext | grep Com_select} keeps the rows and
         * drops the rules, so a last row without a closing rule after it is no capture cut short.
         */
        private boolean ruled;
        private long lastRow;
        private int previousSize;
        private final Set<String> seen = new HashSet<>();
        private final List<String> firstSeen = new ArrayList<>();
        private long firstSeenLine;
        /** A mysqladmin command was pasted after tables were read: the next snapshot starts its own capture. */
        private boolean anotherCommand;

        Run(ParseContext context, RecordSink sink) {
            this.sink = sink;
            this.times = new SnapshotTimes(context, sink);
            this.writer = new StatusWriter(sink);
        }

        void readAll(LineSource source) throws IOException {
            SnapshotTranscript.read(source, SYNTAX, sink, this);
            if (writer.snapshots() == 0) {
                sink.warning(0, "no status variables found (expected lines such as '| Com_select | 4245 |' or 'Com_select<TAB>4245')");
                return;
            }
            Boolean relative = writer.relative();
            sink.variant(layout + "-" + (relative ? "relative" : "absolute"));
        }

        @Override
        public void endOfInput() {
            cutShort();
            end();
            times.end();
            writer.finish();
        }

        @Override
        public void text(String text, long number) {
            if (keyLines >= 0 && key(text, number)) return;
            // a table's rows and rules are none of the lines between tables (most lines of a long capture)
            boolean tableLine = !text.isEmpty() && (text.charAt(0) == '|' || text.charAt(0) == '+');
            if (!tableLine) {
                Optional<Instant> time = times.timeLine(text);
                if (time.isPresent()) {
                    end();
                    times.stamp(time.get());
                    return;
                }
                if (ROWS_IN_SET.matcher(text).matches()) {
                    end();
                    return;
                }
            }
            Optional<StatusLine> parsed = StatusLine.parse(text);
            if (parsed.isEmpty() && text.startsWith("|") && text.contains("-----BEGIN ")) {
                // the first line of a multi-line key: a text value, left out like the others
                hadText = true;
                keyLines = 0;
                return;
            }
            if (parsed.isEmpty()) {
                sink.warning(number, "expected a status variable and its value ('| Com_select | 4245 |', 'Com_select<TAB>4245'), "
                        + "a header or a time line, found '" + shorten(text) + "'");
                return;
            }
            StatusLine s = parsed.get();
            switch (s.kind()) {
                case HEADER -> {
                    end();
                    layout(text.startsWith("|") ? "boxed" : "tab");
                }
                case RULE -> {
                    tableOpen = false;
                    ruled = true;
                }
                case VERTICAL_NAME -> {
                    layout("vertical");
                    pendingName = s.name();
                }
                case VERTICAL_VALUE -> {
                    if (pendingName == null) {
                        sink.warning(number, "expected 'Variable_name: ...' before 'Value: ...'");
                    } else {
                        add(pendingName, s.value(), number);
                        pendingName = null;
                    }
                }
                case ROW -> {
                    layout(text.startsWith("|") ? "boxed" : "tab");
                    tableOpen = ruled && text.startsWith("|");
                    add(s.name(), s.value(), number);
                }
            }
        }

        /**
         * A line within a multi-line key value; false when the key has ended without its closing bar, so that the
         * line is read as any other.
         */
        private boolean key(String text, long number) {
            boolean tableLine = text.startsWith("+") || (text.startsWith("|") && text.length() > 1);
            if (tableLine || keyLines >= MAX_KEY_LINES) {
                if (keyLines >= MAX_KEY_LINES) sink.warning(number, "expected a key value's end ('-----END ... KEY----- |') within " + MAX_KEY_LINES + " lines");
                keyLines = -1;
                return false;
            }
            keyLines++;
            if (text.endsWith("|")) keyLines = -1;
            return true;
        }

        /** The input ended within a table, or with fewer variables than the snapshot before: said, and what was read is kept. */
        private void cutShort() {
            if (values.isEmpty()) return;
            if (tableOpen) {
                sink.warning(lastRow, "the input ends within a table, before its closing rule '+---+': the capture was cut short; "
                        + "the " + variables + " variables of its last snapshot are kept");
            } else if (previousSize > 0 && variables < previousSize) {
                sink.warning(lastRow, "the last snapshot ends after " + variables + " of the " + previousSize
                        + " variables of the one before: the capture was cut short?; the " + variables + " are kept");
            }
        }

        private void layout(String kind) {
            if (layout.isEmpty()) layout = kind;
        }

        private void add(String name, String value, long number) {
            // A name seen before in this snapshot starts the next one (mysql -N loops print neither header nor time).
            if (values.containsKey(name)) end();
            if (variables >= MAX_VARIABLES) {
                if (!tooMany) sink.warning(number, "more than " + MAX_VARIABLES + " variables in one snapshot; the rest are skipped");
                tooMany = true;
                return;
            }
            double v = Numbers.parseOrNaN(value);
            if (!Double.isFinite(v)) {
                hadText |= !value.isEmpty();
                return;
            }
            values.put(name, v);
            variables++;
            lastRow = number;
            if (seen.add(name) && snapshot > 0) {
                if (firstSeen.isEmpty()) firstSeenLine = number;
                firstSeen.add(name);
            }
        }

        @Override
        public void end() {
            pendingName = null;
            tableOpen = false;
            if (!firstSeen.isEmpty()) {
                sink.notice(firstSeenLine, firstSeen.size() + (firstSeen.size() == 1 ? " variable appears" : " variables appear")
                        + " first in this snapshot (" + String.join(", ", firstSeen.subList(0, Math.min(5, firstSeen.size())))
                        + (firstSeen.size() > 5 ? ", ..." : "") + "): kept from here on, their rates from their second snapshot");
                firstSeen.clear();
            }
            if (values.isEmpty()) {
                variables = 0;
                hadText = false;
                return;
            }
            Instant time = times.time(snapshot);
            writer.snapshot(new StatusWriter.Snapshot(time, values, hadText, anotherCommand));
            anotherCommand = false;
            snapshot++;
            previousSize = variables;
            values = new LinkedHashMap<>(2 * variables);
            variables = 0;
            hadText = false;
            tooMany = false;
        }

        /** A pasted mysqladmin or mysql command: its options, its interval and whether it prints differences. */
        @Override
        public void command(PastedCommand command) {
            if (!command.arguments().isEmpty()) sink.fact("options", command.argumentText());
            if (!command.tool().contains("admin")) return;
            // mysqladmin prints its first table absolute, -r or not: another run's tables are no differences from the
            // last table of the one before (which may be of another server)
            anotherCommand = snapshot > 0;
            MysqladminOptions options = MysqladminOptions.of(command.arguments());
            times.timeline().printedInterval(options.interval().orElse(null));
            writer.stated(Optional.of(options.relative()));
        }

        private static String shorten(String text) {
            return text.length() > 80 ? text.substring(0, 80) + "..." : text;
        }
    }
}
