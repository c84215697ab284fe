package io.statlens.cli;

import io.statlens.analysis.Finding;
import io.statlens.analysis.Findings;
import io.statlens.analysis.FindingsAnalyzer;
import io.statlens.analysis.ReadableNumbers;
import io.statlens.chart.PresetCatalog;
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
import java.util.concurrent.Callable;

/**
 * {@code statlens findings RUN...}: what happened in the runs, and what changed against the first, in the sentences a
 * report opens with; each with the chart preset that shows it.
 */
@Command(name = "findings", mixinStandardHelpOptions = true,
        description = {"What happened in runs, and what changed between them, in sentences.",
                "The benchmark's result, devices and CPUs at their limit, trouble (run queue, iowait, " +
                        "swapping, errors, failed checks), the busiest devices, CPUs and interfaces, or that a run " +
                        "was idle; with several runs, what changed against the first beyond noise. The same " +
                        "findings open statlens report. See docs/cli.md#findings."})
public final class FindingsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RepositoryOptions repository;

    @Mixin
    NumberOptions numberOptions;

    @Parameters(paramLabel = "RUN", arity = "1..*", description = "Runs; from two on, each is compared with the first.")
    List<String> runs = new ArrayList<>();

    @Option(names = "--format", defaultValue = "table",
            description = "table (sentences per run), csv or json (one row per finding, its value exact) (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Override
    public Integer call() {
        if (runs.stream().distinct().count() != runs.size()) throw new UserException("a run is named twice: " + runs);
        PrintWriter out = spec.commandLine().getOut();
        ReadableNumbers numbers = numberOptions.numbers();
        try (Repository repo = repository.openExisting()) {
            Findings findings = new FindingsAnalyzer(repo).analyze(runs);
            PresetCatalog presets = new PresetCatalog(repo);
            if (format == OutputFormat.table) {
                table(findings, presets, numbers, out);
            } else {
                rows(findings, presets, numbers, out);
            }
        }
        out.flush();
        return ExitCodes.OK;
    }

    /** Per run, then per comparison: a heading, then one line per finding with its kind and chart. */
    private static void table(Findings findings, PresetCatalog presets, ReadableNumbers numbers, PrintWriter out) {
        boolean first = true;
        for (Findings.RunFindings r : findings.runs()) {
            if (!first) out.println();
            first = false;
            out.println("run " + r.run());
            lines(r.findings(), presets, numbers, out);
        }
        for (Findings.Comparison c : findings.compared()) {
            out.println();
            out.println(c.run() + " against " + c.base());
            lines(c.findings(), presets, numbers, out);
            if (c.more() > 0) {
                out.println(c.more() + " more change" + (c.more() == 1 ? "" : "s") + " beyond noise: statlens compare " + c.base()
                        + " " + c.run());
            }
        }
        if (!findings.unrelated().isEmpty()) {
            out.println();
            out.println(findings.notComparedTitle());
            lines(findings.unrelated(), presets, numbers, out);
        }
    }

    private static void lines(List<Finding> findings, PresetCatalog presets, ReadableNumbers numbers, PrintWriter out) {
        TextTable t = new TextTable(numbers, "KIND", "CHART", "FINDING");
        for (Finding f : findings) t.add(f.kind().id(), chart(f, presets), f.text().render(numbers));
        t.print(out);
    }

    private void rows(Findings findings, PresetCatalog presets, ReadableNumbers numbers, PrintWriter out) {
        try (TabularWriter writer = TabularWriter.of(format, out, numbers)) {
            writer.header(List.of("run", "base", "kind", "dataset", "metric", "key", "value", "unit", "chart", "finding"),
                    List.of(false, false, false, false, false, false, true, false, false, false));
            for (Findings.RunFindings r : findings.runs()) {
                for (Finding f : r.findings()) writer.row(row(f, "", presets, numbers));
            }
            for (Findings.Comparison c : findings.comparisons()) {
                for (Finding f : c.findings()) writer.row(row(f, c.base(), presets, numbers));
            }
        }
    }

    private static List<Object> row(Finding f, String base, PresetCatalog presets, ReadableNumbers numbers) {
        return java.util.Arrays.asList(f.run(), base, f.kind().id(), f.dataset(), f.metric(), f.key(), f.value(), f.unit(),
                chart(f, presets), f.text().render(numbers));
    }

    /** The preset that shows what a finding rests on: {@code statlens chart RUN --preset NAME} draws it. */
    private static String chart(Finding f, PresetCatalog presets) {
        if (f.dataset().isEmpty()) return "";
        return presets.showing(f.dataset(), f.shownBy(), f.key()).map(PresetCatalog.Preset::name).orElse("");
    }
}
