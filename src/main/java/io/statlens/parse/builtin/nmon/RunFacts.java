package io.statlens.parse.builtin.nmon;

import io.statlens.parse.spi.RecordSink;

import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The {@code AAA} lines at the head of an nmon file, as facts of the run: host, OS and kernel, CPUs, interval,
 * start date and time, nmon's version and command line; every other {@code AAA} line as {@code nmon.<name>}. Also
 * what the rest of the file needs from them: the interval, the start, the host and run names nmon appends to
 * section descriptions, and whether the file is from AIX.
 */
final class RunFacts {
    /** The most AAA facts kept: a file has about 30. */
    private static final int MAX = 200;

    private final RecordSink sink;
    private final Set<String> hostWords = new HashSet<>();
    private final Set<String> said = new HashSet<>();
    private Duration interval;
    private LocalDate date;
    private LocalTime time;
    private boolean aix;
    private boolean full;

    RunFacts(RecordSink sink) {
        this.sink = sink;
    }

    /** One {@code AAA,name,value[,value...]} line, split into its cells. */
    void line(Cells cells, long number) {
        if (cells.count() < 3) {
            // AAA,SubprocessorMode Unknown (AIX): a name without a value
            if (cells.count() == 2 && !cells.isEmpty(1)) fact("nmon." + slug(cells.text(1)), "", number);
            return;
        }
        String name = cells.text(1).strip();
        String value = cells.rest(2).strip();
        switch (name) {
            case "progname" -> {
                fact("nmon.progname", value, number);
                if (value.contains("topas")) aix = true;
            }
            case "version" -> fact("tool.version", value, number);
            case "command" -> {
                fact("nmon.command", value, number);
                int space = value.indexOf(' ');
                if (space > 0 && !value.substring(space + 1).isBlank()) fact("options", value.substring(space + 1).strip(), number);
            }
            case "host" -> {
                fact("host", value, number);
                hostWords.add(value);
            }
            case "runname" -> {
                fact("nmon.runname", value, number);
                if (!value.isEmpty()) hostWords.add(value);
            }
            case "OS" -> os(cells, number);
            case "AIX" -> {
                aix = true;
                fact("os.name", "AIX", number);
                fact("os.release", value, number);
            }
            case "cpus" -> {
                // Linux: the CPUs; AIX: the most logical CPUs, then those active when nmon started
                fact("cpus", cells.text(cells.count() - 1).strip(), number);
                if (cells.count() > 3) fact("nmon.cpus", value, number);
            }
            case "interval" -> {
                fact("nmon.interval", value, number);
                try {
                    long seconds = Long.parseLong(cells.text(2).strip());
                    if (seconds > 0) interval = Duration.ofSeconds(seconds);
                } catch (NumberFormatException e) {
                    sink.warning(number, "expected the interval in seconds after AAA,interval, found '" + cells.text(2) + "'");
                }
            }
            case "date" -> {
                fact("nmon.date", value, number);
                date = NmonTime.date(cells.text(2)).orElse(null);
                if (date != null) fact("date", date.toString(), number);
                else sink.warning(number, "expected a date such as 02-DEC-2026 (or 02/12/26 before nmon 10) after AAA,date, found '" + cells.text(2) + "'");
            }
            case "time" -> {
                fact("nmon.time", value, number);
                time = NmonTime.time(cells.text(2)).orElse(null);
                if (time == null) sink.warning(number, "expected a time such as 03:24.58 after AAA,time, found '" + cells.text(2) + "'");
            }
            case "x86" -> {
                if (cells.count() >= 4) fact("nmon.x86." + slug(cells.text(2)), cells.rest(3).strip(), number);
            }
            default -> {
                if (!name.startsWith("note")) fact("nmon." + slug(name), value, number);
            }
        }
    }

    /** {@code AAA,OS,Linux,6.18.44,#1 SMP PREEMPT_DYNAMIC @0,x86_64}. */
    private void os(Cells cells, long number) {
        fact("os.name", cells.text(2).strip(), number);
        if (cells.count() > 3) fact("os.kernel", cells.text(3).strip(), number);
        if (cells.count() > 5) {
            fact("os.version", cells.text(4).strip(), number);
            fact("os.arch", cells.text(cells.count() - 1).strip(), number);
        }
    }

    private void fact(String name, String value, long number) {
        if (!said.add(name)) return;
        if (said.size() > MAX) {
            if (!full) sink.notice(number, "more than " + MAX + " AAA lines: the later ones are not kept as facts");
            full = true;
            return;
        }
        sink.fact(name, value.length() > ConfigFacts.MAX_FACT ? value.substring(0, ConfigFacts.MAX_FACT) : value);
    }

    private static String slug(String name) {
        String s = name.strip().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_.-]+", "_");
        return s.length() > 100 ? s.substring(0, 100) : s;
    }

    Set<String> hostWords() {
        return hostWords;
    }

    Duration interval() {
        return interval;
    }

    /** The date and time nmon started, when both were read. */
    LocalDate date() {
        return date;
    }

    LocalTime time() {
        return time;
    }

    boolean aix() {
        return aix;
    }
}
