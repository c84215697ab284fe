package io.statlens.parse.text;

import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.time.ClockTime;
import io.statlens.parse.timeline.DayClock;
import io.statlens.parse.timeline.Timeline;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Optional;

/**
 * The instant of a sample of mpstat's and pidstat's {@code -o JSON}: its {@code "timestamp"} holds what the text form
 * prints in its time column, a time of day on the host's {@code "date"} (rolling over midnight), or with
 * {@code mpstat -U} and {@code pidstat -H} the seconds since the epoch, which need no date.
 */
public final class SysstatJsonClock {
    private final Timeline timeline;
    private final RecordSink sink;
    /** The option that prints epoch seconds, for the time source ({@code mpstat -U}). */
    private final String epochOption;
    private LocalDate date;
    private DayClock clock;

    public SysstatJsonClock(Timeline timeline, RecordSink sink, String epochOption) {
        this.timeline = timeline;
        this.sink = sink;
        this.epochOption = epochOption;
    }

    /** The host's date, null when it could not be read (the caller says so). */
    public void date(LocalDate date) {
        this.date = date;
        this.clock = date == null ? null : timeline.clock(date);
    }

    /** The instant of a sample's {@code "timestamp"}; null, after a warning, when it is none. */
    public Instant at(Object stamp, long line) {
        Optional<Instant> epoch = stamp instanceof String s ? EpochSeconds.whole(s) : Optional.empty();
        if (epoch.isPresent()) {
            timeline.source("epoch seconds in each sample's \"timestamp\" (" + epochOption + ")");
            return epoch.get();
        }
        if (clock == null) return null;
        Optional<ClockTime.Found> time = stamp instanceof String s ? ClockTime.leading(s) : Optional.empty();
        if (time.isEmpty()) {
            sink.warning(line, "expected a time of day in \"timestamp\", found " + stamp + "; sample skipped");
            return null;
        }
        timeline.source("JSON date " + date + " + each sample's time of day, zone " + timeline.options().zone().getId());
        return clock.at(time.get().time(), timeline.options().zone());
    }
}
