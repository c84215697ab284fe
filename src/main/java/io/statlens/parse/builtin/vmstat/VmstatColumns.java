package io.statlens.parse.builtin.vmstat;

import io.statlens.model.Metric;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Units and descriptions of vmstat's columns, per flavour, from the manual pages. A label not listed
 * (a column added by a newer version) still becomes a metric: with unit {@code %} in the cpu group,
 * as operations per second when it sits in a disk slot or names a disk (Solaris, BSD), else without a unit.
 */
final class VmstatColumns {
    private static final String KIB = "KiB";
    /**
     * The Linux columns procps prints in the unit of {@code -S}/{@code --unit} (vmstat.c's {@code unitConvert}): stored in
     * KiB whatever it was, since a column keeps one unit across the runs of a repository.
     */
    private static final Set<String> IN_MEMORY_UNIT = Set.of("swpd", "free", "buff", "cache", "inact", "active", "si", "so");
    /**
     * AIX prints {@code avm} and {@code fre} as counts of 4 KiB pages (IBM's vmstat documentation: a page is 4096 bytes),
     * where the BSDs print KiB under the same labels: stored in KiB, so that both fill one column in one unit.
     */
    private static final Set<String> AIX_PAGES_OF_MEMORY = Set.of("avm", "fre");
    private static final int AIX_PAGE_KIB = 4;
    /**
     * Solaris columns printed under a label other flavours print another quantity under, stored under labels of their own
     * so that a column never holds one quantity of one run and another of the next. Solaris prints {@code pi po fr} in
     * KiB per second (vmstat(1M): kilobytes paged in, paged out, freed), the BSDs and AIX pages per second, and no
     * vmstat prints its page size. Solaris's {@code -S} prints swap-ins and swap-outs per second as {@code si so}
     * (vmstat.c: kstat {@code swapin}, {@code swapout} over the interval), Linux KiB per second swapped.
     */
    private static final Map<String, String> SOLARIS_OWN_LABELS = Map.of("pi", "pi KiB/s", "po", "po KiB/s", "fr", "fr KiB/s",
            "si", "si swap-ins/s", "so", "so swap-outs/s");
    private static final Pattern DEVICE = Pattern.compile("[a-z]{1,6}\\d+[a-z0-9]*");
    /** FreeBSD's {@code -P}: a {@code us sy id} group per CPU, named after its {@code cpu0} title. */
    private static final Pattern PER_CPU = Pattern.compile("cpu(\\d+) (us|sy|id)");
    private static final String DISK_DESCRIPTION = "operations per second on disk ";
    /** The group of a column in a disk slot of Solaris's and BSD's layout, whatever title is printed above it. */
    static final String DISK_GROUP = "disk";

    private static final Map<String, Metric> LINUX = table(
            "r", "count", "processes runnable (running or waiting for a CPU)",
            "b", "count", "processes blocked in uninterruptible sleep",
            "swpd", KIB, "virtual memory used (swap in use)",
            "free", KIB, "idle memory",
            "buff", KIB, "memory used as buffers",
            "cache", KIB, "memory used as page cache",
            "inact", KIB, "inactive memory (-a)",
            "active", KIB, "active memory (-a)",
            "si", "KiB/s", "memory swapped in from disk",
            "so", "KiB/s", "memory swapped out to disk",
            "bi", "blocks/s", "blocks received from block devices",
            "bo", "blocks/s", "blocks sent to block devices",
            "in", "1/s", "interrupts, including the clock",
            "cs", "1/s", "context switches",
            "us", "%", "CPU time in user code, including nice (procps-ng 4: guest time is in gu)",
            "sy", "%", "CPU time in the kernel",
            "id", "%", "CPU time idle",
            "wa", "%", "CPU time waiting for I/O",
            "st", "%", "CPU time stolen from this virtual machine",
            "gu", "%", "CPU time running KVM guests");

    private static final Map<String, Metric> LINUX_DISK = table(
            "reads total", "count", "reads completed successfully, since boot",
            "reads merged", "count", "reads merged into one I/O, since boot",
            "reads sectors", "sectors", "sectors read, since boot",
            "reads ms", "ms", "milliseconds spent reading, since boot",
            "writes total", "count", "writes completed successfully, since boot",
            "writes merged", "count", "writes merged into one I/O, since boot",
            "writes sectors", "sectors", "sectors written, since boot",
            "writes ms", "ms", "milliseconds spent writing, since boot",
            "IO cur", "count", "I/O in progress",
            "IO sec", "s", "seconds spent doing I/O, since boot");

    private static final Map<String, Metric> SOLARIS = table(
            "r", "count", "kernel threads in the run queue",
            "b", "count", "kernel threads blocked waiting for I/O or paging",
            "w", "count", "swapped-out lightweight processes waiting for resources",
            "swap", KIB, "available swap space",
            "free", KIB, "size of the free list",
            "re", "1/s", "page reclaims",
            "mf", "1/s", "minor faults",
            "si", "1/s", "swap-ins, LWPs swapped in (-S, printed as si)",
            "so", "1/s", "swap-outs, whole processes swapped out (-S, printed as so)",
            "pi", "KiB/s", "kilobytes paged in (printed as pi)",
            "po", "KiB/s", "kilobytes paged out (printed as po)",
            "fr", "KiB/s", "kilobytes freed (printed as fr)",
            "de", KIB, "anticipated short-term memory shortfall",
            "sr", "pages/s", "pages scanned by the clock algorithm",
            "in", "1/s", "interrupts",
            "faults sy", "1/s", "system calls",
            "cs", "1/s", "CPU context switches",
            "us", "%", "CPU time in user mode",
            "sy", "%", "CPU time in system mode",
            "id", "%", "CPU time idle");

