package io.statlens.parse.builtin.iostat;

import io.statlens.model.Metric;

import java.util.HashMap;
import java.util.Map;

/**
 * Unit and description of every column label the iostat variants print. A label not in the
 * catalogue (a column of a newer version) still becomes a metric; its unit is then inferred from
 * the label, which in iostat always says it ({@code kB/s}, {@code %}, {@code _await}).
 */
final class IostatMetrics {
    private static final Map<String, Metric> KNOWN = new HashMap<>();

    static {
        // Linux basic report; sysstat's kB are kibibytes, its blocks 512-byte sectors.
        String[][] sizes = {{"Blk", "sectors"}, {"kB", "kB"}, {"MB", "MB"}};
        String[][] ops = {{"read", "read"}, {"wrtn", "written"}, {"dscd", "discarded"}, {"w+d", "written and discarded"}};
        for (String[] size : sizes) {
            for (String[] op : ops) {
                put(size[0] + "_" + op[0] + "/s", size[1] + "/s", size[1] + " " + op[1] + " per second");
                put(size[0] + "_" + op[0], size[1], "total " + size[1] + " " + op[1]);
            }
        }
        put("tps", "1/s", "transfers (I/O requests) per second");
        // Linux extended report, every generation.
        String[][] dirs = {{"r", "read"}, {"w", "write"}, {"d", "discard"}};
        for (String[] dir : dirs) {
            String d = dir[0];
            String what = dir[1];
            put(d + "/s", "1/s", what + " requests completed per second");
            put(d + "rqm/s", "1/s", what + " requests merged per second");
            put("%" + d + "rqm", "%", "share of " + what + " requests merged");
            put(d + "sec/s", "sectors/s", "sectors " + what + " per second");
            put(d + "kB/s", "kB/s", "kB " + what + " per second");
            put(d + "MB/s", "MB/s", "MB " + what + " per second");
            put(d + "_await", "ms", "average " + what + " request time incl. queueing");
            put(d + "areq-sz", "kB", "average " + what + " request size");
        }
        put("f/s", "1/s", "flush requests completed per second");
        put("f_await", "ms", "average flush request time");
        put("avgrq-sz", "sectors", "average request size");
        put("avgqu-sz", "requests", "average queue length");
        put("aqu-sz", "requests", "average queue length");
        put("await", "ms", "average request time incl. queueing");
        put("svctm", "ms", "average service time (deprecated by sysstat)");
        put("%util", "%", "share of time the device had I/O in progress");
        // Linux -s short extended report.
        put("rqm/s", "1/s", "requests merged per second");
        put("areq-sz", "kB", "average request size");
        put("sec/s", "sectors/s", "sectors transferred per second");
        put("kB/s", "kB/s", "kB transferred per second");
        put("MB/s", "MB/s", "MB transferred per second");
        // Linux avg-cpu block.
        put("%user", "%", "CPU time in user mode");
        put("%nice", "%", "CPU time in user mode at nice priority");
        put("%system", "%", "CPU time in kernel mode incl. interrupts");
        put("%iowait", "%", "idle CPU time with outstanding disk I/O");
        put("%steal", "%", "time stolen by the hypervisor");
        put("%idle", "%", "idle CPU time without outstanding disk I/O");
        // NFS report (iostat -n of sysstat before 10, nfsiostat-sysstat).
        String[][] nfsKinds = {{"nor", "via read(2)/write(2)"}, {"dir", "with O_DIRECT"}, {"svr", "by the NFS server"}};
        for (String[] size : sizes) {
            for (String[] kind : nfsKinds) {
                put("r" + size[0] + "_" + kind[0] + "/s", size[1] + "/s", size[1] + " read " + kind[1] + " per second");
                put("w" + size[0] + "_" + kind[0] + "/s", size[1] + "/s", size[1] + " written " + kind[1] + " per second");
            }
        }
        put("ops/s", "1/s", "NFS operations per second");
        put("rops/s", "1/s", "NFS read operations per second");
        put("wops/s", "1/s", "NFS write operations per second");
        // Solaris / illumos.
        put("kr/s", "kB/s", "kilobytes read per second");
        put("kw/s", "kB/s", "kilobytes written per second");
        put("kw", "kB/s", "kilobytes written per second (label as one illumos man page prints it)");
        put("Mr/s", "MB/s", "megabytes read per second");
        put("Mw/s", "MB/s", "megabytes written per second");
        put("wait", "requests", "average transactions waiting for service (queue length)");
        put("actv", "requests", "average transactions being serviced");
        put("wsvc_t", "ms", "average time in the wait queue");
        put("asvc_t", "ms", "average service time of active transactions");
        put("svc_t", "ms", "average response time of transactions");
        put("%w", "%", "share of time transactions were waiting");
        put("%b", "%", "share of time the disk was busy");
        put("s/w", "count", "soft errors");
        put("h/w", "count", "hard errors");
        put("trn", "count", "transport errors");
        put("tot", "count", "total errors");
        put("kps", "kB/s", "kilobytes transferred per second");
        put("serv", "ms", "average service time");
        put("rps", "1/s", "reads per second");
        put("wps", "1/s", "writes per second");
        put("util", "%", "share of time the disk was busy");
        // AIX: the default disk report and the CPU columns of its tty line (an LPAR's physc and %entc)
        put("%tm_act", "%", "share of time the disk was active");
        put("Kbps", "kB/s", "kilobytes transferred per second");
        put("Kb_read", "kB", "kilobytes read in the interval");
        put("Kb_wrtn", "kB", "kilobytes written in the interval");
        put("%sys", "%", "CPU time in kernel mode");
        put("physc", "processors", "physical processors consumed (shared-processor LPAR)");
        put("%entc", "%", "share of the entitled capacity consumed");
        put("tin", "chars/s", "terminal characters read per second");
        put("tout", "chars/s", "terminal characters written per second");
        put("us", "%", "CPU time in user mode");
        put("sy", "%", "CPU time in system mode");
        put("wt", "%", "CPU time waiting for I/O");
        put("dt", "%", "CPU time in DTrace probes");
        put("id", "%", "idle CPU time");
        put("ni", "%", "CPU time at nice priority");
        put("in", "%", "CPU time in interrupts");
        // macOS / BSD.
        put("KB/t", "kB", "average kilobytes per transfer");
        put("1m", "", "load average over 1 minute");
        put("5m", "", "load average over 5 minutes");
        put("15m", "", "load average over 15 minutes");
        // FreeBSD -x of current releases (usr.sbin/iostat/iostat.c, devstats(); older ones print qlen svc_t %b): whole milliseconds per transaction by kind, the queue.
        put("ms/r", "ms", "average read transaction time");
        put("ms/w", "ms", "average write transaction time");
        put("ms/o", "ms", "average time of other transactions (flush, delete)");
        put("ms/t", "ms", "average transaction time, all kinds");
        put("qlen", "requests", "transactions queued or in progress");
        // FreeBSD -x -I: totals of the interval (since boot in the first report), not rates.
        put("r/i", "count", "read transactions in the interval");
        put("w/i", "count", "write transactions in the interval");
        put("kr/i", "kB", "kilobytes read in the interval");
        put("kw/i", "kB", "kilobytes written in the interval");
        put("tsvc_t/i", "s", "total duration of the interval's transactions");
        put("sb/i", "s", "time the disk was busy in the interval");
        // FreeBSD and macOS -I (totals), -o (old style: sectors, transfers, milliseconds per seek); -K counts blk in kB.
        put("xfrs", "count", "transfers in the interval");
        put("MB", "MB", "megabytes transferred in the interval");
        put("sps", "sectors/s", "sectors transferred per second");
        put("msps", "ms", "average milliseconds per seek (transaction)");
        put("blk", "blocks", "blocks transferred in the interval (kB with -K)");
        put("xfr", "count", "transfers in the interval");
        // NetBSD and OpenBSD: transfers per second as t/s; -I totals; the spinning share of OpenBSD's cpu group.
        put("t/s", "1/s", "transfers per second");
        put("KB", "kB", "kilobytes transferred in the interval");
        put("time", "s", "time the disk was busy in the interval");
        put("sp", "%", "CPU time spinning on locks");
    }

