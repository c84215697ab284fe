package io.statlens.parse.builtin.dstat;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.parse.text.Numbers;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One of dstat's and dool's {@code --top-*} plugins, which print the one process (or interrupt) that led the
 * interval as a single text column: in the CSV {@code name / value} ({@code showcsv} of dstat_top_cpu and the others:
 * {@code 'name / 12%'}, top-io's {@code 'name / read:write'}) and, for the {@code _adv} ones, {@code 'Top: name<TAB>
 * value<TAB>value<TAB>value'}. Each plugin is a data set keyed by the process name; its values are the metrics.
 *
 * <p>Known by the plugin's group title and column label, as dstat 0.7 and dool 1.x print them: several plugins share
 * a title ({@code most expensive} is top-cpu's, top-mem's, top-io's and top-bio's), the label tells them apart.
 *
 * @param dataset   the data set, e.g. {@code top_cpu}
 * @param title     the plugin's group title ({@code self.name})
 * @param label     the plugin's column label ({@code self.vars}), blanks collapsed; empty for the {@code _adv} ones,
 *                  whose title is their own
 * @param keyLabel  what the key is: {@code process} or {@code interrupt}
 * @param metrics   the values in the order the CSV cell prints them
 */
record DstatTop(String dataset, String title, String label, String keyLabel, List<Metric> metrics) {
    /**
     * {@code name / 12%}, {@code name / 1.5000}, top-io's {@code name / 10082:1369}: the last " / " splits (a name
     * may hold a slash, {@code kworker/0:1}); no name before it when no process did anything.
     */
    private static final Pattern SIMPLE = Pattern.compile("^(.*?) ?/ ([^/]*)$");
    private static final Pattern ADVANCED = Pattern.compile("^Top: (.*?)((?:\t[^\t]*)+)$");

    private static final Metric CPU = new Metric("cpu", "%", "share of CPU time of the process");
    private static final Metric READ = new Metric("read", "B/s", "bytes read per second by the process");
    private static final Metric WRITE = new Metric("writ", "B/s", "bytes written per second by the process");
    private static final Metric BLOCK_READ = new Metric("read", "B/s", "bytes read from block devices per second");
    private static final Metric BLOCK_WRITE = new Metric("writ", "B/s", "bytes written to block devices per second");

    private static final List<DstatTop> KNOWN = List.of(
            new DstatTop("top_cpu", "most expensive", "cpu process", "process", List.of(CPU)),
            // dstat's showcsv prints the resident bytes followed by a '%' ('%s / %d%%'): the number is bytes
            new DstatTop("top_mem", "most expensive", "memory process", "process",
                    List.of(new Metric("mem", "B", "resident memory of the process (the CSV prints it with a %)"))),
            new DstatTop("top_io", "most expensive", "i/o process", "process", List.of(READ, WRITE)),
            // dool names its top-io group after the option and labels the columns on screen
            new DstatTop("top_io", "top-io", "name read writ", "process", List.of(READ, WRITE)),
            new DstatTop("top_bio", "most expensive", "block i/o process", "process", List.of(BLOCK_READ, BLOCK_WRITE)),
            new DstatTop("top_latency", "highest total", "latency process", "process",
                    List.of(new Metric("latency", "ms", "time spent waiting on a run queue per second"))),
            new DstatTop("top_latency_avg", "highest average", "latency process", "process",
                    List.of(new Metric("latency", "ms", "wait on a run queue per time slice, per second"))),
            new DstatTop("top_cputime", "highest total", "cputime process", "process",
                    List.of(new Metric("cputime", "ms", "CPU time used per second"))),
            new DstatTop("top_cputime_avg", "highest average", "cputime process", "process",
                    List.of(new Metric("cputime", "ms", "CPU time per time slice, per second"))),
            new DstatTop("top_int", "most frequent", "interrupt", "interrupt",
                    List.of(new Metric("int", "1/s", "interrupts per second"))),
            new DstatTop("top_oom", "out of memory", "kill score", "process",
                    List.of(new Metric("score", "", "the kernel's OOM kill score (/proc/PID/oom_score)"))),
            new DstatTop("top_childwait", "most waiting for", "child process", "process",
                    List.of(new Metric("wait", "%", "share of time spent waiting for children"))),
            new DstatTop("top_cpu_adv", "most expensive cpu process", "", "process", List.of(CPU, READ, WRITE)),
            new DstatTop("top_io_adv", "most expensive i/o process", "", "process", List.of(READ, WRITE, CPU)),
            new DstatTop("top_bio_adv", "most expensive block i/o process", "", "process",
                    List.of(BLOCK_READ, BLOCK_WRITE, CPU)));

    /** The top plugin of a column, by its group title and label as printed. */
    static Optional<DstatTop> of(String title, String label) {
        String t = normal(title);
        String l = normal(label);
        return KNOWN.stream().filter(p -> p.title.equals(t) && (p.label.isEmpty() || p.label.equals(l))).findFirst();
    }

    private static String normal(String text) {
        return text.strip().toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
    }

    DatasetSpec spec() {
        return new DatasetSpec(DstatLayout.TOOL, dataset, keyLabel, metrics);
    }

    /** One interval's leader: the process (or interrupt) and its values in the order of {@link #metrics}. */
    record Leader(String name, double[] values) {
    }

    /**
     * The leader a CSV cell names; empty for an empty cell (no process did anything); throws
     * NumberFormatException when the cell is not what the plugin prints.
     */
    Optional<Leader> csvCell(String cell) {
        String text = cell.strip();
        if (text.isEmpty()) return Optional.empty();
        Matcher advanced = ADVANCED.matcher(text);
        String name;
        String[] parts;
        if (advanced.matches()) {
            name = advanced.group(1).strip();
            parts = advanced.group(2).substring(1).split("\t", -1);
        } else {
            Matcher simple = SIMPLE.matcher(text);
            if (!simple.matches()) throw new NumberFormatException("no ' / ' between name and value");
            name = simple.group(1).strip();
            String value = simple.group(2).strip();
            // '%d%%' of top-cpu, top-mem (bytes), top-oom and top-childwait
            if (value.endsWith("%")) value = value.substring(0, value.length() - 1);
            parts = value.split(":", -1);
        }
        if (parts.length != metrics.size()) {
            throw new NumberFormatException("expected " + metrics.size() + " values, found " + parts.length);
        }
        double[] values = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i].strip();
            values[i] = part.isEmpty() ? Double.NaN : Numbers.parse(part);
        }
        if (name.isEmpty()) return Optional.empty();
        return Optional.of(new Leader(name, values));
    }
}
