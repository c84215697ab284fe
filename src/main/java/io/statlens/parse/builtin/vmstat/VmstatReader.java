package io.statlens.parse.builtin.vmstat;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.Row;
import io.statlens.parse.spi.AnnouncedDatasets;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.spi.TimeOptions;
import io.statlens.parse.text.ColumnLayout;
import io.statlens.parse.text.Numbers;
import io.statlens.parse.text.Tokens;
import io.statlens.parse.time.DateLine;
import io.statlens.parse.time.LocaleFormats;
import io.statlens.parse.time.ZoneAbbreviations;
import io.statlens.parse.timeline.Timeline;
import io.statlens.parse.timeline.DayClock;
import io.statlens.parse.transcript.Transcript;
import io.statlens.parse.transcript.TranscriptLine;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads one file of vmstat output, line by line, into rows: the state of one parse.
 *
 * <p>Runs: vmstat's first report after it starts averages since boot. A run starts at the first header
 * of the file, or at a header that follows a command line, {@code ^C}, a prompt or other foreign text.
 * A header repeated inside a run (Linux reprints it every screenful, Solaris every few samples) does not
 * start one, and neither does a header after data rows that had none above them: such a capture began
 * in the middle of a run, so its first row is not the since-boot one.
 *
 * <p>Data before the first header (a capture that began mid-run) is held, at most {@link #HOLD_LIMIT}
 * lines, until a header names its columns.
 */
final class VmstatReader {
    static final int HOLD_LIMIT = 1000;
    /** AIX's {@code -t} time of day at the end of a sample line ({@code 07:53:28}). */
    private static final Pattern CLOCK = Pattern.compile("\\s(\\d{2}:\\d{2}:\\d{2})\\s*$");
    /** A collector's time of day before the values ({@code 18:16:32 36  0   4528 ...}). */
    private static final Pattern FIRST_CLOCK = Pattern.compile("^\\s*(\\d{2}:\\d{2}:\\d{2})(?=\\s)");
    private static final Pattern STAMP = Pattern.compile("\\s(\\d{4}-\\d{2}-\\d{2})\\s+(\\d{2}:\\d{2}:\\d{2})\\s*$");
    /** AIX starts every run with {@code System configuration: lcpu=4 mem=7936MB}. */
    private static final Pattern AIX_CONFIGURATION = Pattern.compile("^\\s*System configuration:(.*)$");
    /** A rule of dashes, as AIX draws under its group titles. */
    private static final Pattern RULE = Pattern.compile("^[-\\s]*-[-\\s]*$");
    private static final Pattern DISK_NAME = Pattern.compile("^\\s*([A-Za-z][\\w.:/-]*)\\s+\\d");

    /** A data line seen before any header, with the date line that preceded it. */
    private record Held(long line, String text, Instant date, boolean epoch) {
    }

    private final TimeOptions timeOptions;
    private final RecordSink sink;
    private final Timeline timeline;
    private final AnnouncedDatasets announced = new AnnouncedDatasets();
    private final List<Held> held = new ArrayList<>();
    private final Set<String> languagesSaid = new HashSet<>();
    /** Ambiguous zone abbreviations already warned about (CST, IST). */
    private final Set<String> zonesWarned = new HashSet<>();
    private VmstatHeader header;
    private ZoneId stampZone;
    /** The clock of AIX's {@code -t} times of day; null before the first. */
    private DayClock aixDay;
    private String stampZoneDescription;
    /** The unit a pasted command's {@code -S}/{@code --unit} printed memory in ({@code MiB}), null when none (KiB). */
    private String memoryUnit;
    private boolean skipsSinceBoot;
    private boolean runStarting = true;
    private boolean sinceBootNext;
    private Instant pendingDate;
    private boolean pendingEpoch;
    private long mainSample;
    /** Samples timed without a -t stamp: those after a date line are whole steps after it. */
    private long unstampedSamples;
    private long diskReport = -1;
    private final Set<String> disksInReport = new HashSet<>();
    private String reportStamp;
    private Instant reportTime;
    private long rows;
    private long widerRows;

    VmstatReader(ParseContext context, RecordSink sink) {
        this.timeOptions = TimeOptions.in(context);
        this.sink = sink;
        this.timeline = new Timeline(context, sink, Duration.ofSeconds(1));
        timeline.whenStepAssumed(step -> "samples without a date line before them are placed " + step.toSeconds()
                + " s after the previous one; give --interval to set it");
    }

    void read(LineSource source) throws IOException {
        Transcript lines = new Transcript(source, VmstatCommand.SYNTAX);
        TranscriptLine line;
        while ((line = lines.next()) != null) {
            accept(line, lines);
        }
        finish();
        lines.finish(sink);
    }

    private void accept(TranscriptLine line, Transcript lines) throws IOException {
        switch (line.kind()) {
            case BLANK, DECORATION -> {
                return;
            }
            case SHELL -> {
                // a prompt, ^C or another program's output: whatever ran before has ended
                runStarting = true;
                return;
            }
            case COMMAND -> {
                command(VmstatCommand.of(line.command()));
                return;
            }
            case TEXT -> text(line, lines);
        }
    }

    private void text(TranscriptLine transcriptLine, Transcript lines) throws IOException {
        String line = transcriptLine.text();
        long number = transcriptLine.number();
        Optional<Instant> date = DateLine.parse(line, timeOptions.zone());
        if (date.isPresent()) {
            pendingDate = date.get();
            pendingEpoch = Character.isDigit(line.trim().charAt(0));
            return;
        }
        if (VmstatHeader.isGroupLine(line)) {
            TranscriptLine next = lines.peek();
            if (next != null && VmstatHeader.isRule(next.text())) {
                lines.next();
                next = lines.peek();
            }
            if (next != null && next.is(TranscriptLine.Kind.TEXT) && VmstatHeader.isLabelLine(next.text())) {
                lines.next();
                header(VmstatHeader.of(line, next.text(), next.number()));
            } else {
                sink.warning(number, "vmstat group header without the line of column labels under it");
            }
            return;
        }
        if (VmstatHeader.isLabelLine(line)) {
            header(VmstatHeader.of(null, line, number));
            return;
        }
        if (isData(line)) {
            Instant dateLine = pendingDate;
            pendingDate = null;
            if (header == null) {
                hold(new Held(number, line, dateLine, pendingEpoch));
            } else {
                data(transcriptLine, dateLine, pendingEpoch, lines);
            }
            return;
        }
        Matcher aix = AIX_CONFIGURATION.matcher(line);
        if (aix.find()) {
            sink.fact("system.configuration", aix.group(1).strip());
            runStarting = true;
            return;
        }
        // AIX draws a rule of dashes under its group titles
        if (RULE.matcher(line).matches()) return;
        sink.warning(number, "not vmstat output, skipped: " + abbreviate(line));
        runStarting = true;
    }

    private boolean isData(String line) {
        if (header != null && header.flavour() == VmstatFlavour.LINUX_DISK) return DISK_NAME.matcher(line).find();
        String[] tokens = Tokens.split(header != null && header.clock() == VmstatHeader.Clock.FIRST
                ? FIRST_CLOCK.matcher(line).replaceFirst("") : line);
        return tokens.length >= 3 && isDigits(tokens[0]) && Numbers.isNumber(tokens[1]);
    }

    private void command(VmstatCommand command) {
        runStarting = true;
        if (!command.options().isEmpty()) sink.fact("options", command.options());
        timeline.printedInterval(command.interval());
        memoryUnit = command.memoryUnit();
        skipsSinceBoot = command.skipsSinceBoot();
    }

    private void header(VmstatHeader next) throws IOException {
        boolean changed = !next.sameColumns(header);
        if (runStarting || changed) {
            // a run's first header: its first row averages since boot, unless data came before it
            // ExaWatcher's --time-- rows are each the second report of a `vmstat 5 2` it runs again and again (the
            // comment above its header names the command; the rows are 5 s apart, 6 s where one run started late)
            sinceBootNext = held.isEmpty() && !skipsSinceBoot && next.flavour() != VmstatFlavour.LINUX_DISK
                    && next.clock() != VmstatHeader.Clock.FIRST;
        }
        runStarting = false;
        if (changed) sink.variant(next.variant());
        if (changed) translatedLabels(next);
        if (changed || !next.zoneLabel().equals(header.zoneLabel())) stampZone(next);
        header = next;
        List<Held> early = List.copyOf(held);
        held.clear();
        for (Held h : early) data(new TranscriptLine(h.line(), h.text(), TranscriptLine.Kind.TEXT, null), h.date(), h.epoch(), null);
    }

    /**
     * Records, once per language, that the header was printed in another language; its metrics carry both the
     * label they are stored under and the one printed.
     */
    private void translatedLabels(VmstatHeader h) {
        if (h.spec().metrics().stream().noneMatch(Metric::translated)) return;
        String languages = h.languages().isEmpty() ? "a mix of procps-ng's translations" : String.join(", ", h.languages());
        if (languagesSaid.add(languages)) sink.fact("header.language", languages);
    }

    private void stampZone(VmstatHeader h) {
        if (h.clock() != VmstatHeader.Clock.NONE) {
            stampZone = timeOptions.zone();
            stampZoneDescription = timeOptions.zone().getId() + " (" + clockSource(h) + ")";
            return;
        }
        if (!h.timestamped()) return;
        // CST, IST: the header's language (zh_CN's 交换 空闲) or --file-locale tells which zone; else a warning names the choice
        Optional<ZoneAbbreviations.Reading> printed = h.zoneLabel().isEmpty() ? Optional.empty()
                : ZoneAbbreviations.read(h.zoneLabel(), LocaleFormats.countries(h.languages(), timeOptions.locale()),
                "--file-locale (e.g. --file-locale zh_CN for China's CST)");
        if (printed.isPresent()) {
            stampZone = printed.get().zone();
            if (printed.get().warning().isPresent() && zonesWarned.add(h.zoneLabel())) sink.warning(h.line(), printed.get().warning().get());
            stampZoneDescription = h.zoneLabel();
            return;
        }
        stampZone = timeOptions.zone();
        if (h.zoneLabel().isEmpty()) {
            stampZoneDescription = timeOptions.zone().getId() + " (none printed)";
        } else {
            stampZoneDescription = timeOptions.zone().getId() + " (printed zone '" + h.zoneLabel() + "' is not known)";
            sink.warning(h.line(), "the time stamp zone '" + h.zoneLabel() + "' is not known; times are read in "
                    + timeOptions.zone().getId() + "; give --tz to set it");
        }
    }

    private void hold(Held line) {
        runStarting = false;
        if (held.size() < HOLD_LIMIT) {
            held.add(line);
        } else {
            sink.warning(line.line(), "data without a vmstat header above it; the columns cannot be named, line skipped");
        }
    }

    /** A data line after the header; {@code lines} is null for lines held until the header came. */
    private void data(TranscriptLine line, Instant dateLine, boolean epoch, Transcript lines) throws IOException {
        runStarting = false;
        String text = line.text();
        if (header.flavour() == VmstatFlavour.LINUX_DISK) {
            Stamped stamped = stamped(text);
            if (skippedForItsClock(line.number(), stamped)) return;
            diskRow(line.number(), stamped.body(), stamped.stamp(), dateLine, epoch);
            return;
        }
        Stamped stamped = stamped(text);
        ColumnLayout.Cells cells = header.layout().split(stamped.body());
        if (!cells.complete() && cells.fit() != ColumnLayout.Fit.AMBIGUOUS && lines != null) {
            // wrapped by a terminal, or with text appended: the transcript mends what it can
            String mended = lines.repair(line, t -> header.layout().split(stamped(t).body()).complete());
            if (!mended.equals(text)) {
                stamped = stamped(mended);
                cells = header.layout().split(stamped.body());
            }
        }
        if (skippedForItsClock(line.number(), stamped)) return;
        if (cells.fit() == ColumnLayout.Fit.EXCESS) cells = wider(line.number(), header.layout().splitWide(stamped.body()));
        mainRow(line.number(), cells, stamped.stamp(), dateLine, epoch);
    }

    /** A line whose time of day no clock shows is no sample: placing it by the sample clock would move the run's times. */
    private boolean skippedForItsClock(long number, Stamped stamped) {
        if (!stamped.noClockTime()) return false;
        sink.warning(number, "time of day '" + stamped.stamp() + "' is no time a clock shows (hh:mm:ss); the line is skipped");
        return true;
    }

    /**
     * A row wider than its header (Solaris values overflowing their field): kept, read by the header's positions;
     * the first such row says which values were left out, and the end of the file how many rows were read so.
     */
    private ColumnLayout.Cells wider(long number, ColumnLayout.Cells cells) {
        if (cells.fit() != ColumnLayout.Fit.WIDER) return cells;
        if (widerRows++ == 0) {
            sink.notice(number, "row wider than the header at line " + header.line() + ": " + cells.problem()
                    + "; the row is kept");
        }
        return cells;
    }

    /** A data line without the {@code -t} time stamp at its end, and that stamp ({@code 2019-09-16T16:58:06}) or null. */
    private record Stamped(String body, String stamp) {
        /** A time of day no clock shows ({@code 98:17:18}, a damaged line): the line is skipped with a warning. */
        boolean noClockTime() {
            return stamp != null && stamp.indexOf('T') < 0;
        }
    }

    private Stamped stamped(String text) {
        if (header.timestamped()) {
            Matcher m = STAMP.matcher(text);
            if (m.find()) return new Stamped(text.substring(0, m.start()), m.group(1) + "T" + m.group(2));
        }
        if (header.clock() == VmstatHeader.Clock.LAST) {
            Matcher m = CLOCK.matcher(text);
            if (m.find()) return new Stamped(text.substring(0, m.start()), timeOfDay(m.group(1)));
        }
        if (header.clock() == VmstatHeader.Clock.FIRST) {
            // blanked, not cut: the values keep their places under the labels
            Matcher m = FIRST_CLOCK.matcher(text);
            if (m.find()) return new Stamped(" ".repeat(m.end()) + text.substring(m.end()), timeOfDay(m.group(1)));
        }
        return new Stamped(text, null);
    }

    /**
     * The printed time of day as a stamp on the clock's day; a time no clock shows ({@code 98:17:18}, a damaged line)
     * stays as printed (see {@link Stamped#noClockTime}), and the clock's day is not moved.
     */
    private String timeOfDay(String printed) {
        LocalTime time;
        try {
            time = LocalTime.parse(printed);
        } catch (DateTimeParseException e) {
            return printed;
        }
        Instant at = clockDay().at(time, stampZone);
        return LocalDateTime.ofInstant(at, stampZone).toString();
    }

    private static String clockSource(VmstatHeader h) {
        return h.clock() == VmstatHeader.Clock.LAST ? "AIX prints the time of day only" : "the --time-- column holds the time of day only";
    }

    /**
     * The day of times of day printed without a date (AIX's {@code -t}, a collector's {@code --time--} column), which come without a date: {@code --start}'s or the fallback start's,
     * each time of day placed on it by a clock that counts the midnights crossed; said once.
     */
    private DayClock clockDay() {
        if (aixDay == null) {
            Timeline.Day day = timeline.assumedDay();
            aixDay = timeline.clock(day);
            String printed = header.clock() == VmstatHeader.Clock.LAST ? "AIX vmstat -t prints the time of day only (hr mi se)"
                    : "the --time-- column gives the time of day only";
            sink.notice(header.line(), printed + ": the samples are placed on "
                    + day.date() + " from " + day.origin() + ", zone " + timeOptions.zone().getId()
                    + (day.assumed() ? "; give --start to set the date" : ""));
        }
        return aixDay;
    }

    private void mainRow(long number, ColumnLayout.Cells cells, String stamp, Instant dateLine, boolean epoch) {
        long sample = mainSample++;
        boolean sinceBoot = sinceBootNext;
        sinceBootNext = false;
        double[] values = values(number, cells);
        if (values == null) return;
        Instant time = time(number, sample, stamp, dateLine, epoch);
        emit(new Row(sample, time, "", sinceBoot, values));
    }

    private void diskRow(long number, String body, String stamp, Instant dateLine, boolean epoch) {
        Matcher m = DISK_NAME.matcher(body);
        if (!m.find()) {
            sink.warning(number, "expected a disk name followed by numbers");
            return;
        }
        String disk = m.group(1);
        boolean newReport = diskReport < 0 || disksInReport.contains(disk) || dateLine != null
                || (stamp != null && !stamp.equals(reportStamp));
        if (newReport) {
            diskReport++;
            disksInReport.clear();
            reportStamp = stamp;
            reportTime = time(number, diskReport, stamp, dateLine, epoch);
        }
        disksInReport.add(disk);
        double[] values = values(number, header.layout().split(body, m.end(1)));
        if (values != null) emit(new Row(diskReport, reportTime, disk, false, values));
    }

    /** The numbers of a data line, NaN where a value is unknown; null when the line cannot be used. */
    private double[] values(long number, ColumnLayout.Cells cells) {
        List<Metric> metrics = header.spec().metrics();
        switch (cells.fit()) {
            case MISSING, EXCESS -> {
                sink.warning(number, "expected " + metrics.size() + " values as in the header at line " + header.line()
                        + ": " + cells.problem() + "; line skipped");
                return null;
            }
            case AMBIGUOUS -> sink.warning(number, cells.problem() + "; those values are stored as missing");
            default -> {
            }
        }
        double[] values = new double[metrics.size()];
        for (int i = 0; i < values.length; i++) {
            String cell = cells.values()[i];
            Metric metric = metrics.get(i);
            values[i] = cell == null ? Double.NaN : value(number, metric, cell);
        }
        return values;
    }

    /**
     * A cell in its metric's unit: a plain number times the KiB one printed unit is (AIX's 4 KiB pages, the unit of
     * {@code -S}), a humanized one as the number it stands for.
     */
    private double value(long number, Metric metric, String cell) {
        try {
            return Numbers.parse(cell) * VmstatColumns.kibPerPrinted(header.flavour(), metric.label(), memoryUnit);
        } catch (NumberFormatException e) {
            // newer FreeBSD prints memory humanized in bytes (514G, 300M)
            if (metric.unit().equals("KiB") && Character.isLetter(cell.charAt(cell.length() - 1))) {
                try {
                    return Numbers.parseScaled(cell, 1024) / 1024;
                } catch (NumberFormatException ignored) {
                    // reported below
                }
            }
            // and its rates too (vmstat.c prthuman): flt fr sr in sy cs in powers of 1024 (4.7K), the disks' transfers
            // in powers of 1000 (HN_DIVISOR_1000)
            if (header.flavour() == VmstatFlavour.BSD && Character.isLetter(cell.charAt(cell.length() - 1))) {
                try {
                    return Numbers.parseScaled(cell, VmstatColumns.isDisk(metric) ? 1000 : 1024);
                } catch (NumberFormatException ignored) {
                    // reported below
                }
            }
            sink.warning(number, "column '" + metric.label() + "': '" + cell + "' is not a number; stored as missing");
            return Double.NaN;
        }
    }

    private Instant time(long number, long sample, String stamp, Instant dateLine, boolean epoch) {
        if (stamp != null) {
            try {
                Instant printed = LocalDateTime.parse(stamp).atZone(stampZone).toInstant();
                timeline.source("vmstat -t timestamp column, zone " + stampZoneDescription);
                return printed;
            } catch (DateTimeParseException e) {
                sink.warning(number, "time stamp '" + stamp.replace('T', ' ') + "' is not a valid date and time");
            }
        }
        return unstamped(sample, dateLine, epoch);
    }

    /**
     * The time of a sample without its own time stamp: the date(1) or epoch line just before it, else whole steps
     * after the last such line, else the sample clock's.
     *
     * @param sample the sample's number in its data set, for the sample clock
     */
    private Instant unstamped(long sample, Instant dateLine, boolean epoch) {
        long timed = unstampedSamples++;
        if (dateLine != null) {
            timeline.source(epoch ? "epoch lines before the samples" : "date(1) lines before the samples");
            return timeline.stamped(dateLine, timed);
        }
        // the first sample alone (plain vmstat: the averages since boot) has no interval to assume; the timeline says
        // the assumed one when a second sample uses it
        return timeline.anchored() ? timeline.unstamped(timed) : timeline.unstamped(sample);
    }

    private void emit(Row row) {
        DatasetSpec spec = header.spec();
        announced.announce(spec, sink);
        sink.row(spec, row);
        rows++;
    }

    private void finish() {
        if (widerRows > 1) {
            sink.notice(0, widerRows + " rows wider than their header were read by the header's column positions");
        }
        if (!held.isEmpty()) {
            sink.warning(held.get(0).line(), held.size() + " data lines without a vmstat header above them; "
                    + "the columns cannot be named, not imported");
        }
        if (rows == 0) {
            sink.warning(0, header == null ? "no vmstat output found: no vmstat header and no data"
                    : "no vmstat data: the header at line " + header.line() + " is not followed by any sample");
        }
        timeline.none("no samples");
    }

    private static boolean isDigits(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (!Character.isDigit(s.charAt(i))) return false;
        }
        return !s.isEmpty();
    }

    private static String abbreviate(String line) {
        String t = line.strip();
        return t.length() <= 60 ? t : t.substring(0, 57) + "...";
    }
}
