package io.statlens.parse.builtin.pidstat;

import io.statlens.model.Metric;
import io.statlens.parse.text.SysstatHuman;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static java.util.Map.entry;

/**
 * The columns pidstat prints (sysstat 8 to 12.7), read by their header names: which report (data set) each belongs
 * to, its unit and meaning. {@code -h} prints every report's columns on one line; they are split back into the same
 * data sets as without it, so that a run with {@code -h} compares with one without. A column not listed here stays
 * with the report of the column before it.
 */
final class PidstatColumns {
    /** The columns that identify a row rather than measure it; {@code USER} ({@code -U}) and the command are text. */
    static final Set<String> IDENTITY = Set.of("UID", "USER", "PID", "TGID", "TID", "Command");
    /** Text columns the repository does not keep: the scheduling policy of {@code -R}. */
    static final Set<String> TEXT = Set.of("policy");
    /** The I/O columns sysstat 10 prints as -1.00 when the task's I/O statistics cannot be read (no permission). */
    static final Set<String> IO_UNAVAILABLE_AS_MINUS_ONE = Set.of("kB_rd/s", "kB_wr/s", "kB_ccwr/s");

    /** The report of each column: {@code cpu} (-u), {@code memory} (-r), {@code io} (-d), ... */
    private record Column(String dataset, String unit, String description) {
    }

    private static final Map<String, Column> COLUMNS = Map.ofEntries(
            entry("%usr", new Column("cpu", "%", "CPU used at user level (application), without guest time")),
            entry("%user", new Column("cpu", "%", "CPU used at user level (sysstat 8 and 9 name of %usr)")),
            entry("%system", new Column("cpu", "%", "CPU used at system level (kernel)")),
            entry("%guest", new Column("cpu", "%", "CPU spent in a virtual machine (running a virtual processor)")),
            entry("%wait", new Column("cpu", "%", "time waiting to run (runnable, not on a CPU)")),
            entry("%CPU", new Column("cpu", "%", "total CPU used; up to 100 times the CPU count unless -I")),
            entry("CPU", new Column("cpu", "", "processor the task last ran on")),
            entry("usr-ms", new Column("child_cpu", "ms", "user time of the task and its children (-T CHILD)")),
            entry("system-ms", new Column("child_cpu", "ms", "system time of the task and its children (-T CHILD)")),
            entry("guest-ms", new Column("child_cpu", "ms", "guest time of the task and its children (-T CHILD)")),
            entry("minflt-nr", new Column("child_memory", "count", "minor faults of the task and its children (-T CHILD)")),
            entry("majflt-nr", new Column("child_memory", "count", "major faults of the task and its children (-T CHILD)")),
            entry("minflt/s", new Column("memory", "1/s", "minor faults (no page loaded from disk)")),
            entry("majflt/s", new Column("memory", "1/s", "major faults (a page loaded from disk)")),
            entry("VSZ", new Column("memory", "KiB", "virtual size")),
            entry("RSS", new Column("memory", "KiB", "resident set size")),
            entry("%MEM", new Column("memory", "%", "share of physical memory used")),
            entry("kB_rd/s", new Column("io", "KiB/s", "read from disk")),
            entry("kB_wr/s", new Column("io", "KiB/s", "written, or queued to be written, to disk")),
            entry("kB_ccwr/s", new Column("io", "KiB/s", "writes cancelled (page cache truncated before write-back)")),
            entry("iodelay", new Column("io", "clock ticks", "block I/O delay: ticks spent waiting for I/O")),
            entry("cswch/s", new Column("switch", "1/s", "voluntary context switches (waiting for a resource)")),
            entry("nvcswch/s", new Column("switch", "1/s", "involuntary context switches (time slice used up)")),
            entry("StkSize", new Column("stack", "KiB", "stack reserved")),
            entry("StkRef", new Column("stack", "KiB", "stack used")),
            entry("threads", new Column("kernel", "count", "threads of the task")),
            entry("fd-nr", new Column("kernel", "count", "open file descriptors")),
            entry("prio", new Column("rt", "", "real-time priority")),
            entry("policy", new Column("rt", "", "scheduling policy")));

    /**
     * The process data sets, in the order pidstat prints its reports; each has a {@code thread_} twin for -t. With
     * {@code -T CHILD} or {@code -T ALL} pidstat prints two reports of the children's totals, CPU ({@code -u}) and
     * faults ({@code -r}), no other (pidstat.c check_flags keeps only those); with {@code -h} they share one line and
     * are split back here as the task's reports are.
     */
    static final List<String> DATASETS = List.of("cpu", "memory", "io", "switch", "stack", "kernel", "rt", "child_cpu",
            "child_memory");
    /** Where a column nobody listed goes when no known column precedes it. */
    static final String OTHER = "other";

    private PidstatColumns() {
    }

    static boolean known(String label) {
        return COLUMNS.containsKey(label);
    }

    /** The report a column belongs to, or null for a column this table does not know. */
    static String datasetOf(String label) {
        Column c = COLUMNS.get(label);
        return c == null ? null : c.dataset();
    }

    /**
     * A cell's value in its column's unit. With {@code --human} sysstat 12 prints sizes with the letter of their unit
     * ({@code 55.4k} in {@code kB_rd/s} is 55.4 KiB/s, {@code 0.0B} none, {@code 1.2G} of VSZ 1,258,291.2 KiB) and
     * percentages with a {@code %} sign ({@code 12.5%}); NaN when the cell is not a number.
     */
    static double value(String cell, String label) {
        return SysstatHuman.value(cell, metric(label).unit());
    }

    static Metric metric(String label) {
        Column c = COLUMNS.get(label);
        return c == null ? Metric.of(label, "") : new Metric(label, c.unit(), c.description());
    }
}
