package io.statlens.parse.builtin.dstat;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.parse.text.Numbers;
import io.statlens.parse.text.Tokens;

import java.util.Arrays;
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
 *                  whose title is their own, printed on screen as dstat's {@code show} does: the name, the PID and the
 *                  values at fixed widths with no blank between them ({@code java 117861.4%  12K2030B}); dool's
 *                  top-io-adv, which puts blanks between its fields, is told by its label
 * @param keyLabel  what the key is: {@code process} or {@code interrupt}
 * @param metrics   the values in the order the CSV cell prints them
 * @param tail      on screen, how many characters the values take at the cell's end ({@code show}: the name padded,
 *                  then the values right-aligned, {@code cprint}); 0 for the {@code _adv} ones, whose screen cell is
 *                  the name, the PID and the values
 * @param base      the base of the screen's {@code k}/{@code M} suffixes: 1024 for bytes, else 1000; 0 where the screen
 *                  divides by 1000 until the value fits and prints no letter ({@code cprint(..., 4, 100)} of
 *                  top-latency and top-cputime): the value cannot be told, only the process
 */
record DstatTop(String dataset, String title, String label, String keyLabel, List<Metric> metrics, int tail, int base) {
    /**
     * {@code name / 12%}, {@code name / 1.5000}, top-io's {@code name / 10082:1369}: the last " / " splits (a name
     * may hold a slash, {@code kworker/0:1}); no name before it when no process did anything.
     */
    private static final Pattern SIMPLE = Pattern.compile("^(.*?) ?/ ([^/]*)$");
    private static final Pattern ADVANCED = Pattern.compile("^Top: (.*?)((?:\t[^\t]*+)++)$");

    private static final Metric CPU = new Metric("cpu", "%", "share of CPU time of the process");
    private static final Metric READ = new Metric("read", "B/s", "bytes read per second by the process");
    private static final Metric WRITE = new Metric("writ", "B/s", "bytes written per second by the process");
    private static final Metric BLOCK_READ = new Metric("read", "B/s", "bytes read from block devices per second");
    private static final Metric BLOCK_WRITE = new Metric("writ", "B/s", "bytes written to block devices per second");

    private static final List<DstatTop> KNOWN = List.of(
            new DstatTop("top_cpu", "most expensive", "cpu process", "process", List.of(CPU), 3, 1000),
            // dstat's showcsv prints the resident bytes followed by a '%' ('%s / %d%%'): the number is bytes
            new DstatTop("top_mem", "most expensive", "memory process", "process",
                    List.of(new Metric("mem", "B", "resident memory of the process (the CSV prints it with a %)")), 5, 1024),
            new DstatTop("top_io", "most expensive", "i/o process", "process", List.of(READ, WRITE), 11, 1024),
            // dool names its top-io group after the option and labels the columns on screen
            new DstatTop("top_io", "top-io", "name read writ", "process", List.of(READ, WRITE), 11, 1024),
            new DstatTop("top_bio", "most expensive", "block i/o process", "process", List.of(BLOCK_READ, BLOCK_WRITE),
                    11, 1024),
            new DstatTop("top_latency", "highest total", "latency process", "process",
                    List.of(new Metric("latency", "ns/s", "time spent waiting on a run queue per second")), 4, 0),
            new DstatTop("top_latency_avg", "highest average", "latency process", "process",
                    List.of(new Metric("latency", "ns/s", "wait on a run queue per time slice, per second")), 4, 0),
            new DstatTop("top_cputime", "highest total", "cputime process", "process",
                    List.of(new Metric("cputime", "ns/s", "CPU time used per second")), 4, 0),
            new DstatTop("top_cputime_avg", "highest average", "cputime process", "process",
                    List.of(new Metric("cputime", "ns/s", "CPU time per time slice, per second")), 4, 0),
            new DstatTop("top_int", "most frequent", "interrupt", "interrupt",
                    List.of(new Metric("int", "1/s", "interrupts per second")), 5, 1000),
            new DstatTop("top_oom", "out of memory", "kill score", "process",
                    List.of(new Metric("score", "", "the kernel's OOM kill score (/proc/PID/oom_score)")), 4, 1000),
            new DstatTop("top_childwait", "most waiting for", "child process", "process",
                    List.of(new Metric("wait", "%", "share of time spent waiting for children")), 3, 1000),
            new DstatTop("top_cpu_adv", "most expensive cpu process", "", "process", List.of(CPU, READ, WRITE), 0, 1024),
            // dool's top-io-adv: '%-20s %s %s %s %s%%' (PID '%7s', CPU 4 wide): fields apart, read by words
            new DstatTop("top_io_adv", "most expensive i/o process", "process pid read writ cpu", "process",
                    List.of(READ, WRITE, CPU), 0, 1024),
            new DstatTop("top_io_adv", "most expensive i/o process", "", "process", List.of(READ, WRITE, CPU), 0, 1024),
            new DstatTop("top_bio_adv", "most expensive block i/o process", "", "process",
                    List.of(BLOCK_READ, BLOCK_WRITE, CPU), 0, 1024));

