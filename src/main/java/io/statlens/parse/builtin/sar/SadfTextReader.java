package io.statlens.parse.builtin.sar;

import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.text.Quotes;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.Tokens;
import io.statlens.parse.time.ZoneAbbreviations;
import io.statlens.parse.timeline.Timeline;
import io.statlens.parse.transcript.Transcript;
import io.statlens.parse.transcript.TranscriptLine;

import java.io.IOException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code sadf -d}: sar data as semicolon-separated lines, each section under a comment header
 * ({@code # hostname;interval;timestamp;CPU;%usr;...}) that names its columns as the text form does, each data line
 * with the host, the interval and a full time stamp ({@code 2026-11-25 18:00:09 UTC}; epoch seconds with
 * {@code -U}). The rows land in the data sets of the text form; the CPU key {@code -1} is the text form's
 * {@code all}, and the per-CPU interrupt columns ({@code CPU*}) are named as the text form names them
 * ({@code all CPU0 CPU1 ...}). The lines are read as a transcript, as the text form's are: prompts, other commands and
 * fences are the shell's, a pasted {@code sadf} command gives the fact {@code options}.
 */
final class SadfTextReader {
    static final Pattern HEADER = Pattern.compile("^#\\s*hostname;interval;timestamp;(.*)$");
    private static final Pattern STAMP = Pattern.compile("^(\\d{4}-\\d{2}-\\d{2})[ T](\\d{2}:\\d{2}:\\d{2})(?:\\s+(\\S+))?$");
    private static final Pattern EPOCH = Pattern.compile("^\\d{9,11}$");
    private static final Pattern RESTART = Pattern.compile("^LINUX-RESTART\\s*(?:\\((\\d+) CPU\\))?.*$");
    private static final String PER_CPU = "CPU*";
    /**
     * sadf's USB header (activity.c's hdr_line) names the device's names first, but render_pwr_usb_stats writes
     * them last, as sar's text does: the rows are read in the order they are written.
     */
    private static final List<String> USB_HEADER = List.of("manufact", "product", "BUS", "idvendor", "idprod", "maxpower");
    private static final List<String> USB_ROW_ORDER = List.of("BUS", "idvendor", "idprod", "maxpower", "manufact", "product");

    private final RecordSink sink;
    private final Timeline timeline;
    private final ZoneId zone;
    private final SadfSections sections;
    private List<String> labels;
    /** The last header had an empty column name: its rows are skipped, and said so. */
    private boolean emptyColumnName;
    /** The activities of the header in force without the mark: several only under {@code sadf -d -h}'s. */
    private List<List<String>> activities = List.of();
    /** The labels of the one activity of the {@code sadf -d -h} header in force, printed once per item; else null. */
    private List<String> oneLine;
    /** The header in force is one of {@code sadf -d -h} that cannot be read: said once, its rows skipped. */
    private boolean oneLineRefused;
    private boolean hostRecorded;
    private boolean optionsRecorded;

    SadfTextReader(ParseContext context, RecordSink sink) {
        this.sink = sink;
        this.timeline = new Timeline(context, sink);
        this.zone = timeline.options().zone();
        this.sections = new SadfSections(sink);
    }

    void read(LineSource source) throws IOException {
        sink.variant("linux-sysstat-sadf");
        Transcript lines = new Transcript(source, SarCommand.SADF_SYNTAX);
        for (TranscriptLine line = lines.next(); line != null; line = lines.next()) {
            switch (line.kind()) {
                case BLANK, DECORATION -> {
                    // nothing to read
                }
                case COMMAND -> {
                    String options = line.command().argumentText();
                    if (!optionsRecorded && !options.isEmpty()) {
                        sections.fact("options", options);
                        optionsRecorded = true;
                    }
                }
                // sadf's headers are comments to a shell ('# hostname;...'); any other shell line is skipped
                case SHELL -> header(line.text(), line.number());
                case TEXT -> line(line.text(), line.number());
            }
        }
        lines.finish(sink);
        if (sections.rows() == 0) sink.warning(0, "no sar data in the sadf -d output");
    }

    /** Whether these first lines hold a {@code sadf -d} header, quoted in a reply or indented in a document or not. */
    static boolean opens(Head head) {
        for (String line : head.lines()) {
            if (readable(line)) return true;
        }
        return false;
    }

    /** Whether a line is a header of {@code sadf -d} that can be read: not one of several activities' of {@code -h}. */
    private static boolean readable(String line) {
        Matcher header = HEADER.matcher(Quotes.unquoted(line).strip());
        if (!header.matches()) return false;
        List<String> named = List.of(header.group(1).split(";", -1));
        return !SadfOneLine.marked(named) || SadfOneLine.single(named).isPresent();
    }

    /** Why a head of {@code sadf -d} output is not read, when all its headers are of {@code -h} and several activities. */
    static Optional<String> unreadable(Head head) {
        List<String> lines = head.lines();
        for (int i = 0; i < lines.size(); i++) {
            if (HEADER.matcher(Quotes.unquoted(lines.get(i)).strip()).matches() && !readable(lines.get(i))) {
                return Optional.of("line " + (i + 1) + ": " + SadfOneLine.refusal());
            }
        }
        return Optional.empty();
    }

    /**
     * A section's header, {@code # hostname;interval;timestamp;...}: whether the line was one. A header with an empty
     * column name (two ';' in a row) names no metric for that column: its section's rows are skipped until the next header.
     */
    private boolean header(String line, long n) {
        Matcher header = HEADER.matcher(line.strip());
        if (!header.matches()) return false;
        List<String> named = List.of(header.group(1).split(";", -1));
        if (named.stream().anyMatch(String::isBlank)) {
            sink.warning(n, "expected a column name between every two ';' of the sadf -d header, found an empty one;"
                    + " its rows are skipped");
            labels = null;
            emptyColumnName = true;
            return true;
        }
        emptyColumnName = false;
        oneLineRefused = false;
        oneLine = null;
        if (SadfOneLine.marked(named)) {
            oneLine = SadfOneLine.single(named).orElse(null);
            if (oneLine == null) {
                sink.warning(n, SadfOneLine.refusal() + "; its rows are skipped");
                oneLineRefused = true;
            }
            labels = oneLine;
            return true;
        }
        labels = named.equals(USB_HEADER) ? USB_ROW_ORDER : named;
        activities = SadfOneLine.activities(labels);
        return true;
    }

    private void line(String line, long n) {
        if (Tokens.isBlank(line) || header(line, n)) return;
        String[] cells = line.split(";", -1);
        if (cells.length < 4) {
            sink.warning(n, "not sadf -d output: expected hostname;interval;timestamp;values");
            return;
        }
        Instant time = time(cells[2].strip(), n);
        if (time == null) return;
        if (!hostRecorded && !cells[0].isBlank()) {
            sections.fact("host", cells[0].strip());
            hostRecorded = true;
        }
        Matcher restart = RESTART.matcher(cells[3].strip());
        if (restart.matches()) {
            sections.fact("restart", time + (restart.group(1) == null ? "" : " (" + restart.group(1) + " CPU)"));
            return;
        }
        if (cells[3].strip().startsWith("COM ")) {
            sections.fact("comment", cells[3].strip().substring(4));
            return;
        }
        if (oneLineRefused) return;
        if (labels == null) {
            sink.warning(n, emptyColumnName ? "a row under a header with an empty column name; skipped"
                    : "data before any '# hostname;interval;timestamp;...' header; skipped");
            return;
        }
        String[] values = Arrays.copyOfRange(cells, 3, cells.length);
        for (int i = 0; i < values.length; i++) values[i] = values[i].strip();
        if (oneLine != null) {
            items(values, time, n);
            return;
        }
        if (activities.size() > 1) {
            several(values, time, n);
            return;
        }
        sections.row(expand(labels, values.length), time, values, n);
    }

    /** A {@code sadf -d -h} line of several activities printed once a sample: each activity's cells in turn. */
    private void several(String[] values, Instant time, long n) {
        if (values.length != labels.size()) {
            sink.warning(n, "expected " + labels.size() + " values, one per label of the header's " + activities.size()
                    + " activities, found " + values.length + "; line skipped");
            return;
        }
        int from = 0;
        for (List<String> activity : activities) {
            sections.row(activity, time, Arrays.copyOfRange(values, from, from + activity.size()), n);
            from += activity.size();
        }
    }

    /** A {@code sadf -d -h} line of one activity: its items' rows one after another ({@link SadfOneLine}). */
    private void items(String[] values, Instant time, long n) {
        int width = oneLine.size();
        if (values.length % width != 0) {
            sink.warning(n, "expected the " + width + " values of " + String.join(" ", oneLine) + " once per item,"
                    + " found " + values.length + " values; line skipped");
            return;
        }
        for (int from = 0; from < values.length; from += width) {
            sections.row(oneLine, time, Arrays.copyOfRange(values, from, from + width), n);
        }
    }

    /** {@code INTR;CPU*}: one column for all CPUs, then one per CPU, as the text form prints them. */
    private static List<String> expand(List<String> labels, int cells) {
        int star = labels.indexOf(PER_CPU);
        if (star < 0) return labels;
        List<String> out = new ArrayList<>(labels.subList(0, star));
        int perCpu = cells - star;
        if (perCpu > 0) out.add("all");
        for (int i = 0; i < perCpu - 1; i++) out.add("CPU" + i);
        return out;
    }

    private Instant time(String stamp, long n) {
        if (EPOCH.matcher(stamp).matches()) {
            timeSource("epoch seconds of each line (sadf -U)");
            return Instant.ofEpochSecond(Long.parseLong(stamp));
        }
        Matcher m = STAMP.matcher(stamp);
        if (!m.matches()) {
            sink.warning(n, "expected a time stamp such as '2024-03-01 10:00:01 UTC', found '" + stamp + "'; line skipped");
            return null;
        }
        ZoneId at = m.group(3) == null ? zone : m.group(3).equals("UTC") ? ZoneOffset.UTC
                : ZoneAbbreviations.lookup(m.group(3)).orElse(zone);
        timeSource("time stamp of each line, zone " + (m.group(3) == null ? zone.getId() : m.group(3)));
        try {
            return LocalDateTime.parse(m.group(1) + "T" + m.group(2)).atZone(at).toInstant();
        } catch (DateTimeException e) {
            sink.warning(n, "'" + stamp + "' is not a valid date and time; line skipped");
            return null;
        }
    }

    private void timeSource(String source) {
        if (!timeline.sourced()) timeline.source(source);
    }
}
