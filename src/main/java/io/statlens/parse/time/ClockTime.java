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
 * {@code 下午 04时58分06秒} (Chinese).
 */
public final class ClockTime {
    private static final Pattern LATIN = Pattern.compile(
            "^\\s*(\\d{1,2})([:.,])(\\d{2})\\2(\\d{2})(?:[.,]\\d+)?(?:\\s*([AaPp])\\.?[Mm]\\.?)?(?=\\s|$)");
    private static final Pattern CJK = Pattern.compile(
            "^\\s*(?:(오전|오후|午前|午後|上午|下午|AM|PM)\\s*)?(\\d{1,2})\\s*[시時时]\\s*(\\d{1,2})\\s*[분分]\\s*(\\d{1,2})\\s*[초秒](?:\\s*(AM|PM|오전|오후))?");
    private static final Pattern MERIDIEM_PREFIX = Pattern.compile("^\\s*(오전|오후|午前|午後|上午|下午)\\s*(?=\\d)");

    /** A time found at the start of a line, and where it ends. */
    public record Found(LocalTime time, int end, boolean twelveHour) {
    }

    private ClockTime() {
    }

    /** The time at the start of the line (after blanks), if the line starts with one. */
    public static Optional<Found> leading(String line) {
        Matcher m = LATIN.matcher(line);
        if (m.find()) {
            String meridiem = m.group(5);
            return build(m.group(1), m.group(3), m.group(4), meridiem == null ? null : meridiem.toUpperCase() + "M", m.end());
        }
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
                        Integer.toString(r.time().getSecond()), m.group(1), m.end() + r.end());
            }
        }
        return Optional.empty();
    }

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
            return Optional.of(new Found(LocalTime.of(hour, Integer.parseInt(mi), Integer.parseInt(s)), end, twelve));
        } catch (DateTimeException | NumberFormatException e) {
            return Optional.empty();
        }
    }
}
