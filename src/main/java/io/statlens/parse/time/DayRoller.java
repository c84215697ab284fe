package io.statlens.parse.time;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;

/**
 * Turns the time-of-day column of a report into absolute instants: starts on the banner's date and
 * moves to the next day whenever the clock goes back by more than an hour (midnight roll-over); a
 * smaller step back, as at a daylight-saving change, stays on the same day.
 *
 * <p>Use one roller per sequence that runs forward in time: sar prints every section from the start
 * of the day again, so each section needs its own.
 */
public final class DayRoller {
    private static final Duration ROLL_OVER = Duration.ofHours(1);
    private final ZoneId zone;
    private LocalDate date;
    private LocalTime previous;

    public DayRoller(LocalDate startDate, ZoneId zone) {
        this.date = startDate;
        this.zone = zone;
    }

    public Instant resolve(LocalTime time) {
        if (previous != null && time.isBefore(previous)
                && Duration.between(time, previous).compareTo(ROLL_OVER) > 0) {
            date = date.plusDays(1);
        }
        previous = time;
        return ZonedDateTime.of(date, time, zone).toInstant();
    }

    /** The date the next time of day is taken to be on (before roll-over). */
    public LocalDate date() {
        return date;
    }
}
