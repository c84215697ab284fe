package io.statlens.parse.builtin.mpstat;

import io.statlens.parse.time.DayRoller;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * Absolute times for the time-of-day column of one run: the date rolls over at midnight
 * ({@link DayRoller}, one for the run because all mpstat tables advance together), and the zone
 * is the one the line prints, if any, else the context's. The roller runs on UTC so that it
 * only does calendar arithmetic; the zone is applied afterwards, line by line.
 */
final class TimeOfDayClock {
    private final DayRoller roller;

    TimeOfDayClock(LocalDate startDate) {
        this.roller = new DayRoller(startDate, ZoneOffset.UTC);
    }

    Instant resolve(LocalTime time, ZoneId zone) {
        LocalDateTime local = LocalDateTime.ofInstant(roller.resolve(time), ZoneOffset.UTC);
        return local.atZone(zone).toInstant();
    }
}