    private IostatMetrics() {
    }

    private static void put(String label, String unit, String description) {
        KNOWN.put(label, new Metric(label, unit, description));
    }

    /** Whether a label is the beginning of a known one ({@code wkB} of {@code wkB/s}): what a cut leaves of it. */
    static boolean startsKnown(String fragment) {
        for (String label : KNOWN.keySet()) {
            if (label.startsWith(fragment)) return true;
        }
        return false;
    }

    static boolean isKnown(String label) {
        return KNOWN.containsKey(label);
    }

    /**
     * The catalogued label that a label is but for its case ({@code %Nice}: a translated or auto-corrected copy of the
     * page capitalised the word; sysstat prints its labels alike in every locale), when exactly one is; else the label.
     */
    static String uncased(String label) {
        if (KNOWN.containsKey(label)) return label;
        String found = null;
        for (String known : KNOWN.keySet()) {
            if (!known.equalsIgnoreCase(label)) continue;
            if (found != null) return label;
            found = known;
        }
        return found == null ? label : found;
    }

    /** The metric for a column label, inferring the unit from the label when it is not catalogued. */
    static Metric of(String label) {
        Metric known = KNOWN.get(label);
        return known != null ? known : new Metric(label, inferUnit(label), "");
    }

    private static String inferUnit(String label) {
        if (label.startsWith("%") || label.endsWith("%")) return "%";
        if (label.contains("await") || label.contains("svc") || label.endsWith("_t")) return "ms";
        String size = label.contains("kB") || label.contains("KB") ? "kB"
                : label.contains("MB") ? "MB"
                : label.contains("sec") || label.contains("Blk") ? "sectors" : "";
        if (label.endsWith("/s")) return size.isEmpty() ? "1/s" : size + "/s";
        // Solaris -I prints counts per interval instead of rates.
        if (label.endsWith("/i")) return size.isEmpty() ? "count" : size;
        return size;
    }
}
