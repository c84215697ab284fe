package io.statlens.parse.builtin.iostat;

import io.statlens.parse.time.ClockTime;
import io.statlens.parse.time.DateLine;
import io.statlens.parse.time.DateOrder;
import io.statlens.parse.time.LocalizedDate;
import io.statlens.parse.time.ZoneAbbreviations;
import io.statlens.parse.timeline.DayClock;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A line that stamps the report after it: sysstat's {@code iostat -t} line ({@code %x %X} in the
 * machine's locale, e.g. {@code 09/16/2019 04:58:06 PM}, {@code 16.09.2019 16:58:06},
 * {@code 2019년 09월 16일 오후 04시 58분 06초}; {@code 2019-09-16T16:58:06+0200} with
 * {@code S_TIME_FORMAT=ISO}), Solaris {@code -T d} date(1) and {@code -T u} epoch lines, and the
 * {@code zzz ***Mon Sep 16 16:58:06 CEST 2019} line OSWatcher writes before each snapshot.
 *
 * @param time           the instant stated
 * @param source         how the time was obtained, for the {@code time.source} fact
 * @param newInvocation  true when the line marks a new run of iostat (OSWatcher starts one per snapshot)
 */
record ReportTimestamp(Instant time, String source, boolean newInvocation) {
    private static final Pattern ISO = Pattern.compile(
            "^(\\d{4}-\\d{2}-\\d{2})T(\\d{2}:\\d{2}:\\d{2})(Z|[+-]\\d{2}:?\\d{2})?$");
    private static final Pattern OSWATCHER = Pattern.compile("^zzz\\s*\\**\\s*(.+)$");
    private static final Pattern EPOCH = Pattern.compile("^\\d{9,10}$");
    /**
     * sysstat before 8's {@code -t}: {@code Time: 11:01:52} (also translated: {@code Zeit:}, {@code Heure :},
     * {@code Tid:}, {@code 時間：}), a word and a colon before a time of day in the locale's form.
     */
    private static final Pattern TIME_OF_DAY_LINE = Pattern.compile("^\\s*\\p{L}+\\s?[:\uFF1A]\\s*(.+)$");
    /** The time of day of a date(1) line, which OSWatcher's {@code zzz} line holds in the machine's zone. */
    private static final Pattern CLOCK_IN_DATE = Pattern.compile("\\b(\\d{1,2}:\\d{2}:\\d{2})\\b");

    /**
     * The time stamp this whole line states, if it is one; local times are in {@code zone}, a slashed date
     * ({@code 02/12/2026}) in {@code order}, a printed zone abbreviation read by {@code zones}.
     *
     * @param dial the clock of a 12-hour clock printed without AM or PM (glibc's en_IN before 2.29), made on the date of
     *             the first stamp it reads; null for any other clock
     */
    static Optional<ReportTimestamp> parse(String line, ZoneId zone, DateOrder order, Function<String, Optional<ZoneId>> zones,
                                           Function<LocalDate, DayClock> dial) {
        String text = line.strip();
        Matcher zzz = OSWATCHER.matcher(text);
        if (zzz.matches()) {
            return stated(zzz.group(1), zone, order, zones, dial).map(t -> new ReportTimestamp(t.time(),
                    "OSWatcher zzz line before each snapshot (" + t.source() + ")", true));
        }
        return stated(text, zone, order, zones, dial);
    }

    /** The time of day of a {@code Time: 11:01:52} line of old sysstat's {@code -t}, if the line is one. */
    static Optional<LocalTime> timeOfDayLine(String line) {
        Matcher m = TIME_OF_DAY_LINE.matcher(line);
        if (!m.matches()) return Optional.empty();
        Optional<ClockTime.Found> clock = ClockTime.leading(m.group(1));
        if (clock.isEmpty() || !m.group(1).substring(clock.get().end()).isBlank()) return Optional.empty();
        return Optional.of(clock.get().time());
    }

    /** The local time of day printed in a date(1) line ({@code Wed Feb 29 11:01:52 EST 2012}), if it shows one. */
    static Optional<LocalTime> clockOf(String line) {
        Matcher m = CLOCK_IN_DATE.matcher(line);
        return m.find() ? ClockTime.leading(m.group(1)).map(ClockTime.Found::time) : Optional.empty();
    }

