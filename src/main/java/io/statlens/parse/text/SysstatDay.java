package io.statlens.parse.text;

import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.timeline.DayClock;
import io.statlens.parse.timeline.Timeline;

import java.time.LocalDate;

/**
 * The day that the times of day printed by sysstat's tools (mpstat, pidstat) fall on, in the order of evidence:
 * the banner's date, else a date(1) line before the output, else the timeline's assumed day with a warning that
 * names the option deciding it. One recipe, so that every sysstat reader words the time source alike.
 */
public final class SysstatDay {
    private SysstatDay() {
    }

    /**
     * The clock of the first report, the time source written to the timeline.
     *
     * @param bannerDate   the date of the sysstat banner; null if there was none with a date
     * @param dateLineDate the date of a date(1) line before the output; null if none
     * @param zoneText     how the zone was decided, for the time source ({@code zone as printed (CET)})
     */
    public static DayClock startClock(Timeline timeline, RecordSink sink, LocalDate bannerDate, LocalDate dateLineDate,
                                      String zoneText) {
        Timeline.Day day;
        if (bannerDate != null) {
            day = timeline.stated(bannerDate, Timeline.DateSource.BANNER);
            timeline.source("banner date " + day.date() + " + printed time of day, " + zoneText);
        } else if (dateLineDate != null) {
            day = timeline.stated(dateLineDate, Timeline.DateSource.DATE_LINE);
            timeline.source("date(1) line date " + day.date() + " + printed time of day, " + zoneText);
        } else {
            day = timeline.assumedDay();
            if (day.assumed() && !day.placedLater()) {
                sink.warning(0, "no sysstat banner with a date; the first report is taken to be on " + day.date() + " ("
                        + day.origin() + "); give --start to set it");
            }
            timeline.source(day.origin() + " date " + day.date() + " + printed time of day, " + zoneText);
        }
        return timeline.clock(day);
    }
}
