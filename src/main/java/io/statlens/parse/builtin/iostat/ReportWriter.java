package io.statlens.parse.builtin.iostat;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.Row;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.Labels;
import io.statlens.parse.timeline.Timeline;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.function.Function;
import java.util.Map;

/**
 * Holds the report being read and sends it to the sink when it ends: announces a data set whenever
 * its columns change, numbers the samples of each data set, and marks the first report of every
 * iostat invocation as since boot. A report is at its own time stamp line when it has one; one interval after
 * the last stamped report when it has none (OSWatcher stamps a snapshot, not each of its reports); and when
 * nothing in the file is stamped, where the timeline's sample clock puts it. The banner date has no time of
 * day, so it is recorded as a fact, not used.
 */
final class ReportWriter {
    static final String TOOL = "iostat";
    private final RecordSink sink;
    private final Timeline timeline;
    private final Map<String, DatasetSpec> announced = new HashMap<>();
    /** The column labels each announced spec was made from: a report with the same labels gets the same spec. */
    private final Map<String, List<String>> announcedLabels = new HashMap<>();
    private final Map<String, Long> nextSample = new HashMap<>();
    private long reports;
    private long rows;
    private boolean nextSinceBoot = true;
    private Report current = new Report();

    ReportWriter(RecordSink sink, Timeline timeline) {
        this.sink = sink;
        this.timeline = timeline;
        timeline.whenStepAssumed(step -> "reports without their own time stamp follow a stamped one; assuming they are "
                + step.toSeconds() + " s apart; give --interval to set it");
    }

    /**
     * @param stamp  the report's own time stamp, or null
     * @param report 0-based number of the report in the file
     */
    private Instant timeOf(ReportTimestamp stamp, long report) {
        if (stamp == null) return timeline.unstamped(report);
        if (!timeline.anchored()) timeline.source(stamp.source());
        return timeline.stamped(stamp.time(), report);
    }

    /** A new run of iostat starts: its first report averages since boot, unless it was run with -y. */
    void newInvocation(boolean omitsSinceBoot) {
        nextSinceBoot = !omitsSinceBoot;
    }

    long rowsWritten() {
        return rows;
    }

    /** The report being read. */
    Report current() {
        return current;
    }

    /** The file has ended, after its last report: the timeline says what it held back ({@link Timeline#end}). */
    void endOfFile() {
        timeline.end();
    }

    /**
     * Ends the report being read: writes its rows, if it has any, and starts the next. A report that got a time
     * stamp but no rows hands the stamp on: OSWatcher's {@code zzz} line comes before the banner that starts
     * iostat's output, and stamps the report after it.
     */
    void finish() {
        Report report = current;
        current = new Report();
        if (!report.hasRows()) {
            if (report.timestamp() != null) current.timestamp(report.timestamp());
            return;
        }
        Instant time = timeOf(report.timestamp(), reports++);
        boolean sinceBoot = nextSinceBoot;
        nextSinceBoot = false;
        for (Report.Part part : report.parts()) {
            if (part.rows().isEmpty()) continue;
            DatasetSpec spec = spec(part);
            long sample = nextSample.merge(part.dataset(), 1L, Long::sum) - 1;
            for (Map.Entry<String, double[]> row : part.rows().entrySet()) {
                sink.row(spec, new Row(sample, time, row.getKey(), sinceBoot, row.getValue()));
                rows++;
            }
        }
    }

    private DatasetSpec spec(Report.Part part) {
        DatasetSpec same = announced.get(part.dataset());
        if (same != null && same.keyLabel().equals(part.keyLabel()) && part.labels().equals(announcedLabels.get(part.dataset()))) {
            return same;
        }
        Function<String, Metric> metricOf = part.dataset().equals(AixDriveBlock.DATASET) || part.dataset().equals(AixLongTable.ADAPTERS)
                ? AixDriveBlock::metric : IostatMetrics::of;
        List<Metric> metrics = Labels.distinct(part.labels()).stream().map(metricOf).toList();
        DatasetSpec spec = same;
        if (spec == null || !spec.keyLabel().equals(part.keyLabel()) || !spec.metrics().equals(metrics)) {
            spec = new DatasetSpec(TOOL, part.dataset(), part.keyLabel(), metrics);
            sink.dataset(spec);
            announced.put(part.dataset(), spec);
        }
        announcedLabels.put(part.dataset(), List.copyOf(part.labels()));
        return spec;
    }
}
