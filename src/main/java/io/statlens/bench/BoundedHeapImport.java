package io.statlens.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@code statlens bench --heap SIZE}: the generated file imported by {@code statlens import} as a process of its own
 * whose heap is limited to {@code SIZE} ({@code STATLENS_JAVA_OPTS=-Xmx SIZE} through the launcher, as a user would
 * bound it), {@code repetitions} times, each into a new repository: whether it completes in that heap, its CPU time
 * (the whole process, start-up included) and its peak resident memory (Linux).
 */
public final class BoundedHeapImport {
    private BoundedHeapImport() {
    }

    /** Every run's cost and peak resident memory, in the order run. */
    public record Result(String heap, Samples cost, List<Long> peakResidentBytes) {
        public long maxPeakResidentBytes() {
            return peakResidentBytes.stream().mapToLong(Long::longValue).max().orElseThrow();
        }
    }

    /** @param heap a size as {@code -Xmx} takes it ({@code 128m}) */
    public static Result run(Path work, Workload input, String heap, int repetitions, Consumer<String> progress) throws Exception {
        List<String> command = new ArrayList<>(StatlensProcess.statlens());
        // the launcher takes the option from its environment; the JVM started directly (no packaged jar) from its arguments
        if (command.size() > 1) command.add(command.size() - 1, "-Xmx" + heap);
        Map<String, String> environment = Map.of("STATLENS_JAVA_OPTS", "-Xmx" + heap);
        Path errors = work.resolve("bounded-import-errors.txt");
        List<Measurement> costs = new ArrayList<>();
        List<Long> peaks = new ArrayList<>();
        for (int r = 0; r < repetitions; r++) {
            Path repo = work.resolve("repo-heap-" + r);
            List<String> importing = new ArrayList<>(command);
            importing.addAll(List.of("import", input.file().toString(), "--run", "bench", "--repo", repo.toString()));
            try {
                ChildProcess.Watched run = ChildProcess.runWatched(importing, environment, errors);
                costs.add(run.cost());
                peaks.add(run.peakResidentBytes());
                progress.accept(String.format(java.util.Locale.ROOT, "statlens import, heap %s, run %d of %d: %.2f s CPU (%.2f s wall), peak resident %.0f MiB",
                        heap, r + 1, repetitions, run.cost().processCpuNanos() / 1e9, run.cost().wallNanos() / 1e9,
                        run.peakResidentBytes() / 1048576.0));
            } finally {
                ImportBench.deleteTree(repo);
            }
        }
        return new Result(heap, new Samples("statlens import, heap " + heap + ", whole process", input.rows(), costs), List.copyOf(peaks));
    }
}
