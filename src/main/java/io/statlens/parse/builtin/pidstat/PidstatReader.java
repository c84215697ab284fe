package io.statlens.parse.builtin.pidstat;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.SummaryValue;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.spi.TimeOptions;
import io.statlens.parse.text.EpochSeconds;
import io.statlens.parse.text.Numbers;
import io.statlens.parse.text.SysstatAverage;
import io.statlens.parse.text.SysstatBanner;
import io.statlens.parse.text.SysstatLocale;
import io.statlens.parse.text.SysstatDay;
import io.statlens.parse.text.Tokens;
import io.statlens.parse.time.ClockTime;
import io.statlens.parse.time.DateLine;
import io.statlens.parse.timeline.DayClock;
import io.statlens.parse.timeline.Timeline;
import io.statlens.parse.transcript.TranscriptLine;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the lines of one pidstat output: the sysstat banner (date and host), table headers, data rows timed by the
 * time of day they start with (or, with {@code -h -H}, epoch seconds), and the {@code Average:} blocks in any of
 * sysstat's languages, which become summary values (not samples).
 */
final class PidstatReader {
    /** Thread rows of {@code -t} name the thread {@code |__name}. */
    private static final String THREAD_MARK = "|__";

    private final TimeOptions timeOptions;
    /** What the file shows of its locale: the order of slashed dates, the zone an ambiguous abbreviation means. */
    private final SysstatLocale locale;
    private final Timeline timeline;
    private final RecordSink sink;
    private final PidstatRows rows;
    private final Set<String> oddColumns = new HashSet<>();

    private LocalDate bannerDate;
    private LocalDate dateLineDate;
    private DayClock clock;
    private PidstatHeader header;
    private PidstatHeader averageHeader;
    /** The process of the thread rows that follow ({@code -t}): thread rows print {@code -} as their TGID. */
    private String lastProcess = "?";
    private boolean minuteClockTold;
    private boolean epochSaid;
    /** The time of day of the header in force, when its clock prints seconds. */
    private java.time.LocalTime headerTime;
    /**
     * The last header of each width (cells before the command) since the banner, for rows printed without their own
     * ({@link #tableOf}).
     */
    private final java.util.Map<Integer, PidstatHeader> headersByWidth = new java.util.HashMap<>();
    /** The epoch seconds of the header in force ({@code -H} without {@code -h}); null when it printed none. */
    private Instant headerEpoch;
    /** Whether the row being read averages since each task started (pidstat without an interval). */
    private boolean sinceStart;

    PidstatReader(ParseContext context, RecordSink sink, SysstatLocale locale) {
        this.timeOptions = TimeOptions.in(context);
        this.locale = locale;
        this.timeline = new Timeline(context, sink, Duration.ofSeconds(1));
        this.sink = sink;
        this.rows = new PidstatRows(sink);
        locale.clockOn(timeline, sink);
    }

    /** A line of the tool's output, or a {@code #} line the transcript took for a shell comment (the header of -h). */
    void line(TranscriptLine line) {
        String text = line.text();
        long number = line.number();
        String stripped = text.strip();
        if (stripped.startsWith("#")) {
            String[] words = Tokens.split(stripped.substring(1));
            if (words.length > 1 && words[0].equals("Time") && PidstatHeader.isHeader(tail(words, 1))) {
                header(number, tail(words, 1), false);
            } else if (!line.noise()) {
                sink.warning(number, "expected a pidstat -h header ('# Time UID PID ... Command'), found '" + stripped + "'");
            }
            return;
        }
        if (line.noise()) return;
        Optional<SysstatBanner> banner = SysstatBanner.parse(text, locale.order());
        if (banner.isPresent()) {
            locale.tell(sink);
            banner.get().emitFacts(sink, number);
            bannerDate = banner.get().date().orElse(null);
            clock = null;
            headersByWidth.clear();
            return;
        }
        Optional<ClockTime.Found> time = ClockTime.leading(text);
        if (time.isPresent()) {
            timed(number, text, time.get());
            return;
        }
        int average = SysstatAverage.end(text);
        // a word of the shape of an average label that is none sysstat prints (an lscpu paste's Architecture:) is
        // taken for an unknown translation of Average: only where an average table may be: after or as its header
        if (average >= 0 && (averageHeader != null || SysstatAverage.listed(text)
                || PidstatHeader.isHeader(Tokens.split(text.substring(average))))) {
            average(number, text.substring(0, average).strip(), text.substring(average));
            return;
        }
        Optional<EpochSeconds.Found> epoch = EpochSeconds.leading(text);
        if (epoch.isPresent()) {
            Instant at = epoch.get().instant();
            String rest = text.substring(epoch.get().end());
            // -H without -h prints the seconds where the time of day would be: before each report's header too
            String[] words = Tokens.split(rest);
            if (PidstatHeader.isHeader(words)) {
                header(number, words, false);
                headerEpoch = at;
                return;
            }
            if (header != null) {
                if (!epochSaid) {
                    epochSaid = true;
                    timeline.source(headerEpoch != null ? "epoch seconds before each header and row (pidstat -H)"
                            : "epoch seconds in the Time column (pidstat -h -H)");
                }
                // as with a time of day: rows at their header's second average since each task started (no interval)
                sinceStart = at.equals(headerEpoch);
                row(number, rest, at);
                return;
            }
        }
        Optional<Instant> date = DateLine.parse(text, timeOptions.zone());
        if (date.isPresent()) {
            if (dateLineDate == null) dateLineDate = LocalDate.ofInstant(date.get(), timeOptions.zone());
            return;
        }
        sink.warning(number, "expected a pidstat line (a time of day, 'Average:', a header or the sysstat banner), found '"
                + stripped + "'");
    }

