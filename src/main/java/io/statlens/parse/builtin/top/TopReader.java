package io.statlens.parse.builtin.top;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.Row;
import io.statlens.parse.spi.AnnouncedDatasets;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.spi.TimeOptions;
import io.statlens.parse.text.Intervals;
import io.statlens.parse.text.Numbers;
import io.statlens.parse.text.Tokens;
import io.statlens.parse.time.DateLine;
import io.statlens.parse.timeline.DayClock;
import io.statlens.parse.timeline.Timeline;
import io.statlens.parse.transcript.PastedCommand;
import io.statlens.parse.transcript.TranscriptLine;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads top's snapshots in file order. procps-ng's start with the uptime line, whose {@code top - HH:MM:SS} times the
 * snapshot (on the date of a date(1) line before it, else of {@code --start} or the fallback start); busybox's start
 * with {@code Mem:} and print no time, so they are placed one interval apart ({@code -d} of a pasted command, else
 * busybox's 5 s). After the summary lines, a header starts the task table, which runs to the next snapshot. A blank
 * line ends the table only when what follows it is no row of that table: a book or a page that prints a blank line
 * among the rows (the BPF book's printout) still has the rows after it read.
 *
 * <p>busybox prints no line that says whether its table holds processes or, with {@code -H}, threads (the PID column
 * then holds each thread's id, the PPID column its process's parent, {@code procps_scan} of {@code /proc/PID/task}): a
 * pasted command says so, else top's own row ({@code busybox top -b -H -n 1}, in every full snapshot). Until one of
 * them is seen, the rows of busybox tables wait (at most {@link #MAX_WAITING}; past that, or at the end of the file,
 * they are processes).
 */
final class TopReader {
    /** busybox top's default delay between snapshots. */
    private static final Duration BUSYBOX_INTERVAL = Duration.ofSeconds(5);
    /** The most busybox rows held while it is not known whether they are processes or threads: a few snapshots. */
    private static final int MAX_WAITING = 10_000;

    /** Where a snapshot's reading is; {@code AFTER_TABLE}: a blank line came after table rows, which may go on after it. */
    private enum Part { NONE, SUMMARY, TABLE, AFTER_TABLE }

    private final TimeOptions timeOptions;
    private final Timeline timeline;
    private final RecordSink sink;
    private final AnnouncedDatasets announced = new AnnouncedDatasets();
    private final Set<String> oddColumns = new HashSet<>();

    private Part part = Part.NONE;
    private long sample = -1;
    private Instant time;
    private LocalDate dateLineDate;
    private Instant dateLineTime;
    private DayClock clock;
    private boolean threads;
    private boolean busybox;
    /** Whether busybox's tables hold threads: from a pasted command or top's own row; null while neither was seen. */
    private Boolean busyboxThreads;
    /** A busybox row read before it was known whether it is a process or a thread, and its table's process data set. */
    private record Waiting(DatasetSpec processes, Row row) {
    }

    private final List<Waiting> waiting = new ArrayList<>();
    /** The summary values of the snapshot being read, by label; written when its table starts or the snapshot ends. */
    private final Map<String, Double> summary = new LinkedHashMap<>();
    /** Memory lines seen in this snapshot: the first is Mem, the second Swap. */
    private int memoryLines;
    private boolean statesSeen;
    /** Whether the CPU lines have procps 3.2's form ({@code Cpu(s):  0.8%us}); procps-ng prints {@code %Cpu(s):  0.8 us}. */
    private boolean procps32;
    private TopTable table;
    private final Set<String> keysInSnapshot = new HashSet<>();
    private long rows;

    TopReader(ParseContext context, RecordSink sink) {
        this.timeOptions = TimeOptions.in(context);
        this.timeline = new Timeline(context, sink, BUSYBOX_INTERVAL);
        this.sink = sink;
    }

    void command(PastedCommand command) {
        if (!command.arguments().isEmpty()) sink.fact("options", command.argumentText());
        command.value("-d").filter(Numbers::isNumber).flatMap(d -> Intervals.seconds(Numbers.parse(d)))
                .ifPresent(timeline::printedInterval);
        busyboxThreads = command.has("-H");
    }

    void line(TranscriptLine line) {
        String text = line.text();
        long number = line.number();
        if (line.is(TranscriptLine.Kind.BLANK)) {
            // the blank line after the summary comes before the table header; the one after the table ends it, unless
            // the line after it is a row of the table (AFTER_TABLE)
            if (part == Part.SUMMARY) writeSummary();
            else if (part == Part.TABLE) part = Part.AFTER_TABLE;
            return;
        }
        if (line.noise()) return;
        Optional<TopSummary.Uptime> uptime = TopSummary.uptime(text);
        if (uptime.isPresent()) {
            startSnapshot(false);
            time = timeOf(uptime.get());
            summary.putAll(uptime.get().values());
            return;
        }
        String stripped = text.strip();
        // busybox's memory line starts its snapshot; procps 3.2's (Mem: ...k total, ...) is a summary line
        if (stripped.startsWith("Mem:") && stripped.contains(" used,") && !stripped.contains(" total,")) {
            startSnapshot(true);
            summary.putAll(TopSummary.busyboxMemory(stripped));
            return;
        }
        Optional<Instant> date = DateLine.parse(text, timeOptions.zone());
        if (date.isPresent()) {
            dateLineTime = date.get();
            dateLineDate = LocalDate.ofInstant(date.get(), timeOptions.zone());
            clock = null;
            return;
        }
        if (part == Part.SUMMARY) {
            summaryLine(number, text);
        } else if (part == Part.TABLE || part == Part.AFTER_TABLE && table.readsAsRow(text)) {
            part = Part.TABLE;
            row(number, text);
        } else {
            part = Part.NONE;
            sink.warning(number, "expected top's first line ('top - HH:MM:SS up ...') or busybox top's 'Mem:' line, found '"
                    + stripped + "'");
        }
    }

    private void startSnapshot(boolean busyboxSnapshot) {
        writeSummary();
        busybox = busyboxSnapshot;
        sample++;
        part = Part.SUMMARY;
        summary.clear();
        memoryLines = 0;
        statesSeen = false;
        table = null;
        keysInSnapshot.clear();
        if (busyboxSnapshot) {
            sink.variant("busybox");
            threads = false;
            time = dateLineTime != null ? timeline.stamped(dateLineTime, sample) : timeline.unstamped(sample);
            dateLineTime = null;
        }
    }

    private Instant timeOf(TopSummary.Uptime uptime) {
        if (clock == null) clock = startClock();
        dateLineTime = null;
        return clock.at(uptime.time(), timeOptions.zone());
    }

    /** top prints a time of day: its date comes from a date(1) line before the snapshot, else --start or the fallback. */
    private DayClock startClock() {
        String zone = "zone " + timeOptions.zone().getId();
        Timeline.Day day;
        if (dateLineDate != null) {
            day = timeline.stated(dateLineDate, Timeline.DateSource.DATE_LINE);
            timeline.source("date(1) line date " + day.date() + " + top's time of day, " + zone);
        } else {
            day = timeline.assumedDay();
            if (day.assumed() && !day.placedLater()) {
                sink.warning(0, "top prints no date; taking " + day.date() + " from " + day.origin() + "; give --start to set it");
            }
            timeline.source("top's time of day on the date of " + day.origin() + " (" + day.date() + "), " + zone
                    + ", next day after midnight");
        }
        return timeline.clock(day);
    }

    private void summaryLine(long number, String line) {
        String text = line.strip();
        String[] words = Tokens.split(text);
        if (TopTable.isHeader(words)) {
            writeSummary();
            header(number, line);
            return;
        }
        List<String> abreast = busybox ? List.of(text) : TopSummary.abreast(text);
        if (abreast.size() > 1) {
            for (String part : abreast) summaryLine(number, part);
            return;
        }
        if (busybox) {
            if (text.startsWith("CPU:")) summary.putAll(TopSummary.busyboxCpu(text));
            else if (text.startsWith("Load average:")) summary.putAll(TopSummary.busyboxLoad(text));
            else sink.warning(number, "expected busybox top's CPU:, Load average: or table header line, found '" + text + "'");
            return;
        }
        if (TopSummary.isCpu(text)) {
            String key = TopSummary.cpuKey(text);
            Map<String, Double> states = TopSummary.cpu(text);
            if (!procps32 && TopSummary.procps32(text)) {
                procps32 = true;
                sink.variant(threads ? "procps-threads" : "procps");
            }
            if (states.isEmpty()) {
                sink.warning(number, "expected CPU states ('us, sy, ni, id ...') after the label, found '" + text + "'");
            } else if (key.isEmpty()) {
                summary.putAll(states);
            } else {
                perCpu(key, states);
            }
            return;
        }
        if (!statesSeen && memoryLines == 0) {
            statesSeen = true;
            if (words.length > 0 && TopTranslations.get().threads(words[0])) threads = true;
            else threads = false;
            sink.variant(procps32 ? (threads ? "procps-threads" : "procps") : threads ? "procps-ng-threads" : "procps-ng");
            Map<String, Double> states = TopSummary.states(text);
            if (states.isEmpty()) sink.warning(number, "expected the task states ('Tasks: N total, N running ...'), found '" + text + "'");
            summary.putAll(states);
            return;
        }
        Double scale = TopSummary.memoryScale(text);
        if (scale == null) {
            // after both memory lines a summary is whole: what follows is the table's header or the next snapshot
            sink.warning(number, memoryLines >= 2
                    ? "expected top's process table header (PID USER ...) or the next 'top - HH:MM:SS' line, found '" + text + "'"
                    : "expected a memory line with its unit (KiB, MiB ... EiB), found '" + text + "'");
            return;
        }
        memoryLines++;
        for (String cut : memoryLines <= 2 ? TopSummary.cutNumbers(text) : List.<String>of()) {
            sink.warning(number, "top printed '" + cut + "': a number wider than its eight places, cut (stored as no value)");
        }
        if (memoryLines == 1) summary.putAll(TopSummary.memory(text, scale));
        else if (memoryLines == 2) summary.putAll(TopSummary.swap(text, scale));
        else sink.warning(number, "a third memory line in one snapshot; skipped");
    }

    private void perCpu(String key, Map<String, Double> states) {
        List<Metric> metrics = states.keySet().stream().map(TopSummary::metric).toList();
        DatasetSpec spec = new DatasetSpec(TopParser.TOOL, "cpu", "CPU", metrics);
        announce(spec);
        double[] values = states.values().stream().mapToDouble(Double::doubleValue).toArray();
        sink.row(spec, new Row(sample, time, key, false, values));
    }

    private void writeSummary() {
        if (summary.isEmpty()) return;
        List<Metric> metrics = summary.keySet().stream().map(TopSummary::metric).toList();
        DatasetSpec spec = new DatasetSpec(TopParser.TOOL, "", "", metrics);
        announce(spec);
        double[] values = summary.values().stream().mapToDouble(Double::doubleValue).toArray();
        sink.row(spec, new Row(sample, time, "", false, values));
        summary.clear();
    }

    private void announce(DatasetSpec spec) {
        announced.announce(spec, sink);
    }

    private void header(long number, String text) {
        Optional<TopTable> parsed = TopTable.of(text, threads ? "thread" : "process", number);
        if (parsed.isEmpty()) {
            sink.warning(number, "a column name appears twice in this top header; the table is skipped");
            part = Part.NONE;
            return;
        }
        table = parsed.get();
        part = Part.TABLE;
    }

    private void row(long number, String text) {
        String[] cells = table.cells(text);
        int pidColumn = table.labels().indexOf("PID");
        String pid = cells[pidColumn];
        if (pid == null || pid.isEmpty() || !pid.chars().allMatch(Character::isDigit)) {
            sink.warning(number, "expected a process id in the PID column of the header at line " + table.line()
                    + ", found '" + (pid == null ? "" : pid) + "'");
            return;
        }
        int commandColumn = table.labels().indexOf(TopTable.COMMAND);
        String command = cells[commandColumn] == null ? "" : cells[commandColumn];
        String key = command.isEmpty() ? pid : pid + " " + command;
        if (!keysInSnapshot.add(key)) {
            sink.warning(number, "task " + key + " appears twice in one snapshot; the second row is skipped");
            return;
        }
        double[] values = new double[table.metrics().size()];
        for (int i = 0; i < values.length; i++) {
            int column = table.metrics().get(i);
            String cell = cells[column] == null ? "" : cells[column];
            Double v = table.value(column, cell);
            if (v == null) {
                String label = table.labels().get(column);
                if (oddColumns.add(label)) {
                    sink.warning(number, "expected a number for " + label + ", found '" + cell + "' (stored as no value)");
                }
                v = Double.NaN;
            }
            values[i] = v;
        }
        Row task = new Row(sample, time, key, false, values);
        if (!busybox) {
            write(table.spec(), task);
            return;
        }
        if (busyboxThreads == null) {
            busyboxThreads = ownRow(command).map(c -> c.has("-H")).orElse(null);
            if (Boolean.TRUE.equals(busyboxThreads)) {
                sink.notice(number, "busybox top's own row (" + command + ") shows -H: its tables hold threads, keyed by thread id"
                        + " and command (top.thread)");
            }
        }
        if (busyboxThreads == null && waiting.size() < MAX_WAITING) {
            waiting.add(new Waiting(table.spec(), task));
            return;
        }
        if (busyboxThreads == null) busyboxThreads = false;
        writeWaiting();
        write(busyboxTable(table.spec()), task);
    }

    /**
     * A row's command if it is busybox top's own, {@code busybox top -b -H -n 1} or {@code top -bH} (top linked to
     * busybox), read as a pasted command; empty for any other command.
     */
    private static Optional<PastedCommand> ownRow(String command) {
        String text = command.strip();
        String[] words = Tokens.split(text);
        if (words.length > 1 && words[0].substring(words[0].lastIndexOf('/') + 1).equals("busybox")) {
            text = text.substring(text.indexOf(words[1], words[0].length()));
        }
        return PastedCommand.bare(text, TopParser.SYNTAX);
    }

    /** The data set of a busybox table's rows: its processes, or with -H the same columns as threads. */
    private DatasetSpec busyboxTable(DatasetSpec processes) {
        return busyboxThreads ? new DatasetSpec(processes.tool(), "thread", processes.keyLabel(), processes.metrics()) : processes;
    }

    private void writeWaiting() {
        for (Waiting w : waiting) write(busyboxTable(w.processes()), w.row());
        waiting.clear();
    }

    private void write(DatasetSpec spec, Row task) {
        announce(spec);
        sink.row(spec, task);
        rows++;
    }

    void finish() {
        writeSummary();
        if (busyboxThreads == null) busyboxThreads = false;
        writeWaiting();
        timeline.end();
        if (sample < 0) {
            sink.warning(0, "no top snapshot found (no 'top - HH:MM:SS up' line, no busybox 'Mem:' line)");
            timeline.none("no snapshots");
        } else if (rows == 0 && announced.isEmpty()) {
            timeline.none("no snapshots with values");
        }
    }
}
