package io.statlens.parse.time;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds a calendar date in a banner or header line as tools print it in any locale:
 * {@code 2019-09-16}, {@code 09/16/2019}, {@code 09/16/19}, {@code 16.09.2019} (two-digit day and month, so that kernel releases such as 2.6.37 are not taken for dates) (day first when
 * the first number cannot be a month), {@code 16.09.2019} (two-digit day and month, so that kernel releases such as 2.6.37 are not taken for dates), {@code 2019/09/16},
 * {@code 2015年05月09日}, {@code 2019년 09월 16일}, the dashed {@code 25-11-2026} of Danish, Dutch and Turkish,
 * Latvian {@code 2026.11.25.}, and dates with a month name in any order ({@code 25. nov. 2026},
 * {@code l-Erbgħa, 25 ta Nov, 2026}, {@code az., 2026.eko azaren 25a}).
 */
public final class LocalizedDate {
    private static final Pattern ISO = Pattern.compile("(?<![\\d.])(\\d{4})-(\\d{2})-(\\d{2})(?![\\d])");
    private static final Pattern CJK = Pattern.compile("(\\d{4})\\s*[年년]\\s*(\\d{1,2})\\s*[月월]\\s*(\\d{1,2})\\s*[日일]");
    private static final Pattern DOTTED = Pattern.compile("(?<![\\d.])(\\d{2})\\.(\\d{2})\\.(\\d{4}|\\d{2})(?![\\d.])");
    private static final Pattern YMD_SLASH = Pattern.compile("(?<![\\d/])(\\d{4})/(\\d{1,2})/(\\d{1,2})(?![\\d/])");
    private static final Pattern SLASHED = Pattern.compile("(?<![\\d/])(\\d{1,2})/(\\d{1,2})/(\\d{4}|\\d{2})(?![\\d/])");
    /** Danish, Dutch, Turkish: {@code 25-11-2026}, {@code 25-11-26} (day first). */
    private static final Pattern DASHED = Pattern.compile("(?<![\\d-])(\\d{2})-(\\d{2})-(\\d{4}|\\d{2})(?![\\d-])");
    /** Latvian: {@code 2026.11.25.}. */
    private static final Pattern YMD_DOTTED = Pattern.compile("(?<![\\d.])(\\d{4})\\.(\\d{2})\\.(\\d{2})\\.?(?![\\d])");
    /** The words of a date written with a month name: numbers with what sticks to them, and words. */
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{M}\\d.'-]+");

    /** A date found in a line, and where it ends (to read what follows). */
    public record Found(LocalDate date, int start, int end) {
    }

    private LocalizedDate() {
    }

    public static Optional<LocalDate> find(String text) {
        return locate(text).map(Found::date);
    }

    /**
     * The date in a line, a slashed one read month first when its first number can be a month: what the C and en_US
     * locales print. Readers that know more about the file's locale call {@link #locate(String, DateOrder)}.
     */
    public static Optional<Found> locate(String text) {
        return locate(text, DateOrder.MONTH_FIRST);
    }

    /** The date in a line, a slashed one ({@code 02/12/2026}) read in this order unless a number above 12 tells. */
    public static Optional<Found> locate(String text, DateOrder slashedOrder) {
        Matcher m = ISO.matcher(text);
        if (m.find()) return date(m, m.group(1), m.group(2), m.group(3));
        m = CJK.matcher(text);
        if (m.find()) return date(m, m.group(1), m.group(2), m.group(3));
        m = YMD_SLASH.matcher(text);
        if (m.find()) return date(m, m.group(1), m.group(2), m.group(3));
        m = YMD_DOTTED.matcher(text);
        if (m.find()) return date(m, m.group(1), m.group(2), m.group(3));
        m = DOTTED.matcher(text);
        if (m.find()) return date(m, year(m.group(3)), m.group(2), m.group(1));
        m = DASHED.matcher(text);
        if (m.find()) return date(m, year(m.group(3)), m.group(2), m.group(1));
        m = SLASHED.matcher(text);
        if (m.find()) {
            int first = Integer.parseInt(m.group(1));
            int second = Integer.parseInt(m.group(2));
            // en_US and C print month first; en_GB, fr, es... day first. A number above 12 tells, else the order given.
            boolean dayFirst = first > 12 || (second <= 12 && slashedOrder == DateOrder.DAY_FIRST);
            if (dayFirst) return date(m, year(m.group(3)), m.group(2), m.group(1));
            return date(m, year(m.group(3)), m.group(1), m.group(2));
        }
        return named(text);
    }

