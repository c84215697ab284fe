package io.statlens.parse.builtin.vmstat;

import java.util.List;

/** Which vmstat printed a header, told from its column labels. */
enum VmstatFlavour {
    /** Linux procps, all generations, the default report. */
    LINUX,
    /** Linux procps {@code -d}: one line per disk with counters since boot. */
    LINUX_DISK,
    SOLARIS,
    /** FreeBSD, NetBSD, OpenBSD. */
    BSD,
    AIX,
    /** A table with {@code r b} first that matches none of the above; its columns are kept without units. */
    OTHER;

    static VmstatFlavour of(List<String> labels, boolean kthrGroup) {
        if (labels.contains("total") && labels.contains("merged")) return LINUX_DISK;
        if (labels.contains("swpd") || labels.contains("buff") || labels.contains("inact")) return LINUX;
        if (labels.contains("swap") && labels.contains("de")) return SOLARIS;
        if (labels.contains("avm") && labels.contains("fre")) return kthrGroup ? AIX : BSD;
        return OTHER;
    }
}
