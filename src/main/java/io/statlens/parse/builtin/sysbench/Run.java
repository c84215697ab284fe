package io.statlens.parse.builtin.sysbench;

import io.statlens.parse.text.Intervals;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;

/**
 * What one sysbench invocation printed, held until the invocation ends (the next banner or command, or the end
 * of the file): its facts and its final summary. Both are small; intervals are not held here but streamed.
 */
final class Run {
    /** A summary number and its unit. */
    record Value(double value, String unit) {
    }

    private final Map<String, String> facts = new LinkedHashMap<>();
    private final Map<String, Value> summary = new LinkedHashMap<>();
    private final TreeSet<String> tables = new TreeSet<>();
    private String prefix = "";
    private boolean banner;
    private boolean command;
    private boolean output;
    private boolean intervals;
    private double lastElapsed;

    /** Records a fact unless the run already has one of that name (the command line comes first and wins). */
    void fact(String name, String value) {
        if (value != null && !value.isBlank()) facts.putIfAbsent(name, value.strip());
    }

    Map<String, String> facts() {
        if (!tables.isEmpty()) facts.putIfAbsent("sysbench.tables", Integer.toString(tables.size()));
        return facts;
    }

    /**
     * Records a summary number; placeholders (NaN) are dropped. The last value of a name wins: with
     * {@code --report-checkpoints} sysbench prints interim statistics blocks before the final ones.
     */
    void summary(String name, double value, String unit) {
        if (!Double.isNaN(value)) summary.put(name, new Value(value, unit));
    }

    Map<String, Value> summary() {
        return summary;
    }

    /** A table the preparation step created, to count them. */
    void table(String name) {
        tables.add(name);
    }

    void banner(String bannerPrefix) {
        banner = true;
        prefix = bannerPrefix;
    }

    void command() {
        command = true;
    }

    void output() {
        output = true;
    }

    void interval(double elapsed) {
        intervals = true;
        output = true;
        lastElapsed = Math.max(lastElapsed, elapsed);
    }

    /** Whether a banner or any output has been seen: a further banner then starts another invocation. */
    boolean started() {
        return banner || output;
    }

    /** Whether a command line or anything after it has been seen: a further command starts another invocation. */
    boolean begun() {
        return command || started();
    }

    /** Whether the run measured anything: intervals, or summary numbers besides the thread count it was told. */
    boolean measured() {
        return intervals || summary.keySet().stream().anyMatch(k -> !k.equals("threads"));
    }

    /** How long the run took: the total time it printed, else its last report. */
    double durationSeconds() {
        Value total = summary.get("total_time_s");
        return Math.max(lastElapsed, total == null ? 0 : total.value());
    }

    /** The report interval the run printed or was given, null if unknown. */
    Duration reportInterval() {
        String s = facts.get("sysbench.report_interval");
        if (s == null || !s.matches("\\d+(\\.\\d+)?")) return null;
        return Intervals.seconds(Double.parseDouble(s)).orElse(null);
    }

    double lastElapsed() {
        return lastElapsed;
    }

    String prefix() {
        return prefix;
    }
}
