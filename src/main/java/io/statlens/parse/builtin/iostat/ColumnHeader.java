package io.statlens.parse.builtin.iostat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The header of a keyed block: Linux {@code Device: rrqm/s ...} (key first, with or without the colon),
 * sysstat 12's {@code --pretty}/{@code -h} {@code ... %util Device} (key last), the NFS report's
 * {@code Filesystem: rBlk_nor/s ...}, Solaris {@code r/s w/s ... %b device} ({@code -n}: key last) and
 * {@code device r/s ... %b} (key first), FreeBSD {@code device r/s w/s kr/s kw/s ms/r ms/w ms/o ms/t qlen %b}
 * (before the ms/ columns {@code ... qlen svc_t %b}; {@code -I}: {@code r/i ... qlen tsvc_t/i sb/i}), AIX
 * {@code Disks: %tm_act Kbps ...} ({@link AixLabels}). Old Solaris {@code -x} with {@code tc} and old FreeBSD {@code -x}
 * with {@code -C} append the tty and cpu columns, which only the first device line fills; they are split off as
 * {@code tty} and {@code cpu}.
 *
 * @param dataset   data set name: {@code ""} for devices, {@code nfs} for NFS mounts
 * @param keyLabel  {@code Device} or {@code Filesystem}
 * @param keyFirst  whether the key is the first column
 * @param labels    the device columns
 * @param ttyLabels tty columns appended to the first device line (Solaris), else empty
 * @param cpuLabels cpu columns appended to the first device line (Solaris), else empty
 * @param variant   the output variant the header tells
 */
record ColumnHeader(String dataset, String keyLabel, boolean keyFirst, List<String> labels,
                    List<String> ttyLabels, List<String> cpuLabels, String variant) {
    static final Set<String> TTY_LABELS = Set.of("tin", "tout");
    static final Set<String> CPU_LABELS = Set.of("us", "sy", "wt", "dt", "id", "ni", "in", "sp");
    private static final Set<String> KEY_WORDS = Set.of("Device:", "Device", "device", "Filesystem:", "Filesystem", "Disks:");

    /**
     * The columns sysstat's iostat prints last on a Linux device header ({@code -x} and {@code -x -s}: {@code %util};
     * otherwise the totals {@code kB_wrtn} or, since 4.19 kernels, {@code kB_dscd}, in kB, MB or blocks; {@code -s}
     * alone: {@code kB_w+d}, written and discarded together).
     */
    private static final Set<String> LAST_LABELS = Set.of("%util", "kB_wrtn", "kB_dscd", "MB_wrtn", "MB_dscd", "Blk_wrtn",
            "Blk_dscd", "kB_w+d", "MB_w+d");

    /**
     * Whether this is a Linux device header that ends, instead of with a column sysstat ends its headers with, with
     * another known column or the beginning of one ({@code w} of {@code w_await}): the rest was cut off (a terminal or
     * a page wrapped it), and reading it as a narrower table would put values under the wrong labels. A header that
     * ends with a label statlens does not know (a later sysstat's new column) is taken as it is.
     */
    boolean cutShort() {
        String last = labels.get(labels.size() - 1);
        return keyFirst && dataset.isEmpty() && variant.startsWith("linux") && !LAST_LABELS.contains(last)
                && IostatMetrics.startsKnown(last);
    }

    /** The last label, for messages. */
    String lastLabel() {
        return labels.get(labels.size() - 1);
    }

    /** Number of values on a device line that also carries the tty and cpu columns. */
    int widthWithExtras() {
        return labels.size() + ttyLabels.size() + cpuLabels.size();
    }

    static Optional<ColumnHeader> parse(String[] tokens) {
        int n = tokens.length;
        if (n < 2) return Optional.empty();
        boolean keyFirst = KEY_WORDS.contains(tokens[0]);
        if (!keyFirst && !KEY_WORDS.contains(tokens[n - 1])) return Optional.empty();
        String keyWord = keyFirst ? tokens[0] : tokens[n - 1];
        List<String> all = List.of(tokens).subList(keyFirst ? 1 : 0, keyFirst ? n : n - 1);
        boolean anyKnown = false;
        for (String label : all) {
            if (CellValue.isNumber(label)) return Optional.empty();
            anyKnown |= IostatMetrics.isKnown(label);
        }
        if (!anyKnown) return Optional.empty();
        List<String> labels = new ArrayList<>(all);
        List<String> tty = new ArrayList<>();
        List<String> cpu = new ArrayList<>();
        if (keyFirst) splitExtras(labels, tty, cpu);
        boolean nfs = keyWord.startsWith("Filesystem") || labels.stream().anyMatch(l -> l.contains("_nor/s"));
        return Optional.of(new ColumnHeader(nfs ? "nfs" : "", nfs ? "Filesystem" : "Device", keyFirst,
                List.copyOf(labels), List.copyOf(tty), List.copyOf(cpu), variant(keyWord, keyFirst, labels, nfs)));
    }

    /** Moves trailing tty and cpu columns (tin tout us sy dt id) off the device labels. */
    private static void splitExtras(List<String> labels, List<String> tty, List<String> cpu) {
        int start = labels.size();
        while (start > 0 && (TTY_LABELS.contains(labels.get(start - 1)) || CPU_LABELS.contains(labels.get(start - 1)))) {
            start--;
        }
        if (start == 0) return;
        List<String> extras = labels.subList(start, labels.size());
        for (String label : extras) {
            (TTY_LABELS.contains(label) ? tty : cpu).add(label);
        }
        extras.clear();
    }

    private static String variant(String keyWord, boolean keyFirst, List<String> labels, boolean nfs) {
        // FreeBSD's -x has a queue length (qlen) where Solaris has wait and actv
        if (keyWord.equals("device") && keyFirst && labels.contains("qlen")) return "freebsd-x";
        if (keyWord.equals("device")) return keyFirst ? "solaris-x" : "solaris-xn";
        if (keyWord.equals("Disks:")) return "aix";
        if (nfs) return "linux-sysstat-nfs";
        if (labels.contains("areq-sz")) return "linux-sysstat-xs";
        if (labels.contains("d/s") || labels.contains("f/s")) return "linux-sysstat-12-x";
        if (labels.contains("%rrqm") || labels.contains("%wrqm") || labels.contains("aqu-sz")) return "linux-sysstat-11-x";
        if (labels.contains("avgqu-sz") || labels.contains("svctm")) return "linux-sysstat-x";
        return "linux-sysstat";
    }
}
