package io.statlens.parse.builtin.sysbench;

import io.statlens.model.SummaryValue;
import io.statlens.parse.spi.RecordSink;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The invocations in one file and how their results reach the sink.
 *
 * <p>Only runs that measured something are numbered (1, 2, ...). A file with one such run gives its summary
 * values the empty key; with several, each run's values are keyed by its number. The first run's values are
 * therefore held until the second measured run or the end of the file shows which case applies.
 *
 * <p>Facts keep their plain names ({@code sysbench.threads}) with the first measured run's value; a later run that
 * printed a different value adds {@code sysbench.run<N>.threads}. Facts of runs that measured nothing (a
 * {@code prepare} step, a failed start) are used only for names no measured run set.
 */
final class Runs {
    private final RecordSink sink;
    private final Map<String, String> emittedFacts = new HashMap<>();
    private final Map<String, String> unmeasuredFacts = new LinkedHashMap<>();
    private Map<String, Run.Value> firstSummary;
    private Run current = new Run();
    private int measured;
    private double offsetSeconds;

    Runs(RecordSink sink) {
        this.sink = sink;
    }

    Run current() {
        return current;
    }

    /** Seconds to add to the elapsed time printed by the current run: the durations of the measured runs before it. */
    double offsetSeconds() {
        return offsetSeconds;
    }

    int measuredRuns() {
        return measured;
    }

    /** Ends the current invocation and starts the next. */
    void next() {
        finish(current);
        current = new Run();
    }

    /** Ends the last invocation and emits everything still held. */
    void end() {
        finish(current);
        current = new Run();
        if (measured == 1) emit(firstSummary, "");
        for (Map.Entry<String, String> f : unmeasuredFacts.entrySet()) {
            if (!emittedFacts.containsKey(f.getKey())) sink.fact(f.getKey(), f.getValue());
        }
    }

    private void finish(Run run) {
        if (!run.measured()) {
            run.facts().forEach(unmeasuredFacts::putIfAbsent);
            return;
        }
        int number = ++measured;
        offsetSeconds += run.durationSeconds();
        for (Map.Entry<String, String> f : run.facts().entrySet()) {
            String name = f.getKey();
            String before = emittedFacts.get(name);
            if (before == null) {
                emittedFacts.put(name, f.getValue());
                sink.fact(name, f.getValue());
            } else if (!before.equals(f.getValue()) && name.startsWith("sysbench.")) {
                sink.fact("sysbench.run" + number + "." + name.substring("sysbench.".length()), f.getValue());
            }
        }
        if (number == 1) {
            firstSummary = new LinkedHashMap<>(run.summary());
        } else {
            if (number == 2) emit(firstSummary, "1");
            emit(run.summary(), Integer.toString(number));
        }
    }

    private void emit(Map<String, Run.Value> summary, String key) {
        summary.forEach((name, v) -> sink.summary(new SummaryValue(IntervalSeries.TOOL, key, name, v.value(), v.unit())));
    }
}
