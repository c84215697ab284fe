package io.statlens.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The peak resident memory of a process tree, for a child that Java cannot ask once it has exited: every
 * {@link #PERIOD_MILLIS} a thread reads the high-water mark of each process of the tree ({@code VmHWM} in Linux's
 * {@code /proc/PID/status}, which the kernel keeps itself, so a peak between two readings is not missed; only one in the
 * child's last moments is) and keeps the largest.
 */
final class PeakResident {
    private static final long PERIOD_MILLIS = 100;

    private final ProcessHandle root;
    private final AtomicLong peak = new AtomicLong();
    private final Thread watcher;

    private PeakResident(ProcessHandle root) {
        this.root = root;
        watcher = Thread.ofPlatform().daemon().name("peak-resident-" + root.pid()).start(this::watch);
    }

    static PeakResident watch(ProcessHandle root) {
        return new PeakResident(root);
    }

    /** Stops watching (the child has exited) and returns the largest peak seen, in bytes. */
    long stop() throws InterruptedException {
        watcher.interrupt();
        watcher.join();
        return peak.get();
    }

    private void watch() {
        while (!Thread.currentThread().isInterrupted()) {
            read(root);
            root.descendants().forEach(this::read);
            try {
                Thread.sleep(PERIOD_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void read(ProcessHandle process) {
        long bytes = highWaterMark(process.pid());
        peak.accumulateAndGet(bytes, Math::max);
    }

    /** The process's peak resident set so far (VmHWM) in bytes; 0 once it has gone (or while it is a zombie, which has none). */
    static long highWaterMark(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"), StandardCharsets.US_ASCII)) {
                if (line.startsWith("VmHWM:")) return 1024 * Long.parseLong(line.substring(6).replace("kB", "").strip());
            }
        } catch (IOException | NumberFormatException e) {
            // the process ended between the listing and the reading
        }
        return 0;
    }
}
