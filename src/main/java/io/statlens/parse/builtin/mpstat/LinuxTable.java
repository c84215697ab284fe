package io.statlens.parse.builtin.mpstat;

import io.statlens.model.Metric;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The tables Linux mpstat prints, each a data set of its own, recognised by the key label and the
 * columns of their header line (the title words differ by version, the shapes do not).
 */
enum LinuxTable {
    /** {@code CPU %usr %nice ... %idle} (sysstat 7/8 also {@code intr/s}): -u. */
    UTILISATION("", MpstatColumns::metric),
    /** {@code NODE %usr ... %idle}: -N, in -A of sysstat 11.5+. */
    NODE("node", MpstatColumns::metric),
    /** {@code CPU intr/s}: -I SUM. */
    INTERRUPTS("intr", MpstatColumns::metric),
    /** {@code CPU 0/s 1/s ... NMI/s LOC/s}: -I CPU. */
    IRQ("irq", MpstatColumns::interrupt),
    /** {@code CPU HI/s TIMER/s NET_TX/s ...}: -I SCPU. */
    SOFTIRQ("softirq", MpstatColumns::softirq);

    /** Softirq names of /proc/softirqs that the per-IRQ table never shows without numbered IRQs beside them. */
    private static final Set<String> SOFTIRQ_MARKERS = Set.of("HI/s", "TIMER/s", "NET_TX/s", "NET_RX/s", "SCHED/s", "RCU/s");

    private final String dataset;
    private final Function<String, Metric> metricOf;

    LinuxTable(String dataset, Function<String, Metric> metricOf) {
        this.dataset = dataset;
        this.metricOf = metricOf;
    }

    /** The data set name ({@code ""} for the main table). */
    String dataset() {
        return dataset;
    }

    Metric metric(String label) {
        return metricOf.apply(label);
    }

    /**
     * The table a header line starts.
     *
     * @param keyLabel the first word after the time ({@code CPU}, {@code NODE})
     * @param columns  the words after it
     */
    static Optional<LinuxTable> classify(String keyLabel, List<String> columns) {
        if (columns.isEmpty()) return Optional.empty();
        boolean utilisation = columns.contains("%idle");
        if (keyLabel.equals("NODE")) return utilisation ? Optional.of(NODE) : Optional.empty();
        if (!keyLabel.equals("CPU")) return Optional.empty();
        if (utilisation) return Optional.of(UTILISATION);
        if (columns.equals(List.of("intr/s"))) return Optional.of(INTERRUPTS);
        if (!columns.stream().allMatch(c -> c.endsWith("/s") && c.length() > 2)) return Optional.empty();
        boolean numberedIrq = columns.stream().anyMatch(c -> Character.isDigit(c.charAt(0)));
        boolean softirqNames = columns.stream().anyMatch(SOFTIRQ_MARKERS::contains);
        return Optional.of(softirqNames && !numberedIrq ? SOFTIRQ : IRQ);
    }
}
