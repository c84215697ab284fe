package io.statlens.bench;

import java.util.List;

/**
 * Every run of one step of a benchmark, with the minimum and median of each clock. The minimum is the run
 * least disturbed by the neighbours; the median says how typical it was.
 *
 * @param count what one run handled (rows, points); the same in every run
 */
public record Samples(String name, long count, List<Measurement> runs) {
    public Samples {
        if (runs.isEmpty()) throw new IllegalArgumentException("no runs of " + name);
        runs = List.copyOf(runs);
    }

    public long min(Measurement.Clock clock) {
        return runs.stream().mapToLong(clock::of).min().orElseThrow();
    }

    /** The median; of an even number of runs, the lower of the two middle ones (a run that happened). */
    public long median(Measurement.Clock clock) {
        long[] sorted = runs.stream().mapToLong(clock::of).sorted().toArray();
        return sorted[(sorted.length - 1) / 2];
    }

    /** Whether the thread CPU time is known (not for steps run in a child process). */
    public boolean hasThreadCpu() {
        return runs.stream().allMatch(Measurement::hasThreadCpu);
    }

    /**
     * How many times cheaper by process CPU this step is than {@code baseline}: the baseline's minimum over
     * this step's minimum, and likewise for the medians; above 1 means this step costs less. NaN where this step took
     * less CPU time than the clock can tell.
     */
    public Ratio cheaperThan(Samples baseline) {
        Measurement.Clock cpu = Measurement.Clock.PROCESS_CPU;
        return new Ratio(ratio(baseline.min(cpu), min(cpu)), ratio(baseline.median(cpu), median(cpu)));
    }

    /**
     * The same per unit handled (per row): the baseline's CPU time per row over this step's, of the minimums and of the
     * medians; above 1 means each row costs less here, whatever the two counts.
     */
    public Ratio cheaperPerRowThan(Samples baseline) {
        Ratio whole = cheaperThan(baseline);
        double scale = (double) count / baseline.count;
        return new Ratio(whole.ofMin() * scale, whole.ofMedian() * scale);
    }

    private static double ratio(long baseline, long step) {
        return step <= 0 ? Double.NaN : (double) baseline / step;
    }

    /** A ratio of process CPU times, of the minimums and of the medians. */
    public record Ratio(double ofMin, double ofMedian) {
    }
}
