package io.statlens.bench;

import java.util.Arrays;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * How long a click would wait: every {@code interval} a tiny task is posted to the FX thread and the delay until
 * it runs is recorded. While the FX thread is busy the posted tasks queue up, so the longest delay is the longest
 * time the window did not react.
 */
final class FxLatencyProbe implements AutoCloseable {
    /** The delays measured during one phase, in milliseconds. */
    record Latencies(String phase, double seconds, long[] nanos) {
        int pings() {
            return nanos.length;
        }

        double percentileMillis(double p) {
            if (nanos.length == 0) return Double.NaN;
            long[] sorted = nanos.clone();
            Arrays.sort(sorted);
            int index = (int) Math.ceil(p / 100 * sorted.length) - 1;
            return sorted[Math.max(0, Math.min(sorted.length - 1, index))] / 1e6;
        }

        double maxMillis() {
            return percentileMillis(100);
        }
    }

    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "statlens-fx-probe");
        t.setDaemon(true);
        return t;
    });
    private long[] recorded = new long[1024];
    private int size;
    private long phaseStart;

    /** @param fxThread runs work on the FX thread, after what is queued there (the window driver's) */
    FxLatencyProbe(Executor fxThread, long intervalMillis) {
        phaseStart = System.nanoTime();
        ticker.scheduleAtFixedRate(() -> {
            long posted = System.nanoTime();
            fxThread.execute(() -> record(System.nanoTime() - posted));
        }, intervalMillis, intervalMillis, TimeUnit.MILLISECONDS);
    }

    private synchronized void record(long nanos) {
        if (size == recorded.length) recorded = Arrays.copyOf(recorded, size * 2);
        recorded[size++] = nanos;
    }

    /** Ends the current phase: its delays, and a new phase begins now. */
    synchronized Latencies endPhase(String name) {
        long now = System.nanoTime();
        Latencies phase = new Latencies(name, (now - phaseStart) / 1e9, Arrays.copyOf(recorded, size));
        size = 0;
        phaseStart = now;
        return phase;
    }

    @Override
    public void close() {
        ticker.shutdownNow();
    }
}
