package io.statlens.parse.builtin.sysbench;

import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lines sysbench prints about what it is going to do ({@code Number of threads: 16}, {@code Block size 16KiB},
 * {@code Doing OLTP test.}) and about its progress ({@code Threads started!}). The first kind become facts of the
 * run, named after the sysbench option they echo; the second are recognised and dropped.
 */
final class OptionLines {
    private record Rule(Pattern pattern, BiConsumer<Matcher, Run> action) {
    }

    private static final Map<String, String> FILE_TEST_MODES = Map.of(
            "random r/w", "rndrw", "random read", "rndrd", "random write", "rndwr",
            "sequential read", "seqrd", "sequential write (creation)", "seqwr", "sequential rewrite", "seqrewr");

    private static final List<Rule> RULES = List.of(
            rule("Number of threads: (\\d+)", (m, r) -> {
                r.fact("sysbench.threads", m.group(1));
                r.summary("threads", Double.parseDouble(m.group(1)), "count");
            }),
            rule("Report intermediate results every (\\d+) second\\(s\\)", factOf("sysbench.report_interval")),
            rule("Initializing random number generator from seed \\((-?\\d+)\\)\\.?", factOf("sysbench.rng_seed")),
            rule("Initializing random number generator from (current time|timer)\\.?", factOf("sysbench.rng_seed")),
            rule("Random number generator seed is (\\d+) and will be ignored",
                    (m, r) -> r.fact("sysbench.rng_seed", m.group(1) + " (ignored)")),
            // --forced-shutdown: the seconds after the start at which sysbench stops the test (--max-time plus the timeout)
            rule("Forcing shutdown in (\\d+) seconds", factOf("sysbench.forced_shutdown_s")),
            rule("Warmup time: (\\S+)", factOf("sysbench.warmup_time")),
            rule("Target transaction rate: (\\S+)", factOf("sysbench.rate")),
            rule("(?:Prime numbers limit|Maximum prime number checked in CPU test): (\\d+)", (m, r) -> {
                r.fact("sysbench.cpu_max_prime", m.group(1));
                r.fact("sysbench.test", "cpu");
            }),
            rule("Doing CPU performance benchmark", (m, r) -> r.fact("sysbench.test", "cpu")),
            rule("Doing thread subsystem performance test", (m, r) -> r.fact("sysbench.test", "threads")),
            rule("Thread yields per test: (\\d+) Locks used: (\\d+)", (m, r) -> {
                r.fact("sysbench.thread_yields", m.group(1));
                r.fact("sysbench.thread_locks", m.group(2));
            }),
            rule("Doing mutex performance test", (m, r) -> r.fact("sysbench.test", "mutex")),
            rule("Doing memory operations speed test", (m, r) -> r.fact("sysbench.test", "memory")),
            rule("Memory (block size|transfer size|operations type|scope type|access mode): (.+)", (m, r) -> {
                String name = switch (m.group(1)) {
                    case "transfer size" -> "total_size";
                    case "operations type" -> "oper";
                    case "scope type" -> "scope";
                    default -> SysbenchValues.snake(m.group(1));
                };
                r.fact("sysbench.memory_" + name, m.group(2));
            }),
            rule("Doing OLTP test\\.?", (m, r) -> r.fact("sysbench.test", "oltp")),
            rule("Running (\\w+) OLTP test", factOf("sysbench.oltp_test_mode")),
            rule("Doing read-only test", (m, r) -> r.fact("sysbench.oltp_read_only", "on")),
            rule("Using (\\w+) distribution(?: \\((.*)\\))?", (m, r) -> {
                r.fact("sysbench.oltp_dist_type", m.group(1).toLowerCase());
                r.fact("sysbench.oltp_dist_params", m.group(2));
            }),
            rule("Skipping BEGIN/COMMIT", (m, r) -> r.fact("sysbench.oltp_skip_trx", "on")),
            rule("Using \"(\\w+)\" for starting transactions", factOf("sysbench.oltp_begin_statement")),
            rule("(Not using|Using) auto_inc on the id column",
                    (m, r) -> r.fact("sysbench.oltp_auto_inc", m.group(1).equals("Using") ? "on" : "off")),
            rule("Maximum number of requests for OLTP test is limited to (\\d+)", factOf("sysbench.max_requests")),
            rule("No DB drivers specified, using (\\w+)", factOf("sysbench.db_driver")),
            rule("Extra file open flags: (.*)", (m, r) -> {
                r.fact("sysbench.file_extra_flags", m.group(1));
                r.fact("sysbench.test", "fileio");
            }),
            rule("(\\d+) files, (\\S+) each(?:, (\\S+) total)?", (m, r) -> {
                r.fact("sysbench.file_num", m.group(1));
                r.fact("sysbench.file_size", m.group(2));
                r.fact("sysbench.file_total_size", m.group(3));
            }),
            rule("(\\S+) total file size", factOf("sysbench.file_total_size")),
            rule("Block size (\\S+)", factOf("sysbench.file_block_size")),
            rule("Number of (?:IO requests|random requests for random IO): (\\d+)", factOf("sysbench.file_io_requests")),
            rule("Read/Write ratio for combined random IO test: (\\S+)", factOf("sysbench.file_rw_ratio")),
            rule("Periodic FSYNC enabled, calling fsync\\(\\) each (\\d+) requests\\.", factOf("sysbench.file_fsync_freq")),
            rule("Calling fsync\\(\\) at the end of test, Enabled\\.", (m, r) -> r.fact("sysbench.file_fsync_end", "on")),
            rule("Using (.+) I/O mode", factOf("sysbench.file_io_mode")),
            rule("Doing (.+) test", (m, r) -> {
                String mode = FILE_TEST_MODES.get(m.group(1));
                if (mode != null) {
                    r.fact("sysbench.file_test_mode", mode);
                    r.fact("sysbench.test", "fileio");
                }
            }),
            rule("Creating (\\d+) records in table '(\\w+)'\\.*", (m, r) -> {
                r.fact("sysbench.table_size", m.group(1));
                r.table(m.group(2));
            }),
            rule("Inserting (\\d+) records into '(\\w+)'", (m, r) -> {
                r.fact("sysbench.table_size", m.group(1));
                r.table(m.group(2));
            }),
            rule("Creating table '(\\w+)'\\.*", (m, r) -> r.table(m.group(1))),
            rule("Validation checks: on\\.", (m, r) -> r.fact("sysbench.validate", "on")));

