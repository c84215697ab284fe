package io.statlens.analysis;

import io.statlens.model.SummaryValue;
import io.statlens.model.UserException;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Chooses the run whose textual facts (OS, versions, options) an average takes over. Facts cannot be
 * averaged, so they come from one real run, and the most typical one is the honest choice: the run
 * whose headline summary value is closest to the median across the runs. The headline is the first of
 * {@link #HEADLINES} that every run has (unkeyed). Ties go to the run named first.
 */
final class RepresentativeRun {
    /** Headline summary values, most telling first: sysbench, tpcc-mysql, DBT-2, sysbench cpu/memory, Faban. */
    static final List<String> HEADLINES = List.of("tps", "qps", "tpmC", "notpm", "events_per_s", "operations_per_s", "metric");

    /**
     * @param run    the chosen run's name
     * @param reason why, for the fact {@code average.text_from}
     */
    record Choice(String run, String reason) {
        String fact() {
            return run + " (" + reason + ")";
        }
    }

    private RepresentativeRun() {
    }

    static Choice choose(List<RunContents> runs, Optional<String> textFrom) {
        if (textFrom.isPresent()) {
            String wanted = textFrom.get();
            if (runs.stream().noneMatch(r -> r.name().equals(wanted))) {
                throw new UserException("--text-from " + wanted + ": expected one of the runs being averaged ("
                        + String.join(", ", runs.stream().map(RunContents::name).toList()) + ")");
            }
            return new Choice(wanted, "chosen with --text-from");
        }
        for (String headline : HEADLINES) {
            double[] values = new double[runs.size()];
            boolean everywhere = true;
            for (int i = 0; i < runs.size() && everywhere; i++) {
                Optional<SummaryValue> v = headline(runs.get(i), headline);
                everywhere = v.isPresent();
                if (everywhere) values[i] = v.get().value();
            }
            if (!everywhere) continue;
            double median = median(values);
            int best = 0;
            for (int i = 1; i < values.length; i++) {
                if (Math.abs(values[i] - median) < Math.abs(values[best] - median)) best = i;
            }
            // Exact: the values are the tools' own figures, and rounded they could read as equal.
            return new Choice(runs.get(best).name(), headline + " " + ReadableNumbers.exact(values[best]) + " closest to the median "
                    + ReadableNumbers.exact(median));
        }
        return new Choice(runs.get(0).name(), "no headline summary value (" + String.join(", ", HEADLINES)
                + ") in every run; the first run named");
    }

    private static Optional<SummaryValue> headline(RunContents run, String name) {
        return run.summary().stream().filter(v -> v.key().isEmpty() && v.name().equals(name)).findFirst();
    }

    static double median(double[] values) {
        double[] s = values.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
