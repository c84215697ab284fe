package io.statlens.cli;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.model.UserException;
import io.statlens.report.ReportAssembler;
import io.statlens.report.ReportFormat;
import io.statlens.report.ReportModel;
import io.statlens.report.ReportRequest;
import io.statlens.report.ReportSection;
import io.statlens.store.schema.Repository;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;

/** {@code statlens report RUN... -o FILE}: a PDF or HTML report of runs: charts, statistics, a comparison, annotations. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Write a report of runs as a PDF or one self-contained HTML file.",
                "It opens with the findings, then gives per tool the default charts and statistics, a comparison " +
                        "against the first run when several are given, the annotations, and the runs' facts and full " +
                        "statistics in an appendix. See docs/reports.md."})
public final class ReportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RepositoryOptions repository;

    @Mixin
    NumberOptions numberOptions;

    @Parameters(paramLabel = "RUN", arity = "1..*", description = "Runs to report on; the first is the base of the comparison.")
    List<String> runs = new ArrayList<>();

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", required = true, description = "The report file (.pdf or .html).")
    Path output;

    @Option(names = "--format", paramLabel = "F", description = "pdf or html (default: from the file name).")
    String format;

    @Option(names = "--preset", paramLabel = "P", description = "Draw this chart preset, or a tool's presets (sar); repeatable"
            + " (default: every preset that applies).")
    List<String> presets = new ArrayList<>();

    @Option(names = "--charts-per-tool", paramLabel = "N", defaultValue = "0",
            description = "Draw at most N chart presets per tool (default: 0, no limit).")
    int chartsPerTool;

    @Option(names = "--tz", paramLabel = "ZONE", defaultValue = "UTC", description = "Zone of times (default: ${DEFAULT-VALUE}).")
    String tz;

    @Option(names = "--section", paramLabel = "S", description = "Only these sections besides the title page: findings, charts,"
            + " summary, statistics, comparison, annotations; repeatable (default: all).")
    List<String> sections = new ArrayList<>();

    @Option(names = "--window", paramLabel = "NAME", description = {"Each run's charts, statistics and comparison cover its"
            + " own time window of this name (statlens window), e.g. steady state only."})
    String window;

    private Set<ReportSection> sections() {
        if (sections.isEmpty()) return EnumSet.allOf(ReportSection.class);
        Set<ReportSection> chosen = EnumSet.noneOf(ReportSection.class);
        for (String name : sections) {
            String wanted = name.strip().toLowerCase(Locale.ROOT);
            chosen.add(Arrays.stream(ReportSection.values())
                    .filter(s -> s.name().toLowerCase(Locale.ROOT).equals(wanted) || s.label().equals(wanted))
                    .findFirst()
                    .orElseThrow(() -> new UserException("--section " + name + ": expected one of findings, charts, summary,"
                            + " statistics, comparison, annotations")));
        }
        return chosen;
    }

    @Override
    public Integer call() throws IOException {
        ReportFormat f = format == null ? ReportFormat.of(output) : ReportFormat.parse(format);
        if (chartsPerTool < 0) throw new UserException("--charts-per-tool " + chartsPerTool + ": expected 0 or more");
        try (Repository repo = repository.openExisting()) {
            write(repo, new ReportRequest(runs, presets, chartsPerTool, 60, ChartCommand.zone(tz), sections(),
                            java.util.Optional.ofNullable(window)),
                    numberOptions.numbers(), f, output);
        }
        spec.commandLine().getOut().println(output);
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }

    /** Assembles and writes a report; also the demo's. */
    static void write(Repository repo, ReportRequest request, ReadableNumbers numbers, ReportFormat format, Path file)
            throws IOException {
        ReportModel model = new ReportAssembler(repo, Clock.systemUTC()).assemble(request, format.chartSize());
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) Files.createDirectories(parent);
        format.write(model, numbers, file);
    }
}