    /** Progress and preparation messages: recognised, nothing to keep. */
    private static final Pattern PROGRESS = Pattern.compile("^(?:"
            + "Running the test with following options:|Threads started!|Done\\.|Time limit exceeded, exiting\\.\\.\\."
            + "|Initializing worker threads\\.\\.\\.|Warming up for \\d+ seconds\\.\\.\\.|Creating files for the test\\.\\.\\."
            + "|Creating file \\S+|Reusing existing file \\S+|No bytes written\\."
            + "|\\d+ bytes written in \\S+ seconds \\(\\S+ MiB/sec\\)\\.|Removing test files\\.\\.\\."
            + "|Creating a secondary index on '\\w+'\\.\\.\\.|Preloading table \\w+|Dropping table '\\w+'\\.\\.\\."
            + "|'\\w+' test does not implement the '\\w+' command\\.|Debug mode enabled\\."
            + "|Additional request validation enabled\\."
            + ")$");

    private OptionLines() {
    }

    /** Records the first group of the match as the named fact. */
    private static BiConsumer<Matcher, Run> factOf(String name) {
        return (m, r) -> r.fact(name, m.group(1));
    }

    private static Rule rule(String regex, BiConsumer<Matcher, Run> action) {
        return new Rule(Pattern.compile("^" + regex + "$"), action);
    }

    /** @return whether the trimmed line is an option echo or a progress message */
    static boolean accept(String text, Run run) {
        for (Rule rule : RULES) {
            Matcher m = rule.pattern().matcher(text);
            if (m.matches()) {
                rule.action().accept(m, run);
                return true;
            }
        }
        return PROGRESS.matcher(text).matches();
    }
}
