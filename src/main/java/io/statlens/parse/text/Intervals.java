package io.statlens.parse.text;

import java.time.Duration;
import java.util.Optional;

/**
 * Sampling intervals read from the output itself (a pasted {@code $ vmstat 5}, a benchmark's option
 * line). A number there may be anything ({@code $ vmstat 9999999999}); an interval beyond
 * {@link #LONGEST} is not a sampling interval anyone ran, and would carry times past any calendar, so
 * it is treated as not stated and the parser falls back as it would without one.
 */
public final class Intervals {
    /** The longest interval believed: a week. */
    public static final Duration LONGEST = Duration.ofDays(7);

    private Intervals() {
    }

    /** The interval of this many seconds, if it is positive and at most {@link #LONGEST}. */
    public static Optional<Duration> seconds(double seconds) {
        if (!(seconds > 0) || seconds > LONGEST.toSeconds()) return Optional.empty();
        return Optional.of(Duration.ofNanos(Math.round(seconds * 1e9)));
    }

    /** The interval a string of decimal digits gives in seconds, however many digits it has. */
    public static Optional<Duration> digits(String digits) {
        String significant = digits.replaceFirst("^0+(?=.)", "");
        if (significant.isEmpty() || significant.length() > 9 || !significant.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return Optional.empty();
        }
        return seconds(Long.parseLong(significant));
    }
}
