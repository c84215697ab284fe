package io.statlens.parse.time;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The time stamp lines that capture scripts put between samples: the output of date(1)
 * ({@code Sun Nov 17 17:01:05 EST 2013}, with or without the zone) and epoch seconds
 * ({@code 1418763773}), as Solaris collection scripts and {@code iostat -T d/u} print them, and DTrace's
 * {@code %Y} ({@code 2010 Aug 17 09:41:03}), which D scripts print before each interval's printa.
 */
public final class DateLine {
    private static final Pattern DATE1 = Pattern.compile(
            "^\\s*(?:(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\\w*,?\\s+)?(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\\w*\\s+(\\d{1,2}),?\\s+"
                    + "(\\d{1,2}):(\\d{2}):(\\d{2})(?:\\s+([A-Za-z]{1,5}|[+-]\\d{4}))?\\s+(\\d{4})\\s*$");
    /** DTrace's {@code printf("%Y", walltimestamp)}: {@code 2010 Aug 17 09:41:03}. */
    private static final Pattern DTRACE_Y = Pattern.compile(
            "^\\s*(\\d{4})\\s+(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\\s+(\\d{1,2})\\s+(\\d{1,2}):(\\d{2}):(\\d{2})\\s*$");
    private static final Pattern EPOCH = Pattern.compile("^\\s*(\\d{9,10})\\s*$");
    private static final String MONTHS = "JanFebMarAprMayJunJulAugSepOctNovDec";

    private DateLine() {
    }

    /**
     * The instant a whole line states, or empty if the line is not a date line. A zone printed in the
     * line wins over {@code zone}; unknown abbreviations fall back to it.
     */
    public static Optional<Instant> parse(String line, ZoneId zone) {
        Matcher m = EPOCH.matcher(line);
        if (m.matches()) return Optional.of(Instant.ofEpochSecond(Long.parseLong(m.group(1))));
        m = DTRACE_Y.matcher(line);
        if (m.matches()) {
            try {
                int month = MONTHS.indexOf(m.group(2)) / 3 + 1;
                return Optional.of(LocalDateTime.of(Integer.parseInt(m.group(1)), month, Integer.parseInt(m.group(3)),
                        Integer.parseInt(m.group(4)), Integer.parseInt(m.group(5)), Integer.parseInt(m.group(6))).atZone(zone).toInstant());
            } catch (DateTimeException e) {
                return Optional.empty();
            }
        }
        m = DATE1.matcher(line);
        if (!m.matches()) return Optional.empty();
        try {
            int month = MONTHS.indexOf(m.group(2).substring(0, 3)) / 3 + 1;
            LocalDateTime local = LocalDateTime.of(Integer.parseInt(m.group(8)), month, Integer.parseInt(m.group(3)),
                    Integer.parseInt(m.group(4)), Integer.parseInt(m.group(5)), Integer.parseInt(m.group(6)));
            ZoneId printed = m.group(7) == null ? zone : ZoneAbbreviations.lookup(m.group(7).toUpperCase(Locale.ROOT)).orElse(zone);
            return Optional.of(local.atZone(printed).toInstant());
        } catch (DateTimeException e) {
            return Optional.empty();
        }
    }
}
