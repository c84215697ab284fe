package io.statlens.parse.builtin.pidstat;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Row;
import io.statlens.parse.spi.AnnouncedDatasets;
import io.statlens.parse.spi.RecordSink;

import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Hands one task's values to the data sets of its header's reports, for pidstat's text and its {@code -o JSON} alike:
 * each report's columns to its data set ({@code pidstat.cpu}, a thread's to {@code pidstat.thread_cpu}), announced
 * once, each row numbered by the report (sample) it belongs to.
 */
final class PidstatRows {
    private final RecordSink sink;
    private final AnnouncedDatasets announced = new AnnouncedDatasets();
    private final Map<String, Report> reports = new HashMap<>();
    private boolean unavailableIoTold;
    private long rows;

    /** The current report (sample) of one data set: a new one starts when the time changes or a key comes again. */
    private static final class Report {
        long sample = -1;
        Instant time;
        final Set<String> keys = new HashSet<>();

        long sampleOf(Instant at, String key) {
            if (sample < 0 || !at.equals(time) || !keys.add(key)) {
                sample++;
                time = at;
                keys.clear();
                keys.add(key);
            }
            return sample;
        }
    }

    PidstatRows(RecordSink sink) {
        this.sink = sink;
    }

    /**
     * A value as stored: sysstat 10 and pidstat's JSON print -1.00 for I/O it could not read (no permission), which is
     * no value (told once).
     */
    double stored(double value, String label, long number) {
        if (value != -1 || !PidstatColumns.IO_UNAVAILABLE_AS_MINUS_ONE.contains(label)) return value;
        if (!unavailableIoTold) {
            unavailableIoTold = true;
            sink.notice(number, "pidstat printed -1.00 for I/O it could not read (no permission); stored as no value");
        }
        return Double.NaN;
    }

    /**
     * One task's row.
     *
     * @param values the values in the header's column order (identity and text columns unused)
     */
    void row(PidstatHeader header, boolean thread, String key, Instant at, boolean sinceStart, double[] values) {
        for (PidstatHeader.Group g : header.groups()) {
            DatasetSpec spec = thread ? g.thread() : g.process();
            announced.announce(spec, sink);
            long sample = reports.computeIfAbsent(spec.qualifiedName(), q -> new Report()).sampleOf(at, key);
            sink.row(spec, new Row(sample, at, key, sinceStart, g.values(values)));
        }
        rows++;
    }

    long count() {
        return rows;
    }
}
