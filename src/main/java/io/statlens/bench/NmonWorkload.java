package io.statlens.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Writes a realistic nmon file as nmon 16 for Linux writes it with {@code nmon -f -t -s 10}: the AAA lines, the
 * header of every section, then per snapshot its ZZZZ line, one line per CPU, CPU_ALL, MEM, VM, PROC, NET, NETPACKET,
 * JFSFILE, the five DISK sections (one column per disk) and the ten busiest processes of TOP. Issue 25's scale is a
 * day at 10 s with 64 CPUs and 50 disks. Values follow a slow wave plus noise, printed with nmon's one decimal.
 */
public final class NmonWorkload {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("dd-MMM-yyyy", Locale.ROOT);
    private static final String[] INTERFACES = {"lo", "eth0", "eth1", "bond0"};
    private static final String[] FILESYSTEMS = {"/", "/boot", "/var", "/data"};
    private static final String[] COMMANDS = {"mysqld", "java", "postgres", "kworker/0:1", "sshd", "nmon", "systemd",
            "rsyslogd", "chronyd", "bash", "python3", "nginx"};
    private static final int TOP = 10;

    private NmonWorkload() {
    }

    /**
     * @param interval  seconds between snapshots
     * @param snapshots how many
     * @return the number of rows the parser gives: per snapshot one per CPU, four unkeyed sections, one per interface
     * (NET, NETPACKET), one per file system, one per disk (five sections) and one per TOP process
     */
    public static long write(Path file, int cpus, int disks, int interval, int snapshots, long seed) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        long rows = 0;
        LocalDateTime start = LocalDateTime.of(2024, 1, 15, 0, 0, 0);
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            header(w, cpus, disks, interval, snapshots, start);
            StringBuilder sb = new StringBuilder(1024);
            for (int s = 1; s <= snapshots; s++) {
                String t = String.format(Locale.ROOT, "T%04d", s);
                LocalDateTime at = start.plusSeconds((long) s * interval);
                w.write("ZZZZ," + t + "," + TIME.format(at) + "," + DATE.format(at).toUpperCase(Locale.ROOT) + "\n");
                double wave = Math.sin(s / 360.0);
                double sumUser = 0;
                double sumSys = 0;
                for (int c = 1; c <= cpus; c++) {
                    double busy = Math.max(0, Math.min(99, 40 + 30 * Math.sin((s + c * 11) / 200.0) + random.nextDouble() * 8));
                    double user = busy * 0.75;
                    double sys = busy * 0.2;
                    double wait = busy * 0.05;
                    sumUser += user;
                    sumSys += sys;
                    sb.setLength(0);
                    sb.append(String.format(Locale.ROOT, "CPU%03d,", c)).append(t);
                    values(sb, user, sys, wait, 100 - user - sys - wait, 0);
                    w.write(sb.append('\n').toString());
                    rows++;
                }
                double user = sumUser / cpus;
                double sys = sumSys / cpus;
                line(sb, "CPU_ALL", t, user, sys, 1.0, 99 - user - sys, 0.0);
                sb.setLength(sb.length() - 1);
                w.write(sb.append(",,").append(cpus).append('\n').toString());
                line(sb, "MEM", t, 257_000.0, -0.0, -0.0, 8192.0, 120_000 - 20_000 * wave, -0.0, -0.0, 8192.0, 0.0,
                        90_000 + 10_000 * wave, 100_000.0, -1.0, 2048.0, 0.0, 50_000.0);
                w.write(sb.toString());
                line(sb, "VM", t, 100 + random.nextInt(50), 0, 0, 5000, 80_000, 60_000, random.nextInt(5000),
                        random.nextInt(20_000), 0, 0, 40_000 + random.nextInt(10_000), 1000, 0, 90_000, 5, 0, 0, 0, 0, 0, 0);
                w.write(sb.toString());
                line(sb, "PROC", t, 2 + random.nextInt(cpus), random.nextInt(4), 20_000 + random.nextInt(5000), -1.0, -1.0,
                        -1.0, 30.0 + random.nextInt(10), -1.0, -1.0, -1.0);
                w.write(sb.toString());
                double[] net = new double[INTERFACES.length * 2];
                for (int i = 0; i < net.length; i++) net[i] = Math.abs(wave) * 5000 * random.nextDouble();
                line(sb, "NET", t, net);
                w.write(sb.toString());
                for (int i = 0; i < net.length; i++) net[i] = net[i] * 1.3;
                line(sb, "NETPACKET", t, net);
                w.write(sb.toString());
                line(sb, "JFSFILE", t, 41.2, 22.5, 63.0 + wave, 70.1);
                w.write(sb.toString());
                rows += 4 + 2L * INTERFACES.length + FILESYSTEMS.length;
                double[] disk = new double[disks];
                for (String section : new String[]{"DISKBUSY", "DISKREAD", "DISKWRITE", "DISKXFER", "DISKBSIZE"}) {
                    for (int d = 0; d < disks; d++) {
                        double load = Math.max(0, Math.sin((s + d * 37) / 120.0)) + random.nextDouble() * 0.2;
                        disk[d] = switch (section) {
                            case "DISKBUSY" -> Math.min(100, load * 80);
                            case "DISKBSIZE" -> 4 + load * 60;
                            default -> load * 20_000;
                        };
                    }
                    line(sb, section, t, disk);
                    w.write(sb.toString());
                    rows += disks;
                }
                if (s > 1) {
                    for (int p = 0; p < TOP; p++) {
                        int pid = 1000 + p * 97 + (s / 1000) * 7;
                        double cpu = (TOP - p) * 9.5 * (1 + 0.3 * wave) + random.nextDouble();
                        sb.setLength(0);
                        sb.append("TOP,").append(String.format(Locale.ROOT, "%07d", pid)).append(',').append(t);
                        sb.append(String.format(Locale.ROOT, ",%.2f,%.2f,%.2f,%d,%d,%d,%d,%d,%d,%d,", cpu, cpu * 0.8, cpu * 0.2,
                                500_000 + p * 1000, 200_000 + p * 500, 4000, 300_000, 20_000, random.nextInt(3000), 0));
                        sb.append(COMMANDS[p % COMMANDS.length]).append(',').append(1 + p).append(",0\n");
                        w.write(sb.toString());
                        rows++;
                    }
                }
            }
        }
        return rows;
    }

    private static void header(BufferedWriter w, int cpus, int disks, int interval, int snapshots, LocalDateTime start)
            throws IOException {
        StringBuilder h = new StringBuilder();
        h.append("AAA,progname,nmon\nAAA,command,nmon -f -t -s ").append(interval).append(" -c ").append(snapshots).append(" \n");
        h.append("AAA,version,16n\nAAA,disks_per_line,150\nAAA,max_disks,256,set by -d option\nAAA,disks,").append(disks)
                .append(",\nAAA,host,benchhost\nAAA,user,root\nAAA,OS,Linux,5.15.0-91-generic,#101-Ubuntu SMP,x86_64\n");
        h.append("AAA,runname,benchhost\nAAA,time,").append(start.getHour() < 10 ? "0" : "").append(start.getHour())
                .append(":00.00\nAAA,date,").append(DATE.format(start).toUpperCase(Locale.ROOT)).append('\n');
        h.append("AAA,interval,").append(interval).append("\nAAA,snapshots,").append(snapshots).append("\nAAA,cpus,")
                .append(cpus).append('\n');
        for (int c = 1; c <= cpus; c++) {
            h.append(String.format(Locale.ROOT, "CPU%03d,CPU %d benchhost,User%%,Sys%%,Wait%%,Idle%%,Steal%%%n", c, c));
        }
        h.append("CPU_ALL,CPU Total benchhost,User%,Sys%,Wait%,Idle%,Steal%,Busy,CPUs\n");
        h.append("MEM,Memory MB benchhost,memtotal,hightotal,lowtotal,swaptotal,memfree,highfree,lowfree,swapfree,memshared,"
                + "cached,active,bigfree,buffers,swapcached,inactive\n");
        h.append("VM,Paging and Virtual Memory,nr_dirty,nr_writeback,nr_unstable,nr_page_table_pages,nr_mapped,"
                + "nr_slab_reclaimable,pgpgin,pgpgout,pswpin,pswpout,pgfree,pgactivate,pgdeactivate,pgfault,pgmajfault,"
                + "pginodesteal,slabs_scanned,kswapd_steal,kswapd_inodesteal,pageoutrun,allocstall\n");
        h.append("PROC,Processes benchhost,Runnable,Blocked,pswitch,syscall,read,write,fork,exec,sem,msg\n");
        h.append("NET,Network I/O benchhost");
        for (String dir : new String[]{"read", "write"}) for (String i : INTERFACES) h.append(',').append(i).append('-').append(dir).append("-KB/s");
        h.append("\nNETPACKET,Network Packets benchhost");
        for (String dir : new String[]{"read", "write"}) for (String i : INTERFACES) h.append(',').append(i).append('-').append(dir).append("/s");
        h.append("\nJFSFILE,JFS Filespace %Used benchhost,").append(String.join(",", FILESYSTEMS)).append('\n');
        String[] descriptions = {"DISKBUSY,Disk %Busy", "DISKREAD,Disk Read KB/s", "DISKWRITE,Disk Write KB/s",
                "DISKXFER,Disk transfers per second", "DISKBSIZE,Disk Block Size"};
        for (String d : descriptions) {
            h.append(d).append(" benchhost");
            for (int i = 0; i < disks; i++) h.append(",sd").append(diskName(i));
            h.append('\n');
        }
        h.append("TOP,%CPU Utilisation\nTOP,+PID,Time,%CPU,%Usr,%Sys,Size,ResSet,ResText,ResData,ShdLib,MinorFault,"
                + "MajorFault,Command,Threads,IOwaitTime\n");
        w.write(h.toString());
    }

    /** sda ... sdz, sdaa ...: as Linux names them. */
    private static String diskName(int i) {
        return i < 26 ? String.valueOf((char) ('a' + i)) : String.valueOf((char) ('a' + i / 26 - 1)) + (char) ('a' + i % 26);
    }

    /** {@code SECTION,Tnnnn,v,v,...\n} into {@code sb}, values with nmon's one decimal. */
    private static void line(StringBuilder sb, String section, String t, double... values) {
        sb.setLength(0);
        sb.append(section).append(',').append(t);
        values(sb, values);
        sb.append('\n');
    }

    private static void values(StringBuilder sb, double... values) {
        for (double v : values) {
            sb.append(',');
            long tenths = Math.round(v * 10);
            if (tenths < 0) {
                sb.append('-');
                tenths = -tenths;
            } else if (v < 0 || (v == 0 && 1 / v < 0)) {
                sb.append('-');
            }
            sb.append(tenths / 10).append('.').append(tenths % 10);
        }
    }
}
