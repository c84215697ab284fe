package io.statlens.parse.builtin.sysbench;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The blocks of the final report, each a header line followed by indented {@code key: value} lines up to a blank
 * line, and the summary names their values get:
 * {@code OLTP test statistics:} (0.4/0.5) and {@code SQL statistics:} (1.0+), {@code Test execution summary:} (0.4)
 * and {@code General statistics:} (0.5+) with their {@code per-request statistics:}/{@code response time:}
 * sub-blocks, {@code Latency (ms):}, {@code Threads fairness:}, {@code CPU speed:}, {@code Throughput:} (1.1
 * general, and fileio in 1.0 and 1.1), {@code File operations:}, and the memory test's option block.
 */
final class SummarySections {
    private enum Section { NONE, SQL, GENERAL, LATENCY, FAIRNESS, CPU_SPEED, THROUGHPUT, FILE_OPERATIONS, MEMORY_OPTIONS }

    private static final Map<String, Section> HEADERS = Map.of(
            "OLTP test statistics:", Section.SQL,
            "SQL statistics:", Section.SQL,
            "Test execution summary:", Section.GENERAL,
            "General statistics:", Section.GENERAL,
            "Latency (ms):", Section.LATENCY,
            "Threads fairness:", Section.FAIRNESS,
            "CPU speed:", Section.CPU_SPEED,
            "Throughput:", Section.THROUGHPUT,
            "File operations:", Section.FILE_OPERATIONS,
            "Running memory speed test with the following options:", Section.MEMORY_OPTIONS);

    private static final Pattern KEY_VALUE = Pattern.compile("^([^:]+):\\s*(.*)$");
    private static final Pattern COUNT_AND_RATE = Pattern.compile("^(\\S+)\\s*(?:\\(\\s*(\\S+)\\s+per sec\\.\\))?$");
    private static final Pattern PERCENTILE = Pattern.compile(
            "^(?:approx\\.\\s+)?(\\d+(?:\\.\\d+)?)(?:st|nd|rd|th)?\\s+percentile$");
    private static final Pattern AVG_STDDEV = Pattern.compile("^(\\S+)/(\\S+)$");
    private static final Pattern IOPS = Pattern.compile("^IOPS=(\\S+)(?:\\s+(\\S+)\\s+MiB/s\\s+\\((\\S+)\\s+MB/s\\))?$");
    private static final String COUNT = "count";
    private static final String PER_SECOND = "1/s";

    private Section section = Section.NONE;
    /** Inside {@code per-request statistics:} (0.4) or {@code response time:} (0.5) of the general block. */
    private boolean requestTimes;
    /** The output format the blocks seen so far belong to, for the variant when no banner gave a version. */
    private String formatHint = "";

    /** Whether this trimmed line opens a block; if so it becomes the current one. Some blocks tell the test. */
    boolean header(String text, Run run) {
        Section s = HEADERS.get(text);
        if (s == null) return false;
        section = s;
        requestTimes = false;
        switch (s) {
            case SQL -> run.fact("sysbench.test", "oltp");
            case CPU_SPEED -> run.fact("sysbench.test", "cpu");
            case FILE_OPERATIONS -> run.fact("sysbench.test", "fileio");
            case MEMORY_OPTIONS -> run.fact("sysbench.test", "memory");
            default -> {
            }
        }
        if (text.equals("Test execution summary:")) hint("0.4");
        if (text.equals("Latency (ms):")) hint("1.0");
        return true;
    }

    /** A blank line closes the current block. */
    void end() {
        section = Section.NONE;
        requestTimes = false;
    }

    String formatHint() {
        return formatHint;
    }

    /**
     * Reads a {@code key: value} line of the current block into the run.
     *
     * @return false when no block is open or the line is not one of its lines
     * @throws NumberFormatException when a value that should be a number is not
     */
    boolean accept(SysbenchLine line, Run run) {
        if (section == Section.NONE) return false;
        Matcher kv = KEY_VALUE.matcher(line.text());
        if (!kv.matches()) return false;
        String key = kv.group(1).strip().replaceAll("\\s+", " ");
        String value = kv.group(2).strip();
        boolean read = switch (section) {
            case SQL -> sql(key, value, run);
            case GENERAL -> general(key, value, run);
            case LATENCY -> latency(key, value, run);
            case FAIRNESS -> fairness(key, value, run);
            case CPU_SPEED -> key.equals("events per second")
                    && put(run, "events_per_s", SysbenchValues.plain(value), PER_SECOND);
            case THROUGHPUT -> throughput(key, value, run);
            case FILE_OPERATIONS -> fileOperations(key, value, run);
            case MEMORY_OPTIONS -> memoryOption(key, value, run);
            case NONE -> false;
        };
        return read || line.placeholders();
    }

    private boolean sql(String key, String value, Run run) {
        switch (key) {
            case "queries performed" -> {
                return value.isEmpty();
            }
            case "read", "write", "other", "total" -> {
                return put(run, "queries_" + key, SysbenchValues.plain(value), COUNT);
            }
            case "transactions" -> {
                return countAndRate(value, run, "transactions", "tps");
            }
            case "queries" -> {
                return countAndRate(value, run, "queries", "qps");
            }
            case "ignored errors" -> {
                return countAndRate(value, run, "errors", "errors_per_s");
            }
            default -> {
                String name = SysbenchValues.snake(key);
                return countAndRate(value, run, name, name + "_per_s");
            }
        }
    }

