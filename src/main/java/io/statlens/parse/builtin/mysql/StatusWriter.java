package io.statlens.parse.builtin.mysql;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.Row;
import io.statlens.parse.spi.RecordSink;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Writes status snapshots, from whichever capture, as the data set {@code mysql.status}: one row per variable and
 * snapshot, keyed by the variable's name (long form; see docs/tools/mysql-status.md for why not one column per
 * variable). The first snapshot is held until the second tells whether the capture printed differences
 * ({@link CaptureMode}); then both are written, and every later one at once.
 */
final class StatusWriter {
    static final String TOOL = "mysql";
    static final String DATASET = "status";
    static final DatasetSpec SPEC = new DatasetSpec(TOOL, DATASET, "Variable_name", List.of(
            new Metric("value", "", "the value as printed: a difference from the last snapshot in a relative capture "
                    + "(mysqladmin -r, pt-mext -r) after its first snapshot"),
            new Metric("level", "", "the server's own value: as printed in an absolute capture, the running sum of a "
                    + "relative one"),
            new Metric("per_s", "1/s", "counters only: the increase per second since the last snapshot; no value for "
                    + "gauges, the first snapshot, and a counter that fell (restart, FLUSH STATUS)")));

    static final String REDO_DATASET = "redo_log";
    /**
     * MySQL 8.0.30+ prints no checkpoint age (MariaDB and Percona Server print {@code Innodb_checkpoint_age}) but the
     * two LSNs it is the difference of, and the log's capacity: kept as a data set of their own, one row per snapshot,
     * so that the age is charted, compared and found like any metric rather than worked out again in every view.
     */
    static final DatasetSpec REDO_SPEC = new DatasetSpec(TOOL, REDO_DATASET, "", List.of(
            new Metric("checkpoint age", "B", "redo log written but not yet checkpointed: Innodb_redo_log_current_lsn "
                    + "minus Innodb_redo_log_checkpoint_lsn (their levels), MySQL 8.0.30+"),
            new Metric("capacity", "B", "the redo log's capacity the server works with now: Innodb_redo_log_capacity_resized")));
    private static final String CURRENT_LSN = "Innodb_redo_log_current_lsn";
    private static final String CHECKPOINT_LSN = "Innodb_redo_log_checkpoint_lsn";
    private static final String CAPACITY = "Innodb_redo_log_capacity_resized";

    /** The data sets the status parsers give: {@code mysql.status}, and {@code mysql.redo_log} where the server has it. */
    static List<String> datasets() {
        return List.of(TOOL + "." + DATASET, TOOL + "." + REDO_DATASET);
    }

    /**
     * One snapshot of the status variables.
     *
     * @param startsCapture the first table of a command pasted after another's tables (two {@code mysqladmin} runs in
     *                      one transcript, perhaps of two servers): it counts since its server started, even in a
     *                      relative capture, and has no rate, since nothing says how much time passed between the runs
     */
    record Snapshot(Instant time, Map<String, Double> values, boolean hadText, boolean startsCapture) {
    }

    private final RecordSink sink;
    private final StatusRates rates = new StatusRates();
    private Optional<Boolean> stated = Optional.empty();
    /** What the command pasted after tables were read said of its own capture, for its first snapshot. */
    private Optional<Boolean> statedNext = Optional.empty();
    private Boolean relative;
    private Snapshot held;
    private long sample;
    private long redoRows;

    StatusWriter(RecordSink sink) {
        this.sink = sink;
    }

    /**
     * What a pasted command said about the capture's values: before any table, the file's first capture (the first
     * one stated wins); after tables, the capture the next command starts ({@code mysqladmin ext}, then
     * {@code mysqladmin ext -r -i 1} in one transcript).
     */
    void stated(Optional<Boolean> relativeCapture) {
        if (held == null && sample == 0) {
            if (stated.isEmpty()) stated = relativeCapture;
        } else {
            statedNext = relativeCapture;
        }
    }

    void snapshot(Snapshot snapshot) {
        if (relative == null) {
            if (held == null) {
                held = snapshot;
                return;
            }
            // a lone table before another command's capture tells nothing of how the next table differs from it
            decide(stated.orElseGet(() -> !snapshot.startsCapture()
                    && CaptureMode.relative(held.values(), held.hadText(), snapshot.values())));
            write(held);
            held = null;
        }
        if (snapshot.startsCapture() && statedNext.isPresent()) {
            relative = statedNext.get();
            statedNext = Optional.empty();
        }
        write(snapshot);
    }

    /** Writes what is held; call once the input is read. */
    void finish() {
        if (held != null) {
            decide(stated.orElse(false));
            write(held);
            held = null;
        }
        if (rates.restarts() > 0) {
            sink.notice(0, "Uptime fell " + (rates.restarts() == 1 ? "once" : rates.restarts() + " times")
                    + ": the server restarted; the counters' rates across a restart are left empty");
        }
    }

    /** Whether the capture was read as differences; null before the first snapshot was written. */
    Boolean relative() {
        return relative;
    }

    long snapshots() {
        return sample;
    }

    private void decide(boolean relativeCapture) {
        relative = relativeCapture;
        sink.dataset(SPEC);
        sink.fact("capture", relativeCapture
                ? "relative: differences between snapshots, the first snapshot absolute (since the server started)"
                : "absolute: each snapshot as the server counts since it started");
    }

    private void write(Snapshot snapshot) {
        // The first snapshot of a relative capture counts since the server started, not over an interval: marked as
        // since-boot, like vmstat's first report, so that charts leave out its "spike".
        boolean sinceBoot = (sample == 0 || snapshot.startsCapture()) && relative;
        long at = sample;
        double[] redo = {Double.NaN, Double.NaN, Double.NaN};
        rates.next(snapshot.time(), snapshot.values(), relative, snapshot.startsCapture(), (name, value, level, perSecond) -> {
            sink.row(SPEC, new Row(at, snapshot.time(), name, sinceBoot, new double[] {value, level, perSecond}));
            if (name.equalsIgnoreCase(CURRENT_LSN)) redo[0] = level;
            else if (name.equalsIgnoreCase(CHECKPOINT_LSN)) redo[1] = level;
            else if (name.equalsIgnoreCase(CAPACITY)) redo[2] = level;
        });
        if (!Double.isNaN(redo[0]) && !Double.isNaN(redo[1])) {
            if (redoRows++ == 0) sink.dataset(REDO_SPEC);
            sink.row(REDO_SPEC, new Row(at, snapshot.time(), "", false, new double[] {redo[0] - redo[1], redo[2]}));
        }
        sample++;
    }
}
