package io.statlens.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A process that dominates what the processes used, the usual first question of a process table ("who is eating the
 * CPU?") answered in one sentence, shown by the Top-N chart of the same metric. Two kinds of evidence:
 * <ul>
 *   <li>a process table (pidstat's, top's), every process each sample: the one key whose CPU time, summed over the
 *       samples it was printed in, is at least {@link #DOMINANT_SHARE} of all processes' together, and which used at
 *       least {@link #DOMINANT_MIN_PCT} of a CPU while it was printed;</li>
 *   <li>dstat's and dool's {@code --top-*} plugins, the one process that led each interval: the one whose CPU, memory
 *       or I/O, summed over the intervals it led, is at least {@link #DOMINANT_SHARE} of what the plugin reported over
 *       the run, and at least the plugin's minimum while it led. Only the leaders are known, so the share is of what
 *       the leaders used, and the sentence says so.</li>
 * </ul>
 */
final class ProcessFindings {
    /** A process table and its CPU metric (per cent of one CPU). */
    private record Table(String dataset, String label, String tool) {
    }

    /**
     * A dstat/dool top plugin.
     *
     * @param option   the option that prints it, as the sentence names the source
     * @param resource what the leaders used, as the sentence says it ({@code the CPU the leading processes used})
     * @param labels   the metrics that together are the process's use (top-io's {@code read} and {@code writ}: its I/O)
     * @param scale    what one unit of the sentence is in the stored unit (1 MiB in bytes)
     * @param unit     the sentence's unit
     * @param minimum  the mean (in the sentence's unit) below which leading is not worth a sentence
     * @param unless   a plugin that says the same and is preferred when the run has it (top-cpu over top-cpu-adv)
     */
    private record Plugin(String dataset, String option, String resource, List<String> labels, double scale, String unit,
                          double minimum, String unless) {
    }

    /** The share of all processes' CPU time (or of what a top plugin reported) that makes one process dominant. */
    static final double DOMINANT_SHARE = 0.5;
    /** A process below this mean %CPU (while printed) dominates nothing worth a sentence, whatever its share. */
    static final double DOMINANT_MIN_PCT = 10;

    private static final List<Table> TABLES = List.of(
            new Table("pidstat.cpu", "%CPU", "pidstat"),
            new Table("top.process", "%CPU", "top"));
    private static final double MIB = 1024.0 * 1024.0;
    /** Below these means while leading (100 MiB resident, 1 MiB/s), a process leads a quiet machine: no sentence. */
    private static final double MIN_MEMORY_MIB = 100;
    private static final double MIN_IO_MIB_S = 1;
    private static final String CPU = "the CPU the leading processes used";
    private static final String MEMORY = "the memory the leading processes held";
    private static final String IO = "the I/O the leading processes did";
    private static final String BLOCK_IO = "the block I/O the leading processes did";
    private static final List<Plugin> PLUGINS = List.of(
            new Plugin("dstat.top_cpu", "--top-cpu", CPU, List.of("cpu"), 1, "%", DOMINANT_MIN_PCT, ""),
            new Plugin("dstat.top_cpu_adv", "--top-cpu-adv", CPU, List.of("cpu"), 1, "%", DOMINANT_MIN_PCT, "dstat.top_cpu"),
            new Plugin("dstat.top_mem", "--top-mem", MEMORY, List.of("mem"), MIB, "MiB", MIN_MEMORY_MIB, ""),
            new Plugin("dstat.top_io", "--top-io", IO, List.of("read", "writ"), MIB, "MiB/s", MIN_IO_MIB_S, ""),
            new Plugin("dstat.top_io_adv", "--top-io-adv", IO, List.of("read", "writ"), MIB, "MiB/s", MIN_IO_MIB_S, "dstat.top_io"),
            new Plugin("dstat.top_bio", "--top-bio", BLOCK_IO, List.of("read", "writ"), MIB, "MiB/s", MIN_IO_MIB_S, ""),
            new Plugin("dstat.top_bio_adv", "--top-bio-adv", BLOCK_IO, List.of("read", "writ"), MIB, "MiB/s", MIN_IO_MIB_S, "dstat.top_bio"));
    /** A key's use summed over the samples it was printed in, and how many samples those were. */
    private record Use(String key, double total, long n) {
    }

    /**
     * The key that used most, its share of all keys' use and its mean while printed, in units of {@code scale}; null
     * when nothing was used.
     */
    private record Leader(String key, double share, double mean, long n) {
        static Leader of(List<Use> uses, double scale) {
            double total = 0;
            Use top = null;
            for (Use u : uses) {
                total += u.total();
                if (top == null || u.total() > top.total()) top = u;
            }
            if (top == null || !(total > 0)) return null;
            return new Leader(top.key(), top.total() / total, top.total() / top.n() / scale, top.n());
        }
    }

    private final RunEvidence run;

    ProcessFindings(RunEvidence run) {
        this.run = run;
    }

    List<Finding> dominant() {
        List<Finding> out = new ArrayList<>();
        for (Table table : TABLES) {
            if (!run.has(table.dataset())) continue;
            List<MetricStats> perKey = run.stats(table.dataset(), table.label());
            Leader top = Leader.of(totals(table.dataset(), List.of(table.label()), true), 1);
            if (top == null || top.share() < DOMINANT_SHARE || top.mean() < DOMINANT_MIN_PCT) continue;
            Phrase p = Phrase.of("Process " + top.key() + " dominates the CPU the processes used (" + table.tool() + "): ")
                    .value(top.share() * 100, "%").text(" of it, mean " + table.label() + " ").value(top.mean(), "%")
                    .text(" while it ran" + (perKey.size() == 1 ? ", the only process printed." : ", of " + perKey.size() + " processes."));
            out.add(new Finding(run.run(), Finding.Kind.HOTTEST, p, table.dataset(), table.label(), top.key(), top.mean(), "%"));
        }
        for (Plugin plugin : PLUGINS) {
            if (!run.has(plugin.dataset()) || run.has(plugin.unless())) continue;
            List<Use> uses = totals(plugin.dataset(), plugin.labels(), false);
            Leader top = Leader.of(uses, plugin.scale());
            if (top == null || top.share() < DOMINANT_SHARE || top.mean() < plugin.minimum()) continue;
            long intervals = uses.stream().mapToLong(Use::n).sum();
            String metric = String.join("+", plugin.labels());
            Phrase p = Phrase.of("Process " + top.key() + " dominates " + plugin.resource() + " (dstat " + plugin.option() + "): ")
                    .value(top.share() * 100, "%").text(" of it, mean " + metric + " ").value(top.mean(), plugin.unit())
                    .text(" in the ").count(top.n()).text(" of ").count(intervals).text(" intervals it led.");
            out.add(new Finding(run.run(), Finding.Kind.HOTTEST, p, plugin.dataset(), metric, top.key(), top.mean(), plugin.unit(),
                    plugin.labels().get(0)));
        }
        return out;
    }

    /**
     * Each key's use summed over the samples it was printed in, over the metrics {@code labels} (read and written
     * bytes: its I/O); a sample counts once however many metrics it has. With {@code activeOnly}, keys that used
     * nothing are left out (a process table's idle processes); a top plugin keeps them: the intervals its leader did
     * nothing still are intervals of the run.
     */
    private List<Use> totals(String dataset, List<String> labels, boolean activeOnly) {
        Map<String, Use> byKey = new LinkedHashMap<>();
        for (String label : labels) {
            for (MetricStats s : run.stats(dataset, label)) {
                double mean = s.stats().mean();
                if (s.key().isEmpty() || Double.isNaN(mean) || s.stats().n() == 0) continue;
                byKey.merge(s.key(), new Use(s.key(), mean * s.stats().n(), s.stats().n()),
                        (a, b) -> new Use(a.key(), a.total() + b.total(), Math.max(a.n(), b.n())));
            }
        }
        return byKey.values().stream().filter(u -> !activeOnly || u.total() > 0).toList();
    }
}