    private static Optional<ReportTimestamp> stated(String text, ZoneId zone, DateOrder order, Function<String, Optional<ZoneId>> zones,
                                                    Function<LocalDate, DayClock> dial) {
        Optional<Instant> dateLine = DateLine.parse(text, zone);
        if (dateLine.isPresent()) {
            String source = EPOCH.matcher(text).matches()
                    ? "epoch seconds line before each report (iostat -T u)"
                    : "date(1) line before each report (iostat -T d), zone as printed else " + zone;
            return Optional.of(new ReportTimestamp(dateLine.get(), source, false));
        }
        Matcher iso = ISO.matcher(text);
        if (iso.matches()) return iso(iso, zone);
        return localized(text, zone, order, zones, dial);
    }

    private static Optional<ReportTimestamp> iso(Matcher m, ZoneId zone) {
        try {
            LocalDateTime local = LocalDateTime.of(LocalDate.parse(m.group(1)), LocalTime.parse(m.group(2)));
            String offset = m.group(3);
            ZoneId printed = offset == null ? zone : ZoneAbbreviations.lookup(offset.replace(":", "")).orElse(zone);
            return Optional.of(new ReportTimestamp(local.atZone(printed).toInstant(),
                    "ISO 8601 time stamp line before each report (iostat -t, S_TIME_FORMAT=ISO)"
                            + (offset == null ? ", zone " + zone : ""), false));
        } catch (DateTimeException e) {
            return Optional.empty();
        }
    }

    /**
     * {@code %x %X}: a date in any locale at the start (after a weekday in some: {@code l-Erbgħa, 25 ta Nov, 2026},
     * {@code az., 2026.eko azaren 25a}, glibc's en_IN before 2.29 {@code Thursday 04 September 2014}), then the time of
     * day, then nothing or the zone the locale prints ({@code 18:04:30 UTC}, {@code kl. 18.04 +0000}, {@code 01:42:28  IST}).
     * A time without AM or PM on a half-day {@code dial} is the next on the dial after the stamp before.
     */
    private static Optional<ReportTimestamp> localized(String text, ZoneId zone, DateOrder order, Function<String, Optional<ZoneId>> zones,
                                                       Function<LocalDate, DayClock> dial) {
        // Headers and rows start with a letter or a digit too, but rarely hold a date: turned away by it.
        if (text.isEmpty() || text.length() > 80) return Optional.empty();
        Optional<LocalizedDate.Found> date = LocalizedDate.locate(text, order);
        if (date.isEmpty() || !weekdayAtMost(text.substring(0, date.get().start()))) return Optional.empty();
        String rest = text.substring(date.get().end());
        Optional<ClockTime.Found> time = ClockTime.leading(rest);
        if (time.isEmpty()) return Optional.empty();
        String after = rest.substring(time.get().end()).strip();
        ZoneId printed = zone;
        if (!after.isEmpty()) {
            Optional<ZoneId> z = after.indexOf(' ') < 0 ? zones.apply(after) : Optional.empty();
            if (z.isEmpty()) return Optional.empty();
            printed = z.get();
        }
        boolean onDial = dial != null && !time.get().twelveHour();
        Instant at = onDial ? dial.apply(date.get().date()).at(time.get().time(), printed)
                : LocalDateTime.of(date.get().date(), time.get().time()).atZone(printed).toInstant();
        return Optional.of(new ReportTimestamp(at,
                "time stamp line before each report (iostat -t), zone " + (after.isEmpty() ? zone : "as printed")
                        + (onDial ? ", 12-hour clock without AM/PM read as a dial" : "")
                        + (time.get().seconds() ? "" : ", to the minute: " + ClockTime.NO_SECONDS), false));
    }

    /** Nothing, or one word: the weekday some locales print first, most with a comma after it (en_IN's {@code %A} without). */
    private static boolean weekdayAtMost(String before) {
        String b = before.strip();
        return b.isEmpty() || b.indexOf(' ') < 0 && (b.endsWith(",") || b.chars().allMatch(Character::isLetter));
    }
}