    private static String[] tail(String[] words, int from) {
        return java.util.Arrays.copyOfRange(words, from, words.length);
    }

    private void timed(long number, String text, ClockTime.Found time) {
        if (!time.seconds() && !minuteClockTold) {
            minuteClockTold = true;
            sink.notice(number, ClockTime.NO_SECONDS);
        }
        int from = time.end();
        ZoneId zone = timeOptions.zone();
        String printedZone = null;
        Optional<ClockTime.Zone> z = ClockTime.zoneAfter(text, from);
        if (z.isPresent()) {
            zone = locale.zone(z.get(), number, sink);
            printedZone = z.get().printed();
            from = z.get().end();
        }
        String rest = text.substring(from);
        String[] words = Tokens.split(rest);
        if (PidstatHeader.isHeader(words)) {
            header(number, words, false);
            headerTime = time.seconds() ? time.time() : null;
            return;
        }
        if (header == null) {
            sink.warning(number, "data line before any pidstat table header; skipped");
            return;
        }
        if (clock == null) clock = startClock(printedZone, zone);
        // A report's header carries the time of the reading before it; pidstat without an interval has none, and
        // prints its header and rows at the same second: those rows average over each task's life (since boot).
        sinceStart = time.time().equals(headerTime);
        row(number, rest, clock.at(time.time(), zone));
    }

    private DayClock startClock(String printedZone, ZoneId zone) {
        String zoneText = printedZone != null ? "zone as printed (" + printedZone + ")" : "zone " + zone.getId();
        return SysstatDay.startClock(timeline, sink, bannerDate, dateLineDate, zoneText);
    }

    private void header(long number, String[] words, boolean average) {
        Optional<PidstatHeader> parsed = PidstatHeader.of(words, number);
        if (parsed.isEmpty()) {
            sink.warning(number, "a column name appears twice in this pidstat header; its rows are skipped");
        }
        if (average) {
            averageHeader = parsed.orElse(null);
            return;
        }
        // the averages come after every report: a report's header starts a new run, whose averages have their own
        averageHeader = null;
        headerEpoch = null;
        header = parsed.orElse(null);
        if (header != null) headersByWidth.put(header.cellsBeforeCommand(), header);
        if (header != null) sink.variant(header.columns().contains("%user") ? "linux-sysstat-old" : "linux-sysstat");
    }

    private void average(long number, String label, String rest) {
        String[] words = Tokens.split(rest);
        if (PidstatHeader.isHeader(words)) {
            header(number, words, true);
            return;
        }
        // pidstat.c prints the averages without a header of their own when it printed one table per report
        // (dis_hdr 0: one activity, at most one -p PID): they have the columns of that table
        PidstatHeader table = averageHeader != null ? averageHeader : tableOf(rest, header);
        if (table == null) {
            // without the header the columns cannot be known; the row's width may still tell which report it was
            sink.warning(number, "a pidstat average without the header that names its columns; "
                    + PidstatLayouts.expectedHeader(label) + " before it"
                    + PidstatLayouts.onlyFit(words).map(fit -> "; its " + fit).orElse("") + "; skipped");
            return;
        }
        Cells cells = cells(number, rest, table);
        if (cells == null) return;
        double[] row = numbers(number, cells.values(), table);
        for (PidstatHeader.Group g : table.groups()) {
            double[] values = g.values(row);
            DatasetSpec spec = cells.thread() ? g.thread() : g.process();
            for (int i = 0; i < values.length; i++) {
                if (Double.isNaN(values[i])) continue;
                Metric m = spec.metrics().get(i);
                sink.summary(new SummaryValue(spec.qualifiedName(), cells.key(), m.label(), values[i], m.unit()));
            }
        }
    }

    /** A row's cells before the command, its key, and whether it is a thread's ({@code -t}). */
    private record Cells(String[] values, String key, boolean thread) {
    }

