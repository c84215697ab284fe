package io.statlens.parse.builtin.sysbench;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Result lines that stand outside the final blocks:
 * <ul>
 *   <li>0.4 fileio: {@code Operations performed:  421740 Read, 281160 Write, 899653 Other = 1602553 Total},
 *       {@code Read 6.4352Gb  Written 4.2902Gb  Total transferred 10.725Gb  (36.609Mb/sec)} (1024-based units),
 *       {@code 2342.97 Requests/sec executed}</li>
 *   <li>0.4 memory: {@code Operations performed: 104857600 (1916539.09 ops/sec)},
 *       {@code 102400.00 MB transferred (1871.62 MB/sec)}</li>
 *   <li>1.0+ memory: {@code Total operations: 70040643 (7003215.47 per second)},
 *       {@code 68399.07 MiB transferred (6839.08 MiB/sec)}</li>
 * </ul>
 */
final class LooseSummaryLines {
    private static final Pattern FILE_OPERATIONS = Pattern.compile(
            "^Operations performed:\\s+(\\S+) Read, (\\S+) Write, (\\S+) Other = (\\S+) Total$");
    private static final Pattern MEMORY_OPERATIONS = Pattern.compile(
            "^(?:Operations performed|Total operations):\\s+(\\S+)\\s+\\((\\S+) (?:ops/sec|per second)\\)$");
    private static final Pattern TRANSFERRED_04 = Pattern.compile(
            "^Read (\\S+)\\s+Written (\\S+)\\s+Total transferred (\\S+)\\s+\\((\\S+)\\)$");
    private static final Pattern REQUESTS = Pattern.compile("^(\\S+) Requests/sec executed$");
    private static final Pattern MEMORY_TRANSFERRED = Pattern.compile(
            "^(\\S+) (?:MiB|MB) transferred \\((\\S+) (?:MiB|MB)/sec\\)$");

    private LooseSummaryLines() {
    }

    /**
     * @return whether the trimmed line was one of these
     * @throws NumberFormatException when a value that should be a number is not
     */
    static boolean accept(String text, Run run) {
        Matcher m = FILE_OPERATIONS.matcher(text);
        if (m.matches()) {
            run.summary("read_ops", SysbenchValues.plain(m.group(1)), "count");
            run.summary("write_ops", SysbenchValues.plain(m.group(2)), "count");
            run.summary("other_ops", SysbenchValues.plain(m.group(3)), "count");
            run.summary("total_ops", SysbenchValues.plain(m.group(4)), "count");
            run.fact("sysbench.test", "fileio");
            return true;
        }
        m = MEMORY_OPERATIONS.matcher(text);
        if (m.matches()) {
            run.summary("operations", SysbenchValues.plain(m.group(1)), "count");
            run.summary("operations_per_s", SysbenchValues.plain(m.group(2)), "1/s");
            run.fact("sysbench.test", "memory");
            return true;
        }
        m = TRANSFERRED_04.matcher(text);
        if (m.matches()) {
            run.summary("read_mib", SysbenchValues.mebibytes(m.group(1)), "MiB");
            run.summary("written_mib", SysbenchValues.mebibytes(m.group(2)), "MiB");
            run.summary("transferred_mib", SysbenchValues.mebibytes(m.group(3)), "MiB");
            run.summary("transferred_mib_s", SysbenchValues.mebibytesPerSecond(m.group(4)), "MiB/s");
            return true;
        }
        m = REQUESTS.matcher(text);
        if (m.matches()) {
            run.summary("requests_per_s", SysbenchValues.plain(m.group(1)), "1/s");
            return true;
        }
        m = MEMORY_TRANSFERRED.matcher(text);
        if (m.matches()) {
            // sysbench 0.4 says MB but, like all its sizes, means 1024 * 1024 bytes
            run.summary("transferred_mib", SysbenchValues.plain(m.group(1)), "MiB");
            run.summary("transferred_mib_s", SysbenchValues.plain(m.group(2)), "MiB/s");
            return true;
        }
        return false;
    }
}