    /**
     * A date written with slashes and the year last ({@code 02/12/2026}, {@code 2/12/26}), the only numeric date whose
     * shape does not tell day from month, as printed: its first and second numbers and its text.
     */
    public record Slashed(int first, int second, String year, String text) {
        /** Whether the two readings differ: both numbers could be a month and they are not equal. */
        public boolean ambiguous() {
            return first <= 12 && second <= 12 && first != second && first > 0 && second > 0;
        }

        /** The date in this order; empty if it is no date in it (a 13th month). */
        public Optional<LocalDate> in(DateOrder order) {
            int month = order == DateOrder.MONTH_FIRST ? first : second;
            int day = order == DateOrder.MONTH_FIRST ? second : first;
            try {
                return Optional.of(LocalDate.of(Integer.parseInt(LocalizedDate.year(year)), month, day));
            } catch (DateTimeException e) {
                return Optional.empty();
            }
        }
    }

    /** The date {@link #locate} would find in this text if it is a slashed one with the year last; empty otherwise. */
    public static Optional<Slashed> slashed(String text) {
        for (Pattern p : List.of(ISO, CJK, YMD_SLASH, YMD_DOTTED, DOTTED, DASHED)) {
            if (p.matcher(text).find()) return Optional.empty();
        }
        Matcher m = SLASHED.matcher(text);
        if (!m.find()) return Optional.empty();
        return Optional.of(new Slashed(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), m.group(3), m.group()));
    }

    /**
     * A date written with a month name, in the order its locale prints it: {@code 25. nov. 2026},
     * {@code l-Erbgħa, 25 ta Nov, 2026}, {@code az., 2026.eko azaren 25a}, {@code Nov 25, 2026}. It takes a four-digit
     * year, the last word that names a month ({@link MonthNames}; weekday names come first), and a day of one or two
     * digits; the span found runs from the first of them to the last.
     */
    private static Optional<Found> named(String text) {
        Matcher w = WORD.matcher(text);
        int year = -1;
        int month = -1;
        int day = -1;
        int start = Integer.MAX_VALUE;
        int end = -1;
        int monthStart = -1;
        int monthEnd = -1;
        int yearStart = -1;
        int yearEnd = -1;
        int dayStart = -1;
        int dayEnd = -1;
        while (w.find()) {
            String word = w.group();
            int digits = leadingDigits(word);
            if (digits == 4 && year < 0) {
                year = Integer.parseInt(word.substring(0, 4));
                yearStart = w.start();
                yearEnd = w.start() + 4;
            } else if ((digits == 1 || digits == 2) && day < 0 && dayFollows(word, digits)) {
                day = Integer.parseInt(word.substring(0, digits));
                dayStart = w.start();
                dayEnd = w.end(); // with its dot or suffix: 25. 25a
            } else if (digits == 0) {
                Optional<java.time.Month> named = MonthNames.of(word);
                if (named.isPresent()) {
                    month = named.get().getValue();
                    monthStart = w.start();
                    monthEnd = w.end();
                }
            }
        }
        if (year < 0 || month < 0 || day < 1 || day > 31) return Optional.empty();
        start = Math.min(yearStart, Math.min(monthStart, dayStart));
        end = Math.max(yearEnd, Math.max(monthEnd, dayEnd));
        try {
            return Optional.of(new Found(LocalDate.of(year, month, day), start, end));
        } catch (DateTimeException e) {
            return Optional.empty();
        }
    }

    private static int leadingDigits(String word) {
        int i = 0;
        while (i < word.length() && Character.isDigit(word.charAt(i))) i++;
        return i;
    }

    /** A day number stands alone or carries a dot or a letter suffix ({@code 25.}, {@code 25a}), not more digits or a time. */
    private static boolean dayFollows(String word, int digits) {
        if (word.length() == digits) return true;
        char next = word.charAt(digits);
        return next == '.' ? word.length() == digits + 1 : Character.isLetter(next);
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
