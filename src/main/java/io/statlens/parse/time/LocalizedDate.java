package io.statlens.parse.time;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds a calendar date in a banner or header line as tools print it in any locale:
 * {@code 2019-09-16}, {@code 09/16/2019}, {@code 09/16/19}, {@code 16.09.2019} (two-digit day and month, so that kernel releases such as 2.6.37 are not taken for dates) (day first when
 * the first number cannot be a month), {@code 16.09.2019} (two-digit day and month, so that kernel releases such as 2.6.37 are not taken for dates), {@code 2019/09/16},
 * {@code 2015年05月09日}, {@code 2019년 09월 16일}.
 */
public final class LocalizedDate {
    private static final Pattern ISO = Pattern.compile("(?<![\\d.])(\\d{4})-(\\d{2})-(\\d{2})(?![\\d])");
    private static final Pattern CJK = Pattern.compile("(\\d{4})\\s*[年년]\\s*(\\d{1,2})\\s*[月월]\\s*(\\d{1,2})\\s*[日일]");
    private static final Pattern DOTTED = Pattern.compile("(?<![\\d.])(\\d{2})\\.(\\d{2})\\.(\\d{4}|\\d{2})(?![\\d.])");
    private static final Pattern YMD_SLASH = Pattern.compile("(?<![\\d/])(\\d{4})/(\\d{1,2})/(\\d{1,2})(?![\\d/])");
    private static final Pattern SLASHED = Pattern.compile("(?<![\\d/])(\\d{1,2})/(\\d{1,2})/(\\d{4}|\\d{2})(?![\\d/])");

    /** A date found in a line, and where it ends (to read what follows). */
    public record Found(LocalDate date, int start, int end) {
    }

    private LocalizedDate() {
    }

    public static Optional<LocalDate> find(String text) {
        return locate(text).map(Found::date);
    }

    public static Optional<Found> locate(String text) {
        Matcher m = ISO.matcher(text);
        if (m.find()) return date(m, m.group(1), m.group(2), m.group(3));
        m = CJK.matcher(text);
        if (m.find()) return date(m, m.group(1), m.group(2), m.group(3));
        m = YMD_SLASH.matcher(text);
        if (m.find()) return date(m, m.group(1), m.group(2), m.group(3));
        m = DOTTED.matcher(text);
        if (m.find()) return date(m, year(m.group(3)), m.group(2), m.group(1));
        m = SLASHED.matcher(text);
        if (m.find()) {
            int first = Integer.parseInt(m.group(1));
            // en_US prints month first; en_GB, fr, es... day first. Only a first number above 12 tells.
            if (first > 12) return date(m, year(m.group(3)), m.group(2), m.group(1));
            return date(m, year(m.group(3)), m.group(1), m.group(2));
        }
        return Optional.empty();
    }

    /** Expands a 2-digit year: 70..99 are 19xx, the rest 20xx (sysstat's and POSIX's pivot). */
    public static String year(String y) {
        if (y.length() != 2) return y;
        int v = Integer.parseInt(y);
        return Integer.toString(v >= 70 ? 1900 + v : 2000 + v);
    }

    private static Optional<Found> date(Matcher m, String y, String mo, String d) {
        try {
            LocalDate date = LocalDate.of(Integer.parseInt(y), Integer.parseInt(mo), Integer.parseInt(d));
            return Optional.of(new Found(date, m.start(), m.end()));
        } catch (DateTimeException e) {
            return Optional.empty();
        }
    }
}
