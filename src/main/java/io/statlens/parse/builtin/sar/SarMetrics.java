package io.statlens.parse.builtin.sar;

import io.statlens.model.Metric;

import java.util.Map;
import java.util.Set;

/**
 * Unit and description of a sar column label. Well-known labels have an entry; the others get their
 * unit from the label's form ({@code %...} is a percentage, {@code .../s} a rate, {@code kb...} KiB),
 * so columns added by a newer sysstat still carry a sensible unit.
 */
final class SarMetrics {
    private record Info(String unit, String description) {
    }

    private static final Map<String, Info> KNOWN = Map.ofEntries(
            // CPU (Linux)
            Map.entry("%user", new Info("%", "time running user code")),
            Map.entry("%usr", new Info("%", "time running user code (without guests)")),
            Map.entry("%nice", new Info("%", "time running niced user code")),
            Map.entry("%system", new Info("%", "time running the kernel")),
            Map.entry("%sys", new Info("%", "time running the kernel")),
            Map.entry("%iowait", new Info("%", "idle time with outstanding disk I/O")),
            Map.entry("%steal", new Info("%", "time stolen by the hypervisor")),
            Map.entry("%irq", new Info("%", "time servicing hardware interrupts")),
            Map.entry("%soft", new Info("%", "time servicing softirqs")),
            Map.entry("%guest", new Info("%", "time running a virtual CPU")),
            Map.entry("%gnice", new Info("%", "time running a niced guest")),
            Map.entry("%idle", new Info("%", "idle time without outstanding I/O")),
            Map.entry("MHz", new Info("MHz", "CPU clock frequency")),
            // CPU (Unix)
            Map.entry("%wio", new Info("%", "idle time waiting for I/O")),
            Map.entry("physc", new Info("", "physical processors consumed (AIX)")),
            Map.entry("%entc", new Info("%", "entitled capacity consumed (AIX)")),
            // processes, paging, swapping
            Map.entry("proc/s", new Info("1/s", "tasks created")),
            Map.entry("cswch/s", new Info("1/s", "context switches")),
            Map.entry("pswpin/s", new Info("pages/s", "pages swapped in")),
            Map.entry("pswpout/s", new Info("pages/s", "pages swapped out")),
            Map.entry("pgpgin/s", new Info("kB/s", "paged in from disk")),
            Map.entry("pgpgout/s", new Info("kB/s", "paged out to disk")),
            Map.entry("fault/s", new Info("1/s", "page faults")),
            Map.entry("majflt/s", new Info("1/s", "major page faults")),
            Map.entry("%vmeff", new Info("%", "page reclaim efficiency")),
            // I/O and disks
            Map.entry("tps", new Info("1/s", "I/O requests (transfers)")),
            Map.entry("rtps", new Info("1/s", "read requests")),
            Map.entry("wtps", new Info("1/s", "write requests")),
            Map.entry("dtps", new Info("1/s", "discard requests")),
            Map.entry("await", new Info("ms", "average time of an I/O request incl. queueing")),
            Map.entry("svctm", new Info("ms", "average service time (deprecated)")),
            Map.entry("%util", new Info("%", "time the device was busy")),
            Map.entry("aqu-sz", new Info("", "average request queue length")),
            Map.entry("avgqu-sz", new Info("", "average request queue length")),
            Map.entry("areq-sz", new Info("kB", "average request size")),
            Map.entry("avgrq-sz", new Info("sectors", "average request size")),
            Map.entry("%busy", new Info("%", "time the device was busy")),
            Map.entry("avque", new Info("", "average number of requests outstanding")),
            Map.entry("r+w/s", new Info("1/s", "reads and writes")),
            Map.entry("blks/s", new Info("blocks/s", "512-byte blocks transferred")),
            Map.entry("Kbs/s", new Info("kB/s", "kilobytes transferred")),
            Map.entry("avwait", new Info("ms", "average time waiting in the queue")),
            Map.entry("avserv", new Info("ms", "average service time")),
            // memory
            Map.entry("kbmemfree", new Info("KiB", "free memory")),
            Map.entry("kbavail", new Info("KiB", "memory available without swapping")),
            Map.entry("kbmemused", new Info("KiB", "used memory")),
            Map.entry("%memused", new Info("%", "used memory")),
            Map.entry("kbbuffers", new Info("KiB", "kernel buffers")),
            Map.entry("kbcached", new Info("KiB", "page cache")),
            Map.entry("kbcommit", new Info("KiB", "memory needed for the current workload")),
            Map.entry("%commit", new Info("%", "commitment relative to RAM plus swap")),
            Map.entry("freemem", new Info("pages", "free memory pages")),
            Map.entry("freeswap", new Info("blocks", "512-byte disk blocks available for swapping")),
            // load
            Map.entry("runq-sz", new Info("count", "run queue length")),
            Map.entry("plist-sz", new Info("count", "tasks in the task list")),
            Map.entry("ldavg-1", new Info("", "load average, 1 minute")),
            Map.entry("ldavg-5", new Info("", "load average, 5 minutes")),
            Map.entry("ldavg-15", new Info("", "load average, 15 minutes")),
            Map.entry("blocked", new Info("count", "tasks blocked on I/O")),
            Map.entry("%runocc", new Info("%", "time the run queue was occupied")),
            Map.entry("swpq-sz", new Info("count", "swap queue length")),
            Map.entry("%swpocc", new Info("%", "time the swap queue was occupied")),
            // network
            Map.entry("rxpck/s", new Info("1/s", "packets received")),
            Map.entry("txpck/s", new Info("1/s", "packets transmitted")),
            Map.entry("%ifutil", new Info("%", "interface utilisation")),
            Map.entry("totsck", new Info("count", "sockets in use")),
            Map.entry("active/s", new Info("1/s", "active TCP opens")),
            Map.entry("passive/s", new Info("1/s", "passive TCP opens")),
            Map.entry("iseg/s", new Info("1/s", "TCP segments received")),
            Map.entry("oseg/s", new Info("1/s", "TCP segments sent")),
            Map.entry("retrans/s", new Info("1/s", "retransmissions")),
            // sensors, USB
            Map.entry("degC", new Info("degC", "temperature")),
            Map.entry("rpm", new Info("rpm", "fan speed")),
            Map.entry("drpm", new Info("rpm", "fan speed above its minimum")),
            Map.entry("inV", new Info("V", "voltage input")),
            Map.entry("maxpower", new Info("mA", "maximum power the device may draw")));

