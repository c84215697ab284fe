package io.statlens.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Writes realistic {@code LC_ALL=C sar -A -f saDD} text (sysstat 12.6) of a day for the benchmark: the banner, then
 * twelve sections one after another as sar prints a data file (CPUs {@code all} and each, tasks, swapping, paging,
 * I/O, memory, swap space, kernel tables, load, disks, network interfaces and their errors), each with its header
 * once, a row per key and sample, its {@code Average:} block and a blank line. The header lines are sysstat's own,
 * spacing included, and values are right-aligned under their labels; they follow a slow wave per key plus noise, so
 * that numbers have realistic widths.
 */
public final class SarWorkload {
    /** Network interfaces of a container host: loopback, four ports, a bond, a bridge and a container's end. */
    private static final List<String> INTERFACES = List.of("lo", "eth0", "eth1", "eth2", "eth3", "bond0", "docker0", "veth3f2a9c1");

    /**
     * One section as sar prints it.
     *
     * @param header  the header after the time of day, spacing as sysstat prints it
     * @param keys    a row per key and sample; one empty key for a section without a key column
     * @param scales  each value column's typical size
     * @param integer whether a column prints whole numbers (sizes in kB, counts) rather than two decimals
     */
    private record Section(String header, List<String> keys, double[] scales, boolean[] integer) {
        boolean keyed() {
            return !keys.get(0).isEmpty();
        }
    }

    private SarWorkload() {
    }

