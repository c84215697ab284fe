package io.statlens.parse.builtin.dstat;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where the columns under one dstat/dool group title go: the data set and, for the plugins that print one group
 * per CPU, disk or interface ({@code total cpu usage}, {@code cpu3 usage}, {@code dsk/sda}, {@code net/eth0},
 * {@code io/total}), the key. Any other title is a data set of its own named after it ({@code load avg} →
 * {@code load}, an unknown plugin's {@code mysql5 io} → {@code mysql5_io}), so a plugin statlens has never seen is
 * read by its header, not dropped. The plugins titling a group by a mount point ({@code --freespace}: {@code /boot}) or
 * a disk's bare name ({@code --disk-util}: {@code vda}) are keyed by it.
 *
 * @param dataset  the data set name, lower-case
 * @param key      the CPU, disk or interface; empty for an unkeyed data set
 * @param keyLabel what the key is ({@code CPU}, {@code disk}, {@code interface}); empty when unkeyed
 */
record DstatGroup(String dataset, String key, String keyLabel) {
    /** dstat's {@code -i}/{@code --int} group: its columns are interrupts (numbers, or names with {@code -I}). */
    static final String INTERRUPTS = "interrupts";
    /** The one metric of an interrupt's row. */
    static final String INTERRUPT_RATE = "int";
    private static final int MAX_NAME = 40;
    /** dstat's {@code total cpu usage}, {@code cpu3 usage}; pcp-dstat labels the plugin {@code %I usage}: {@code total usage}. */
    private static final Pattern CPU = Pattern.compile("^(?:total (?:cpu )?usage|cpu(\\d+) usage)$");
    private static final Pattern DEVICE = Pattern.compile("^(dsk|net|io|swp)/(.+)$");
    private static final Map<String, String> NAMED = Map.of("memory usage", "memory", "load avg", "load",
            "virtual memory", "vm", "tcp sockets", "tcp", "unix sockets", "unix", "file locks", "locks",
            "sysv ipc", "ipc");
    private static final Map<String, String> DEVICE_KEYS = Map.of("dsk", "disk", "net", "interface", "io", "disk",
            "swp", "swap device");

    /**
     * The label of the one or two columns of each per-disk plugin of dstat and dool ({@code --disk-util} prints a group
     * per disk titled by the disk's name alone, {@code vda}, its column {@code util}), and the data set they make.
     */
    private static final Map<String, String> DISK_PLUGINS = Map.of("util", "disk_util", "svctm", "disk_svctm",
            "avgqu", "disk_avgqu", "avgrq", "disk_avgrq", "rawait", "disk_wait", "wawait", "disk_wait",
            "ioif", "disk_inflight");
    /** The screen cuts a label to the column's width (4): {@code rawa wawa} under {@code --disk-wait}; the CSV has it whole. */
    private static final Map<String, String> CUT_DISK_LABELS = Map.of("rawa", "rawait", "wawa", "wawait", "svct", "svctm",
            "avgq", "avgqu", "avgr", "avgrq");
    /** {@code --freespace} prints a group per mount point, titled by the mount point ({@code /}, {@code /boot}). */
    static final String FREESPACE = "freespace";

    /**
     * The group of a title as printed (the screen's dashes already turned back into blanks), over a column of this
     * label: the plugins that title a group by a disk or a mount point alone are told by it.
     */
    static DstatGroup of(String title, String label) {
        String stripped = title.strip();
        if (stripped.startsWith("/") && !stripped.contains(" ")) return new DstatGroup(FREESPACE, stripped, "mount point");
        String diskPlugin = DISK_PLUGINS.get(diskLabel(label));
        if (diskPlugin != null && !stripped.isEmpty() && !stripped.contains(" ") && !stripped.contains("/")) {
            return new DstatGroup(diskPlugin, stripped, "disk");
        }
        String t = stripped.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
        Matcher cpu = CPU.matcher(t);
        if (cpu.matches()) return new DstatGroup("cpu", cpu.group(1) == null ? "total" : cpu.group(1), "CPU");
        Matcher device = DEVICE.matcher(t);
        if (device.matches()) {
            return new DstatGroup(device.group(1), title.strip().substring(device.group(1).length() + 1),
                    DEVICE_KEYS.get(device.group(1)));
        }
        String named = NAMED.get(t);
        if (named != null) return new DstatGroup(named, "", "");
        String name = t.replaceAll("[^a-z0-9]+", "_").replaceAll("^_+|_+$", "");
        if (name.isEmpty() || !Character.isLetter(name.charAt(0))) name = "group_" + name;
        // a data set name is part of a table name: keep it well inside every database's identifier length
        if (name.length() > MAX_NAME) name = name.substring(0, MAX_NAME);
        return new DstatGroup(name, "", "");
    }

    /** A per-disk plugin's label whole, as the CSV prints it, when the screen cut it ({@code rawa}). */
    private static String diskLabel(String label) {
        String l = label.strip();
        return CUT_DISK_LABELS.getOrDefault(l, l);
    }

    /** The metric a column of this group is: its label, whole where the screen cut a per-disk plugin's label. */
    String metricLabel(String label) {
        return DISK_PLUGINS.containsValue(dataset) ? diskLabel(label) : label;
    }

    boolean keyed() {
        return !keyLabel.isEmpty();
    }
}
