package io.statlens.parse.builtin.sar;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Stable data-set names for the sar sections people know, recognised by their header columns, so that
 * the same report lands in the same table whichever sysstat (or Unix) version printed it. A header not
 * in the table still imports, under a name made from its first metric label.
 */
final class SectionCatalog {

    /**
     * One well-known section.
     *
     * @param name        data-set name
     * @param key         the key column it must have; null for sections that are unkeyed on Linux and may be
     *                    keyed by AIX's per-processor {@code cpu} column
     * @param labels      metric labels that must all be present
     * @param usedOfSize  whether {@code *-sz} columns print {@code used/size} pairs (Unix {@code sar -v})
     * @param keyOnceAReport whether each key is printed once a report, so that a key printed again at the same time
     *                    is the same thing again ({@link SectionHeader#keyOnceAReport})
     */
    record Entry(String name, String key, List<String> labels, boolean usedOfSize, boolean keyOnceAReport) {
        boolean matches(String keyLabel, List<String> metricLabels) {
            boolean keyOk = key == null ? keyLabel.isEmpty() || keyLabel.equals("cpu") : key.equals(keyLabel);
            return keyOk && metricLabels.containsAll(labels);
        }
    }

    // First match wins: the more specific entries come before the ones they would otherwise shadow
    // (nfsd's scall/s badcall/s before the Unix syscall report's scall/s sread/s).
    private static final List<Entry> ENTRIES = List.of(
            // Linux sysstat
            keyed("cpu", "CPU", "%usr"),
            keyed("cpu", "CPU", "%user"),
            keyed("cpufreq", "CPU", "MHz"),
            keyed("wghfreq", "CPU", "wghMHz"), // -m FREQ, named as sadf -j's cpu-weighted-frequency lands
            keyed("softnet", "CPU", "total/s"),
            keyed("intr", "INTR"),
            unkeyed("proc", "proc/s"),
            unkeyed("cswch", "cswch/s"),
            unkeyed("swap", "pswpin/s"),
            unkeyed("paging", "pgpgin/s"),
            unkeyed("io", "tps", "rtps"),
            unkeyed("memory_pages", "frmpg/s"),
            unkeyed("memory", "kbmemfree"),
            unkeyed("swap_util", "kbswpfree"),
            unkeyed("hugepages", "kbhugfree"),
            unkeyed("inode", "dentunusd"),
            unkeyed("load", "runq-sz"),
            keyed("tty", "TTY"),
            keyed("disk", "DEV"),
            keyed("net_dev", "IFACE", "rxpck/s"),
            keyed("net_edev", "IFACE", "rxerr/s"),
            unkeyed("nfs", "call/s"),
            unkeyed("nfsd", "scall/s", "badcall/s"),
            unkeyed("sock", "totsck"),
            unkeyed("net_ip", "irec/s"),
            unkeyed("net_eip", "ihdrerr/s"),
            unkeyed("net_icmp", "imsg/s"),
            unkeyed("net_eicmp", "ierr/s"),
            unkeyed("net_tcp", "active/s", "passive/s"),
            unkeyed("net_etcp", "atmptf/s"),
            unkeyed("net_udp", "idgm/s"),
            unkeyed("net_sock6", "tcp6sck"),
            unkeyed("net_ip6", "irec6/s"),
            unkeyed("net_eip6", "ihdrer6/s"),
            unkeyed("net_icmp6", "imsg6/s"),
            unkeyed("net_eicmp6", "ierr6/s"),
            unkeyed("net_udp6", "idgm6/s"),
            keyed("net_fc", "FCHOST"),
            keyed("fan", "FAN"),
            keyed("temp", "TEMP"),
            keyed("voltage", "IN"),
            keyed("usb", "BUS"),
            keyed("battery", "BAT"), // -m BAT: %cap cap/min, and status as text (SectionHeader)
            new Entry("filesystem", "FILESYSTEM", List.of(), false, true),
            new Entry("filesystem", "MOUNTPOINT", List.of(), false, true),
            unkeyed("psi_cpu", "%scpu-10"),
            unkeyed("psi_io", "%sio-10"),
            unkeyed("psi_mem", "%smem-10"),
            // Solaris, AIX, HP-UX
            unkeyed("cpu", "%usr", "%wio"),
            keyed("disk", "device", "%busy"),
            keyed("hba", "ctlr"),
            keyed("lunpath", "lunpath"),
            unkeyed("buffer", "bread/s", "lread/s"),
            unkeyed("swap", "swpin/s"),
            unkeyed("syscall", "scall/s", "sread/s"),
            unkeyed("file_access", "iget/s"),
            unkeyed("tty", "rawch/s"),
            new Entry("table", null, List.of("proc-sz"), true, false),
            unkeyed("ipc", "msg/s"),
            unkeyed("pagein", "atch/s"),
            unkeyed("pageout", "pgout/s"),
            unkeyed("memory", "freemem"),
            unkeyed("kmem", "sml_mem"),
            unkeyed("paging_space", "slots"),
            unkeyed("kproc", "ksched/s"));

    private SectionCatalog() {
    }

    private static Entry keyed(String name, String key, String... labels) {
        return new Entry(name, key, List.of(labels), false, false);
    }

    private static Entry unkeyed(String name, String... labels) {
        return new Entry(name, null, List.of(labels), false, false);
    }

    /** The data sets of the well-known sections ({@code sar.cpu}, ...), each once, in table order. */
    static List<String> names() {
        return ENTRIES.stream().map(e -> SectionHeader.TOOL + "." + e.name()).distinct().toList();
    }

    /** The well-known section with this key column and these metric labels, if it is one. */
    static Optional<Entry> known(String keyLabel, List<String> metricLabels) {
        for (Entry e : ENTRIES) {
            if (e.matches(keyLabel, metricLabels)) return Optional.of(e);
        }
        return Optional.empty();
    }

    /** Name for a section not in the table: its first metric label, lower-case, non-alphanumerics as '_'. */
    static String derivedName(List<String> metricLabels) {
        String first = metricLabels.isEmpty() ? "" : metricLabels.get(0);
        String name = first.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_").replaceAll("^_+|_+$", "");
        return name.isEmpty() ? "section" : name;
    }
}
