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
 *
 * <p>On a half-day dial ({@link Timeline#halfDayDial}: a 12-hour clock printed without AM or PM, as glibc's en_IN
 * did before 2.29) a time of day tells the hour only modulo twelve: each time is the next one on the dial after the
 * one before (12:59 then 01:00 is one hour later, 11:59 then 12:00 one minute later), and the first is taken as
 * printed (01:00 to 12:59), since nothing tells its half of the day.
 */
public final class DayClock {
    private static final Duration ROLL_OVER = Duration.ofHours(1);
    private static final int HALF_DAY_SECONDS = 12 * 3600;
    private LocalDate date;
    private LocalTime previous;
    private final java.util.function.Consumer<Instant> firstDated;
    private final boolean halfDay;

    /**
     * @param firstDated told the first instant this clock gives, before its row is written
     * @param halfDay    whether the times are on a 12-hour dial without AM or PM
     */
    DayClock(LocalDate start, java.util.function.Consumer<Instant> firstDated, boolean halfDay) {
        this.date = start;
        this.firstDated = firstDated;
        this.halfDay = halfDay;
    }

    public Instant at(LocalTime time, ZoneId zone) {
        boolean first = previous == null;
        if (halfDay && previous != null) {
            LocalDateTime next = onDial(time);
            date = next.toLocalDate();
            time = next.toLocalTime();
        } else if (previous != null && crossesMidnight(previous, time)) {
            date = date.plusDays(1);
        }
        previous = time;
        Instant at = LocalDateTime.of(date, time).atZone(zone).toInstant();
        if (first) firstDated.accept(at);
        return at;
    }

    /**
     * Whether a time of day that follows another in a forward-running sequence is on the next day: the clock went back
     * by more than an hour. A smaller step back (a daylight-saving change, a clock set back) stays on the same day.
     */
    public static boolean crossesMidnight(LocalTime previous, LocalTime time) {
        return time.isBefore(previous) && Duration.between(time, previous).compareTo(ROLL_OVER) > 0;
    }

    /** The next time on the half-day dial after the previous one: forward, or back by at most an hour (a daylight-saving change). */
    private LocalDateTime onDial(LocalTime printed) {
        int forward = Math.floorMod(printed.toSecondOfDay() - previous.toSecondOfDay(), HALF_DAY_SECONDS);
        int back = HALF_DAY_SECONDS - forward;
        LocalDateTime before = LocalDateTime.of(date, previous);
        return forward != 0 && back <= ROLL_OVER.toSeconds() ? before.minusSeconds(back) : before.plusSeconds(forward);
    }

    /** The date the next time of day is taken to be on (before roll-over). */
    public LocalDate date() {
        return date;
    }
}
