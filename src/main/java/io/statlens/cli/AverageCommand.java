package io.statlens.cli;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.analysis.RunAverager;
import io.statlens.store.schema.Repository;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;

/** {@code statlens average RUN... --as NAME}: a new run holding the per-interval mean of runs. */
@Command(name = "average", mixinStandardHelpOptions = true,
        description = {"Build a new run from the per-interval mean of several runs.",
                "Series are aligned by elapsed time, for every data set, metric and key the runs all have. The spread goes into companion data sets " +
                        "<data set>.stddev (the standard deviation of each metric, and n, the runs with a sample in the interval); " +
                        "summary values are averaged with a <name>_stddev companion; textual facts come from one representative run.",
                "See docs/average-compare.md."})
public final class AverageCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RepositoryOptions repository;

    @Mixin
    NumberOptions numberOptions;

    @Parameters(arity = "2..*", paramLabel = "RUN", description = "Runs to average (at least two).")
    List<String> runs;

    @Option(names = "--as", required = true, paramLabel = "NAME", description = "Name of the new run.")
    String name;

    @Option(names = "--text-from", paramLabel = "RUN",
            description = "Take the textual facts from this run (default: the run whose tps, qps, tpmC... is closest to the"
                    + " median).")
    String textFrom;

    @Option(names = "--interval", paramLabel = "SECONDS",
            description = "Resample every data set to this interval (default: per data set, the largest interval of the runs).")
    Double interval;

    @Option(names = "--replace", description = "Replace an existing run named NAME.")
    boolean replace;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        ReadableNumbers numbers = numberOptions.numbers();
        try (Repository repo = repository.openExisting()) {
            OptionalDouble step = interval == null ? OptionalDouble.empty() : OptionalDouble.of(interval);
            RunAverager.Result r = new RunAverager(repo).average(
                    new RunAverager.Request(runs, name, Optional.ofNullable(textFrom), step, replace));
            TextTable table = new TextTable(numbers, "DATA SET", "INTERVAL S", "KEYS", "ROWS").right(1, 2, 3);
            for (RunAverager.DatasetResult d : r.datasets()) {
                table.add(d.dataset(), numbers.number(d.intervalS(), "s"), d.keys(), d.rows());
            }
            table.print(out);
            for (String note : r.notes()) out.println("note: " + note);
            out.println("averaged " + r.sources().size() + " runs (" + String.join(", ", r.sources()) + ") into run '" + r.run()
                    + "': " + r.datasets().size() + " data set(s), " + r.summaryValues() + " summary value(s); facts from "
                    + r.textFrom());
            out.flush();
        }
        return ExitCodes.OK;
    }
}
