package io.statlens.parse.text;

import java.time.Instant;
import java.util.Optional;

/**
 * Seconds since the epoch where sysstat prints a time: the time column of {@code pidstat -h -H} and of
 * {@code mpstat -U} (sysstat 12.7.8 or later), and the {@code "timestamp"} of their {@code -o JSON} documents. sysstat
 * prints {@code mktime()} of the sample's local time with {@code "%ld"}: the instant itself, whatever the zone.
 * Nine to eleven digits (September 2001 to the year 5138), so that a count or a PID is not taken for one.
 */
public final class EpochSeconds {
    private static final int FEWEST_DIGITS = 9;
    private static final int MOST_DIGITS = 11;

    private EpochSeconds() {
    }

    /** The seconds that start a line (after blanks), and where they end. */
    public record Found(Instant instant, int end) {
    }

    /** The epoch seconds that start a line, followed by a blank (the time column of a row or header); else empty. */
    public static Optional<Found> leading(String text) {
        int i = 0;
        while (i < text.length() && text.charAt(i) == ' ') i++;
        int start = i;
        while (i < text.length() && Character.isDigit(text.charAt(i))) i++;
        if (!fits(i - start) || i >= text.length() || !Tokens.isSpace(text.charAt(i))) return Optional.empty();
        return Optional.of(new Found(Instant.ofEpochSecond(Long.parseLong(text.substring(start, i))), i));
    }

    /** A value that is epoch seconds and nothing else (a JSON {@code "timestamp"}); else empty. */
    public static Optional<Instant> whole(String text) {
        if (!fits(text.length())) return Optional.empty();
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') return Optional.empty();
        }
        return Optional.of(Instant.ofEpochSecond(Long.parseLong(text)));
    }

    private static boolean fits(int digits) {
        return digits >= FEWEST_DIGITS && digits <= MOST_DIGITS;
    }
}
