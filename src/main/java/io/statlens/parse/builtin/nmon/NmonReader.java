package io.statlens.parse.builtin.nmon;

import io.statlens.model.DatasetSpec;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.Quotes;
import io.statlens.parse.timeline.DayClock;
import io.statlens.parse.timeline.Timeline;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads one nmon file line by line: {@code AAA} lines become facts ({@link RunFacts}), {@code BBB} lines and UARG's
 * command lines bounded facts ({@link ConfigFacts}), {@code ZZZZ,T0001,03:25:01,02-DEC-2026} the time of a snapshot,
 * a section's header line ({@code DISKBUSY,Disk %Busy host,sda,sdb}) its columns ({@link Section}), and each of its
 * snapshot lines ({@code DISKBUSY,T0001,6.8,0.0}) rows at its snapshot's time. Headers may come anywhere before their
 * section's lines (nmon writes VM's after the first snapshot), sections in any order.
 *
 * <p>A snapshot line is at its ZZZZ line's time. A line whose ZZZZ line has not been read (a file put through
 * {@code sort}, as nmon's own AAA note suggests, has them all at its end) is whole intervals after the last ZZZZ line
 * read, else after the start the AAA lines state: nothing is held back to wait for it.
 */
final class NmonReader {
    /** nmon's interval with -f when none is given. */
    static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(300);
    /** The most sections of one file: a real one has a hundred or so. */
    private static final int MAX_SECTIONS = 2000;
    private static final Pattern CPUUTIL = Pattern.compile("CPUUTIL(\\d{1,6})");

    private final RecordSink sink;
    private final Timeline timeline;
    private final ZoneId zone;
    private final RunFacts run;
    private final ConfigFacts config;
    private final Cells cells = new Cells();
    private final Map<String, Section> sections = new HashMap<>();
    private final Map<String, Set<DatasetSpec>> announced = new HashMap<>();
    private final Set<String> warnedHeaderless = new HashSet<>();
    private Section last;
    private long snapshot = -1;
    private Instant snapshotTime;
    private boolean zzzzSeen;
    /** The previous ZZZZ line's snapshot and time of day as printed, and whether it was read at a repeated hour's later offset. */
    private String previousName;
    private String previousPrinted;
    private boolean previousAtLaterOffset;
    /** The date of the ZZZZ lines of nmon before 10, which print the time of day alone, and the last time read. */
    private LocalDate dayOfTimeOnly;
    private LocalTime lastTimeOnly;
    private boolean zzzzUsed;
    private boolean startAnchored;
    private boolean unmatchedSaid;
    private boolean sectionsFull;
    private int uargPid = -1;
    private int uargCommand = -1;
    private long rows;
    /** nmon 16's CPUUTIL snapshot lines are numbered from 0, their headers from 1 ({@link #headerName}). */
    private boolean cpuUtilFromZero;

    NmonReader(ParseContext context, RecordSink sink) {
        this.sink = sink;
        this.timeline = new Timeline(context, sink, DEFAULT_INTERVAL);
        this.zone = timeline.options().zone();
        this.run = new RunFacts(sink);
        this.config = new ConfigFacts(sink);
    }

    void read(LineSource lines) throws IOException {
        String raw;
        while ((raw = lines.next()) != null) {
            long number = lines.lineNumber();
            String line = asWritten(raw);
            if (line.isEmpty()) continue;
            int comma = line.indexOf(',');
            if (comma <= 0) {
                sink.warning(number, "expected an nmon line: a section name, a comma and its values (CPU_ALL,T0001,...)");
                continue;
            }
            if (line.startsWith("BBBP,")) {
                config.bbbp(line, number);
            } else if (line.startsWith("BBB")) {
                config.record(line.substring(0, comma), line, number);
            } else {
                cells.split(line);
                String name = cells.text(0);
                switch (name) {
                    case "AAA" -> aaa(number);
                    case "ZZZZ" -> zzzz(number);
                    case "UARG" -> uarg(number);
                    default -> section(name, number);
                }
            }
        }
        config.finish();
        timeline.end();
        sink.variant(run.aix() ? "aix" : "linux");
        if (rows == 0) {
            sink.warning(0, sections.isEmpty() ? "no nmon section header lines (CPU_ALL,CPU Total host,User%,...) found"
                    : "no nmon snapshot lines (CPU_ALL,T0001,...) found");
            timeline.none("no snapshot lines");
        }
    }

