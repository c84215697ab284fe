package io.statlens.cli;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.analysis.CorrelationMethod;
import io.statlens.analysis.Correlator;
import io.statlens.analysis.RunCorrelator;
import io.statlens.model.UserException;
import io.statlens.store.schema.Repository;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;

/** {@code statlens correlate RUN --metric M}: the series of a run that moved with M over time, strongest first. */
@Command(name = "correlate", mixinStandardHelpOptions = true,
        description = {"Rank a run's series by their correlation over time with one metric.",
                "Every metric of every other data set, per key, in one ranking across tools, aligned " +
                        "by time stamp on a common grid. Shows r, the number n of common points, and the " +
                        "two-sided p-value of r (t distribution, n-2 degrees of freedom). The target's own " +
                        "data set is left out unless --include-own. See docs/correlate.md."})
public final class CorrelateCommand implements Callable<Integer> {
    /** Skipped series are named one by one up to this many; beyond, only counted. */
    private static final int SKIPPED_LISTED = 10;

    @Spec
    CommandSpec spec;

    @Mixin
    RepositoryOptions repository;

    @Mixin
    NumberOptions numberOptions;

    @Parameters(paramLabel = "RUN", description = "Run name.")
    String run;

    @Option(names = "--metric", required = true, paramLabel = "M",
            description = "Target metric as <dataset>.<label>, e.g. sysbench.tps, iostat.%%util, mpstat.%%iowait,"
                    + " \"sysbench.lat (ms,95%%)\".")
    String metric;

    @Option(names = "--key", paramLabel = "K",
            description = "Key of the target when its data set has one series per CPU, device...")
    String key;

    @Option(names = "--with", paramLabel = "M",
            description = "Only these data sets (iostat) or metrics (iostat.%%util); repeatable.")
    List<String> with = new ArrayList<>();

    @Option(names = "--include-own",
            description = "Also rank the other series of the target's own data set (sysbench's qps against its tps),"
                    + " which are left out because they follow the target by construction.")
    boolean includeOwn;

    @Option(names = "--method", defaultValue = "pearson", paramLabel = "NAME",
            description = "pearson (linear) or spearman (ranks: any monotonic relation) (default: ${DEFAULT-VALUE}).")
    CorrelationMethod method;

    @Option(names = "-n", defaultValue = "20", paramLabel = "N",
            description = "Show the N strongest (default: ${DEFAULT-VALUE}).")
    int limit;

    @Option(names = "--lag", defaultValue = "0", paramLabel = "SECONDS",
            description = "Pair the target at time t with the other series at t - SECONDS (positive: the other series leads).")
    double lag;

    @Option(names = "--step", paramLabel = "SECONDS",
            description = "Grid step (default: the larger typical interval of the two series of each pair).")
    Double step;

    @Option(names = "--min-points", defaultValue = "5", paramLabel = "N",
            description = "Skip series with fewer common grid points (at least 3; default: ${DEFAULT-VALUE}).")
    int minPoints;

    @Option(names = "--format", defaultValue = "table", description = "table, csv or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Override
    public Integer call() {
        if (limit < 1) throw new UserException("-n " + limit + ": expected a positive number of series to show");
        if (step != null && !(step > 0)) throw new UserException("--step " + step + ": expected a positive number of seconds");
        if (minPoints < 3) {
            throw new UserException("--min-points " + minPoints + ": expected 3 or more (r needs 3 points to mean anything)");
        }
        if (!Double.isFinite(lag)) throw new UserException("--lag " + lag + ": expected a number of seconds");
        Correlator.Settings settings = new Correlator.Settings(method, step == null ? Double.NaN : step, lag, minPoints);
        PrintWriter out = spec.commandLine().getOut();
        RunCorrelator.Report report;
        try (Repository repo = repository.openExisting()) {
            report = new RunCorrelator(repo).correlate(new RunCorrelator.Request(run, metric, key, with, settings, includeOwn));
        }
        ReadableNumbers numbers = numberOptions.numbers();
        if (format == OutputFormat.table) printHeading(report, out, numbers);
        try (TabularWriter writer = TabularWriter.of(format, out, numbers)) {
            writer.header(List.of("rank", "dataset", "metric", "key", "r", "n", "p", "step_s"),
                    List.of(true, false, false, false, true, true, true, true));
            List<Correlator.Correlation> shown = report.ranked().subList(0, Math.min(limit, report.ranked().size()));
            for (int i = 0; i < shown.size(); i++) {
                Correlator.Correlation c = shown.get(i);
                Correlator.SeriesName name = c.series();
                writer.row(List.of(i + 1, name.dataset(), name.label(), name.key(), c.r(), c.n(),
                        new TabularWriter.Figure(c.p(), numbers.pValue(c.p())),
                        new TabularWriter.Figure(c.step(), numbers.number(c.step(), "s"))));
            }
        }
        if (format == OutputFormat.table) printFooter(report, out, numbers);
        out.flush();
        return ExitCodes.OK;
    }

    private static void printHeading(RunCorrelator.Report r, PrintWriter out, ReadableNumbers numbers) {
        Correlator.Settings s = r.settings();
        out.printf("run %s: series correlated with %s (%d samples, every %s s)%n", r.run(), r.target().display(),
                r.targetSamples(), numbers.number(r.targetStep(), "s"));
        String step = Double.isNaN(s.step()) ? "the larger typical interval of each pair" : numbers.number(s.step(), "s") + " s";
        out.printf("method %s, lag %s s, grid step %s, at least %d common points; p: two-sided, t distribution%n%n", s.method(),
                numbers.number(s.lag(), "s"), step, s.minPoints());
    }

    private void printFooter(RunCorrelator.Report r, PrintWriter out, ReadableNumbers numbers) {
        if (r.ranked().size() > limit) {
            out.printf("%d more correlated series (-n %d shows them)%n", r.ranked().size() - limit, r.ranked().size());
        }
        List<Correlator.Correlation> perDataset = r.strongestPerDataset();
        if (perDataset.size() > 1) {
            List<String> best = new ArrayList<>();
            for (Correlator.Correlation c : perDataset) best.add(c.series().display() + " " + numbers.number(c.r()));
            out.printf("strongest per data set: %s%n", String.join("; ", best));
        }
        if (r.ownLeftOut() > 0) {
            out.printf("left out: %d other series of %s, the target's own data set (--include-own ranks them too)%n",
                    r.ownLeftOut(), r.target().dataset());
        }
        if (r.skipped().isEmpty()) return;
        if (r.skipped().size() <= SKIPPED_LISTED) {
            out.printf("skipped %d series:%n", r.skipped().size());
            for (Correlator.Skipped s : r.skipped()) {
                out.printf("  %s: %s%s%n", s.series().display(), s.reason().text(),
                        s.reason() == Correlator.Reason.TOO_FEW_POINTS ? " (" + s.n() + ")" : "");
            }
            return;
        }
        Map<String, Integer> byReason = new TreeMap<>();
        for (Correlator.Skipped s : r.skipped()) byReason.merge(s.reason().text(), 1, Integer::sum);
        List<String> parts = new ArrayList<>();
        byReason.forEach((reason, count) -> parts.add(count + " " + reason));
        out.printf("skipped %d series: %s%n", r.skipped().size(), String.join(", ", parts));
    }
}
