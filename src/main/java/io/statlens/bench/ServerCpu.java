package io.statlens.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * The CPU time a database server's processes have used, read from Linux's {@code /proc/PID/stat} (user and
 * system time, fields 14 and 15, and those of reaped children, 16 and 17, in clock ticks of 1/100 s): the
 * work a bulk load leaves to the server does not show in this process's CPU time.
 */
final class ServerCpu {
    /** Linux's USER_HZ, the unit of /proc's times, 100 on every architecture statlens runs on. */
    private static final double TICKS_PER_SECOND = 100;

    private ServerCpu() {
    }

    /**
     * CPU seconds used so far by the whole server the process belongs to: its parent (PostgreSQL's postmaster),
     * the parent's processes that are alive (every backend, the WAL writer, the checkpointer, the background
     * writer, autovacuum) and those that ended and were reaped (their time is added to the parent's). A bulk
     * load's cost does not end with the backend that took the rows: WAL is written and flushed by others.
     * NaN when the process is not on this machine.
     */
    static double ofServer(OptionalLong backend) {
        if (backend.isEmpty()) return Double.NaN;
        try {
            long server = Long.parseLong(fields(backend.getAsLong())[1]);
            // A process that ends and is reaped between the parent's times and the walk over its children would be in
            // neither (a psql backend ends as its client does, right when the step reads the server): read the reaped
            // children's times before and after the walk, and walk again until no child was reaped meanwhile.
            for (int attempt = 0; ; attempt++) {
                long reaped = reapedTicks(server);
                long ticks = ownTicks(fields(server)) + reaped + liveChildrenTicks(server);
                if (reapedTicks(server) == reaped || attempt == 20) return ticks / TICKS_PER_SECOND;
            }
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /** User and system time of the process itself. */
    private static long ownTicks(String[] stat) {
        return Long.parseLong(stat[11]) + Long.parseLong(stat[12]);
    }

    /** User and system time of the process's children that ended and were reaped (fields 16 and 17). */
    private static long reapedTicks(long pid) throws IOException {
        String[] stat = fields(pid);
        return Long.parseLong(stat[13]) + Long.parseLong(stat[14]);
    }

    /** User and system time of the parent's children alive now (an ended one not yet reaped still shows its times). */
    private static long liveChildrenTicks(long parent) throws IOException {
        long ticks = 0;
        try (var processes = Files.newDirectoryStream(Path.of("/proc"), p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path p : processes) {
                String[] f;
                try {
                    f = fields(Long.parseLong(p.getFileName().toString()));
                } catch (IOException ended) {
                    continue;
                }
                if (Long.parseLong(f[1]) == parent) ticks += ownTicks(f);
            }
        }
        return ticks;
    }

    /** The fields of /proc/PID/stat after the command name: [0] is field 3 (state), [1] the parent, [11] user time. */
    private static String[] fields(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.US_ASCII);
        // The command name, field 2, is in parentheses and may hold spaces: count from its end.
        return stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    }
}
