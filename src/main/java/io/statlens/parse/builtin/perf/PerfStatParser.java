package io.statlens.parse.builtin.perf;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.Row;
import io.statlens.model.SummaryValue;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.time.DateLine;
import io.statlens.parse.timeline.Timeline;
import io.statlens.parse.transcript.CommandSyntax;
import io.statlens.parse.transcript.PastedCommand;
import io.statlens.parse.transcript.Transcript;
import io.statlens.parse.transcript.TranscriptLine;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code perf stat -I MS} (Linux perf): the counters of every interval, in text or in the
 * CSV of {@code -x SEP}, system-wide or per CPU ({@code -A}) or per core, socket, die or node. One data set
 * {@code perf-stat} whose metrics are the events as printed, keyed by CPU or aggregate when the output has one.
 * {@code perf stat} without {@code -I} prints one summary of the whole command instead (after {@code Performance
 * counter stats for ...}, its elapsed, user and sys seconds below): one sample per summary. See
 * docs/tools/perf-stat.md.
 */
public final class PerfStatParser implements Parser {
    static final String TOOL = "perf-stat";
    /** {@code perf stat}: -e, -I, -x, -o, -r, -C, -p, -t, -G, -M and --cgroup take a value. */
    private static final CommandSyntax SYNTAX = CommandSyntax.of(Set.of("perf"),
            Set.of("-e", "-I", "-x", "-o", "-r", "-C", "-p", "-t", "-G", "-M", "--interval-print", "--field-separator"));
    private static final Pattern HEADER = Pattern.compile("^#\\s+time\\s+(?:(?:CPU|core|socket|die|node)\\s+)?(?:cpus\\s+)?counts\\s+unit\\s+events");
    private static final Pattern STARTED = Pattern.compile("^#\\s*started on\\s+(.+)$");
    private static final Pattern TEXT_LINE = Pattern.compile(
            "^\\s*\\d+\\.\\d{6,9}\\s+(?:(?:CPU\\d+|S\\d[\\w-]*\\s+\\d+|N\\d+\\s+\\d+)\\s+)?(?:\\d[\\d,.]*|<not counted>|<not supported>)\\s+(?:\\S+\\s+)?[A-Za-z_][\\w\\-/:.=,@]*(?:\\s+#.*)?\\s*$");
    private static final Pattern CSV_LINE = Pattern.compile(
            "^\\s*\\d+\\.\\d{6,9}([,;:|])(?:(?:CPU\\d+|S\\d[\\w-]*\\1\\d+|N\\d+\\1\\d+)\\1)?(?:\\d[\\d.]*|<not counted>|<not supported>)\\1[^,;:|]*\\1[A-Za-z_]");
    private static final Pattern SUMMARY = Pattern.compile("^\\s*Performance counter stats for (.+?)(?: \\((\\d+) runs\\))?:?\\s*$");
    /** A counter line of a summary (no time): CPU or aggregate, count, unit, event, then the derived metric. */
    private static final Pattern SUMMARY_TEXT_LINE = Pattern.compile(
            "^\\s*(?:(?:CPU\\d+|S\\d[\\w-]*\\s+\\d+|N\\d+\\s+\\d+)\\s+)?(?:\\d[\\d,.]*|<not counted>|<not supported>)\\s+(?:\\S+\\s+)?[A-Za-z_][\\w\\-/:.=,@]*(?:\\s+\\(\\w+\\))?(?:\\s+#.*|\\s+[(\\[].*)?\\s*$");
    /** A counter line of {@code perf stat -x,} without {@code -I}: count, unit, event, run time, share (-r: spread). */
    private static final Pattern SUMMARY_CSV_LINE = Pattern.compile(
            "^\\s*(?:CPU\\d+,|S\\d[\\w-]*,\\d+,|N\\d+,\\d+,)?(?:\\d[\\d.]*|<not counted>|<not supported>),[^,]*,[A-Za-z_][\\w\\-/:.=@]*,(?:[\\d.]+%,)?\\d*,[\\d.]*");
    /**
     * A derived metric printed by {@code -x} on a line of its own: the count, unit and event cells are empty
     * ({@code ,,,,,0.04,stalled cycles per insn}), the CSV twin of the text's {@code #    0.04  stalled cycles per insn}.
     */
    private static final Pattern DERIVED_CSV = Pattern.compile(
            "^(?:\\d+\\.\\d+[,;:|])?(?:(?:CPU\\d+|S\\d[\\w-]*[,;:|]\\d+|N\\d+[,;:|]\\d+)[,;:|])?[,;:|]{3}");
    /** Newer perf (2021 on) starts each {@code --summary} line of {@code -x} with {@code summary} where the time was. */
    private static final Pattern SUMMARY_CELL = Pattern.compile("^summary[,;:|]");
    /** The seconds of the whole command under a summary: {@code 1.041191603 seconds time elapsed}, with -r a spread. */
    private static final Pattern SECONDS = Pattern.compile(
            "^\\s*(\\d+(?:\\.\\d+)?)(?:\\s+\\+-\\s+\\d+(?:\\.\\d+)?)?\\s+seconds\\s+(time elapsed|user|sys)(?:\\s+\\(.*\\))?\\s*$");
    /** The software clock events, counted in nanoseconds and printed in milliseconds. */
    private static final Set<String> CLOCK_EVENTS = Set.of("task-clock", "cpu-clock");
    private static final ParserInfo INFO = ParserInfo.builtIn(TOOL, "interval-text", "interval-csv", "summary-text",
            "summary-csv", "interval-json", "summary-json");
    /** A counter line of {@code perf stat -j}: a JSON object with the counter's value and event. */
    private static final Pattern JSON_LINE = Pattern.compile("^\\s*\\{.*\"counter-value\"\\s*:.*\"event\"\\s*:");

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
        return List.of(TOOL);
    }

    @Override
    public double sniff(Head head) {
        int text = 0;
        int csv = 0;
        int summaryText = 0;
        int summaryCsv = 0;
        int json = 0;
        boolean header = false;
        boolean summary = false;
        for (String line : head.lines()) {
            if (HEADER.matcher(line).find()) header = true;
            if (SUMMARY.matcher(line).matches()) summary = true;
            if (TEXT_LINE.matcher(line).matches()) text++;
            if (CSV_LINE.matcher(line).find()) csv++;
            if (SUMMARY_TEXT_LINE.matcher(line).matches()) summaryText++;
            if (SUMMARY_CSV_LINE.matcher(line).find()) summaryCsv++;
            if (JSON_LINE.matcher(line).find()) json++;
        }
        if (header && text > 0) return 1.0;
        if (summary && summaryText > 0) return 0.95;
        if (text >= 3 || csv >= 3) return 0.9;
        if (summaryCsv >= 3) return 0.8;
        if (json >= 2) return 0.9;
        return 0;
    }

    @Override
    public void parse(LineSource lines, ParseContext context, RecordSink sink) throws IOException {
        Run run = new Run(context, sink);
        Transcript transcript = new Transcript(lines, SYNTAX);
        TranscriptLine line;
        while ((line = transcript.next()) != null) {
            if (line.is(TranscriptLine.Kind.COMMAND)) {
                run.command(line.command());
            } else if (line.is(TranscriptLine.Kind.TEXT) || line.is(TranscriptLine.Kind.SHELL)) {
                run.line(line.text(), line.number());
            }
        }
        transcript.finish(sink);
        run.finish();
    }

    /** The state of one file: the interval being gathered, the events seen, the start. */
    private static final class Run {
        private final Timeline timeline;
        private final RecordSink sink;
        private final List<String> events = new ArrayList<>();
        private final Map<String, String> units = new LinkedHashMap<>();
        private final Map<String, double[]> current = new LinkedHashMap<>();
        private final Set<String> missingSaid = new HashSet<>();
        private final Set<String> multiplexedSaid = new HashSet<>();
        /** Per key and event, how many times the interval being gathered has printed it. */
        private final Map<String, Integer> printedInInterval = new HashMap<>();
        private final Set<String> repeatedSaid = new HashSet<>();
        /** A summary of the whole command (perf stat without -I) is being read: its lines have no time. */
        private boolean summary;
        /** The --summary of an interval run (perf stat -I --summary) is being read: run summary values. */
        private boolean totals;
        /** A command was pasted after the last counter: what follows is its own run, not the --summary of the last. */
        private boolean commandPasted;
        /**
         * The summary being read opened with its {@code Performance counter stats for} title and its elapsed seconds
         * have not been read: every counter line until them is of this summary, an event printed again a second counter.
         */
        private boolean titledSummaryOpen;
        /** The elapsed seconds printed under the current summary; NaN before them. */
        private double summaryElapsed = Double.NaN;
        private DatasetSpec spec;
        private double currentElapsed = Double.NaN;
        private boolean gathering;
        /** What the key is: {@code CPU} (-A), {@code aggregate} (--per-core, --per-socket...); empty when none. */
        private String keyLabel = "";
        private Instant started;
        /** The '# started on' line of a later run (perf stat -o --append), for when its seconds start again. */
        private Instant nextStarted;
        /** Whether {@link #started} is a date(1) line printed before the command rather than perf's '# started on'. */
        private boolean startedByDateLine;
        /** The date(1) line a capture loop printed before the summary being read ({@code date; perf stat ...}). */
        private Instant datedSummary;
        /** Seconds before the current run's start: the printed seconds of the runs pasted before it, one after another. */
        private double runOffset;
        private long sample;
        private boolean csv;
        /** Whether the counters are perf stat -j's JSON lines. */
        private boolean json;
        /** The separator of -x, as the interval lines show it; the --summary lines after them use it too. */
        private char separator = ',';
        /**
         * The metric group whose metrics are being read (perf 6.5+ -x without -e): {@code TopdownL1}, or {@code
         * TopdownL1 (cpu_core)}; null outside one. A counter line or the end of the sample ends it.
         */
        private String metricGroup;
        /** The arguments of the last command pasted, said once as the options fact. */
        private String options = "";

        Run(ParseContext context, RecordSink sink) {
            this.timeline = new Timeline(context, sink, Duration.ofSeconds(1));
            this.sink = sink;
        }

        void command(PastedCommand command) {
            commandPasted = true;
            // the same command typed again for a second run says nothing new
            if (!command.arguments().isEmpty() && !command.argumentText().equals(options)) sink.fact("options", command.argumentText());
            options = command.argumentText();
            command.value("-I").or(() -> command.value("--interval-print")).ifPresent(ms -> {
                try {
                    timeline.printedInterval(Duration.ofMillis(Long.parseLong(ms)));
                } catch (NumberFormatException e) {
                    // a shell variable: the times are printed anyway
                }
            });
        }

        void line(String text, long number) {
            String s = text.strip();
            Matcher started = STARTED.matcher(s);
            if (started.matches()) {
                Optional<Instant> at = DateLine.parse(started.group(1).strip(), timeline.options().zone());
                if (at.isPresent() && sample == 0 && !gathering) this.started = at.get();
                else if (at.isPresent()) nextStarted = at.get();
                return;
            }
            if (s.startsWith("#")) {
                if (HEADER.matcher(s).find()) intervals();
                return;
            }
            if (s.isEmpty()) return;
            if (s.startsWith("{")) {
                json(s, number);
                return;
            }
            if (!gathering || summary) {
                Optional<Instant> date = DateLine.parse(s, timeline.options().zone());
                if (date.isPresent()) {
                    dateLine(date.get());
                    return;
                }
            }
            if (s.equals("Events disabled") || s.equals("Events enabled")) {
                // perf's own messages (-D/--delay, --ctl-fd): between them the intervals count nothing
                sink.notice(number, "perf printed '" + s + "': counting " + (s.endsWith("disabled") ? "stops here" : "starts again here"));
                return;
            }
            if (csv && gathering && metricGroup(s)) return;
            if (csv && DERIVED_CSV.matcher(s).find()) return;
            Matcher title = SUMMARY.matcher(s);
            if (title.matches() && !summary && !commandPasted && (sample > 0 || gathering)) {
                // perf stat -I --summary: the counts of the whole run follow the intervals
                totals();
                return;
            }
            if (title.matches()) {
                flush(true);
                summary = true;
                titledSummaryOpen = true;
                summaryElapsed = Double.NaN;
                sink.fact("command", title.group(1).replaceAll("^'|'$", ""));
                if (title.group(2) != null) sink.fact("runs", title.group(2));
                return;
            }
            Matcher seconds = SECONDS.matcher(s);
            if (seconds.matches()) {
                seconds(Double.parseDouble(seconds.group(1)), seconds.group(2));
                return;
            }
            Optional<PerfStatLine> parsed = Optional.empty();
            Matcher c = CSV_LINE.matcher(s);
            boolean timedCsv = c.find();
            Matcher summaryCell = SUMMARY_CELL.matcher(s);
            if (totals && (timedCsv || !csv && TEXT_LINE.matcher(s).matches())) {
                // a line with its seconds again: the intervals of another run
                totals = false;
            } else if (!totals && csv && !timedCsv && (summaryCell.find()
                    || !summary && !commandPasted && (sample > 0 || gathering) && SUMMARY_CSV_LINE.matcher(s).find())) {
                totals();
            }
            if (totals) {
                String counts = csv && summaryCell.reset().find() ? s.substring(summaryCell.end()) : s;
                parsed = csv ? PerfStatLine.separated(counts, separator, false) : PerfStatLine.text(counts, false);
                if (parsed.isPresent()) {
                    total(parsed.get());
                    return;
                }
            }
            if (timedCsv) {
                if (summary) intervals();
                csv = true;
                separator = c.group(1).charAt(0);
                parsed = PerfStatLine.separated(s, c.group(1).charAt(0), true);
            } else if (!summary && sample == 0 && !gathering && SUMMARY_CSV_LINE.matcher(s).find() || summary && csv) {
                // perf stat -x, without -I prints no title above its summary: the first such line says what it is
                summary = true;
                csv = true;
                parsed = PerfStatLine.separated(s, ',', false);
            } else if (!s.contains(",") || !csv) {
                parsed = PerfStatLine.text(s, !summary);
            }
            if (parsed.isEmpty()) {
                sink.warning(number, "expected a perf stat counter line (" + (summary ? "" : "time, ")
                        + "count, unit, event), found '" + s + "'");
                return;
            }
            counter(parsed.get(), number);
        }

        /**
         * A line of {@code perf stat -j}: with its {@code "interval"} an interval's counter, else a summary's (perf prints
         * no title above it). A derived metric on a line of its own is not a count.
         */
        private void json(String s, long number) {
            Optional<PerfStatJson.Line> read = PerfStatJson.read(s);
            if (read.isEmpty()) {
                sink.warning(number, "expected a perf stat -j counter line ({\"counter-value\" : ..., \"unit\" : ...,"
                        + " \"event\" : ...}), found '" + s + "'");
                return;
            }
            if (read.get().counter().isEmpty()) return;
            PerfStatLine l = read.get().counter().get();
            json = true;
            if (Double.isNaN(l.elapsed())) {
                if (!summary) flush(true);
                summary = true;
            } else if (summary) {
                intervals();
            }
            counter(l, number);
        }

        /** A '# time counts unit events' header: interval lines follow, also after a summary of another command. */
        private void intervals() {
            if (!summary && !totals) return;
            flush(true);
            summary = false;
            titledSummaryOpen = false;
            totals = false;
            csv = false;
        }

        /**
         * The summary of {@code perf stat -I ... --summary}: the counts of the whole run after its intervals are run
         * summary values named after their events, not one more sample among the intervals.
         */
        private void totals() {
            flush(true);
            totals = true;
        }

        private void total(PerfStatLine l) {
            if (!l.missing().isEmpty()) return;
            sink.summary(new SummaryValue(TOOL, l.key(), l.event(), l.count(), unit(l.unit(), l.event())));
        }

        /** The elapsed, user or sys seconds of the whole command, under its summary: run summary values. */
        private void seconds(double value, String what) {
            if (what.equals("time elapsed")) {
                summaryElapsed = value;
                titledSummaryOpen = false;
            }
            sink.summary(new SummaryValue(TOOL, "", "seconds " + what, value, "s"));
        }

        /**
         * A metric group's header or one of its metrics (perf 6.5+ prints the Default groups after the counters): each
         * metric is stored under its name, and the PMU of a hybrid machine's group ({@code tma_retiring (cpu_atom)}),
         * beside the counters of its sample, in its unit as printed.
         */
        private boolean metricGroup(String s) {
            Optional<String> header = PerfStatLine.metricGroup(s, separator);
            if (header.isPresent()) {
                metricGroup = header.get();
                return true;
            }
            if (metricGroup == null) return false;
            Optional<PerfStatLine.GroupMetric> metric = PerfStatLine.groupMetric(s, separator);
            if (metric.isEmpty()) return false;
            PerfStatLine.GroupMetric m = metric.get();
            int pmu = metricGroup.indexOf(" (");
            store(m.key(), m.name() + (pmu < 0 ? "" : metricGroup.substring(pmu)), m.unit(), m.value());
            return true;
        }

        private void counter(PerfStatLine l, long number) {
            commandPasted = false;
            metricGroup = null;
            if (!summary && !Double.isNaN(currentElapsed) && l.elapsed() < currentElapsed) newRun(number);
            if (gathering && Double.compare(l.elapsed(), currentElapsed) != 0) flush(true);
            // a summary appended again without a title (perf stat -x in a loop prints none): the event comes again
            if (gathering && summary && !titledSummaryOpen && counted(l)) flush(true);
            if (!gathering) {
                gathering = true;
                currentElapsed = l.elapsed();
            }
            if (!l.key().isEmpty() && keyLabel.isEmpty()) keyLabel = l.key().startsWith("CPU") ? "CPU" : "aggregate";
            if (!l.missing().isEmpty() && missingSaid.add(l.event() + l.missing())) {
                sink.warning(number, "perf stat printed " + l.missing() + " for " + l.event() + ": stored as no value"
                        + (l.missing().equals("<not supported>") ? " (the CPU or the kernel has no such counter here)"
                        : " (the counter was not scheduled in this interval)"));
            }
            if (l.share() < 100 && multiplexedSaid.add(l.event())) {
                sink.notice(number, "perf stat counted " + l.event() + " for " + l.share() + " % of the time (multiplexed"
                        + " with other events) and scaled its count to the whole time");
            }
            String event = l.event();
            int printed = summary && !titledSummaryOpen ? 1 : printedInInterval.merge(l.key() + '\n' + event, 1, Integer::sum);
            if (printed > 1) {
                // two counters of one name (-e clockticks,clockticks): perf prints both in each interval or summary
                event = event + " (" + printed + ")";
                if (repeatedSaid.add(event)) sink.notice(number, "perf stat printed " + l.event() + " more than once in one "
                        + (summary ? "summary" : "interval") + " (counters of one name): the second is " + event);
            }
            store(l.key(), event, unit(l.unit(), l.event()), l.count());
        }

        /** A value of the sample being gathered: the event's (or metric's) column, added at its first value. */
        private void store(String key, String event, String unit, double value) {
            if (!events.contains(event)) {
                events.add(event);
                units.put(event, unit);
            }
            double[] values = current.computeIfAbsent(key, k -> new double[0]);
            int index = events.indexOf(event);
            if (values.length <= index) {
                int from = values.length;
                values = Arrays.copyOf(values, events.size());
                Arrays.fill(values, from, values.length, Double.NaN);
                current.put(key, values);
            }
            values[index] = value;
        }

        /**
         * A date(1) line that a capture loop printed before running perf stat: it dates the summary that follows (at
         * its end when its elapsed seconds are printed) and ends the one before (perf stat -x prints no title to do so);
         * before the first counter line it is also the start that -I's seconds count from.
         */
        private void dateLine(Instant at) {
            flush(true);
            datedSummary = at;
            if (sample == 0 && started == null) {
                started = at;
                startedByDateLine = true;
            }
        }

        /**
         * perf stat -I prints the seconds since its own start, so seconds lower than the last ones are the next run of
         * perf stat pasted or appended after it: it starts at its own '# started on' line, else where the previous run
         * ended (the time between the runs is printed nowhere).
         */
        private void newRun(long number) {
            flush(true);
            if (nextStarted != null) {
                started = nextStarted;
                runOffset = 0;
                nextStarted = null;
                sink.notice(number, "the seconds start again: a new perf stat run, at its own '# started on' line");
            } else {
                runOffset += currentElapsed;
                sink.notice(number, "the seconds start again: a new perf stat run, placed where the previous one ended"
                        + " (the time between the runs is not printed)");
            }
        }

        /** Whether the current sample has a count of this event and key already. */
        private boolean counted(PerfStatLine l) {
            double[] values = current.get(l.key());
            int index = events.indexOf(l.event());
            return values != null && index >= 0 && index < values.length && !Double.isNaN(values[index]);
        }

        /**
         * The unit of an event's counts. perf counts task-clock and cpu-clock in nanoseconds and prints them in
         * milliseconds ({@code nsec_printout}); perf 3.x printed no unit after them ({@code 25566.693274 task-clock}).
         */
        private static String unit(String printed, String event) {
            if (printed.isEmpty() && CLOCK_EVENTS.contains(event.replaceFirst(":.*$", ""))) return "ms";
            return switch (printed) {
                case "" -> "count";
                case "msec" -> "ms";
                case "nsec", "ns" -> "ns";
                default -> printed;
            };
        }

        /**
         * Writes the interval gathered: one row per CPU or aggregate (one row when not keyed).
         *
         * @param another whether another sample follows (its lines are being read), else the file ended
         */
        private void flush(boolean another) {
            if (!gathering) return;
            if (spec == null || spec.metrics().size() != events.size()) {
                List<Metric> metrics = new ArrayList<>();
                for (String e : events) metrics.add(new Metric(e, units.get(e), ""));
                spec = new DatasetSpec(TOOL, "", keyLabel, metrics);
                sink.dataset(spec);
                sink.variant((summary ? "summary-" : "interval-") + (json ? "json" : csv ? "csv" : "text"));
            }
            Instant time = time(another);
            for (Map.Entry<String, double[]> e : current.entrySet()) {
                double[] values = Arrays.copyOf(e.getValue(), events.size());
                for (int i = e.getValue().length; i < values.length; i++) values[i] = Double.NaN;
                sink.row(spec, new Row(sample, time, keyLabel.isEmpty() ? "" : e.getKey(), false, values));
            }
            sample++;
            datedSummary = null;
            current.clear();
            printedInInterval.clear();
            gathering = false;
            metricGroup = null;
        }

        /** The start (the '# started on' line of perf stat -o, --start, or the fallback start) plus the seconds printed. */
        private Instant time(boolean another) {
            if (summary) return summaryTime(another);
            double elapsed = (Double.isNaN(currentElapsed) ? 0 : currentElapsed) + runOffset;
            Duration offset = Duration.ofNanos(Math.round(elapsed * 1e9));
            if (started != null) {
                timeline.source(startedByDateLine ? "a date(1) line before perf stat plus the seconds printed on each line"
                        : "perf stat's '# started on' line plus the seconds printed on each line");
                return timeline.stamped(started.plus(offset), sample);
            }
            timeline.source("seconds printed on each line after the first sample's start");
            return timeline.start().plus(offset);
        }

        /**
         * A summary counts the whole command: it is at its end, the date(1) line printed before it or the '# started on'
         * line of perf stat -o plus the elapsed seconds, else where the sample clock puts it (--start, or the fallback
         * start, one interval per summary).
         */
        private Instant summaryTime(boolean another) {
            if (datedSummary != null) {
                timeline.source("a date(1) line before each perf stat summary, plus the elapsed seconds where printed");
                return timeline.stamped(datedSummary.plus(summaryElapsed()), sample);
            }
            if (started != null && sample == 0) {
                timeline.source("perf stat's '# started on' line plus the elapsed seconds of the command");
                return timeline.stamped(started.plus(summaryElapsed()), sample);
            }
            // one summary is at the start; a file of several places the later ones an interval apart
            return sample == 0 && !timeline.anchored() ? timeline.first(another) : timeline.unstamped(sample);
        }

        /** The elapsed seconds printed under the current summary, zero when none were (perf stat -x prints none). */
        private Duration summaryElapsed() {
            return Duration.ofNanos(Math.round((Double.isNaN(summaryElapsed) ? 0 : summaryElapsed) * 1e9));
        }

        void finish() {
            flush(false);
            if (sample == 0) sink.warning(0, "no perf stat counter lines found");
            timeline.none("no counter lines");
        }
    }
}
