package io.statlens.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The machine's load average (1, 5 and 15 minutes, from {@code /proc/loadavg}) and its processor count:
 * printed with every benchmark, since on a shared machine the wall times depend on it.
 */
public record MachineLoad(String averages, int processors) {
    private static final Path LOADAVG = Path.of("/proc/loadavg");

    public static MachineLoad now() {
        String averages = "unknown (no /proc/loadavg)";
        try {
            String[] fields = Files.readString(LOADAVG).trim().split("\\s+");
            if (fields.length >= 3) averages = fields[0] + " " + fields[1] + " " + fields[2];
        } catch (IOException | RuntimeException unreadable) {
            // not Linux, or no /proc: say so rather than guess
        }
        return new MachineLoad(averages, Runtime.getRuntime().availableProcessors());
    }

    @Override
    public String toString() {
        return "load average " + averages + " on " + processors + " processors";
    }
}