    private Cells cells(long number, String rest, PidstatHeader table) {
        int wanted = table.cellsBeforeCommand();
        String[] values = new String[wanted];
        int i = 0;
        int n = rest.length();
        for (int c = 0; c < wanted; c++) {
            while (i < n && Tokens.isSpace(rest.charAt(i))) i++;
            int start = i;
            while (i < n && !Tokens.isSpace(rest.charAt(i))) i++;
            if (start == i) {
                sink.warning(number, "expected " + wanted + " values and a command as in the header at line " + table.line()
                        + ", found " + c);
                return null;
            }
            values[c] = rest.substring(start, i);
        }
        String command = rest.substring(i).strip();
        boolean thread = false;
        if (command.startsWith(THREAD_MARK)) command = command.substring(THREAD_MARK.length());
        String id;
        int tid = table.indexOf("TID");
        int tgid = table.indexOf("TGID");
        if (tid >= 0 && !values[tid].equals("-")) {
            thread = true;
            // a thread whose process's row was not printed prints its TGID, and its process's name before its own
            // ((soffice.bin)__dconf worker); the |__ rows after it are that process's threads too
            if (tgid >= 0 && !values[tgid].equals("-")) lastProcess = values[tgid];
            id = lastProcess + "/" + values[tid];
            command = withoutLeader(command);
        } else {
            int pid = tgid >= 0 ? tgid : table.indexOf("PID");
            id = values[pid];
            lastProcess = id;
        }
        if (!isId(id.replace("/", ""))) {
            sink.warning(number, "expected a process id, found '" + id + "'");
            return null;
        }
        return new Cells(values, command.isEmpty() ? id : id + " " + command, thread);
    }

    /**
     * A thread's name without the name of its process that pidstat.c's print_comm puts before it when the process's
     * own row was not printed ({@code (firefox)__firefox}): the thread is keyed by its ids and its name, as the rows
     * of the threads whose process was printed ({@code |__firefox}), and as {@code -o JSON} names it.
     */
    private static String withoutLeader(String command) {
        if (!command.startsWith("(")) return command;
        int end = command.indexOf(")__");
        return end > 0 ? command.substring(end + 3) : command;
    }

    private static boolean isId(String text) {
        if (text.isEmpty() || text.length() > 20) return false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if ((c < '0' || c > '9') && c != '?') return false;
        }
        return true;
    }

    private void row(long number, String rest, Instant at) {
        PidstatHeader table = tableOf(rest, header);
        Cells cells = cells(number, rest, table);
        if (cells == null) return;
        rows.row(table, cells.thread(), cells.key(), at, sinceStart, numbers(number, cells.values(), table));
    }

    /**
     * The table of a row. With one PID and nothing else asking for headers (pidstat.c: dis_hdr 0), pidstat prints its
     * headers once a screenful, yet {@code -T ALL} then prints two tables in turn, the task's and its children's
     * ({@code -T ALL -p 1 1 2}): a row that has not as many cells before its command as the header in force has is
     * read under the last header of the width it has. Only tables of numbers are told apart so (a policy or user name
     * would end the count early).
     */
    private PidstatHeader tableOf(String rest, PidstatHeader inForce) {
        if (inForce == null || !inForce.numeric()) return inForce;
        int width = leadingCells(rest);
        if (width == inForce.cellsBeforeCommand()) return inForce;
        PidstatHeader other = headersByWidth.get(width);
        return other != null && other.numeric() ? other : inForce;
    }

    /** How many cells a row starts with that are values: numbers, sizes with their unit letter, or {@code -}. */
    private static int leadingCells(String rest) {
        String[] words = Tokens.split(rest);
        int n = 0;
        while (n < words.length && isCell(words[n])) n++;
        return n;
    }

    private static boolean isCell(String word) {
        if (word.equals("-") || Numbers.isNumber(word)) return true;
        int last = word.length() - 1;
        return last > 0 && "BkKMGTP%".indexOf(word.charAt(last)) >= 0 && Numbers.isNumber(word.substring(0, last));
    }

    /**
     * The values of a row's measuring columns, in the header's column order; {@code -} (the CPU of an average) is no
     * value, and so is a cell that is no number (told once per column).
     */
    private double[] numbers(long number, String[] cells, PidstatHeader table) {
        double[] values = new double[cells.length];
        java.util.Arrays.fill(values, Double.NaN);
        for (PidstatHeader.Group g : table.groups()) {
            for (int column : g.indices()) {
                String cell = cells[column];
                if (cell.equals("-")) continue;
                String label = table.columns().get(column);
                double v = PidstatColumns.value(cell, label);
                if (Double.isNaN(v) && oddColumns.add(label)) {
                    sink.warning(number, "expected a number for " + label + ", found '" + cell + "' (stored as no value)");
                }
                values[column] = rows.stored(v, label, number);
            }
        }
        return values;
    }

    void finish() {
        if (rows.count() == 0) {
            sink.warning(0, header == null ? "no pidstat table header found" : "no pidstat data lines found");
            timeline.none("no data lines");
        }
    }
}
