package io.statlens.parse.builtin.mysql;

import io.statlens.parse.time.DateLine;

import java.time.Instant;
import java.time.ZoneId;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The time lines capture loops print between snapshots: date(1) ({@code Wed Dec  2 00:39:44 UTC 2026}),
 * {@code date +%s} ({@code 1764635984}) and pt-stalk's {@code TS <epoch>.<fraction> <date> <time>}.
 */
public final class TimeLines {
    private static final Pattern PT_STALK = Pattern.compile("^TS\\s+(\\d{9,10})(?:\\.(\\d{1,9}))?(?:\\s.*)?$");

    private TimeLines() {
    }

    /** Whether the line is one, and the time it states (a zone printed in a date(1) line wins over {@code zone}). */
    public static Optional<Instant> parse(String line, ZoneId zone) {
        Matcher m = PT_STALK.matcher(line);
        if (m.matches()) {
            String fraction = m.group(2) == null ? "0" : (m.group(2) + "00000000").substring(0, 9);
            return Optional.of(Instant.ofEpochSecond(Long.parseLong(m.group(1)), Long.parseLong(fraction)));
        }
        return DateLine.parse(line, zone);
    }
}