    /**
     * @param cpus     CPUs (a row each and one for {@code all} per sample of the CPU section)
     * @param disks    block devices of the disk section
     * @param interval seconds between samples
     * @param seconds  seconds of the day covered, from midnight
     * @return the number of data rows written (the {@code Average:} lines are not rows)
     */
    public static long write(Path file, int cpus, int disks, int interval, int seconds, long seed) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        List<Section> sections = sections(cpus, disks);
        int samples = Math.max(1, seconds / interval);
        long rows = 0;
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("Linux 5.15.0-91-generic (benchhost) \t01/15/24 \t_x86_64_\t(" + cpus + " CPU)\n\n");
            StringBuilder sb = new StringBuilder(256);
            for (Section section : sections) {
                String header = "00:00:00" + section.header();
                int[] ends = columnEnds(header);
                w.write(header);
                w.write('\n');
                int columns = section.scales().length;
                double[][] sums = new double[section.keys().size()][columns];
                double[] v = new double[columns];
                for (int s = 0; s < samples; s++) {
                    String time = clock(interval / 2 + s * interval);
                    for (int k = 0; k < section.keys().size(); k++) {
                        double load = Math.max(0, Math.sin((s + k * 37) / 360.0)) * 0.8 + random.nextDouble() * 0.2;
                        for (int c = 0; c < columns; c++) {
                            v[c] = section.scales()[c] * load * (0.5 + random.nextDouble());
                            if (section.integer()[c]) v[c] = Math.round(v[c]);
                            sums[k][c] += v[c];
                        }
                        row(sb, time, section, k, v, ends);
                        w.write(sb.toString());
                        rows++;
                    }
                }
                for (int k = 0; k < section.keys().size(); k++) {
                    for (int c = 0; c < columns; c++) v[c] = sums[k][c] / samples;
                    row(sb, "Average:", section, k, v, ends);
                    w.write(sb.toString());
                }
                w.write('\n');
            }
        }
        return rows;
    }

    private static List<Section> sections(int cpus, int disks) {
        String[] cpuKeys = new String[cpus + 1];
        cpuKeys[0] = "all";
        for (int i = 0; i < cpus; i++) cpuKeys[i + 1] = Integer.toString(i);
        List<String> none = List.of("");
        return List.of(
                new Section("        CPU      %usr     %nice      %sys   %iowait    %steal      %irq     %soft    %guest    %gnice     %idle",
                        List.of(cpuKeys), new double[]{45, 0.5, 12, 3, 0.2, 0.4, 1.5, 0, 0, 40}, new boolean[10]),
                new Section("       proc/s   cswch/s", none, new double[]{60, 25000}, new boolean[2]),
                new Section("     pswpin/s pswpout/s", none, new double[]{0.5, 1.5}, new boolean[2]),
                new Section("     pgpgin/s pgpgout/s   fault/s  majflt/s  pgfree/s pgscank/s pgscand/s pgsteal/s    %vmeff", none,
                        new double[]{800, 4000, 30000, 2, 15000, 100, 20, 110, 90}, new boolean[9]),
                new Section("          tps      rtps      wtps      dtps   bread/s   bwrtn/s   bdscd/s", none,
                        new double[]{900, 300, 600, 5, 1600, 8000, 40}, new boolean[7]),
                new Section("    kbmemfree   kbavail kbmemused  %memused kbbuffers  kbcached  kbcommit   %commit  kbactive   kbinact   kbdirty"
                        + "  kbanonpg    kbslab  kbkstack   kbpgtbl  kbvmused", none,
                        new double[]{9_000_000, 120_000_000, 130_000_000, 50, 400_000, 80_000_000, 150_000_000, 60, 90_000_000,
                                40_000_000, 60_000, 50_000_000, 3_000_000, 40_000, 300_000, 500_000},
                        integers(16, 3, 7)),
                new Section("    kbswpfree kbswpused  %swpused  kbswpcad   %swpcad", none, new double[]{8_000_000, 300_000, 3.5, 20_000, 6},
                        integers(5, 2, 4)),
                new Section("    dentunusd   file-nr  inode-nr    pty-nr", none, new double[]{900_000, 30_000, 700_000, 8}, integers(4)),
                new Section("      runq-sz  plist-sz   ldavg-1   ldavg-5  ldavg-15   blocked", none, new double[]{30, 3000, 30, 28, 25, 2},
                        integers(6, 2, 3, 4)),
                new Section("          DEV       tps     rkB/s     wkB/s     dkB/s   areq-sz    aqu-sz     await     %util",
                        List.of(IostatWorkload.deviceNames(disks)), new double[]{400, 20000, 30000, 100, 90, 2, 1.5, 70}, new boolean[8]),
                new Section("        IFACE   rxpck/s   txpck/s    rxkB/s    txkB/s   rxcmp/s   txcmp/s  rxmcst/s   %ifutil", INTERFACES,
                        new double[]{30000, 25000, 20000, 15000, 0, 0, 3, 8}, new boolean[8]),
                new Section("        IFACE   rxerr/s   txerr/s    coll/s  rxdrop/s  txdrop/s  txcarr/s  rxfram/s  rxfifo/s  txfifo/s", INTERFACES,
                        new double[]{0.02, 0.01, 0, 1.5, 0.1, 0, 0.01, 0, 0}, new boolean[9]));
    }

    /** {@code columns} flags, true for every column but the listed ones (the percentages and load averages). */
    private static boolean[] integers(int columns, int... decimals) {
        boolean[] integer = new boolean[columns];
        java.util.Arrays.fill(integer, true);
        for (int d : decimals) integer[d] = false;
        return integer;
    }

    private static void row(StringBuilder sb, String time, Section section, int key, double[] v, int[] ends) {
        sb.setLength(0);
        sb.append(time);
        int e = 0;
        if (section.keyed()) alignTo(sb, section.keys().get(key), ends[e++]);
        for (int c = 0; c < v.length; c++) {
            alignTo(sb, section.integer()[c] ? Long.toString(Math.round(v[c])) : fixed(v[c]), ends[e++]);
        }
        sb.append('\n');
    }

    private static void alignTo(StringBuilder sb, String text, int end) {
        int spaces = Math.max(1, end - sb.length() - text.length());
        for (int i = 0; i < spaces; i++) sb.append(' ');
        sb.append(text);
    }

    /** Where each column of the header (the key's, then the values') ends, exclusive. */
    private static int[] columnEnds(String header) {
        String[] labels = header.trim().split(" +");
        int[] ends = new int[labels.length - 1];
        int at = labels[0].length();
        for (int i = 1; i < labels.length; i++) {
            at = header.indexOf(labels[i], at) + labels[i].length();
            ends[i - 1] = at;
        }
        return ends;
    }

    private static String clock(int secondOfDay) {
        int h = secondOfDay / 3600;
        int m = secondOfDay / 60 % 60;
        int s = secondOfDay % 60;
        return two(h) + ':' + two(m) + ':' + two(s);
    }

    private static String two(int n) {
        return n < 10 ? "0" + n : Integer.toString(n);
    }

    /** Two decimals, as sysstat prints them, without {@code String.format}'s cost. */
    private static String fixed(double v) {
        long hundredths = Math.round(v * 100);
        long whole = hundredths / 100;
        int frac = (int) (hundredths % 100);
        return whole + (frac < 10 ? ".0" : ".") + frac;
    }
}
