package io.statlens.cli;

import io.statlens.analysis.MetricStats;
import io.statlens.analysis.ReadableNumbers;
import io.statlens.analysis.RunStatistics;
import io.statlens.analysis.StatsRequest;
import io.statlens.store.stats.SeriesStats;
import io.statlens.store.read.TimeWindow;
import io.statlens.store.schema.Repository;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code statlens stats RUN}: count, min, max, mean, stddev and percentiles per data set, metric and key. */
@Command(name = "stats", mixinStandardHelpOptions = true,
        description = {"Statistics of a run's metrics: n, min, max, mean, stddev, p50, p90, p95, p99.",
                "Per data set, metric and key.",
                "The since-boot sample is left out. Without a window the statistics stored at import answer at once; " +
                        "with --from/--to (or --since-boot) they are computed from the rows. See docs/stats.md."})
public final class StatsCommand implements Callable<Integer> {
    static final List<String> HEADER = List.of("dataset", "key", "metric", "unit", "n", "min", "max", "mean", "stddev", "p50",
            "p90", "p95", "p99");

    @Spec
    CommandSpec spec;

    @Mixin
    RepositoryOptions repository;

    @Mixin
    NumberOptions numberOptions;

    @Mixin
    RunMetricOptions selection;

    @Option(names = "--metric", paramLabel = "M",
            description = "Metric label as printed (%%util) or column (PCT_UTIL); repeatable.")
    List<String> metrics = new ArrayList<>();

    @Option(names = "--format", defaultValue = "table", description = "table, csv or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        ReadableNumbers numbers = numberOptions.numbers();
        try (Repository repo = repository.openExisting()) {
            StatsRequest request = selection.request(repo, metrics);
            TimeWindow w = request.window();
            List<MetricStats> stats = new RunStatistics(repo).stats(request);
            if (format == OutputFormat.table && w.bounded()) out.println("window: " + describe(w));
            try (TabularWriter writer = TabularWriter.of(format, out, numbers)) {
                // A run of several hosts' data has each host's statistics, in a host column after the data set.
                boolean hosts = stats.stream().anyMatch(m -> !m.host().isEmpty());
                List<String> header = new ArrayList<>(HEADER);
                List<Boolean> numeric = new ArrayList<>(List.of(false, false, false, false, true, true, true, true, true, true, true, true, true));
                if (hosts) {
                    header.add(1, "host");
                    numeric.add(1, false);
                }
                writer.header(header, numeric);
                for (MetricStats m : stats) {
                    SeriesStats s = m.stats();
                    List<Object> row = new ArrayList<>(List.of(m.dataset(), m.key(), m.label(), m.unit(), s.n()));
                    if (hosts) row.add(1, m.host());
                    for (double v : new double[]{s.min(), s.max(), s.mean(), s.stddev(), s.p50(), s.p90(), s.p95(), s.p99()}) {
                        row.add(new TabularWriter.Figure(v, numbers.number(v, m.unit())));
                    }
                    writer.row(row);
                }
            }
        }
        return ExitCodes.OK;
    }

    static String describe(TimeWindow w) {
        return (w.from() == null ? "run start" : Format.time(w.from())) + " to "
                + (w.to() == null ? "run end" : Format.time(w.to()));
    }
}
