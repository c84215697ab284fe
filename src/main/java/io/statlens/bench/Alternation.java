package io.statlens.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs steps that are compared with each other in turn, A/B/A/B..., so that a neighbour's burst of load
 * falls on both sides rather than decides the ratio; every step runs {@code repetitions} times.
 */
public final class Alternation {
    /** One step: sets up what it needs outside the clock, measures only the work itself. */
    public record Step(String name, Trial trial) {
    }

    /** One run of a step; {@code repetition} counts from 0. */
    @FunctionalInterface
    public interface Trial {
        Stopwatch.Timed run(int repetition) throws Exception;
    }

    private Alternation() {
    }

    /** @param done told after every run, for progress */
    public static List<Samples> run(int repetitions, List<Step> steps, java.util.function.Consumer<String> done) throws Exception {
        if (repetitions < 1) throw new IllegalArgumentException("repetitions must be at least 1");
        Map<String, List<Measurement>> runs = new LinkedHashMap<>();
        Map<String, Long> counts = new LinkedHashMap<>();
        for (int r = 0; r < repetitions; r++) {
            for (Step step : steps) {
                Stopwatch.Timed t = step.trial().run(r);
                runs.computeIfAbsent(step.name(), k -> new ArrayList<>()).add(t.cost());
                counts.put(step.name(), t.count());
                done.accept(String.format(java.util.Locale.ROOT, "%s, run %d of %d: %.2f s CPU (%.2f s wall)", step.name(), r + 1,
                        repetitions, t.cost().processCpuNanos() / 1e9, t.cost().wallNanos() / 1e9));
            }
        }
        List<Samples> out = new ArrayList<>();
        for (Step step : steps) out.add(new Samples(step.name(), counts.get(step.name()), runs.get(step.name())));
        return out;
    }
}
