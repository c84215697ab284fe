package io.statlens.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.SplittableRandom;

/**
 * Writes realistic {@code S_TIME_FORMAT=ISO iostat -x -t 1} output (sysstat 12.6, the 22 extended columns
 * {@code r/s ... %util}) for the benchmark: a banner, then one report per second with its ISO time stamp, the
 * {@code avg-cpu} block and one row per device. The ISO stamp is what NMONVisualizer's {@code IOStatParser} needs
 * on Linux, so that both read the same file. Values follow a slow wave per device plus noise, so that numbers have
 * realistic widths; columns are right-aligned under the header as sysstat prints them.
 */
public final class IostatWorkload {
    /** The header of sysstat 12.6's {@code iostat -x}, spacing included (the device column is 13 wide). */
    static final String HEADER = "Device            r/s     rkB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wkB/s   wrqm/s  %wrqm"
            + " w_await wareq-sz     d/s     dkB/s   drqm/s  %drqm d_await dareq-sz     f/s f_await  aqu-sz  %util";
    private static final String CPU_HEADER = "avg-cpu:  %user   %nice %system %iowait  %steal   %idle";
    private static final DateTimeFormatter ISO = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'+0000'");
    /** Where each value column of {@link #HEADER} ends (exclusive), so that values right-align under their labels. */
    private static final int[] ENDS = columnEnds(HEADER);

    private IostatWorkload() {
    }

    /** @return the number of data rows written: one per device per report, plus the {@code avg-cpu} row of each */
    public static long write(Path file, int devices, int seconds, long seed) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        String[] names = deviceNames(devices);
        long rows = 0;
        LocalDateTime t = LocalDateTime.of(2024, 1, 15, 23, 30, 0);
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("Linux 5.15.0-91-generic (benchhost) \t2024-01-15 \t_x86_64_\t(64 CPU)\n\n");
            StringBuilder sb = new StringBuilder(256);
            double[] v = new double[ENDS.length];
            for (int s = 0; s < seconds; s++) {
                w.write(ISO.format(t));
                w.write('\n');
                w.write(CPU_HEADER);
                w.write('\n');
                double busy = 40 + 25 * Math.sin(s / 300.0) + random.nextDouble() * 5;
                sb.setLength(0);
                sb.append("       ");
                for (double c : new double[]{busy * 0.7, 0, busy * 0.2, busy * 0.1, 0, Math.max(0, 100 - busy)}) {
                    sb.append(' ').append(pad(fixed(c), 7));
                }
                w.write(sb.append("\n\n").toString());
                rows++;
                w.write(HEADER);
                w.write('\n');
                for (int d = 0; d < devices; d++) {
                    values(v, Math.max(0, Math.sin((s + d * 37) / 120.0)) + random.nextDouble() * 0.2, random);
                    sb.setLength(0);
                    sb.append(names[d]);
                    for (int c = 0; c < v.length; c++) {
                        String text = fixed(v[c]);
                        int spaces = Math.max(1, ENDS[c] - sb.length() - text.length());
                        for (int i = 0; i < spaces; i++) sb.append(' ');
                        sb.append(text);
                    }
                    w.write(sb.append('\n').toString());
                    rows++;
                }
                w.write("\n\n");
                t = t.plusSeconds(1);
            }
        }
        return rows;
    }

    /** The 22 extended columns of one device at {@code load} (0 idle, about 1 busy), consistent with each other. */
    private static void values(double[] v, double load, SplittableRandom random) {
        double reads = load * 3000 * (0.5 + random.nextDouble());
        double writes = load * 1500 * (0.5 + random.nextDouble());
        double rsize = 8 + random.nextDouble() * 120;
        double wsize = 16 + random.nextDouble() * 240;
        double rmerge = reads * random.nextDouble() * 0.1;
        double wmerge = writes * random.nextDouble() * 0.4;
        double discards = random.nextDouble() < 0.05 ? load * 20 : 0;
        v[0] = reads;
        v[1] = reads * rsize;
        v[2] = rmerge;
        v[3] = percent(rmerge, reads);
        v[4] = reads > 0 ? 0.1 + random.nextDouble() * 2 : 0;
        v[5] = reads > 0 ? rsize : 0;
        v[6] = writes;
        v[7] = writes * wsize;
        v[8] = wmerge;
        v[9] = percent(wmerge, writes);
        v[10] = writes > 0 ? 0.2 + random.nextDouble() * 5 : 0;
        v[11] = writes > 0 ? wsize : 0;
        v[12] = discards;
        v[13] = discards * 1024;
        v[14] = 0;
        v[15] = 0;
        v[16] = discards > 0 ? random.nextDouble() : 0;
        v[17] = discards > 0 ? 1024 : 0;
        v[18] = load * 10 * random.nextDouble();
        v[19] = v[18] > 0 ? random.nextDouble() * 3 : 0;
        v[20] = (reads * v[4] + writes * v[10]) / 1000;
        v[21] = Math.min(100, load * 100 * (0.8 + random.nextDouble() * 0.2));
    }

    private static double percent(double part, double whole) {
        return whole + part == 0 ? 0 : 100 * part / (whole + part);
    }

    /** nvme0n1..nvme7n1, then sda, sdb... and dm-0, dm-1... as a server with a few NVMe drives, a SAN and LVM shows. */
    static String[] deviceNames(int devices) {
        String[] names = new String[devices];
        int nvme = Math.min(8, devices);
        int sd = Math.min(26 * 27, (devices - nvme + 1) / 2);
        for (int i = 0; i < devices; i++) {
            if (i < nvme) names[i] = "nvme" + i + "n1";
            else if (i < nvme + sd) names[i] = "sd" + letters(i - nvme);
            else names[i] = "dm-" + (i - nvme - sd);
        }
        return names;
    }

    /** a..z, then aa, ab... as the kernel names SCSI disks. */
    private static String letters(int i) {
        return i < 26 ? String.valueOf((char) ('a' + i)) : letters(i / 26 - 1) + (char) ('a' + i % 26);
    }

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

    /** Two decimals, as sysstat prints them, without {@code String.format}'s cost. */
    private static String fixed(double v) {
        long hundredths = Math.round(v * 100);
        long whole = hundredths / 100;
        int frac = (int) (hundredths % 100);
        return whole + (frac < 10 ? ".0" : ".") + frac;
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
    }
}
