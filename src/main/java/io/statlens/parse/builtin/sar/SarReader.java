package io.statlens.parse.builtin.sar;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.SummaryValue;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.SysstatAverage;
import io.statlens.parse.text.SysstatBanner;
import io.statlens.parse.text.SysstatVersion;
import io.statlens.parse.text.SysstatLocale;
import io.statlens.parse.text.Tokens;
import io.statlens.parse.time.ClockTime;
import io.statlens.parse.timeline.DayClock;
import io.statlens.parse.timeline.Timeline;
import io.statlens.parse.transcript.Transcript;
import io.statlens.parse.transcript.TranscriptLine;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One pass over sar output. Keeps only per-section state: the sections seen (layout, day roll-over,
 * sample number), the section the current lines belong to, and whether an average block is running.
 */
final class SarReader {
    private final Timeline timeline;
    /**
     * Whether the file's clock prints no seconds (the notice about it is given once per file): a key printed again at
     * the same time is then the next sample, not the same report's key again.
     */
    private boolean minuteClock;
    /** Whether the notice about a filesystem mounted again was given (once per file). */
    private boolean mountedAgainTold;
    private final RecordSink sink;
    private final ZoneId zone;
    private final Map<String, SectionState> sections = new HashMap<>();
    /** Facts already recorded, as name and value: sar repeats restarts, configurations and sensor names. */
    private final Set<String> factsRecorded = new HashSet<>();

    private Transcript lines;
    private SectionState current;
    /** The section an {@code Average} block belongs to while it runs; null outside one. */
    private SectionState averaging;
    private LocalDate date;
    /** The banner date that times the file, said as its time source at the first timed line, which shows the zone. */
    private LocalDate unsaidBannerDate;
    /** The zone the first timed line printed after its time of day ({@code IST}), or null when it printed none. */
    private String firstPrintedZone;
    /** Banners seen: each starts the day again for every section. */
    private int epoch;
    private DayClock eventClock;
    private int eventRollerEpoch = -1;
    private String lastBanner;

    /** What the file shows of its locale: the order of slashed dates, the zone an ambiguous abbreviation means. */
    private SysstatLocale locale;
    private final ParseContext context;

    SarReader(ParseContext context, RecordSink sink) {
        this.context = context;
        this.timeline = new Timeline(context, sink, Duration.ofSeconds(1));
        this.sink = sink;
        this.zone = timeline.options().zone();
    }

    void read(LineSource source) throws IOException {
        locale = SysstatLocale.of(source.head(), context, UnixSarBanner::localeDateText);
        locale.clockOn(timeline, sink);
        lines = new Transcript(source, SarCommand.SYNTAX);
        boolean sawAnything = false;
        for (TranscriptLine line = lines.next(); line != null; line = lines.next()) {
            if (!line.is(TranscriptLine.Kind.BLANK)) sawAnything = true;
            line(line);
        }
        lines.finish(sink);
        if (!sawAnything) sink.warning(0, "the file is empty: no sar output");
        else if (sections.values().stream().noneMatch(s -> s.lastTime() != null)) {
            sink.warning(0, "no sar data lines found: expected a header line such as '12:00:01 CPU %user ...' "
                    + "followed by lines that start with a time of day");
        }
    }

