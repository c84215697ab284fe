package io.statlens.parse.timeline;

import io.statlens.parse.spi.DerivedTimes;
import io.statlens.parse.spi.FallbackStart;
import io.statlens.parse.spi.RecordSink;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * The timeline's {@link DerivedTimes}: times derived for output that prints none, counted from a provisional start,
 * sent to {@link RecordSink#derivedTimes} when the context's {@link FallbackStart} is {@linkplain
 * FallbackStart#placedLater() placed later}; it says, once the sink knows the first and last sample, where they go
 * and how, as the {@code time.source} fact and a notice.
 *
 * <p>Output that prints times of day without a date ({@link #datesOf}) has only its dates derived: the rows are dated
 * from the fallback's date on, rolling over at each midnight they cross, and are moved by whole days once the input is
 * read, so that the last sample falls on the fallback's date (a capture that crossed midnight started the day before).
 *
 * @param provisionalStart where the provisional times count from (the first sample's provisional time)
 * @param interval         how the interval was obtained, for the {@code time.source} fact
 *                         ({@code assumed interval 1 s}, {@code interval printed by the tool, 5 s}); empty when no
 *                         interval places a sample (one sample)
 * @param fallback         the fallback start the times are placed by: its time is where the last sample goes
 * @param datesIn          for times of day printed without a date, the zone their dates are counted in; null when
 *                         the whole times were derived
 */
record ProvisionalTimes(Instant provisionalStart, String interval, FallbackStart fallback, ZoneId datesIn) implements DerivedTimes {
    ProvisionalTimes {
        Objects.requireNonNull(provisionalStart);
        Objects.requireNonNull(interval);
        Objects.requireNonNull(fallback);
    }

    ProvisionalTimes(Instant provisionalStart, String interval, FallbackStart fallback) {
        this(provisionalStart, interval, fallback, null);
    }

    /**
     * Times of day the output printed, put on provisional dates from the fallback's date on (a day later at each
     * midnight crossed), for the sink to move by whole days; {@code firstProvisional} is the first sample's.
     */
    static ProvisionalTimes datesOf(Instant firstProvisional, ZoneId zone, FallbackStart fallback) {
        return new ProvisionalTimes(firstProvisional, "times of day as printed", fallback, Objects.requireNonNull(zone));
    }

    /** {@code , assumed interval 1 s}; nothing when no interval places a sample (one sample). */
    private String intervalPart() {
        return interval.isEmpty() ? "" : ", " + interval;
    }

    @Override
    public boolean datesOnly() {
        return datesIn != null;
    }

    @Override
    public Placement lastAtFallback(Instant firstProvisional, Instant lastProvisional) {
        if (datesOnly()) return lastOnFallbackDate(firstProvisional, lastProvisional);
        Duration shift = Duration.between(lastProvisional, fallback.time());
        Instant first = firstProvisional.plus(shift);
        return new Placement(shift, TimeSource.fact(
                "derived: last sample at " + fallback.source() + " (" + fallback.time() + "), first at " + first + intervalPart()),
                "the output has no time stamps; its last sample is placed at " + fallback.source() + " (" + fallback.time()
                        + ") and the first at " + first + "; give --start to set it");
    }

    @Override
    public Placement firstAt(Instant start, String source) {
        if (datesOnly()) return fromDateOf(start, source);
        Duration shift = Duration.between(provisionalStart, start);
        return new Placement(shift, TimeSource.fact("derived: first sample at " + source + " (" + start + ")" + intervalPart()),
                "the output has no time stamps; times start at " + source + " (" + start + "); give --start to set it");
    }

    /**
     * Times of day: the last sample on the fallback's date, the earlier ones as many days before as midnights were
     * crossed (whole days of 24 hours: a change of daylight-saving time inside the capture is not accounted for).
     */
    private Placement lastOnFallbackDate(Instant firstProvisional, Instant lastProvisional) {
        LocalDate end = LocalDate.ofInstant(fallback.time(), datesIn);
        long days = ChronoUnit.DAYS.between(end, LocalDate.ofInstant(lastProvisional, datesIn));
        Duration shift = Duration.ofDays(-days);
        LocalDate first = LocalDate.ofInstant(firstProvisional.plus(shift), datesIn);
        String dates = first.equals(end) ? "" : ", its first on " + first + " (it crosses midnight)";
        return new Placement(shift, TimeSource.fact(
                "printed time of day, zone " + datesIn.getId() + ", the last sample on the date of " + fallback.source()
                        + " (" + end + ")" + dates),
                "the output prints times of day without a date; its last sample is taken to be on the date of "
                        + fallback.source() + " (" + end + ")" + dates + "; give --start to set the date");
    }

    /** Times of day from the date of a start other files of the run state on. */
    private Placement fromDateOf(Instant start, String source) {
        LocalDate date = LocalDate.ofInstant(start, datesIn);
        Duration shift = Duration.ofDays(ChronoUnit.DAYS.between(LocalDate.ofInstant(provisionalStart, datesIn), date));
        return new Placement(shift, TimeSource.fact(
                "printed time of day, zone " + datesIn.getId() + ", starting on the date of " + source + " (" + date + ")"),
                "the output prints times of day without a date; they are taken to start on the date of " + source + " ("
                        + date + "); give --start to set the date");
    }
}
