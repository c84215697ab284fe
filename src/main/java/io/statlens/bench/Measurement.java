package io.statlens.bench;

/**
 * What one run of a step cost: wall time, the CPU time of the whole process (every thread: the garbage
 * collector, the JIT compiler, Derby's background threads) and the CPU time of the thread that ran it.
 * On a shared machine only the CPU times say how much work the step was; the wall time says how long a
 * user waited on this machine at that moment.
 */
public record Measurement(long wallNanos, long processCpuNanos, long threadCpuNanos) {
    /** What a clock of a measurement reads. */
    public enum Clock {
        WALL, PROCESS_CPU, THREAD_CPU;

        public long of(Measurement m) {
            return switch (this) {
                case WALL -> m.wallNanos();
                case PROCESS_CPU -> m.processCpuNanos();
                case THREAD_CPU -> m.threadCpuNanos();
            };
        }
    }

    /** The same step measured in a child process: only its wall time and its CPU time (all its threads) are known. */
    public static Measurement ofProcess(long wallNanos, long cpuNanos) {
        return new Measurement(wallNanos, cpuNanos, -1);
    }

    /** Whether the thread's CPU time is known (not for a child process). */
    public boolean hasThreadCpu() {
        return threadCpuNanos >= 0;
    }
}
