package io.statlens.analysis;

import io.statlens.analysis.TimeExpression.Absolute;
import io.statlens.analysis.TimeExpression.Clock;
import io.statlens.analysis.TimeExpression.Elapsed;
import io.statlens.analysis.TimeExpression.Local;

import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the forms of {@link TimeExpression#FORMS}. */
final class TimeSyntax {
    private static final Pattern SECONDS = Pattern.compile("\\+?(\\d+(?:\\.\\d+)?)");
    private static final Pattern WITH_UNITS = Pattern.compile("\\+?((?:\\d+(?:\\.\\d+)?[hms])+)");
    private static final Pattern UNIT_PART = Pattern.compile("(\\d+(?:\\.\\d+)?)([hms])");
    private static final String CLOCK_TIME = "\\d{1,2}:\\d{2}:\\d{2}(?:[.,]\\d{1,9})?";
    private static final Pattern DATE_TIME = Pattern.compile("(\\d{4}-\\d{2}-\\d{2})[T ](\\d{1,2}:\\d{2}|" + CLOCK_TIME + ")"
            + "(Z|[+-]\\d{2}:\\d{2})?");
    private static final Pattern CLOCK = Pattern.compile(CLOCK_TIME);

    private TimeSyntax() {
    }

    static Optional<TimeExpression> parse(String text) {
        String t = text.trim();
        if (SECONDS.matcher(t).matches()) return Optional.of(new Elapsed(Double.parseDouble(t.replace("+", ""))));
        Matcher u = WITH_UNITS.matcher(t);
        if (u.matches()) return Optional.of(new Elapsed(withUnits(u.group(1))));
        try {
            Matcher d = DATE_TIME.matcher(t);
            if (d.matches()) {
                String iso = d.group(1) + "T" + clock(d.group(2));
                if (d.group(3) == null) return Optional.of(new Local(LocalDateTime.parse(iso)));
                return Optional.of(new Absolute(OffsetDateTime.parse(iso + d.group(3)).toInstant()));
            }
            if (CLOCK.matcher(t).matches()) return Optional.of(new Clock(LocalTime.parse(clock(t))));
        } catch (DateTimeParseException e) {
            // 25:00:00, 2024-02-30: not a time
        }
        return Optional.empty();
    }

    private static double withUnits(String parts) {
        double seconds = 0;
        Matcher part = UNIT_PART.matcher(parts);
        while (part.find()) {
            double v = Double.parseDouble(part.group(1));
            seconds += switch (part.group(2)) {
                case "h" -> v * 3600;
                case "m" -> v * 60;
                default -> v;
            };
        }
        return seconds;
    }

    /** {@code 9:05:00,5} as {@code 09:05:00.5}, which java.time requires. */
    private static String clock(String text) {
        return (text.indexOf(':') == 1 ? "0" + text : text).replace(',', '.');
    }
}
