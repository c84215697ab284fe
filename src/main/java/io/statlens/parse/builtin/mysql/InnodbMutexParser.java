package io.statlens.parse.builtin.mysql;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.Row;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.Numbers;
import io.statlens.parse.timeline.Timeline;
import io.statlens.parse.transcript.CommandSyntax;
import io.statlens.parse.transcript.Transcript;
import io.statlens.parse.transcript.TranscriptLine;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code SHOW ENGINE INNODB MUTEX} (and 5.0's {@code SHOW MUTEX STATUS} as pt-stalk runs it): InnoDB's mutexes and
 * rw-locks, one row per lock with {@code Type | Name | Status}, the Status a list of {@code field=N} counters:
 * {@code os_waits=N} (MySQL 5.1-5.6), {@code count=, spin_waits=, spin_rounds=, os_waits=, os_yields=,
 * os_wait_times=} (5.0/5.1 debug builds), {@code spins=,waits=,calls=} or {@code waits=N} (5.7.8 and later).
 * Tab-separated ({@code mysql -e}, {@code -N}), boxed ({@code -t}, interactive) or {@code \G}, one or many
 * snapshots, with or without time lines before each. Data set {@code innodb.mutex}, keyed by the lock's name (the
 * instances of one name, five {@code &table->autoinc_mutex}, are summed), each field as printed and {@code waits/s}:
 * the increase of {@code os_waits} (else {@code waits}) per second since the last snapshot. The server lists only
 * locks that were waited on, so a lock missing from the last snapshot had none then; a count that fell (a restart,
 * {@code innodb_monitor_reset}) is a gap. See docs/tools/innodb-mutex.md.
 */
