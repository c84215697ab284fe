package io.statlens.parse.time;

import java.time.DateTimeException;
import java.time.LocalTime;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the time of day that sysstat-style tools print at the start of a data line, in the forms
 * found in the wild: {@code 14:05:01}, {@code 02:05:01 PM}, {@code 14,05,01} and {@code 14.05.01}
 * (some European locales), {@code 오후 04시 58분 06초} (Korean), {@code 午後 4時58分06秒} (Japanese),
 * {@code 下午 04时58分06秒} (Chinese), {@code kl. 18.04} (Norwegian, without seconds). A zone printed after the time
 * ({@code 18:04:32 UTC} in Maltese, {@code kl. 18.04 +0000}) is read by {@link #zoneAfter}.
 */
public final class ClockTime {
    private static final Pattern LATIN = Pattern.compile(
            "^\\s*(\\d{1,2})([:.,])(\\d{2})\\2(\\d{2})(?:[.,]\\d+)?(?:\\s*([AaPp])\\.?[Mm]\\.?)?(?=\\s|$)");
    private static final Pattern CJK = Pattern.compile(
            "^\\s*(?:(오전|오후|午前|午後|上午|下午|AM|PM)\\s*)?(\\d{1,2})\\s*[시時时]\\s*(\\d{1,2})\\s*[분分]\\s*(\\d{1,2})\\s*[초秒](?:\\s*(AM|PM|오전|오후)(?![\\p{L}\\d]))?");
    /** Norwegian and Danish clocks: {@code kl. 18.04} (glibc's nb_NO prints no seconds), {@code kl. 18.04.07}. */
    private static final Pattern KLOKKEN = Pattern.compile("^\\s*kl\\.?\\s+(\\d{1,2})[.:](\\d{2})(?:[.:](\\d{2}))?(?=\\s|$)");
    private static final Pattern MERIDIEM_PREFIX = Pattern.compile("^\\s*(오전|오후|午前|午後|上午|下午)\\s*(?=\\d)");

    /** A time found at the start of a line, and where it ends; {@code seconds}: whether the clock printed them. */
    public record Found(LocalTime time, int end, boolean twelveHour, boolean seconds) {
    }

    /** What to tell about times read from a clock without seconds (glibc's nb_NO and nn_NO print {@code kl. 18.04}). */
    public static final String NO_SECONDS = "the clock of this locale prints no seconds (kl. 18.04): samples taken within one"
            + " minute share its time; a C or ISO locale (LC_ALL=C, S_TIME_FORMAT=ISO) prints them";

    private ClockTime() {
    }

    /** The time at the start of the line (after blanks), if the line starts with one. */
    public static Optional<Found> leading(String line) {
        Optional<Found> plain = plain24(line);
        if (plain != null) return plain;
        Matcher m = LATIN.matcher(line);
        if (m.find()) {
            String meridiem = m.group(5);
            return build(m.group(1), m.group(3), m.group(4), meridiem == null ? null : meridiem.toUpperCase() + "M", m.end());
        }
        m = KLOKKEN.matcher(line);
        if (m.find()) return build(m.group(1), m.group(2), m.group(3), null, m.end());
        m = CJK.matcher(line);
        if (m.find()) {
            String meridiem = m.group(1) != null ? m.group(1) : m.group(5);
            return build(m.group(2), m.group(3), m.group(4), meridiem, m.end());
        }
        // Korean and Japanese 12-hour clocks put the meridiem before an otherwise Latin time.
        m = MERIDIEM_PREFIX.matcher(line);
        if (m.find()) {
            Optional<Found> rest = leading(line.substring(m.end()));
            if (rest.isPresent() && !rest.get().twelveHour()) {
                Found r = rest.get();
                return build(Integer.toString(r.time().getHour()), Integer.toString(r.time().getMinute()),
                        r.seconds() ? Integer.toString(r.time().getSecond()) : null, m.group(1), m.end() + r.end());
            }
        }
        return Optional.empty();
    }

    /** A zone printed right after a time of day, and where it ends. */
    public record Zone(String printed, java.time.ZoneId zone, int end) {
    }

    /**
     * The zone a line prints right after its time of day ({@code 18:04:32 UTC}, {@code kl. 18.04 +0000}), when the
     * word at {@code from} is a zone abbreviation or offset that {@link ZoneAbbreviations} knows and more words
     * follow it (so a last column is never taken for a zone).
     */
    public static Optional<Zone> zoneAfter(String line, int from) {
        int start = from;
        while (start < line.length() && Character.isWhitespace(line.charAt(start))) start++;
        if (start == line.length()) return Optional.empty();
        // the first character decides for almost every line (a key or a number follows the time), before any scan
        char c = line.charAt(start);
        if (!(c >= 'A' && c <= 'Z') && c != '+' && c != '-') return Optional.empty();
        int end = start;
        while (end < line.length() && !Character.isWhitespace(line.charAt(end))) end++;
        if (end == line.length() || line.substring(end).isBlank()) return Optional.empty();
        String word = line.substring(start, end);
        if (c == '-' && word.length() > 1 && !Character.isDigit(word.charAt(1))) return Optional.empty();
        int at = end;
        return ZoneAbbreviations.lookup(word).map(zone -> new Zone(word, zone, at));
    }

    /**
     * The common {@code HH:MM:SS} followed by a blank (not AM/PM), read without a regular expression
     * because it starts every data line of sysstat output; null when the line has another form.
     */
    private static Optional<Found> plain24(String line) {
        int i = 0;
        int n = line.length();
        while (i < n && line.charAt(i) == ' ') i++;
        if (i + 8 > n || line.charAt(i + 2) != ':' || line.charAt(i + 5) != ':') return null;
        int h = twoDigits(line, i);
        int m = twoDigits(line, i + 3);
        int s = twoDigits(line, i + 6);
        if (h < 0 || m < 0 || s < 0) return null;
        int end = i + 8;
        if (end < n) {
            char next = line.charAt(end);
            if (next != ' ' && next != '\t') return null;
            int j = end;
            while (j < n && (line.charAt(j) == ' ' || line.charAt(j) == '\t')) j++;
            // A meridiem or fraction after the time: leave it to the full patterns.
            if (j < n && "AaPp".indexOf(line.charAt(j)) >= 0 && j + 1 < n && "Mm.".indexOf(line.charAt(j + 1)) >= 0) return null;
        }
        if (h > 23 || m > 59 || s > 59) return Optional.empty();
        return Optional.of(new Found(LocalTime.of(h, m, s), end, false, true));
    }

    private static int twoDigits(String s, int at) {
        char a = s.charAt(at);
        char b = s.charAt(at + 1);
        if (a < '0' || a > '9' || b < '0' || b > '9') return -1;
        return (a - '0') * 10 + (b - '0');
    }

    /** {@code s} null: the clock printed no seconds. */
    private static Optional<Found> build(String h, String mi, String s, String meridiem, int end) {
        try {
            int hour = Integer.parseInt(h);
            boolean twelve = meridiem != null;
            if (twelve) {
                boolean pm = switch (meridiem) {
                    case "PM", "오후", "午後", "下午" -> true;
                    default -> false;
                };
                if (hour < 1 || hour > 12) return Optional.empty();
                hour = hour % 12 + (pm ? 12 : 0);
            }
            return Optional.of(new Found(LocalTime.of(hour, Integer.parseInt(mi), s == null ? 0 : Integer.parseInt(s)), end,
                    twelve, s != null));
        } catch (DateTimeException | NumberFormatException e) {
            return Optional.empty();
        }
    }
}
