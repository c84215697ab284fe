package io.statlens.parse.builtin.dstat;

import io.statlens.model.Metric;

import java.util.Map;

/**
 * What a dstat/dool column holds, from the plugins of dstat 0.7 and dool 1.x: its unit after parsing, the base of the
 * {@code k}/{@code M}/{@code G} suffixes the screen prints (1024 for byte values, 1000 for the rest) and whether the
 * value is a byte count that dool (and {@code dstat --bits}) prints in bits. dstat's CSV holds the values unscaled.
 *
 * @param unit  unit of the stored value
 * @param base  1024 or 1000
 * @param bytes whether the plugin counts bytes that a bits mode prints as bits
 */
record DstatColumn(String unit, int base, boolean bytes, String description) {
    private static final DstatColumn UNKNOWN = new DstatColumn("", 1000, false, "");
    private static final Map<String, DstatColumn> KNOWN = Map.ofEntries(
            cpu("usr", "user time"), cpu("sys", "system time"), cpu("idl", "idle time"), cpu("wai", "I/O wait time"),
            cpu("hiq", "hardware interrupt time"), cpu("siq", "software interrupt time"), cpu("stl", "stolen time"),
            cpu("gst", "guest time"),
            transfer("dsk.read", "bytes read per second"), transfer("dsk.writ", "bytes written per second"),
            transfer("net.recv", "bytes received per second"), transfer("net.send", "bytes sent per second"),
            Map.entry("io.read", new DstatColumn("1/s", 1000, false, "read requests per second")),
            Map.entry("io.writ", new DstatColumn("1/s", 1000, false, "write requests per second")),
            size("memory.used", "memory used"), size("memory.free", "free memory"),
            size("memory.buff", "buffers"), size("memory.cach", "page cache"), size("memory.avai", "available memory"),
            size("memory.shar", "shared memory"), size("swap.used", "swap used"), size("swap.free", "free swap"),
            Map.entry("paging.in", new DstatColumn("B/s", 1024, false, "bytes paged in per second")),
            Map.entry("paging.out", new DstatColumn("B/s", 1024, false, "bytes paged out per second")),
            rate("system.int", "interrupts per second"), rate("system.csw", "context switches per second"),
            Map.entry("load.1m", new DstatColumn("", 1000, false, "load average over 1 minute")),
            Map.entry("load.5m", new DstatColumn("", 1000, false, "load average over 5 minutes")),
            Map.entry("load.15m", new DstatColumn("", 1000, false, "load average over 15 minutes")),
            count("procs.run", "runnable processes"), count("procs.blk", "processes blocked on I/O"),
            rate("procs.new", "processes created per second"),
            rate("vm.majpf", "major page faults per second"), rate("vm.minpf", "minor page faults per second"),
            rate("vm.alloc", "pages allocated per second"), rate("vm.free", "pages freed per second"),
            count("filesystem.files", "open files"), count("filesystem.inodes", "inodes in use"),
            count("sockets.tot", "sockets"), count("sockets.tcp", "TCP sockets"), count("sockets.udp", "UDP sockets"),
            count("sockets.raw", "raw sockets"), count("sockets.frg", "IP fragments"),
            count("tcp.lis", "listening TCP sockets"), count("tcp.act", "established TCP connections"),
            count("tcp.syn", "TCP connections being opened"), count("tcp.tim", "TCP connections in TIME_WAIT"),
            count("tcp.clo", "TCP connections closing"),
            count("udp.lis", "listening UDP sockets"), count("udp.act", "active UDP sockets"),
            count("raw.raw", "raw sockets"),
            count("unix.dgm", "Unix datagram sockets"), count("unix.str", "Unix stream sockets"),
            count("unix.lis", "listening Unix sockets"), count("unix.act", "active Unix sockets"),
            count("ipc.msg", "System V message queues"), count("ipc.sem", "System V semaphore sets"),
            count("ipc.shm", "System V shared memory segments"),
            count("locks.pos", "POSIX file locks"), count("locks.lck", "flock file locks"),
            count("locks.rea", "read file locks"), count("locks.wri", "write file locks"),
            count("async.#aio", "asynchronous I/O events allocated (aio-nr)"),
            // --disk-tps: requests per disk in dsk/ groups, beside -d's bytes
            rate("dsk.#read", "read requests per second"), rate("dsk.#writ", "write requests per second"),
            size("freespace.used", "space used on the mount point"),
            size("freespace.free", "space available on the mount point"),
            Map.entry("disk_util.util", new DstatColumn("%", 1000, false, "share of time the disk was busy")),
            Map.entry("disk_svctm.svctm", new DstatColumn("ms", 1000, false, "average service time of a request")),
            Map.entry("disk_avgqu.avgqu", new DstatColumn("", 1000, false, "average request queue length")),
            Map.entry("disk_avgrq.avgrq", new DstatColumn("sectors", 1000, false, "average request size")),
            Map.entry("disk_wait.rawait", new DstatColumn("ms", 1000, false, "average wait of a read request")),
            Map.entry("disk_wait.wawait", new DstatColumn("ms", 1000, false, "average wait of a write request")),
            count("disk_inflight.ioif", "requests in flight"));

    /** The column {@code label} of data set {@code dataset}; unknown plugins' columns count in 1000s without a unit. */
    static DstatColumn of(String dataset, String label) {
        DstatColumn known = KNOWN.get(dataset + "." + label);
        if (known != null) return known;
        if (dataset.equals("interrupts")) return new DstatColumn("1/s", 1000, false, "interrupts per second");
        return UNKNOWN;
    }

    Metric metric(String label) {
        return new Metric(label, unit, description);
    }

    private static Map.Entry<String, DstatColumn> cpu(String label, String description) {
        return Map.entry("cpu." + label, new DstatColumn("%", 1000, false, "share of " + description));
    }

    private static Map.Entry<String, DstatColumn> transfer(String key, String description) {
        return Map.entry(key, new DstatColumn("B/s", 1024, true, description));
    }

    private static Map.Entry<String, DstatColumn> size(String key, String description) {
        return Map.entry(key, new DstatColumn("B", 1024, false, description));
    }

    private static Map.Entry<String, DstatColumn> rate(String key, String description) {
        return Map.entry(key, new DstatColumn("1/s", 1000, false, description));
    }

    private static Map.Entry<String, DstatColumn> count(String key, String description) {
        return Map.entry(key, new DstatColumn("count", 1000, false, description));
    }
}
