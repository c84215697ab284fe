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
import io.statlens.parse.transcript.CommandSyntax;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Snapshots of performance_schema's {@code events_waits_summary_global_by_event_name} taken in a loop by
 * {@code mysql -e "SELECT EVENT_NAME, COUNT_STAR, SUM_TIMER_WAIT, ... FROM ..."} (tab-separated under its header,
 * or boxed), with or without time lines before each. Data set {@code perfschema.waits}, keyed by event name, so
 * that the top waits are an {@code ORDER BY}: the columns as printed (by header name; timers in picoseconds), and
 * per second of the time between snapshots {@code waits/s} (of {@code COUNT_STAR}) and {@code wait s/s} (of
 * {@code SUM_TIMER_WAIT}: seconds waited per second, the number of threads waiting on average). A count that fell
 * ({@code TRUNCATE}, a restart) is a gap. See docs/tools/perfschema-waits.md.
 */
public final class PerfschemaWaitsParser implements Parser {
    static final String TOOL = "perfschema-waits";
    private static final ParserInfo INFO = ParserInfo.builtIn(TOOL, "tab", "boxed");
    private static final CommandSyntax SYNTAX = CommandSyntax.of(Set.of("mysql", "mariadb"), Set.of("-S", "-u", "-h", "-P", "-e"));
    /** EVENT_NAME first, then the summary's own columns (COUNT_STAR, a timer, or an alias of one: SUM_TIMER_WAIT_MS). */
    private static final Pattern HEADER = Pattern.compile(
            "(?i)^\\|?\\s*EVENT_NAME\\s*(?:\\||\\s)\\s*.*\\b(?:COUNT_STAR|(?:SUM|MIN|AVG|MAX)_TIMER_WAIT\\w*)\\b.*$");
    /** A timer column as an alias names it when a query scaled it ({@code SUM_TIMER_WAIT/1000000000 SUM_TIMER_WAIT_MS}). */
    private static final Pattern TIMER_UNIT = Pattern.compile("(?i)^\\w*TIMER_WAIT_(PS|NS|US|MS|S|SEC)$");
    private static final Pattern BOX_RULE = Pattern.compile("^\\+-[-+]*\\+$");
    private static final Pattern ROWS_IN_SET = Pattern.compile("^(?:\\d+ rows? in set|Empty set)\\b.*$");
    private static final String WAITS_PER_S = "waits/s";
    private static final String WAIT_S_PER_S = "wait s/s";
    /** Most event names one snapshot may have: servers have about a thousand instruments. */
    private static final int MAX_EVENTS = 20_000;

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
        return List.of("perfschema.waits");
    }

    @Override
    public double sniff(Head head) {
        boolean header = false;
        int events = 0;
        for (String line : head.lines()) {
            String t = line.strip();
            if (HEADER.matcher(t).matches()) header = true;
            if (t.startsWith("wait/") || t.startsWith("| wait/")) events++;
        }
        return header && events >= 1 ? 0.95 : 0;
    }

    @Override
    public void parse(LineSource source, ParseContext context, RecordSink sink) throws IOException {
        new Run(context, sink).readAll(source);
    }

    /** The state of one parse. */
    /**
     * Seconds per unit of a timer column as this parser names its unit ({@code ps} unless the query scaled the column:
     * {@code ns}, {@code us}, {@code ms}, {@code s}), for {@code wait s/s} and for readers of the stored totals.
     */
    public static double secondsPer(String unit) {
        return switch (unit) {
            case "ns" -> 1e-9;
            case "us" -> 1e-6;
            case "ms" -> 1e-3;
            case "s" -> 1;
            default -> 1e-12;
        };
    }

    private static final class Run implements SnapshotTranscript.Reader {
        private final RecordSink sink;
        private final SnapshotTimes times;
        /** The table being read: its header's names, the EVENT_NAME column, and each column's metric (-1: none). */
        private List<String> columns;
        private int keyColumn;
        private int[] metricOf;
        /** The metrics' columns, named by the file's first header: one data set, whatever later queries select. */
        private List<String> metricColumns;
        private DatasetSpec spec;
        private final Map<String, double[]> snapshot = new LinkedHashMap<>();
        private final Map<String, double[]> previous = new HashMap<>();
        private Instant previousTime;
        private long sample;
        private boolean boxed;

        Run(ParseContext context, RecordSink sink) {
            this.sink = sink;
            this.times = new SnapshotTimes(context, sink);
        }

        void readAll(LineSource source) throws IOException {
            SnapshotTranscript.read(source, SYNTAX, sink, this);
            if (sample == 0) {
                sink.warning(0, "no wait summaries found (expected a header with EVENT_NAME and COUNT_STAR, then a line per event)");
                return;
            }
            sink.variant(boxed ? "boxed" : "tab");
        }

        @Override
        public void text(String text, long number) {
            Optional<Instant> time = times.timeLine(text);
            if (time.isPresent()) {
                end();
                times.stamp(time.get());
                return;
            }
            if (BOX_RULE.matcher(text).matches()) return;
            if (ROWS_IN_SET.matcher(text).matches()) {
                end();
                return;
            }
            if (HEADER.matcher(text).matches()) {
                end();
                header(cells(text), number);
                return;
            }
            if (columns == null) {
                sink.warning(number, "expected a header naming EVENT_NAME and COUNT_STAR before the events");
                return;
            }
            List<String> cells = cells(text);
            if (cells.size() != columns.size()) {
                sink.warning(number, "expected " + columns.size() + " values as in the header, found " + cells.size());
                return;
            }
            if (metricOf == null) return;
            String event = cells.get(keyColumn);
            if (snapshot.containsKey(event)) end();
            if (snapshot.size() >= MAX_EVENTS) return;
            double[] values = new double[metricColumns.size()];
            java.util.Arrays.fill(values, Double.NaN);
            for (int i = 0; i < cells.size(); i++) {
                if (metricOf[i] < 0) continue;
                double d = Numbers.parseOrNaN(cells.get(i));
                values[metricOf[i]] = Double.isFinite(d) ? d : Double.NaN;
            }
            snapshot.put(event, values);
        }

        private List<String> cells(String text) {
            List<String> out = new ArrayList<>();
            if (text.startsWith("|")) {
                boxed = true;
                // a lone "|" (a row cut after its first bar) both starts and ends with the bar (found by the import fuzz target)
                int end = text.length() > 1 && text.endsWith("|") ? text.length() - 1 : text.length();
                for (String c : text.substring(1, end).split("\\|", -1)) {
                    out.add(c.strip());
                }
                return out;
            }
            for (String c : text.split(text.indexOf('\t') >= 0 ? "\t" : "\\s+", -1)) out.add(c.strip());
            return out;
        }

        private void header(List<String> names, long number) {
            if (columns != null && names.equals(columns)) return;
            if (new java.util.HashSet<>(names).size() != names.size()) {
                sink.warning(number, "expected distinct column names in the header");
                columns = null;
                return;
            }
            int key = indexOfIgnoringCase(names, "EVENT_NAME");
            if (key < 0) {
                // a header line damaged within its EVENT_NAME cell (found by the import fuzz target)
                sink.warning(number, "expected an EVENT_NAME column in the header");
                columns = null;
                return;
            }
            java.util.Set<String> distinct = new java.util.HashSet<>(List.of(WAITS_PER_S, WAIT_S_PER_S));
            for (String name : names) {
                if (!distinct.add(name)) {
                    // a damaged header (found by the import fuzz target): a column twice, or named as a computed rate
                    sink.warning(number, "expected columns of distinct names other than " + WAITS_PER_S + " and "
                            + WAIT_S_PER_S + " (the rates statlens computes), found '" + name + "' again; the table is left out");
                    columns = null;
                    return;
                }
            }
            columns = names;
            keyColumn = key;
            if (metricColumns == null) declare(names);
            metricOf = new int[names.size()];
            List<String> unknown = new ArrayList<>();
            boolean any = false;
            for (int i = 0; i < names.size(); i++) {
                metricOf[i] = i == keyColumn ? -1 : indexOfIgnoringCase(metricColumns, names.get(i));
                if (i != keyColumn && metricOf[i] < 0) unknown.add(names.get(i));
                any |= metricOf[i] >= 0;
            }
            if (!any) {
                // A second query with none of the first one's columns: its numbers must not pass for those.
                sink.warning(number, "expected the columns of the first table (" + String.join(", ", metricColumns)
                        + "); this table's " + String.join(", ", unknown) + " are left out, and its rows with them");
                metricOf = null;
            } else if (!unknown.isEmpty()) {
                sink.warning(number, "columns the first table has not are left out: " + String.join(", ", unknown));
            }
        }

        /** The data set, from the first header: each column but EVENT_NAME, under its own name, then the rates. */
        private void declare(List<String> names) {
            metricColumns = new ArrayList<>();
            List<Metric> metrics = new ArrayList<>();
            for (int i = 0; i < names.size(); i++) {
                if (i == keyColumn) continue;
                String name = names.get(i);
                metricColumns.add(name);
                String unit = timerUnit(name);
                metrics.add(new Metric(name, unit, unit.isEmpty() || unit.equals("count") ? ""
                        : unit.equals("ps") ? "picoseconds, as performance_schema times" : "a timer the query scaled to " + unit));
            }
            metrics.add(new Metric(WAITS_PER_S, "1/s", "COUNT_STAR's increase per second since the last snapshot"));
            metrics.add(new Metric(WAIT_S_PER_S, "", "SUM_TIMER_WAIT's increase per second, in seconds: threads waiting on average"));
            spec = new DatasetSpec("perfschema", "waits", "EVENT_NAME", metrics);
            sink.dataset(spec);
            previous.clear();
        }

        /** A column's unit: count for COUNT_STAR, picoseconds for a timer, the unit an alias names ({@code _MS}). */
        private static String timerUnit(String name) {
            String upper = name.toUpperCase(Locale.ROOT);
            if (!upper.contains("TIMER")) return upper.startsWith("COUNT") ? "count" : "";
            java.util.regex.Matcher m = TIMER_UNIT.matcher(upper);
            if (!m.matches()) return "ps";
            return switch (m.group(1)) {
                case "PS" -> "ps";
                case "NS" -> "ns";
                case "US" -> "us";
                case "MS" -> "ms";
                default -> "s";
            };
        }

        private static int indexOfIgnoringCase(List<String> names, String name) {
            for (int i = 0; i < names.size(); i++) {
                if (names.get(i).equalsIgnoreCase(name)) return i;
            }
            return -1;
        }

        @Override
        public void endOfInput() {
            end();
            times.end();
        }

        @Override
        public void end() {
            if (snapshot.isEmpty()) {
                return;
            }
            Instant time = times.time(sample);
            double seconds = previousTime == null ? Double.NaN : Duration.between(previousTime, time).toNanos() / 1e9;
            int count = indexOfIgnoringCase(metricColumns, "COUNT_STAR");
            int sum = sumTimer();
            double perUnit = sum < 0 ? Double.NaN : secondsPer(timerUnit(metricColumns.get(sum)));
            for (Map.Entry<String, double[]> e : snapshot.entrySet()) {
                double[] printed = e.getValue();
                double[] values = java.util.Arrays.copyOf(printed, printed.length + 2);
                double[] before = previous.get(e.getKey());
                values[printed.length] = rate(printed, before, count, seconds, 1);
                values[printed.length + 1] = rate(printed, before, sum, seconds, 1 / perUnit);
                sink.row(spec, new Row(sample, time, e.getKey(), false, values));
                previous.put(e.getKey(), printed);
            }
            snapshot.clear();
            previousTime = time;
            sample++;
        }

        /** A counter's increase per second, scaled; a gap when there is no earlier value or the counter fell. */
        private static double rate(double[] now, double[] before, int index, double seconds, double scale) {
            if (index < 0 || before == null || !(seconds > 0)) return Double.NaN;
            double increase = now[index] - before[index];
            if (!(increase >= 0)) return Double.NaN;
            return increase / scale / seconds;
        }

        /** The metric of SUM_TIMER_WAIT, or of an alias that scaled it ({@code SUM_TIMER_WAIT_MS}), or -1. */
        private int sumTimer() {
            for (int i = 0; i < metricColumns.size(); i++) {
                String upper = metricColumns.get(i).toUpperCase(Locale.ROOT);
                if (upper.equals("SUM_TIMER_WAIT") || (upper.startsWith("SUM_TIMER_WAIT_") && TIMER_UNIT.matcher(upper).matches())) return i;
            }
            return -1;
        }
    }
}