    private void line(TranscriptLine transcriptLine) throws IOException {
        switch (transcriptLine.kind()) {
            case BLANK -> {
                // A blank line ends an average block and with it the section: sar prints a header before more data.
                if (averaging != null) {
                    averaging = null;
                    current = null;
                }
                return;
            }
            case DECORATION, SHELL -> {
                return;
            }
            case COMMAND -> {
                // sar.c prints the version and exits at -V (common.c, print_version): the report is another command's
                if (SysstatVersion.onlyVersion(transcriptLine.command())) return;
                String options = transcriptLine.command().argumentText();
                if (!options.isEmpty()) recordOnce("options", options);
                return;
            }
            case TEXT -> {
                // read below
            }
        }
        String line = transcriptLine.text();
        long n = transcriptLine.number();
        // Banners, AIX's configuration and the average labels start with a letter; the lines that start with a digit
        // (a time of day: almost every line) skip their tests.
        if (!startsWithDigit(line) && notTimed(transcriptLine, line, n)) return;
        Optional<ClockTime.Found> time = ClockTime.leading(line);
        if (time.isPresent()) {
            if (!time.get().seconds() && !minuteClock) {
                minuteClock = true;
                sink.notice(n, ClockTime.NO_SECONDS);
            }
            // a zone after the time of day (Maltese and Norwegian locales: 18:04:32 UTC, kl. 18.04 +0000)
            Optional<ClockTime.Zone> printedZone = ClockTime.zoneAfter(line, time.get().end());
            ZoneId lineZone = printedZone.isEmpty() ? zone : locale.zone(printedZone.get(), n, sink);
            String rest = line.substring(printedZone.isEmpty() ? time.get().end() : printedZone.get().end());
            sayBannerSource(printedZone);
            String[] tokens = Tokens.split(rest);
            if (current != null && averaging == null && tokens.length > 0 && !current.header().fitsWidth(tokens.length)
                    && !SectionHeader.looksLikeHeader(tokens) && SarLines.restart(rest).isEmpty() && SarLines.comment(rest) == null) {
                String mended = repaired(transcriptLine, current);
                Optional<ClockTime.Found> again = ClockTime.leading(mended);
                if (again.isPresent()) {
                    int end = ClockTime.zoneAfter(mended, again.get().end()).map(ClockTime.Zone::end).orElse(again.get().end());
                    rest = mended.substring(end);
                    tokens = Tokens.split(rest);
                }
            }
            timed(time.get().time(), rest, tokens, n, lineZone);
        } else if (current != null && (Tokens.isSpace(line.charAt(0)) || timeColumnTakenAway(Tokens.split(line)))) {
            continuation(Tokens.split(line), n);
        } else {
            sink.warning(n, "not sar output: expected a line starting with a time of day, 'Average', or a banner");
        }
    }

    private static boolean startsWithDigit(String line) {
        int i = 0;
        while (i < line.length() && line.charAt(i) == ' ') i++;
        return i < line.length() && line.charAt(i) >= '0' && line.charAt(i) <= '9';
    }

    /** A line that is not a timed row: a banner, AIX's configuration or an average line, read here; false if none. */
    private boolean notTimed(TranscriptLine transcriptLine, String line, long n) throws IOException {
        Optional<SysstatBanner> linux = SysstatBanner.parse(line, locale.order());
        if (linux.isPresent()) {
            locale.tell(sink);
            banner(line, linux.get().date().orElse(null), "linux-sysstat", () -> linux.get().emitFacts(sink, n));
            return true;
        }
        Optional<UnixSarBanner> unix = UnixSarBanner.parse(line, locale.order());
        if (unix.isPresent()) {
            if (unix.get().localeOrdered()) locale.tell(sink);
            banner(line, unix.get().date(), unix.get().variant(), () -> unix.get().emitFacts(sink));
            return true;
        }
        String configuration = SarLines.configuration(line);
        if (configuration != null) {
            configuration(configuration);
            return true;
        }
        if (SysstatVersion.read(line, this::recordOnce)) return true;
        int averageEnd = SarLines.averageEnd(line);
        if (averageEnd < 0) return false;
        String[] tokens = Tokens.split(line.substring(averageEnd));
        SectionState section = averaging != null ? averaging : current;
        if (section != null && !section.header().fitsWidth(tokens.length) && !SectionHeader.looksLikeHeader(tokens)) {
            String mended = repaired(transcriptLine, section);
            int end = SarLines.averageEnd(mended);
            if (end >= 0) tokens = Tokens.split(mended.substring(end));
        }
        average(tokens, n, SysstatAverage.statistic(line));
        return true;
    }

    /** Whether tokens are a complete row of a section: as many cells as its header, numbers where numbers belong. */
    private static boolean fits(SectionState section, String[] tokens) {
        SectionHeader.Cells cells = section.header().cells(tokens);
        return cells != null && cells.nonNumeric().isEmpty();
    }

