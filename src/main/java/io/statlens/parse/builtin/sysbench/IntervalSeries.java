package io.statlens.parse.builtin.sysbench;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.Row;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.Labels;
import io.statlens.parse.timeline.SampleClock;
import io.statlens.parse.timeline.Timeline;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns intermediate reports into rows of the unkeyed data set ({@code sysbench}, ""). A report is held until the
 * next line, because with {@code --rate} sysbench prints a second line with the same stamp
 * ({@code queue length: 0 concurrency: 3}) that belongs to the same row. A new spec is announced whenever the
 * printed labels (or their units) change.
 */
final class IntervalSeries {
    static final String TOOL = "sysbench";

    private final Timeline timeline;
    private final RecordSink sink;
    private SampleClock clock;
    private DatasetSpec spec;
    private long sample;
    private Pending pending;

    /** A report waiting for a possible continuation line with the same stamp. */
    private record Pending(double elapsed, double offset, Duration reportInterval, Map<String, IntervalLine.Field> fields) {
    }

    IntervalSeries(Timeline timeline, RecordSink sink) {
        this.timeline = timeline;
        this.sink = sink;
    }

    /**
     * @param offset         seconds to add to the printed elapsed time (the duration of earlier runs in the file)
     * @param reportInterval the interval the run printed or was given, null if unknown
     */
    void add(IntervalLine line, double offset, Duration reportInterval) {
        if (pending != null && pending.elapsed() == line.elapsed() && pending.offset() == offset) {
            for (IntervalLine.Field f : line.fields()) pending.fields().putIfAbsent(f.label(), f);
            return;
        }
        flush();
        Map<String, IntervalLine.Field> fields = new LinkedHashMap<>();
        for (IntervalLine.Field f : line.fields()) {
            if (IntervalMetrics.measured(f)) fields.putIfAbsent(f.label(), f);
        }
        pending = new Pending(line.elapsed(), offset, reportInterval, fields);
    }

    /** Emits the held report, if any. */
    void flush() {
        if (pending == null) return;
        Pending p = pending;
        pending = null;
        List<Metric> metrics = new ArrayList<>(p.fields().size());
        double[] values = new double[p.fields().size()];
        int k = 0;
        for (IntervalLine.Field f : p.fields().values()) {
            metrics.add(IntervalMetrics.metric(f));
            values[k++] = f.value();
        }
        metrics = Labels.distinctMetrics(metrics);
        if (spec == null || !spec.metrics().equals(metrics)) {
            spec = new DatasetSpec(TOOL, "", "", metrics);
            sink.dataset(spec);
        }
        if (clock == null) {
            timeline.printedInterval(p.reportInterval());
            clock = timeline.sampleClock();
        }
        sink.row(spec, new Row(sample++, clock.atElapsed(p.offset() + p.elapsed()), "", false, values));
    }

    long rows() {
        return sample;
    }
}
