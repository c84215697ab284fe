package io.statlens.parse.builtin.dstat;

import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.time.LocaleFormats;
import io.statlens.parse.time.MonthNames;
import io.statlens.parse.time.ZoneAbbreviations;
import io.statlens.parse.timeline.Timeline;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.Month;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The times of dstat's and dool's lines: the {@code epoch} column when printed (dstat -T), else the {@code time}
 * column (dstat -t: {@code 02-12 03:26:07}, day and month; dool: {@code Dec-02 03:29:02}), in the year of the CSV's
 * {@code Date:} line or, without one, of {@code --start} or the fallback start; else, in a CSV, from its {@code Date:}
 * line, the local time dstat wrote its title lines at just before the first values ({@code main()}:
 * {@code time.strftime('%d %b %Y %H:%M:%S %Z', time.localtime())}), one delay apart; else one interval apart. Times of
 * day are in the zone the {@code Date:} line names, when it names one ({@code UTC}; CST as the file's locale settles it).
 */
final class DstatClock {
    private static final Pattern DAY_MONTH = Pattern.compile(
            "^(\\d{1,2})-(\\d{1,2}) (\\d{1,2}):(\\d{2}):(\\d{2})(?:\\.(\\d{1,3}))?$");
    private static final Pattern MONTH_DAY = Pattern.compile(
            "^(\\p{L}{3,})-(\\d{1,2}) (\\d{1,2}):(\\d{2}):(\\d{2})(?:\\.(\\d{1,3}))?$");
    private static final Pattern DATE_LINE = Pattern.compile(
            "^\\s*(\\d{1,2}) (\\p{L}+) (\\d{4})(?: (\\d{1,2}):(\\d{2}):(\\d{2})(?: (\\S+))?)?");
    private static final Pattern EPOCH = Pattern.compile("^\\d{9,11}(?:\\.\\d+)?$");

    private final Timeline timeline;
    private final RecordSink sink;
    private Integer statedYear;
    private Integer year;
    private Month lastMonth;
    /** The zone the CSV's Date line names; null when it names none this parser knows (the import's zone then). */
    private ZoneId statedZone;
    /** The CSV's Date line as an instant, until the first values of its run take it as their time. */
    private Instant statedStart;
    private final Set<String> zonesWarned = new java.util.HashSet<>();

    DstatClock(ParseContext context, RecordSink sink) {
        this.timeline = new Timeline(context, sink, Duration.ofSeconds(1));
        this.sink = sink;
    }

    void printedInterval(Duration interval) {
        timeline.printedInterval(interval);
    }

    /**
     * The CSV's {@code Date:} cell ({@code 02 Dec 2026 03:28:12 UTC}): the year of the times that follow, their zone
     * when it names one, and the time of the run's first values.
     */
    void dated(String date, long number) {
        Matcher m = DATE_LINE.matcher(date);
        if (!m.find()) return;
        statedYear = Integer.parseInt(m.group(3));
        year = statedYear;
        lastMonth = null;
        statedZone = m.group(7) == null ? null : zone(m.group(7), number);
        statedStart = null;
        Optional<Month> month = MonthNames.of(m.group(2));
        if (m.group(4) == null || month.isEmpty()) return;
        try {
            statedStart = LocalDateTime.of(statedYear, month.get(), Integer.parseInt(m.group(1)), Integer.parseInt(m.group(4)),
                    Integer.parseInt(m.group(5)), Integer.parseInt(m.group(6))).atZone(zone()).toInstant();
        } catch (DateTimeException e) {
            // a date that does not exist: the values are placed as if there were no Date line
        }
    }

    /** The zone %Z printed, CST and the like read as the file's locale (--file-locale) settles them, else with a warning. */
    private ZoneId zone(String printed, long number) {
        Optional<ZoneAbbreviations.Reading> reading = ZoneAbbreviations.read(printed,
                LocaleFormats.countries(Set.of(), timeline.options().locale()),
                "--file-locale (e.g. --file-locale zh_CN for China's CST)");
        reading.flatMap(ZoneAbbreviations.Reading::warning).ifPresent(w -> {
            if (zonesWarned.add(printed)) sink.warning(number, w);
        });
        return reading.map(ZoneAbbreviations.Reading::zone).orElse(null);
    }

    private String zoneName() {
        return zone().equals(java.time.ZoneOffset.UTC) ? "UTC" : zone().getId();
    }

    /** The zone of printed times of day: the Date line's, else the import's. */
    private ZoneId zone() {
        return statedZone != null ? statedZone : timeline.options().zone();
    }

    /** The time of a data line, or null (with a warning) when its time column cannot be read. */
    Instant time(DstatLayout layout, List<String> cells, long sample, long number) {
        if (layout.epochColumn() >= 0) {
            String cell = cells.get(layout.epochColumn()).strip();
            if (EPOCH.matcher(cell).matches()) {
                timeline.source("dstat epoch column (seconds since 1970)");
                double seconds = Double.parseDouble(cell);
                return timeline.stamped(Instant.ofEpochMilli(Math.round(seconds * 1000)), sample);
            }
        }
        if (layout.timeColumn() >= 0) {
            String cell = cells.get(layout.timeColumn()).strip();
            Optional<LocalDateTime> local = local(cell);
            if (local.isPresent()) {
                try {
                    return timeline.stamped(local.get().atZone(zone()).toInstant(), sample);
                } catch (DateTimeException e) {
                    // a day that does not exist in that year (29-02): read as no time
                }
            }
            sink.warning(number, "expected the time column as dstat (day-month HH:MM:SS) or dool (Mon-day HH:MM:SS)"
                    + " prints it, found '" + cell + "'");
            return null;
        }
        if (statedStart != null && timeline.options().start().isEmpty()) {
            timeline.source("dstat CSV Date line (the first values' time) and the Cmdline's delay, zone " + zoneName());
            Instant start = statedStart;
            statedStart = null;
            return timeline.stamped(start, sample);
        }
        return timeline.unstamped(sample);
    }

    private Optional<LocalDateTime> local(String cell) {
        Matcher dm = DAY_MONTH.matcher(cell);
        Matcher md = MONTH_DAY.matcher(cell);
        int day;
        Month month;
        Matcher m;
        String order;
        if (dm.matches()) {
            m = dm;
            day = Integer.parseInt(dm.group(1));
            int number = Integer.parseInt(dm.group(2));
            if (number < 1 || number > 12) return Optional.empty();
            month = Month.of(number);
            order = "day-month";
        } else if (md.matches()) {
            m = md;
            Optional<Month> named = MonthNames.of(md.group(1));
            if (named.isEmpty()) return Optional.empty();
            month = named.get();
            day = Integer.parseInt(md.group(2));
            order = "month-day";
        } else {
            return Optional.empty();
        }
        if (year == null) year = assumedYear();
        // a capture running over New Year: December, then January
        if (lastMonth != null && month.getValue() < lastMonth.getValue() - 6) year++;
        lastMonth = month;
        timeline.source("dstat time column (" + order + " time of day) in the year of "
                + (statedYear != null ? "the CSV's Date line" : "--start or the fallback start") + ", zone "
                + zoneName());
        int millis = m.group(6) == null ? 0 : Integer.parseInt((m.group(6) + "00").substring(0, 3));
        try {
            return Optional.of(LocalDateTime.of(year, month, day, Integer.parseInt(m.group(3)),
                    Integer.parseInt(m.group(4)), Integer.parseInt(m.group(5)), millis * 1_000_000));
        } catch (DateTimeException e) {
            return Optional.empty();
        }
    }

    private int assumedYear() {
        Timeline.Day day = timeline.assumedDay();
        if (day.assumed() && !day.placedLater()) {
            sink.warning(0, "dstat prints no year; taking " + day.date().getYear() + " from " + day.origin()
                    + "; give --start to set it");
        } else if (day.assumed()) {
            // the file's modification time, when dstat stopped writing: right for the file as written, wrong for a copy
            // made without its times (cp without -p, a download), so said where the user reads how times were filled in
            sink.notice(0, "dstat prints no year; taking " + day.date().getYear() + " from " + day.origin()
                    + ", when dstat stopped writing the file; give --start to set it");
        }
        return day.date().getYear();
    }

    void finish() {
        timeline.none("no values");
    }
}