    /**
     * A line as nmon wrote it: every nmon line starts with its section's name, never with blanks or {@code >}, so
     * those are what quoting the file in a reply ({@link Quotes}) or indenting it as a code block added.
     */
    private static String asWritten(String line) {
        return Quotes.unquoted(line).stripLeading();
    }

    private void aaa(long number) {
        run.line(cells, number);
        timeline.printedInterval(run.interval());
    }

    /**
     * {@code ZZZZ,T0001,03:25:01,02-DEC-2026}: the time of a snapshot. nmon before version 10 wrote the time of day
     * alone ({@code ZZZZ,T0001,00:00:04}): the date is then AAA,date's, one day later each time the clock goes back
     * past midnight (as nmon2rrd, by nmon's author, dates them), with a notice. A step back of an hour or less (summer
     * time ending, a clock set back) stays on the same day, as sysstat's times of day do ({@link DayClock}).
     */
    private void zzzz(long number) {
        if (cells.count() < 3 || !cells.isSnapshot(1) || cells.count() == 3 && run.date() == null) {
            sink.warning(number, "expected ZZZZ,T<number>,<hh:mm:ss>,<dd-MON-yyyy>");
            return;
        }
        Optional<LocalTime> time = NmonTime.time(cells.text(2));
        if (cells.count() == 3) {
            if (time.isEmpty()) {
                sink.warning(number, "expected a time such as 03:25:01 in the ZZZZ line, found '" + cells.text(2) + "'");
                return;
            }
            if (dayOfTimeOnly == null) {
                dayOfTimeOnly = run.date();
            } else if (lastTimeOnly != null && DayClock.crossesMidnight(lastTimeOnly, time.get())) {
                dayOfTimeOnly = dayOfTimeOnly.plusDays(1);
                sink.notice(number, "snapshot " + cells.text(1) + "'s ZZZZ time " + cells.text(2) + " is before " + previousName + "'s ("
                        + previousPrinted + ") and its line has no date (nmon before 10): read on the next day, " + dayOfTimeOnly);
            }
            lastTimeOnly = time.get();
            stamp(LocalDateTime.of(dayOfTimeOnly, time.get()), number);
            return;
        }
        Optional<LocalDate> date = NmonTime.date(cells.text(3));
        if (time.isEmpty() || date.isEmpty()) {
            sink.warning(number, "expected a time such as 03:25:01 and a date such as 02-DEC-2026 in the ZZZZ line, found '"
                    + cells.text(2) + "' and '" + cells.text(3) + "'");
            return;
        }
        stamp(LocalDateTime.of(date.get(), time.get()), number);
    }

