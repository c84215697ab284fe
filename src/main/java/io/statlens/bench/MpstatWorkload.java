package io.statlens.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalTime;
import java.util.SplittableRandom;

/**
 * Writes realistic {@code mpstat -P ALL 1} output (sysstat 12, 24-hour clock) for the benchmark:
 * a banner, then one report per second with a header, the {@code all} row and one row per CPU.
 * Values follow a slow wave per CPU plus noise, so that numbers have realistic widths.
 */
public final class MpstatWorkload {
    private MpstatWorkload() {
    }

    /** @return the number of data rows written */
    public static long write(Path file, int cpus, int seconds, long seed) throws IOException {
        return write(file, cpus, seconds, seed, true);
    }

    /**
     * @param perCpu false writes what {@code mpstat 1} prints: the {@code all} row only, one per second
     * @return the number of data rows written
     */
    public static long write(Path file, int cpus, int seconds, long seed, boolean perCpu) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        long rows = 0;
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("Linux 5.15.0-91-generic (benchhost) \t01/15/2024 \t_x86_64_\t(" + cpus + " CPU)\n\n");
            LocalTime t = LocalTime.of(23, 30, 0);
            StringBuilder sb = new StringBuilder(256);
            for (int s = 0; s < seconds; s++) {
                String time = t.toString().length() == 5 ? t + ":00" : t.toString();
                w.write(time + "     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle\n");
                for (int cpu = -1; cpu < (perCpu ? cpus : 0); cpu++) {
                    double busy = 35 + 30 * Math.sin((s + cpu * 7) / 60.0) + random.nextDouble() * 5;
                    double usr = busy * 0.7;
                    double sys = busy * 0.2;
                    double wait = busy * 0.05;
                    double soft = busy * 0.05;
                    double idle = Math.max(0, 100 - usr - sys - wait - soft);
                    sb.setLength(0);
                    sb.append(time).append("  ").append(pad(cpu < 0 ? "all" : Integer.toString(cpu), 6));
                    for (double v : new double[]{usr, 0, sys, wait, 0, soft, 0, 0, 0, idle}) sb.append(pad(String.format(java.util.Locale.ROOT, "%.2f", v), 8));
                    w.write(sb.append('\n').toString());
                    rows++;
                }
                w.write('\n');
                t = t.plusSeconds(1);
            }
        }
        return rows;
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
    }
}