    private static final Map<String, Metric> BSD = table(
            "r", "count", "processes in the run queue",
            "b", "count", "processes blocked for resources (I/O, paging)",
            "w", "count", "processes runnable or in short sleep but swapped out",
            "avm", KIB, "active virtual memory",
            "fre", KIB, "size of the free list",
            "flt", "1/s", "page faults",
            "re", "1/s", "pages reclaimed",
            "pi", "pages/s", "pages paged in",
            "po", "pages/s", "pages paged out",
            "fr", "pages/s", "pages freed",
            "sr", "pages/s", "pages scanned by the clock algorithm",
            "in", "1/s", "device interrupts",
            "faults sy", "1/s", "system calls",
            "int", "1/s", "device interrupts (OpenBSD, under traps)",
            "sys", "1/s", "system calls (OpenBSD, under traps)",
            "cs", "1/s", "CPU context switches",
            "us", "%", "CPU time in user mode (including nice)",
            "sy", "%", "CPU time in system mode",
            "id", "%", "CPU time idle");

    private static final Map<String, Metric> AIX = table(
            "r", "count", "kernel threads runnable",
            "b", "count", "kernel threads in the wait queue",
            "avm", KIB, "active virtual memory (printed in 4 KiB pages)",
            "fre", KIB, "size of the free list (printed in 4 KiB pages)",
            "re", "1/s", "pager input/output list",
            "pi", "pages/s", "pages paged in from paging space",
            "po", "pages/s", "pages paged out to paging space",
            "fr", "pages/s", "pages freed",
            "sr", "pages/s", "pages scanned by the replacement algorithm",
            "cy", "1/s", "clock cycles of the replacement algorithm",
            "in", "1/s", "device interrupts",
            "faults sy", "1/s", "system calls",
            "cs", "1/s", "kernel thread context switches",
            "us", "%", "CPU time in user mode",
            "sy", "%", "CPU time in system mode",
            "id", "%", "CPU time idle",
            "wa", "%", "CPU time idle with disk I/O outstanding",
            "pc", "count", "physical processors consumed",
            "ec", "%", "entitled capacity consumed");

    private VmstatColumns() {
    }

    /**
     * The metric of a column.
     *
     * @param label      the column's name in the data set (already prefixed where labels repeat)
     * @param group      the header group above it, empty if none
     */
    static Metric metric(VmstatFlavour flavour, String label, String group) {
        Map<String, Metric> table = switch (flavour) {
            case LINUX -> LINUX;
            case LINUX_DISK -> LINUX_DISK;
            case SOLARIS -> SOLARIS;
            case BSD -> BSD;
            case AIX -> AIX;
            case OTHER -> Map.of();
        };
        Metric known = table.get(label);
        if (known != null && flavour == VmstatFlavour.SOLARIS && SOLARIS_OWN_LABELS.containsKey(label)) {
            return new Metric(SOLARIS_OWN_LABELS.get(label), known.unit(), known.description());
        }
        if (known != null) return known;
        if (group.equals("cpu")) return new Metric(label, "%", "");
        Matcher perCpu = PER_CPU.matcher(label);
        if (flavour == VmstatFlavour.BSD && perCpu.matches()) {
            Metric cpu = table.get(perCpu.group(2));
            return new Metric(label, cpu.unit(), cpu.description() + " of CPU " + perCpu.group(1));
        }
        if ((flavour == VmstatFlavour.SOLARIS || flavour == VmstatFlavour.BSD)
                && (group.equals(DISK_GROUP) || DEVICE.matcher(label).matches())) {
            return new Metric(label, "1/s", DISK_DESCRIPTION + label);
        }
        return new Metric(label, "", "");
    }

    /** Whether a column counts one disk's operations (Solaris, BSD: one column per disk, named as the disk). */
    static boolean isDisk(Metric metric) {
        return metric.description().startsWith(DISK_DESCRIPTION);
    }

    /**
     * The KiB one printed value of a column is: AIX's {@code avm fre} 4 (pages of 4 KiB); a Linux memory column's
     * under {@code -S}/{@code --unit} ({@code kB}, {@code KiB}, {@code MB}, {@code MiB}, null for none: procps then
     * prints KiB); 1 for the other columns.
     */
    static double kibPerPrinted(VmstatFlavour flavour, String label, String memoryUnit) {
        if (flavour == VmstatFlavour.AIX && AIX_PAGES_OF_MEMORY.contains(label)) return AIX_PAGE_KIB;
        if (memoryUnit == null || flavour != VmstatFlavour.LINUX || !IN_MEMORY_UNIT.contains(label)) return 1;
        return switch (memoryUnit) {
            case "kB" -> 1000.0 / 1024;
            case "MB" -> 1_000_000.0 / 1024;
            case "MiB" -> 1024;
            default -> 1;
        };
    }

    private static Map<String, Metric> table(String... triples) {
        Map<String, Metric> map = new HashMap<>();
        for (int i = 0; i < triples.length; i += 3) map.put(triples[i], new Metric(triples[i], triples[i + 1], triples[i + 2]));
        return Map.copyOf(map);
    }
}