public final class InnodbMutexParser implements Parser {
    static final String TOOL = "innodb-mutex";
    private static final ParserInfo INFO = ParserInfo.builtIn(TOOL, "tab", "boxed", "vertical");
    static final String WAITS_PER_S = "waits/s";
    /** The Status fields the servers print, in the order the data set keeps them. */
    static final List<String> FIELDS = List.of("os_waits", "waits", "spins", "calls", "spin_waits", "spin_rounds",
            "os_yields", "os_wait_times", "count");
    static final DatasetSpec SPEC = spec();
    private static final CommandSyntax SYNTAX = CommandSyntax.of(Set.of("mysql", "mariadb"), Set.of("-S", "-u", "-h", "-P", "-e"));
    private static final Pattern STATEMENT = Pattern.compile("(?i)^(?:mysql>\\s*|MariaDB \\[[^]]*]>\\s*)?SHOW\\s+(?:ENGINE\\s+INNODB\\s+MUTEX|MUTEX\\s+STATUS)\\b.*$");
    private static final Pattern HEADER = Pattern.compile("^\\|?\\s*Type\\s*(?:\\||\\t|\\s)\\s*Name\\s*(?:\\||\\t|\\s)\\s*Status\\s*\\|?$");
    private static final Pattern BOX_RULE = Pattern.compile("^\\+-[-+]*\\+$");
    private static final Pattern ROW_BANNER = Pattern.compile("^\\*+\\s*(\\d+)\\. row\\s*\\*+$");
    private static final Pattern VERTICAL = Pattern.compile("^(Type|Name|Status):\\s?(.*)$");
    private static final Pattern ROWS_IN_SET = Pattern.compile("^(?:\\d+ rows? in set|Empty set)\\b.*$");
    private static final Pattern VVV_RULE = Pattern.compile("^-{5,}$");
    /** One counter of the Status column: {@code os_waits=12}. */
    private static final Pattern FIELD = Pattern.compile("([A-Za-z_]+)=(\\d+)");
    /** A Status column and nothing else: counters separated by commas and/or blanks. */
    private static final Pattern STATUS = Pattern.compile("^(?:[A-Za-z_]+=\\d+)(?:\\s*,?\\s*[A-Za-z_]+=\\d+)*+,?$");
    /** The Status column at the end of a row whose tabs became blanks. */
    private static final Pattern TRAILING_STATUS = Pattern.compile("\\s((?:[A-Za-z_]+=\\d+)(?:\\s*,?\\s*[A-Za-z_]+=\\d+)*+,?)$");
    private static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);
    /** Most lock names one snapshot may have: servers list a few hundred. */
    private static final int MAX_NAMES = 20_000;

    private static DatasetSpec spec() {
        List<Metric> metrics = new ArrayList<>();
        for (String field : FIELDS) metrics.add(new Metric(field, "count", "the Status column's " + field + "= as printed, summed over the lock's instances"));
        metrics.add(new Metric(WAITS_PER_S, "1/s", "os_waits' (MySQL 5.7.8 and later: waits') increase per second since the last snapshot"));
        return new DatasetSpec("innodb", "mutex", "Name", metrics);
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
        boolean statement = false;
        int rows = 0;
        for (String line : head.lines()) {
            String t = line.strip();
            if (STATEMENT.matcher(t).matches()) statement = true;
            if (HEADER.matcher(t).matches()) header = true;
            Optional<Cells> cells = Cells.of(t);
            if (cells.isPresent() && (cells.get().fields().containsKey("waits") || cells.get().fields().containsKey("os_waits"))) rows++;
            if (t.startsWith("Status:") && STATUS.matcher(t.substring(7).strip()).matches()) rows++;
        }
        if (rows > 0 && (header || statement)) return 0.95;
        if (statement) return 0.7;
        return rows >= 2 ? 0.6 : 0;
    }

    @Override
    public void parse(LineSource source, ParseContext context, RecordSink sink) throws IOException {
        new Run(context, sink).readAll(source);
    }

    /** A row's cells: the type, the lock's name and its Status counters. */
    private record Cells(String type, String name, Map<String, Double> fields) {
        /** A tab-separated, boxed or blank-separated row; empty when the line is none. */
        static Optional<Cells> of(String text) {
            // the Status column holds at least one counter (name=value): a line without '=' is no row, told before splitting
            if (text.indexOf('=') < 0) return Optional.empty();
            List<String> cells;
            if (text.startsWith("|")) {
                if (!text.endsWith("|") || text.length() < 2) return Optional.empty();
                cells = Arrays.stream(text.substring(1, text.length() - 1).split("\\|", -1)).map(String::strip).toList();
            } else if (text.indexOf('\t') >= 0) {
                cells = Arrays.stream(text.split("\t", -1)).map(String::strip).toList();
            } else {
                // Tabs a page or a mail turned into blanks: the type is the first word, the counters end the line
                // and the name (which may hold blanks: "sum rwlock: buf0buf.cc:1460") is what lies between.
                int firstBlank = text.indexOf(' ');
                if (firstBlank < 0) return Optional.empty();
                Matcher m = TRAILING_STATUS.matcher(text);
                if (!m.find() || m.start() <= firstBlank) return Optional.empty();
                cells = List.of(text.substring(0, firstBlank), text.substring(firstBlank, m.start()).strip(), m.group(1));
            }
            if (cells.size() != 3 || cells.get(0).isEmpty() || cells.get(1).isEmpty()) return Optional.empty();
            if (!STATUS.matcher(cells.get(2)).matches()) return Optional.empty();
            return Optional.of(new Cells(cells.get(0), cells.get(1), fields(cells.get(2))));
        }

        static Map<String, Double> fields(String status) {
            Map<String, Double> out = new LinkedHashMap<>();
            Matcher m = FIELD.matcher(status);
            while (m.find()) {
                double v = Numbers.parseOrNaN(m.group(2));
                if (Double.isFinite(v)) out.put(m.group(1).toLowerCase(Locale.ROOT), v);
            }
            return out;
        }
    }

    /** The state of one parse. */
    private static final class Run {
        private final RecordSink sink;
        private final Timeline timeline;
        private final Map<String, double[]> snapshot = new LinkedHashMap<>();
        private Map<String, double[]> previous;
        private final Set<String> unknownFields = new TreeSet<>();
        private final Set<String> repeated = new TreeSet<>();
        private Instant previousTime;
        private Instant stamp;
        private long sample;
        private boolean announced;
        private boolean emptyResult;
        private String layout;
        /** Inside a result (a header, the statement or a row seen): an unreadable line there is a warning. */
        private boolean inResult;
        /** {@code \G}: the row being read. */
        private String verticalName;

        Run(ParseContext context, RecordSink sink) {
            this.sink = sink;
            this.timeline = new Timeline(context, sink, DEFAULT_INTERVAL);
            timeline.whenStepAssumed(step -> "the output prints no interval; taking " + step.toSeconds()
                    + " s between snapshots; give --interval to set it");
        }

        void readAll(LineSource source) throws IOException {
            Transcript lines = new Transcript(source, SYNTAX);
            TranscriptLine line;
            while ((line = lines.next()) != null) {
                if (line.is(TranscriptLine.Kind.COMMAND) || line.is(TranscriptLine.Kind.SHELL)) {
                    end();
                    continue;
                }
                if (line.noise()) continue;
                read(line.text().strip(), line.number());
            }
            end();
            timeline.end();
            lines.finish(sink);
            if (!repeated.isEmpty()) {
                sink.notice(0, "lock names listed more than once in a snapshot (one per instance), their counts summed: "
                        + String.join(", ", limit(repeated)));
            }
            if (!unknownFields.isEmpty()) {
                sink.notice(0, "Status fields statlens does not know, left out: " + String.join(", ", limit(unknownFields)));
            }
            if (sample == 0) {
                if (emptyResult) {
                    sink.notice(0, "the server listed no mutexes (MariaDB prints none; MySQL lists only the locks that were waited on)");
                } else {
                    sink.warning(0, "no mutexes found (expected SHOW ENGINE INNODB MUTEX output: Type, Name and Status "
                            + "such as os_waits=N on each row)");
                }
                return;
            }
            sink.variant(layout);
        }

        private void read(String text, long number) {
            Optional<Instant> time = TimeLines.parse(text, timeline.options().zone());
            if (time.isPresent()) {
                end();
                stamp = time.get();
                return;
            }
            if (STATEMENT.matcher(text).matches()) {
                end();
                inResult = true;
                return;
            }
            if (VVV_RULE.matcher(text).matches() || text.equals("Bye")) {
                end();
                return;
            }
            if (BOX_RULE.matcher(text).matches()) {
                inResult = true;
                return;
            }
            if (ROWS_IN_SET.matcher(text).matches()) {
                if (text.startsWith("Empty set") && snapshot.isEmpty()) emptyResult = true;
                end();
                inResult = false;
                return;
            }
            if (HEADER.matcher(text).matches()) {
                end();
                inResult = true;
                return;
            }
            Matcher banner = ROW_BANNER.matcher(text);
            if (banner.matches()) {
                if (banner.group(1).equals("1")) end();
                verticalName = null;
                inResult = true;
                return;
            }
            Matcher vertical = VERTICAL.matcher(text);
            if (vertical.matches()) {
                String value = vertical.group(2).strip();
                if (vertical.group(1).equals("Name")) verticalName = value;
                if (vertical.group(1).equals("Status")) {
                    if (verticalName == null || !STATUS.matcher(value).matches()) {
                        sink.warning(number, "expected Name: and a Status: of counters such as os_waits=N");
                        return;
                    }
                    layout = "vertical";
                    add(verticalName, Cells.fields(value));
                    verticalName = null;
                }
                return;
            }
            Optional<Cells> cells = Cells.of(text);
            if (cells.isEmpty()) {
                // Prose around a pasted result (a page's text before the example) is not the server's output.
                if (inResult) sink.warning(number, "expected a row of Type, Name and Status (counters such as os_waits=N)");
                return;
            }
            inResult = true;
            if (layout == null || !layout.equals("boxed")) layout = text.startsWith("|") ? "boxed" : "tab";
            add(cells.get().name(), cells.get().fields());
        }

        private void add(String name, Map<String, Double> fields) {
            double[] values = new double[FIELDS.size()];
            Arrays.fill(values, Double.NaN);
            for (Map.Entry<String, Double> f : fields.entrySet()) {
                int i = FIELDS.indexOf(f.getKey());
                if (i < 0) unknownFields.add(f.getKey());
                else values[i] = f.getValue();
            }
            double[] held = snapshot.get(name);
            if (held == null) {
                if (snapshot.size() >= MAX_NAMES) return;
                snapshot.put(name, values);
                return;
            }
            repeated.add(name);
            for (int i = 0; i < values.length; i++) {
                if (Double.isNaN(held[i])) held[i] = values[i];
                else if (!Double.isNaN(values[i])) held[i] += values[i];
            }
        }

        private void end() {
            verticalName = null;
            if (snapshot.isEmpty()) return;
            if (!announced) {
                sink.dataset(SPEC);
                announced = true;
            }
            Instant time;
            if (stamp != null) {
                time = timeline.stamped(stamp, sample);
                timeline.source("date(1), epoch or pt-stalk TS lines before the snapshots (a snapshot without one "
                        + "follows the last by the interval)");
            } else {
                time = timeline.unstamped(sample);
            }
            stamp = null;
            double seconds = previousTime == null ? Double.NaN : Duration.between(previousTime, time).toNanos() / 1e9;
            for (Map.Entry<String, double[]> e : snapshot.entrySet()) {
                double[] printed = e.getValue();
                double[] values = Arrays.copyOf(printed, printed.length + 1);
                values[printed.length] = rate(printed, e.getKey(), seconds);
                sink.row(SPEC, new Row(sample, time, e.getKey(), false, values));
            }
            previous = new HashMap<>(snapshot);
            snapshot.clear();
            previousTime = time;
            sample++;
        }

        /**
         * The waits' increase per second: of os_waits, else of waits. A lock the last snapshot did not list had no
         * waits then (the server leaves those out); none for the first snapshot or a count that fell.
         */
        private double rate(double[] now, String name, double seconds) {
            if (previous == null || !(seconds > 0)) return Double.NaN;
            int field = !Double.isNaN(now[0]) ? 0 : 1;
            if (Double.isNaN(now[field])) return Double.NaN;
            double[] before = previous.get(name);
            double then = before == null ? 0 : before[field];
            if (Double.isNaN(then)) return Double.NaN;
            double increase = now[field] - then;
            return increase >= 0 ? increase / seconds : Double.NaN;
        }

        private static List<String> limit(Set<String> names) {
            List<String> out = new ArrayList<>(names.stream().limit(10).toList());
            if (names.size() > 10) out.add("... (" + names.size() + " in all)");
            return out;
        }
    }
}