    private boolean general(String key, String value, Run run) {
        if (value.isEmpty() && (key.equals("per-request statistics") || key.equals("response time"))) {
            requestTimes = true;
            if (key.equals("response time")) hint("0.5");
            return true;
        }
        if (requestTimes) return latency(key, value, run);
        return switch (key) {
            case "total time" -> put(run, "total_time_s", SysbenchValues.seconds(value), "s");
            case "total number of events" -> put(run, "events", SysbenchValues.plain(value), COUNT);
            case "total time taken by event execution" -> put(run, "event_execution_time_s", SysbenchValues.seconds(value), "s");
            default -> put(run, SysbenchValues.snake(key), SysbenchValues.plain(value), "");
        };
    }

    /** {@code min/avg/max/sum} and the percentile line; 0.4/0.5 suffix their values with ms or s, 1.0 prints bare ms. */
    private static boolean latency(String key, String value, Run run) {
        Matcher p = PERCENTILE.matcher(key);
        if (p.matches()) {
            String percentile = p.group(1);
            run.fact("sysbench.percentile", percentile);
            return put(run, "latency_p" + percentile.replace('.', '_') + "_ms", SysbenchValues.millis(value, 1), "ms");
        }
        return switch (key) {
            case "min", "avg", "max", "sum" -> put(run, "latency_" + key + "_ms", SysbenchValues.millis(value, 1), "ms");
            // --percentile=0: sysbench keeps no latency histogram and prints this line instead of the percentile's
            case "percentile stats" -> value.equals("disabled");
            default -> false;
        };
    }

    private boolean fairness(String key, String value, Run run) {
        Matcher m = AVG_STDDEV.matcher(value);
        if (!m.matches()) return false;
        return switch (key) {
            case "events (avg/stddev)" -> put(run, "fairness_events_avg", SysbenchValues.plain(m.group(1)), COUNT)
                    | put(run, "fairness_events_stddev", SysbenchValues.plain(m.group(2)), COUNT);
            case "execution time (avg/stddev)" -> put(run, "fairness_exec_time_avg", SysbenchValues.seconds(m.group(1)), "s")
                    | put(run, "fairness_exec_time_stddev", SysbenchValues.seconds(m.group(2)), "s");
            default -> false;
        };
    }

    private boolean throughput(String key, String value, Run run) {
        return switch (key) {
            case "events/s (eps)" -> {
                hint("1.1");
                yield put(run, "events_per_s", SysbenchValues.plain(value), PER_SECOND);
            }
            case "time elapsed" -> put(run, "total_time_s", SysbenchValues.seconds(value), "s");
            case "total number of events" -> put(run, "events", SysbenchValues.plain(value), COUNT);
            case "read, MiB/s" -> put(run, "read_mib_s", SysbenchValues.plain(value), "MiB/s");
            case "written, MiB/s" -> put(run, "write_mib_s", SysbenchValues.plain(value), "MiB/s");
            case "read" -> iops(value, run, "reads_per_s", "read_mib_s");
            case "write" -> iops(value, run, "writes_per_s", "write_mib_s");
            case "fsync" -> iops(value, run, "fsyncs_per_s", null);
            default -> false;
        };
    }

    /** 1.1 fileio: {@code read:  IOPS=1906.50 29.79 MiB/s (31.24 MB/s)}, {@code fsync: IOPS=0.00}. */
    private static boolean iops(String value, Run run, String opsName, String mibName) {
        Matcher m = IOPS.matcher(value);
        if (!m.matches()) return false;
        put(run, opsName, SysbenchValues.plain(m.group(1)), PER_SECOND);
        if (mibName != null && m.group(2) != null) put(run, mibName, SysbenchValues.plain(m.group(2)), "MiB/s");
        return true;
    }

    private static boolean fileOperations(String key, String value, Run run) {
        return switch (key) {
            case "reads/s", "writes/s", "fsyncs/s" ->
                    put(run, key.replace("/s", "_per_s"), SysbenchValues.plain(value), PER_SECOND);
            default -> put(run, SysbenchValues.snake(key), SysbenchValues.plain(value), "");
        };
    }

    /** {@code block size: 1KiB}, {@code operation: write}... become facts {@code sysbench.memory_block_size}... */
    private static boolean memoryOption(String key, String value, Run run) {
        String name = switch (key) {
            case "operation" -> "oper";
            default -> SysbenchValues.snake(key);
        };
        run.fact("sysbench.memory_" + name, value);
        return true;
    }

    /** {@code 1000   (276.21 per sec.)}: the count and, when printed, the rate. */
    private static boolean countAndRate(String value, Run run, String countName, String rateName) {
        Matcher m = COUNT_AND_RATE.matcher(value);
        if (!m.matches()) return false;
        put(run, countName, SysbenchValues.plain(m.group(1)), COUNT);
        if (m.group(2) != null) put(run, rateName, SysbenchValues.plain(m.group(2)), PER_SECOND);
        return true;
    }

    private static boolean put(Run run, String name, double value, String unit) {
        run.summary(name, value, unit);
        return true;
    }

    private void hint(String format) {
        if (formatHint.compareTo(format) < 0) formatHint = format;
    }
}