    /**
     * Stamps the snapshot of the ZZZZ line read. nmon prints the local clock at each snapshot, so a time may come
     * again: in the hour the zone repeats when summer time ends (read at the later offset, where it follows the
     * snapshot before), or when the clock was set back or the file edited. The latter is kept as printed, since
     * other logs of that host show the same clock, but never silently: two snapshots may then share a time.
     */
    private void stamp(LocalDateTime at, long number) {
        Instant previousTime = snapshotTime;
        ZonedDateTime zoned = at.atZone(zone);
        snapshot = cells.snapshot(1);
        snapshotTime = zoned.toInstant();
        String printed = cells.text(2) + (cells.count() > 3 ? " " + cells.text(3) : "");
        if (previousTime != null && !snapshotTime.isAfter(previousTime)) {
            Instant later = zoned.withLaterOffsetAtOverlap().toInstant();
            if (later.isAfter(previousTime)) {
                if (!previousAtLaterOffset) sink.notice(number, "snapshot " + cells.text(1) + "'s ZZZZ time "
                        + printed + " is in the hour " + zone.getId() + " repeats when summer time ends: read at the later offset ("
                        + zoned.withLaterOffsetAtOverlap().getOffset() + "), after " + previousName);
                snapshotTime = later;
                previousAtLaterOffset = true;
            } else if (snapshotTime.equals(previousTime)) {
                sink.notice(number, "snapshot " + cells.text(1) + "'s ZZZZ time " + printed + " is the same as "
                        + previousName + "'s: its lines are stored at the time printed, where that snapshot already is");
            } else {
                sink.notice(number, "snapshot " + cells.text(1) + "'s ZZZZ time " + printed + " is "
                        + Duration.between(snapshotTime, previousTime).toSeconds() + " s before " + previousName
                        + "'s (" + previousPrinted + "): the clock went back or the file was edited; its lines are stored at "
                        + "the time printed, where another snapshot may already be");
            }
        } else {
            previousAtLaterOffset = false;
        }
        previousName = cells.text(1);
        previousPrinted = cells.text(2);
        zzzzSeen = true;
        timeline.stamped(snapshotTime, snapshot);
    }

    /** UARG: a process's full command line ({@code UARG,T0002,0027984,javac,/usr/lib/jvm/...}), kept as a fact. */
    private void uarg(long number) {
        if (cells.count() > 1 && cells.isSnapshot(1)) {
            if (uargPid < 0 || uargCommand < 0) {
                if (warnedHeaderless.add("UARG")) sink.warning(number, "a UARG line before UARG's header line (UARG,+Time,PID,...,FullCommand)");
                return;
            }
            if (cells.count() <= uargCommand) {
                sink.warning(number, "expected a command line in UARG's column " + (uargCommand + 1));
                return;
            }
            config.process(Section.withoutLeadingZeros(cells.text(uargPid).strip()), cells.rest(uargCommand), number);
            return;
        }
        uargPid = -1;
        uargCommand = -1;
        for (int i = 1; i < cells.count(); i++) {
            String label = cells.text(i).strip();
            if (label.equals("PID")) uargPid = i;
            if (label.equals("FullCommand")) uargCommand = i;
        }
    }

    private void section(String name, long number) {
        boolean top = name.equals("TOP");
        int snapshotCell = top ? 2 : 1;
        if (cells.count() > snapshotCell && cells.isSnapshot(snapshotCell)) {
            data(name, number, snapshotCell);
            return;
        }
        header(name, number);
    }

    private void header(String name, long number) {
        if (!sections.containsKey(name) && sections.size() >= MAX_SECTIONS) {
            if (!sectionsFull) sink.warning(number, "more than " + MAX_SECTIONS + " sections: " + name + " and later ones are not read");
            sectionsFull = true;
            return;
        }
        if (cells.count() - 2 > DatasetSpec.MAX_METRICS) {
            sink.warning(number, name + "'s header names " + (cells.count() - 2) + " columns; a data set holds at most "
                    + DatasetSpec.MAX_METRICS + ": the section is not read");
            sections.remove(name);
            return;
        }
        Section section = Section.of(cells, number, run.hostWords());
        // a header without columns ("TOP,%CPU Utilisation") only describes the section
        if (section == null) return;
        for (String said : section.repeatedKeys()) sink.notice(number, said);
        sections.put(name, section);
        if (last != null && last.name().equals(name)) last = section;
    }

