package io.statlens.analysis;

import io.statlens.model.Fact;
import io.statlens.model.SummaryValue;

import java.util.Collection;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/**
 * How an averaged run is laid out, for the code that writes one and the code that reads one back
 * (comparison, averaging an average). An averaged run holds, per source data set {@code D}, the
 * per-interval means in {@code D} and the spread in the companion data set {@code D.stddev}: the same
 * metric labels holding the standard deviation across runs, plus {@value #COUNT_LABEL}, the number
 * of runs that had a sample in the interval. Each averaged summary value {@code x} has a companion
 * {@code x_stddev}. Facts {@code average.*} record the provenance.
 */
public final class AveragedRuns {
    /** Appended to a data set's qualified name for its spread companion. */
    public static final String STDDEV_DATASET_SUFFIX = ".stddev";
    /** Appended to a summary value's name for its standard deviation across runs. */
    public static final String STDDEV_SUMMARY_SUFFIX = "_stddev";
    /** Metric of a companion data set: runs with a sample in the interval. */
    public static final String COUNT_LABEL = "n";
    /** The PARSER of an averaged run's synthetic source file. */
    public static final String PRODUCER = "average";

    public static final String FACT_SOURCES = "average.sources";
    public static final String FACT_RUNS = "average.runs";
    public static final String FACT_TEXT_FROM = "average.text_from";
    public static final String FACT_ALIGNMENT = "average.alignment";
    /** Followed by {@code .<data set>}: the grid interval used for that data set. */
    public static final String FACT_INTERVAL = "average.interval_s";
    /** Prefix of every provenance fact. */
    public static final String FACT_PREFIX = "average.";

    private AveragedRuns() {
    }

    /** Whether these facts are an averaged run's. */
    public static boolean isAverage(Collection<Fact> facts) {
        return facts.stream().anyMatch(f -> f.name().equals(FACT_SOURCES));
    }

    /** How many runs an averaged run averages; empty for a run that is not an average. */
    public static OptionalInt runCount(Collection<Fact> facts) {
        for (Fact f : facts) {
            if (f.name().equals(FACT_RUNS)) {
                try {
                    return OptionalInt.of(Integer.parseInt(f.value().trim()));
                } catch (NumberFormatException e) {
                    return OptionalInt.empty();
                }
            }
        }
        return OptionalInt.empty();
    }

    /** The companion data set's qualified name of a data set. */
    public static String stddevDataset(String qualifiedName) {
        return qualifiedName + STDDEV_DATASET_SUFFIX;
    }

    /**
     * Whether a data set of a run is a spread companion rather than data: only in averaged runs, and
     * only when the data set it accompanies is there too.
     */
    public static boolean isCompanionDataset(String qualifiedName, Set<String> runDatasets, boolean averaged) {
        if (!averaged || !qualifiedName.endsWith(STDDEV_DATASET_SUFFIX)) return false;
        return runDatasets.contains(qualifiedName.substring(0, qualifiedName.length() - STDDEV_DATASET_SUFFIX.length()));
    }

    /**
     * Whether a summary value of a run is the standard deviation of another one. Tools print values
     * ending in {@code _stddev} themselves (sysbench's {@code fairness_events_stddev}); those are
     * companions only in an averaged run that also holds the value they accompany.
     */
    public static boolean isCompanionSummary(SummaryValue v, List<SummaryValue> runSummary, boolean averaged) {
        if (!averaged || !v.name().endsWith(STDDEV_SUMMARY_SUFFIX)) return false;
        String base = v.name().substring(0, v.name().length() - STDDEV_SUMMARY_SUFFIX.length());
        return runSummary.stream()
                .anyMatch(o -> o.dataset().equals(v.dataset()) && o.key().equals(v.key()) && o.name().equals(base));
    }

    /** The standard deviation stored for a summary value of an averaged run; NaN when there is none. */
    public static double stddevOf(SummaryValue v, List<SummaryValue> runSummary) {
        String name = v.name() + STDDEV_SUMMARY_SUFFIX;
        double out = Double.NaN;
        for (SummaryValue o : runSummary) {
            if (o.dataset().equals(v.dataset()) && o.key().equals(v.key()) && o.name().equals(name)) out = o.value();
        }
        return out;
    }
}
