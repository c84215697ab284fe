package io.statlens.parse.builtin.nmon;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.Month;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * nmon's dates and times, in the C locale whatever the machine's: {@code 02-DEC-2026} (its own English month
 * abbreviations, upper case) and {@code 03:25:01}; {@code AAA,time} writes the seconds after a dot
 * ({@code 03:24.58}). nmon before version 10 wrote {@code AAA,date} as day, month and two-digit year
 * ({@code 22/04/03}, as nmon's author's nmon2rrd reads it: 22 April 2003).
 */
final class NmonTime {
    private static final Pattern DATE = Pattern.compile("\\s*(\\d{1,2})-([A-Za-z]{3})-(\\d{4})\\s*");
    private static final Pattern OLD_DATE = Pattern.compile("\\s*(\\d{1,2})/(\\d{1,2})/(\\d{2})\\s*");
    private static final Pattern TIME = Pattern.compile("\\s*(\\d{1,2}):(\\d{2})[:.](\\d{2})(?:[.,](\\d{1,9}))?\\s*");

    private NmonTime() {
    }

    static Optional<LocalDate> date(String text) {
        Matcher old = OLD_DATE.matcher(text);
        if (old.matches()) {
            try {
                return Optional.of(LocalDate.of(2000 + Integer.parseInt(old.group(3)), Integer.parseInt(old.group(2)),
                        Integer.parseInt(old.group(1))));
            } catch (DateTimeException e) {
                return Optional.empty();
            }
        }
        Matcher m = DATE.matcher(text);
        if (!m.matches()) return Optional.empty();
        String abbreviation = m.group(2).toUpperCase(Locale.ROOT);
        for (Month month : Month.values()) {
            if (month.name().startsWith(abbreviation)) {
                try {
                    return Optional.of(LocalDate.of(Integer.parseInt(m.group(3)), month, Integer.parseInt(m.group(1))));
                } catch (DateTimeException e) {
                    return Optional.empty();
                }
            }
        }
        return Optional.empty();
    }

    static Optional<LocalTime> time(String text) {
        Matcher m = TIME.matcher(text);
        if (!m.matches()) return Optional.empty();
        try {
            int nanos = m.group(4) == null ? 0 : Integer.parseInt((m.group(4) + "00000000").substring(0, 9));
            return Optional.of(LocalTime.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                    Integer.parseInt(m.group(3)), nanos));
        } catch (DateTimeException e) {
            return Optional.empty();
        }
    }
}
