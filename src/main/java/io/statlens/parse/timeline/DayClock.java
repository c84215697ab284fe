package io.statlens.parse.timeline;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;

/**
 * Turns the times of day of one forward-running sequence (a report's lines, a sar section) into instants: the
 * sequence starts on a date and moves to the next day whenever the clock goes back by more than an hour
 * (midnight); a smaller step back, as at a daylight-saving change, stays on the same day. The zone is given
 * with each time, because some tools print it on the line ({@code 12:38:33 PM IST}). Made by {@link
 * Timeline#clock}, which learns the first time it gives when the date was assumed.
 */
public final class DayClock {
    private static final Duration ROLL_OVER = Duration.ofHours(1);
    private LocalDate date;
    private LocalTime previous;
    private final java.util.function.Consumer<Instant> firstDated;

    /** @param firstDated told the first instant this clock gives, before its row is written */
    DayClock(LocalDate start, java.util.function.Consumer<Instant> firstDated) {
        this.date = start;
        this.firstDated = firstDated;
    }

    public Instant at(LocalTime time, ZoneId zone) {
        boolean first = previous == null;
        if (previous != null && time.isBefore(previous) && Duration.between(time, previous).compareTo(ROLL_OVER) > 0) {
            date = date.plusDays(1);
        }
        previous = time;
        Instant at = LocalDateTime.of(date, time).atZone(zone).toInstant();
        if (first) firstDated.accept(at);
        return at;
    }

    /** The date the next time of day is taken to be on (before roll-over). */
    public LocalDate date() {
        return date;
    }
}