    private void data(String printed, long number, int snapshotCell) {
        String name = headerName(printed);
        Section section = last != null && last.name().equals(name) ? last : sections.get(name);
        if (section == null) {
            if (cells.count() > snapshotCell + 1 && !cells.isEmpty(snapshotCell + 1) && isLabel(snapshotCell + 1)) {
                // nmon before 12 wrote VM's header with a snapshot number: VM,T0001,Paging and Virtual Memory,nr_dirty,...
                cells.split(cells.line().substring(0, cells.start(snapshotCell)) + cells.line().substring(cells.start(snapshotCell + 1)));
                header(name, number);
                return;
            }
            if (warnedHeaderless.add(name)) {
                sink.warning(number, "a " + printed + " line before " + name + "'s header line (" + name
                        + ",<description>,<column names>): its lines are not read");
            }
            return;
        }
        last = section;
        long t = cells.snapshot(snapshotCell);
        Instant time = timeOf(t, number);
        if (section.firstUse()) announce(section.spec());
        rows += section.write(cells, section.spec(), Math.max(0, t - 1), time, number, sink);
    }

    /**
     * The header a snapshot line's section name belongs to. nmon 16 ({@code -U}) numbers its CPUUTIL header lines from 1
     * ({@code CPUUTIL001,CPU Util Stats CPU1 host,...}, as CPU001 is CPU 1) but their snapshot lines from 0: the values
     * of {@code CPUUTIL000,T0001,...} are CPU 1's (they follow CPU001's, checked in a file of nmon 16n). A CPUUTIL000
     * snapshot line with no header of that name tells it, and every CPUUTIL line then goes to the header one up.
     */
    private String headerName(String printed) {
        if (!printed.startsWith("CPUUTIL")) return printed;
        Matcher numbered = CPUUTIL.matcher(printed);
        if (!numbered.matches()) return printed;
        int cpu = Integer.parseInt(numbered.group(1));
        if (cpu == 0 && !sections.containsKey(printed)) cpuUtilFromZero = true;
        if (!cpuUtilFromZero) return printed;
        String up = Integer.toString(cpu + 1);
        return "CPUUTIL" + "0".repeat(Math.max(0, numbered.group(1).length() - up.length())) + up;
    }

    /** Whether a cell of a snapshot line is text that only a header would hold. */
    private boolean isLabel(int cell) {
        String text = cells.text(cell).strip();
        return !text.isEmpty() && !io.statlens.parse.text.Numbers.isNumber(text) && !text.equalsIgnoreCase("nan")
                && !text.equalsIgnoreCase("-nan");
    }

    /** Announces a section's data set unless a section of the same shape did (CPU002 after CPU001). */
    private void announce(DatasetSpec spec) {
        if (announced.computeIfAbsent(spec.name(), n -> new HashSet<>()).add(spec)) sink.dataset(spec);
    }

    /** The time of snapshot {@code t}: its ZZZZ line's, else whole intervals from the last one, else from the start. */
    private Instant timeOf(long t, long number) {
        if (t == snapshot && snapshotTime != null) {
            if (!zzzzUsed) timeline.source(dayOfTimeOnly == null ? "ZZZZ line of each snapshot: date and time of day, zone "
                    + zone.getId() : "ZZZZ line of each snapshot: time of day on AAA,date's date, the next day after midnight, zone "
                    + zone.getId());
            zzzzUsed = true;
            return snapshotTime;
        }
        if (!unmatchedSaid) {
            unmatchedSaid = true;
            sink.notice(number, "snapshot T" + t + "'s lines come " + (t > snapshot ? "before" : "after")
                    + " its ZZZZ line (a sorted file?): such lines are placed whole intervals from the "
                    + (zzzzSeen ? "last ZZZZ line read" : "start the AAA lines state"));
        }
        if (!zzzzSeen && !startAnchored && run.date() != null && run.time() != null) {
            startAnchored = true;
            timeline.source("AAA date and time (nmon's start) + snapshot number x interval, zone " + zone.getId());
            timeline.stamped(LocalDateTime.of(run.date(), run.time()).atZone(zone).toInstant(), 0);
        } else if (zzzzSeen) {
            timeline.source("lines without their ZZZZ line: the last ZZZZ line read + snapshots x interval");
        }
        return timeline.unstamped(t);
    }
}