    /** The line mended by the transcript (rejoined after a wrap, or without appended text), if that makes it a row. */
    private String repaired(TranscriptLine line, SectionState section) throws IOException {
        return lines.repair(line, text -> {
            int average = SarLines.averageEnd(text);
            if (average >= 0) return fits(section, Tokens.split(text.substring(average)));
            Optional<ClockTime.Found> time = ClockTime.leading(text);
            if (time.isEmpty()) return false;
            int end = ClockTime.zoneAfter(text, time.get().end()).map(ClockTime.Zone::end).orElse(time.get().end());
            return fits(section, Tokens.split(text.substring(end)));
        }, piece -> ClockTime.leading(piece).isEmpty() && SarLines.averageEnd(piece) < 0); // a timed line is a row of its own
    }

    /** A banner starts the day again; {@code bannerDate} is null for one that lost its date (then {@link #date()} decides). */
    private void banner(String line, LocalDate bannerDate, String variant, Runnable emitFacts) {
        if (!line.equals(lastBanner)) emitFacts.run();
        lastBanner = line;
        sink.variant(variant);
        date = bannerDate;
        epoch++;
        current = null;
        averaging = null;
        if (bannerDate != null && !timeline.sourced()) unsaidBannerDate = bannerDate;
    }

    /** The banner's date as the time source, once, with the zone the times are read in: printed (IST) or the default. */
    private void sayBannerSource(Optional<ClockTime.Zone> printedZone) {
        if (firstPrintedZone == null && printedZone.isPresent()) firstPrintedZone = printedZone.get().printed();
        if (unsaidBannerDate == null) return;
        if (!timeline.sourced()) {
            timeline.source("banner date " + unsaidBannerDate + " + time of day printed on each line, " + zoneText()
                    + "; each section rolls over midnight on its own");
        }
        unsaidBannerDate = null;
    }

    /** How the zone of the times was decided, as mpstat and pidstat say it. */
    private String zoneText() {
        return firstPrintedZone != null ? "zone as printed (" + firstPrintedZone + ")" : "zone " + zone;
    }

    private void configuration(String settings) {
        for (String setting : Tokens.split(settings)) {
            int eq = setting.indexOf('=');
            if (eq > 0) recordOnce("system." + setting.substring(0, eq).toLowerCase(), setting.substring(eq + 1));
        }
    }

    private void timed(LocalTime time, String rest, String[] tokens, long n, ZoneId lineZone) {
        if (tokens.length == 0) {
            // HP-UX sar -d prints the time alone when no device was active in the interval ("a blank line is printed",
            // sar(1M)): a report without rows. Under an unkeyed header a time with nothing after it is a cut line.
            boolean emptyReport = current != null && averaging == null && current.header().spec().keyed();
            if (!emptyReport) sink.warning(n, "a time of day without values");
            return;
        }
        Optional<SarLines.Restart> restart = SarLines.restart(rest);
        if (restart.isPresent()) {
            int cpus = restart.get().cpus();
            recordOnce("restart", eventTime(time) + (cpus > 0 ? " (" + cpus + " CPU)" : ""));
            return;
        }
        String comment = SarLines.comment(rest);
        if (comment != null) {
            recordOnce("comment", comment);
            return;
        }
        averaging = null;
        if (SectionHeader.looksLikeHeader(tokens)) {
            SectionHeader header = SectionHeader.of(List.of(tokens));
            current = section(header, n);
            current.intervalHeader(header);
            return;
        }
        if (current == null) {
            sink.warning(n, "data line before any section header");
            return;
        }
        row(current, current.resolve(time, date(), lineZone, epoch, timeline::clock), tokens, n);
    }

    /**
     * A line of a Solaris, AIX or HP-UX multi-line report after the first whose blank time column a document took
     * away (its blanks collapsed, the line stripped): without the leading blank it is still a complete row of the
     * running section, whose key (CPU, device) is the first column after the time. Data and {@code Average} blocks alike.
     */
    private boolean timeColumnTakenAway(String[] tokens) {
        SectionState section = averaging != null ? averaging : current;
        return section.header().keyedByFirstColumn() && fits(section, tokens);
    }

    /** Lines of a Solaris, AIX or HP-UX multi-line report after the first: the time is the first line's. */
    private void continuation(String[] tokens, long n) {
        if (averaging != null) {
            summary(averaging, tokens, n, SysstatAverage.Statistic.AVERAGE);
        } else if (current.lastTime() == null) {
            sink.warning(n, "a line without a time of day before the first timed line of its section");
        } else {
            row(current, current.lastTime(), tokens, n);
        }
    }

