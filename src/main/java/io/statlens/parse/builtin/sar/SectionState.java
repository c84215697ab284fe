package io.statlens.parse.builtin.sar;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Row;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.SysstatAverage;
import io.statlens.parse.timeline.DayClock;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;

/**
 * What one data set needs to remember while the file streams by: its current layout, its own day
 * roll-over (sar prints every section from the start of the day again), and its sample numbering
 * (a sample per distinct time, shared by the CPU or device lines of one report).
 */
final class SectionState {
    private SectionHeader header;
    private long headerLine;
    private DatasetSpec announced;
    private DayClock clock;
    private int rollerEpoch = -1;
    private long sample = -1;
    private Instant lastTime;
    /** The last time of day resolved, in its zone, and the instant the clock gave for it. */
    private LocalTime resolvedTime;
    private ZoneId resolvedZone;
    private Instant resolved;
    private final java.util.Set<String> keysAtTime = new java.util.HashSet<>();
    /** The per-CPU columns ({@code CPU0} ...) the interval headers named since the last average block. */
    private final java.util.Set<String> cpusSinceAverage = new java.util.HashSet<>();
    private boolean averaged;
    /** The keys of the average rows since the last data row, where a key is printed once a report. */
    private final java.util.Set<String> summarizedKeys = new java.util.HashSet<>();

    SectionState(SectionHeader header, long headerLine) {
        this.header = header;
        this.headerLine = headerLine;
    }

    SectionHeader header() {
        return header;
    }

    long headerLine() {
        return headerLine;
    }

    /** A header for this data set was printed again; a changed layout is announced before the next row. */
    void header(SectionHeader newHeader, long line) {
        if (!header.sameColumns(newHeader)) header = newHeader;
        headerLine = line;
    }

    /** An interval's header: the per-CPU columns it names are the ones the next average block can have values for. */
    void intervalHeader(SectionHeader intervals) {
        if (averaged) {
            cpusSinceAverage.clear();
            averaged = false;
        }
        cpusSinceAverage.addAll(intervals.perCpuColumns());
    }

    /**
     * The layout of an average row with this many cells. A battery's average has no state ({@link SectionHeader#averaged}).
     * sar -I's Average header names every CPU of the file, but its rows carry values only for the CPUs the intervals
     * since the last average had (a CPU offline all that boot has none): where the row is narrower than the header, it
     * is read under those CPUs' columns if it fits them.
     */
    SectionHeader averageLayout(int cells) {
        averaged = true;
        if (header.fitsWidth(cells)) return header;
        SectionHeader averageForm = header.averaged();
        if (averageForm.fitsWidth(cells)) return averageForm;
        if (cpusSinceAverage.isEmpty()) return header;
        SectionHeader intervalCpus = header.withPerCpuColumns(cpusSinceAverage);
        return intervalCpus.fitsWidth(cells) ? intervalCpus : header;
    }

    /**
     * The instant of a time of day in this section. {@code epoch} counts the banners seen: after a new
     * banner the day starts again from its date.
     */
    Instant resolve(LocalTime time, LocalDate date, ZoneId zone, int epoch, java.util.function.Function<LocalDate, DayClock> clocks) {
        if (clock == null || rollerEpoch != epoch) {
            clock = clocks.apply(date);
            rollerEpoch = epoch;
        } else if (time.equals(resolvedTime) && zone.equals(resolvedZone)) {
            // the CPU, disk or interface rows of one report share their time: the clock would say the same again
            return resolved;
        }
        resolved = clock.at(time, zone);
        resolvedTime = time;
        resolvedZone = zone;
        return resolved;
    }

    /** The time of the last row, which lines without a time of their own (Unix multi-line reports) share. */
    Instant lastTime() {
        return lastTime;
    }

    /**
     * Whether a data row repeats a key of the report at the time of the last row in a section whose reports print each
     * key once ({@link SectionHeader#keyOnceAReport}: a filesystem mounted again): the same thing printed again.
     */
    boolean printedAgain(Instant time, String key) {
        return header.keyOnceAReport() && time.equals(lastTime) && keysAtTime.contains(key);
    }

    /**
     * Whether a summary row repeats a key of its summary block in such a section: the same statistic of the same key
     * (sar -x prints a filesystem's Minimum, Maximum and Last rows in one block; they are three values, not repeats).
     */
    boolean summarizedAgain(SysstatAverage.Statistic statistic, String key) {
        return header.keyOnceAReport() && !summarizedKeys.add(statistic.name() + "\u0000" + key);
    }

    void emit(Instant time, String key, double[] values, RecordSink sink) {
        if (!summarizedKeys.isEmpty()) summarizedKeys.clear();
        if (announced != header.spec()) {
            sink.dataset(header.spec());
            announced = header.spec();
        }
        // a new time, or a key again at the same time (clocks without seconds, such as Norwegian kl. 18.04)
        if (!time.equals(lastTime) || !keysAtTime.add(key)) {
            sample++;
            keysAtTime.clear();
            keysAtTime.add(key);
        }
        lastTime = time;
        sink.row(header.spec(), new Row(sample, time, key, false, values));
    }
}
