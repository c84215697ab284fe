package io.statlens.cli;

import io.statlens.analysis.ChangeSignificance;
import io.statlens.analysis.ReadableNumbers;
import io.statlens.analysis.RunComparer;
import io.statlens.store.schema.Repository;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code statlens compare BASE OTHER...}: mean, p95 and max side by side, the change, and whether it is beyond noise. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare runs with a base run, and say which changes are beyond run-to-run noise.",
                "Per data set, metric and key both runs have: the mean, 95th percentile and maximum of the per-interval " +
                        "samples, the change of the mean against BASE, and whether it is beyond noise (Welch's t-test with " +
                        "effective sample sizes from the lag-1 autocorrelation, p < 0.05); summary values too.",
                "Sorted significant first, then by the largest relative change. See docs/average-compare.md."})
public final class CompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RepositoryOptions repository;

    @Mixin
    NumberOptions numberOptions;

    @Parameters(index = "0", paramLabel = "BASE", description = "The run to compare against.")
    String base;

    @Parameters(index = "1..*", arity = "1..*", paramLabel = "OTHER", description = "Runs to compare with BASE.")
    List<String> others;

    @Option(names = "--tool", paramLabel = "T", description = "Only this tool (iostat) or data set (iostat.cpu).")
    String tool;

    @Option(names = "--metric", paramLabel = "M", description = "Only this metric label or summary value name (repeatable).")
    List<String> metrics = new ArrayList<>();

    @Option(names = "--key", paramLabel = "K", description = "Only this key: CPU, device, interface... (repeatable).")
    List<String> keys = new ArrayList<>();

    @Option(names = "--window", paramLabel = "NAME", description = {"Compare each run's samples in its own time window of this"
            + " name (statlens window): steady state against steady state. Summary values, of whole runs, are left out."})
    String window;

    @Option(names = "--format", defaultValue = "table", description = "table, csv or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Override
    public Integer call() {
        try (Repository repo = repository.openExisting()) {
            RunComparer comparer = new RunComparer(repo);
            List<RunComparer.Comparison> rows = comparer.compare(new RunComparer.Request(base, others, Optional.ofNullable(tool), metrics, keys,
                    Optional.ofNullable(window)));
            // Read before the rows in a table; CSV and JSON stay data only, so the note goes to standard error.
            comparer.hostsNote(base, others).ifPresent(note -> (format == OutputFormat.table ? spec.commandLine().getOut()
                    : spec.commandLine().getErr()).println("note: " + note));
            ReadableNumbers numbers = numberOptions.numbers();
            try (TabularWriter writer = TabularWriter.of(format, spec.commandLine().getOut(), numbers)) {
                // A host column only when the runs hold a data set of several hosts, each compared with its own host
                boolean hosts = rows.stream().anyMatch(c -> !c.host().isEmpty());
                List<String> names = new ArrayList<>(List.of("kind", "dataset", "metric", "unit", "key", "run", "base_mean", "mean", "change",
                        "change_pct", "base_p95", "p95", "base_max", "max", "p_value", "significant"));
                if (hosts) names.add(5, "host");
                List<Boolean> numeric = new ArrayList<>(Collections.nCopies(names.size(), true));
                for (int text : new int[]{0, 1, 2, 3, 4, 5, names.size() - 1}) numeric.set(text, false);
                if (hosts) numeric.set(6, false);
                writer.header(names, numeric);
                for (RunComparer.Comparison c : rows) {
                    String unit = c.unit();
                    List<Object> row = new ArrayList<>(List.of(c.kind().name(), c.dataset(), c.metric(), unit, c.key(), c.run(),
                            value(c.base().mean(), unit, numbers), value(c.other().mean(), unit, numbers),
                            new TabularWriter.Figure(c.change(), numbers.signed(c.change(), unit)),
                            new TabularWriter.Figure(c.changePct(), numbers.percentChange(c.changePct())),
                            value(c.base().p95(), unit, numbers), value(c.other().p95(), unit, numbers),
                            value(c.base().max(), unit, numbers), value(c.other().max(), unit, numbers),
                            new TabularWriter.Figure(c.verdict().pValue(), numbers.pValue(c.verdict().pValue())),
                            significance(c.verdict())));
                    if (hosts) row.add(5, c.host());
                    writer.row(row);
                }
            }
        }
        return ExitCodes.OK;
    }

    private static TabularWriter.Figure value(double v, String unit, ReadableNumbers numbers) {
        return new TabularWriter.Figure(v, numbers.number(v, unit));
    }

    /** yes, no, or empty when no test was possible. */
    private static String significance(ChangeSignificance.Verdict v) {
        if (!v.tested()) return "";
        return v.significant() ? "yes" : "no";
    }
}