    private void average(String[] tokens, long n, SysstatAverage.Statistic statistic) {
        if (tokens.length == 0) return;
        if (SectionHeader.looksLikeHeader(tokens)) {
            // sysstat repeats the header before the averages of sections printed one after another (sar -n TCP,ETCP).
            averaging = section(SectionHeader.of(List.of(tokens)), n);
            return;
        }
        SectionState section = averaging != null ? averaging : current;
        if (section == null) {
            sink.warning(n, "average line before any section header");
            return;
        }
        averaging = section;
        summary(section, tokens, n, statistic);
    }

    private SectionState section(SectionHeader header, long n) {
        String name = header.spec().name();
        SectionState state = sections.get(name);
        if (state == null) {
            state = new SectionState(header, n);
            sections.put(name, state);
        } else {
            state.header(header, n);
        }
        return state;
    }

    private void row(SectionState section, Instant time, String[] tokens, long n) {
        SectionHeader.Cells cells = cells(section.header(), section, tokens, n);
        if (cells == null) return;
        if (!minuteClock && section.printedAgain(time, cells.key())) {
            if (!mountedAgainTold) sink.notice(n, SectionHeader.mountedAgain(cells.key()));
            mountedAgainTold = true;
            return;
        }
        for (SectionHeader.Text text : cells.texts()) {
            if (!text.value().isBlank()) {
                recordOnce(section.header().spec().name() + "." + cells.key() + "." + text.label().toLowerCase(), text.value());
            }
        }
        section.emit(time, cells.key(), cells.values(), sink);
    }

    private void summary(SectionState section, String[] tokens, long n, SysstatAverage.Statistic statistic) {
        SectionHeader layout = section.averageLayout(tokens.length);
        SectionHeader.Cells cells = cells(layout, section, tokens, n);
        if (cells == null || section.summarizedAgain(statistic, cells.key())) return;
        DatasetSpec spec = layout.spec();
        List<Metric> metrics = spec.metrics();
        for (int i = 0; i < metrics.size(); i++) {
            double v = cells.values()[i];
            if (Double.isNaN(v)) continue;
            Metric m = metrics.get(i);
            sink.summary(new SummaryValue(spec.qualifiedName(), cells.key(), statistic.valueName(m.label()), v, m.unit()));
        }
    }

    private SectionHeader.Cells cells(SectionHeader layout, SectionState section, String[] tokens, long n) {
        SectionHeader.Cells cells = layout.cells(tokens);
        if (cells == null) {
            sink.warning(n, "expected " + layout.columnCount() + " columns as in the header at line "
                    + section.headerLine() + ", found " + tokens.length + ": " + Arrays.toString(tokens));
            return null;
        }
        if (!cells.nonNumeric().isEmpty()) {
            sink.warning(n, "not a number, stored as missing: " + String.join(", ", cells.nonNumeric()));
        }
        return cells;
    }

    /** Restarts and comments: on the current section's day if one is running, else on the banner's. */
    private Instant eventTime(LocalTime time) {
        if (current != null && current.lastTime() != null) return current.resolve(time, date(), zone, epoch, timeline::clock);
        if (eventClock == null || eventRollerEpoch != epoch) {
            eventClock = timeline.clock(date());
            eventRollerEpoch = epoch;
        }
        return eventClock.at(time, zone);
    }

    /** The banner's date; without a banner, --start's date or the fallback start's, with a warning. */
    private LocalDate date() {
        if (date == null) {
            Timeline.Day day = timeline.assumedDay();
            date = day.date();
            if (day.assumed() && !day.placedLater()) {
                sink.warning(0, "no sar banner with a date; the times of day are taken to be on " + date + " (" + day.origin()
                        + "); give --start to set the date");
            }
            timeline.source("date " + date + " from " + day.origin() + " + time of day printed on each line, " + zoneText()
                    + "; each section rolls over midnight on its own");
        }
        return date;
    }

    private void recordOnce(String name, String value) {
        // a fact before the first timed line (AIX's System configuration) follows the time source, as it always did
        if (unsaidBannerDate != null) sayBannerSource(Optional.empty());
        if (factsRecorded.add(name + '\n' + value)) sink.fact(name, value);
    }
}