    /** The top plugin of a column, by its group title and label as printed. */
    static Optional<DstatTop> of(String title, String label) {
        String t = normal(title);
        String l = normal(label);
        return KNOWN.stream().filter(p -> normal(p.title).equals(t) && (p.label.isEmpty() || normal(p.label).equals(l))).findFirst();
    }

    /** Blanks collapsed, and dashes as blanks: the screen draws {@code top-io} as {@code ┄┄top-io┄┄}, read back {@code top io}. */
    private static String normal(String text) {
        return text.strip().toLowerCase(Locale.ROOT).replace('-', ' ').replaceAll("\\s+", " ");
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

    /**
     * The leader a screen cell shows: the name padded, the values right-aligned in the last {@link #tail} characters
     * (a name that fills its field touches them); where a document changed the blanks, the last words are the values.
     * The {@code _adv} ones print the PID between name and values, and a {@code %} after the CPU share: the PID is
     * left out (their CSV does not print it). Empty for a blank cell (no process did anything); throws
     * NumberFormatException when the cell is not what the plugin shows.
     */
    Optional<Leader> screenCell(String cell) {
        // not stripped: top-int's value ends in the blank of cprint's unit place
        String text = cell;
        if (text.isBlank()) return Optional.empty();
        if (tail > 0 && text.length() > tail) {
            String[] words = Tokens.split(text.substring(text.length() - tail));
            String name = text.substring(0, text.length() - tail).strip();
            if (words.length == metrics.size() && !name.isEmpty()) {
                try {
                    return Optional.of(new Leader(name, screenValues(words, 0)));
                } catch (NumberFormatException e) {
                    // not where the plugin puts them: read by words below
                }
            }
        }
        if (tail == 0 && label.isEmpty()) {
            Optional<Leader> glued = gluedAdvanced(text);
            if (glued.isPresent()) return glued;
        }
        String[] words = Tokens.split(text.replace('%', ' '));
        int values = metrics.size() + (tail == 0 ? 1 : 0);
        if (words.length <= values) throw new NumberFormatException("expected a name and " + values + " values");
        int start = words.length - values;
        String name = String.join(" ", Arrays.asList(words).subList(0, start));
        return Optional.of(new Leader(name, screenValues(words, start + (tail == 0 ? 1 : 0))));
    }

    /**
     * An {@code _adv} cell as dstat's {@code show} prints it, {@code '%-*s%s%-5s%s%s%%%s%s'}: the name in
     * {@code width - 14 - len(pid)} characters, the PID padded to 5, then each value in its {@code cprint} width, 5
     * for bytes, 3 for the CPU share and its {@code %} after it. A 5-digit PID touches the CPU share, and a 5-wide
     * value the one before it ({@code 117861.4%  12K2030B}): the values are cut from the right end by those widths,
     * the PID is the digits before them. Empty when the cell does not fit those widths (a document changed them).
     */
    private Optional<Leader> gluedAdvanced(String text) {
        int end = text.length();
        double[] values = new double[metrics.size()];
        for (int i = metrics.size() - 1; i >= 0; i--) {
            Metric m = metrics.get(i);
            boolean cpu = m.unit().equals("%");
            if (cpu) {
                if (end == 0 || text.charAt(end - 1) != '%') return Optional.empty();
                end--;
            }
            int width = cpu ? 3 : 5;
            if (end < width) return Optional.empty();
            String word = text.substring(end - width, end).strip();
            end -= width;
            if (word.isEmpty()) return Optional.empty();
            try {
                values[i] = ScreenValue.parse(word, new DstatColumn(m.unit(), base, false, ""), false);
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
        String head = text.substring(0, end).stripTrailing();
        int pid = head.length();
        while (pid > 0 && Character.isDigit(head.charAt(pid - 1))) pid--;
        String name = head.substring(0, pid).strip();
        if (pid == head.length() || name.isEmpty()) return Optional.empty();
        return Optional.of(new Leader(name, values));
    }

    private double[] screenValues(String[] words, int from) {
        double[] values = new double[metrics.size()];
        if (base == 0) {
            // still a number where the plugin prints one: the name must not have swallowed it
            for (int i = 0; i < values.length; i++) Numbers.parse(words[from + i]);
            Arrays.fill(values, Double.NaN);
            return values;
        }
        for (int i = 0; i < values.length; i++) {
            String word = words[from + i];
            values[i] = ScreenValue.parse(word, new DstatColumn(metrics.get(i).unit(), base, false, ""), false);
        }
        return values;
    }
}
