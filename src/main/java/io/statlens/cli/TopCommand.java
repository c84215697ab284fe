package io.statlens.cli;

import io.statlens.analysis.MetricStats;
import io.statlens.analysis.ReadableNumbers;
import io.statlens.analysis.RunStatistics;
import io.statlens.analysis.Statistic;
import io.statlens.analysis.StatsRequest;
import io.statlens.store.stats.SeriesStats;
import io.statlens.store.read.TimeWindow;
import io.statlens.store.read.WholeKeys;
import io.statlens.store.schema.Repository;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code statlens top RUN --metric M}: the keys (disks, CPUs, interfaces) with the highest value of a statistic. */
@Command(name = "top", mixinStandardHelpOptions = true,
        description = {"Top-N: the hottest keys (disks, CPUs, interfaces) of a metric, ranked by a statistic.",
                "The aggregate key 'all' (mpstat, sar) is left out unless asked for with --key all."})
public final class TopCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RepositoryOptions repository;

    @Mixin
    NumberOptions numberOptions;

    @Mixin
    RunMetricOptions selection;

    @Option(names = "--metric", required = true, paramLabel = "M",
            description = "Metric label as printed (%%util) or column (PCT_UTIL).")
    String metric;

    @Option(names = "--by", paramLabel = "STAT", defaultValue = "p95",
            description = "Rank by p95 (default), p99, p90, p50, max, avg or min.")
    String by;

    @Option(names = "-n", paramLabel = "N", defaultValue = "10", description = "How many keys (default: ${DEFAULT-VALUE}).")
    int n;

    @Option(names = "--ascending", description = "Lowest first (the idlest keys).")
    boolean ascending;

    @Option(names = "--whole-keys", description = "Print a key too long for the repository (a deep stack, stored as its"
            + " start, \u2026# and a hash) whole, as it was imported.")
    boolean wholeKeys;

    @Option(names = "--format", defaultValue = "table", description = "table, csv or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Override
    public Integer call() {
        Statistic statistic = Statistic.parse(by);
        PrintWriter out = spec.commandLine().getOut();
        ReadableNumbers numbers = numberOptions.numbers();
        try (Repository repo = repository.openExisting()) {
            StatsRequest request = selection.request(repo, List.of(metric));
            TimeWindow w = request.window();
            List<MetricStats> top = new RunStatistics(repo).top(request, statistic, n, ascending);
            WholeKeys whole = wholeKeys ? WholeKeys.ofRun(repo, request.run()) : null;
            if (format == OutputFormat.table) {
                out.println((ascending ? "lowest " : "top ") + n + " by " + statistic.name().toLowerCase(Locale.ROOT) + " of "
                        + metric + (w.bounded() ? ", " + StatsCommand.describe(w) : ""));
            }
            try (TabularWriter writer = TabularWriter.of(format, out, numbers)) {
                // The keys of a run of several hosts' data are each host's: a host column after the data set says whose.
                boolean hosts = top.stream().anyMatch(m -> !m.host().isEmpty());
                List<String> header = new ArrayList<>(List.of("rank", "dataset", "key", "metric", "unit", "min", "avg", "p50", "p90",
                        "p95", "p99", "max", "n"));
                List<Boolean> numeric = new ArrayList<>(List.of(true, false, false, false, false, true, true, true, true, true, true,
                        true, true));
                if (hosts) {
                    header.add(2, "host");
                    numeric.add(2, false);
                }
                writer.header(header, numeric);
                int rank = 0;
                for (MetricStats m : top) {
                    SeriesStats s = m.stats();
                    List<Object> row = new ArrayList<>(List.of(++rank, m.dataset(),
                            whole == null ? m.key() : whole.whole(m.dataset(), m.key()), m.label(), m.unit()));
                    if (hosts) row.add(2, m.host());
                    for (double v : new double[]{s.min(), s.mean(), s.p50(), s.p90(), s.p95(), s.p99(), s.max()}) {
                        row.add(new TabularWriter.Figure(v, numbers.number(v, m.unit())));
                    }
                    row.add(s.n());
                    writer.row(row);
                }
            }
        }
        return ExitCodes.OK;
    }
}
