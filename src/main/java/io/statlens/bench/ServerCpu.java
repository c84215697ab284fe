package io.statlens.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * The CPU time a database server's process has used, read from Linux's {@code /proc/PID/stat} (user and
 * system time, fields 14 and 15, in clock ticks of 1/100 s): the work a bulk load leaves to the server
 * does not show in this process's CPU time.
 */
final class ServerCpu {
    /** Linux's USER_HZ, the unit of /proc's times, 100 on every architecture statlens runs on. */
    private static final double TICKS_PER_SECOND = 100;

    private ServerCpu() {
    }

    /** CPU seconds of the process so far; NaN when there is none or it is not on this machine. */
    static double seconds(OptionalLong pid) {
        if (pid.isEmpty()) return Double.NaN;
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid.getAsLong()), "stat"), StandardCharsets.US_ASCII);
            // The command name, field 2, is in parentheses and may hold spaces: count from its end.
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(f[11]) + Long.parseLong(f[12])) / TICKS_PER_SECOND;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }
}