    private static final Set<String> COUNTS = Set.of("dentunusd", "file-nr", "inode-nr", "pty-nr", "tcpsck", "udpsck",
            "rawsck", "ip-frag", "tcp-tw", "tcp6sck", "udp6sck", "raw6sck", "ip6-frag", "Ifree", "Iused");
    private static final Set<String> MILLIS = Set.of("r_await", "w_await", "d_await", "f_await");
    private static final Set<String> PAGE_RATES = Set.of("frmpg/s", "bufpg/s", "campg/s", "pgfree/s", "pgscank/s",
            "pgscand/s", "pgsteal/s", "pgprom/s", "pgdem/s");

    private SarMetrics() {
    }

    static Metric metric(String label) {
        Info info = KNOWN.get(label);
        if (info != null) return new Metric(label, info.unit(), info.description());
        return new Metric(label, unit(label), "");
    }

    private static String unit(String label) {
        String part = label.substring(label.lastIndexOf(':') + 1);
        if (label.startsWith("%")) return "%";
        if (label.endsWith("areq-sz")) return "kB";
        if (COUNTS.contains(label) || part.endsWith("-sz") || part.equals("ov") || part.equals("size")
                || part.equals("fail")) {
            return "count";
        }
        if (MILLIS.contains(label)) return "ms";
        if (PAGE_RATES.contains(label)) return "pages/s";
        if (label.endsWith("kB/s") || label.endsWith("KB/s")) return "kB/s";
        if (label.endsWith("MB/s")) return "MB/s";
        if (label.equals("rd_sec/s") || label.equals("wr_sec/s")) return "sectors/s";
        if (label.startsWith("bread/") || label.startsWith("bwrtn/") || label.startsWith("bdscd/")) return "blocks/s";
        if (label.endsWith("/s")) return "1/s";
        if (label.startsWith("kb")) return "KiB";
        if (label.startsWith("MB")) return "MiB";
        if (label.endsWith("_mem") || part.equals("alloc") || label.equals("ovsz_alloc")) return "bytes";
        return "";
    }
}
