package io.statlens.parse.builtin.mpstat;

import io.statlens.model.Metric;

import java.util.Map;

/**
 * Units and descriptions of the columns Linux (sysstat) and Solaris/illumos mpstat print. A column
 * not listed still becomes a metric, with the unit its label implies ({@code %x}, {@code x/s}).
 */
final class MpstatColumns {
    private record Known(String unit, String description) {
    }

    private static final Map<String, Known> KNOWN = Map.ofEntries(
            // Linux sysstat CPU utilisation (-u); %user/%system are the names before sysstat 8.1
            Map.entry("%usr", new Known("%", "time at user level (applications)")),
            Map.entry("%user", new Known("%", "time at user level (applications)")),
            Map.entry("%nice", new Known("%", "time at user level with nice priority")),
            Map.entry("%sys", new Known("%", "time at system level (kernel), without interrupts")),
            Map.entry("%system", new Known("%", "time at system level (kernel)")),
            Map.entry("%iowait", new Known("%", "idle time while an I/O request was outstanding")),
            Map.entry("%irq", new Known("%", "time servicing hardware interrupts")),
            Map.entry("%soft", new Known("%", "time servicing software interrupts")),
            Map.entry("%steal", new Known("%", "involuntary wait while the hypervisor served another virtual CPU")),
            Map.entry("%guest", new Known("%", "time running a virtual processor")),
            Map.entry("%gnice", new Known("%", "time running a niced guest")),
            Map.entry("%idle", new Known("%", "idle time without outstanding I/O")),
            Map.entry("intr/s", new Known("1/s", "interrupts received per second")),
            // mpstat -T topology columns
            Map.entry("CORE", new Known("", "core the CPU belongs to")),
            Map.entry("SOCK", new Known("", "socket the CPU belongs to")),
            Map.entry("NODE", new Known("", "NUMA node the CPU belongs to")),
            // Solaris / illumos
            Map.entry("minf", new Known("1/s", "minor faults")),
            Map.entry("mjf", new Known("1/s", "major faults")),
            Map.entry("xcal", new Known("1/s", "inter-processor cross-calls")),
            Map.entry("intr", new Known("1/s", "interrupts")),
            Map.entry("ithr", new Known("1/s", "interrupts as threads (not counting clock interrupt)")),
            Map.entry("csw", new Known("1/s", "context switches")),
            Map.entry("icsw", new Known("1/s", "involuntary context switches")),
            Map.entry("migr", new Known("1/s", "thread migrations to another processor")),
            Map.entry("smtx", new Known("1/s", "spins on mutexes (lock not acquired on first try)")),
            Map.entry("srw", new Known("1/s", "spins on readers/writer locks")),
            Map.entry("syscl", new Known("1/s", "system calls")),
            Map.entry("usr", new Known("%", "percent user time")),
            Map.entry("sys", new Known("%", "percent system time")),
            Map.entry("wt", new Known("%", "percent wait time (always 0 since Solaris 10)")),
            Map.entry("idl", new Known("%", "percent idle time")),
            Map.entry("sze", new Known("count", "number of processors in the processor set")),
            Map.entry("set", new Known("", "processor set the CPU belongs to")));

    private MpstatColumns() {
    }

    /** The metric for a column of the CPU utilisation, NODE or Solaris tables. */
    static Metric metric(String label) {
        Known known = KNOWN.get(label);
        if (known != null) return new Metric(label, known.unit(), known.description());
        if (label.startsWith("%") || label.endsWith("%")) return new Metric(label, "%", "");
        if (label.endsWith("/s")) return new Metric(label, "1/s", "");
        return new Metric(label, "", "");
    }

    /** A column of the per-IRQ table ({@code 0/s}, {@code NMI/s}, {@code LOC/s}). */
    static Metric interrupt(String label) {
        return new Metric(label, "1/s", "interrupts per second of IRQ " + stripRate(label));
    }

    /** A column of the softirq table ({@code HI/s}, {@code TIMER/s}). */
    static Metric softirq(String label) {
        return new Metric(label, "1/s", stripRate(label) + " softirqs per second");
    }

    private static String stripRate(String label) {
        return label.endsWith("/s") ? label.substring(0, label.length() - 2) : label;
    }
}
