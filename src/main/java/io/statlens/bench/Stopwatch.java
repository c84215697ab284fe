package io.statlens.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/** Reads the three clocks of a {@link Measurement} when started and when stopped, on the thread that runs the step. */
public final class Stopwatch {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private final long wall;
    private final long process;
    private final long thread;

    private Stopwatch() {
        wall = System.nanoTime();
        process = OS.getProcessCpuTime();
        thread = THREADS.getCurrentThreadCpuTime();
    }

    public static Stopwatch start() {
        return new Stopwatch();
    }

    public Measurement stop() {
        long t = THREADS.getCurrentThreadCpuTime();
        long p = OS.getProcessCpuTime();
        return new Measurement(System.nanoTime() - wall, p - process, t - thread);
    }

    /** A step of work that is measured; it returns how many rows (or points) it handled. */
    @FunctionalInterface
    public interface Work {
        long run() throws Exception;
    }

    /** What a measured step handled and cost. */
    public record Timed(long count, Measurement cost) {
    }

    public static Timed measure(Work work) throws Exception {
        Stopwatch clock = start();
        long count = work.run();
        return new Timed(count, clock.stop());
    }
}
