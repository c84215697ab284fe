package io.statlens.cli;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.model.Fact;
import io.statlens.model.SummaryValue;
import io.statlens.store.saved.Annotation;
import io.statlens.store.saved.AnnotationStore;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.DataTable;
import io.statlens.store.schema.Repository;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/** {@code statlens show RUN}: files, data sets, metrics, facts, summary values and warnings of one run. */
@Command(name = "show", mixinStandardHelpOptions = true, description = "Show one run: files, data sets, metrics, facts, summary values.")
public final class ShowCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RepositoryOptions repository;

    @Mixin
    NumberOptions numberOptions;

    @Parameters(paramLabel = "RUN", description = "Run name.")
    String run;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        ReadableNumbers numbers = numberOptions.numbers();
        try (Repository repo = repository.openExisting()) {
            RunCatalog.RunDetails d = new RunCatalog(repo).details(run);
            out.printf("run %s%n  host: %s%n  start: %s%n  tags: %s%n", d.run().name(), d.run().host() == null ? "" : d.run().host(),
                    Format.time(d.run().start()), d.run().tags().isEmpty() ? "(none)" : String.join(", ", d.run().tags()));
            out.println();
            out.println("files");
            TextTable files = new TextTable(numbers, "PATH", "SIZE", "PARSER", "VARIANT", "ROWS", "WARNINGS", "SHA-256").right(1, 4, 5);
            for (RunCatalog.FileInfo f : d.files()) {
                files.add(f.path(), Format.bytes(f.sizeBytes(), numbers), f.parser(), f.variant(), f.rows(), f.warnings(), f.sha256().substring(0, 12));
            }
            files.print(out);
            out.println();
            out.println("data sets");
            TextTable sets = new TextTable(numbers, "DATA SET", "TABLE", "KEY", "ROWS", "FROM (UTC)", "TO (UTC)", "KEYS").right(3);
            for (RunCatalog.DatasetInfo s : d.datasets()) {
                String keys = s.keys().size() > 8 ? String.join(" ", s.keys().subList(0, 8)) + " ... (" + (s.keys().size() > 50 ? "50+" : s.keys().size()) + ")"
                        : String.join(" ", s.keys());
                sets.add(s.qualifiedName(), s.table(), s.keyLabel(), s.rows(), Format.time(s.first()), Format.time(s.last()), keys);
            }
            sets.print(out);
            for (RunCatalog.DerivedTimes derived : new RunCatalog(repo).derivedTimes(run)) {
                // times the output did not print: say so beside the times they gave the data sets
                String file = String.valueOf(java.nio.file.Path.of(derived.file()).getFileName());
                out.println(derived.datesOnly()
                        ? "dates derived for " + String.join(", ", derived.datasets()) + " (" + file + " prints no date): " + derived.source()
                        : "times derived for " + String.join(", ", derived.datasets()) + " (" + file
                                + " has no time stamps): " + derived.source().substring(RunCatalog.DERIVED.length()).strip());
            }
            for (RunCatalog.DatasetInfo s : d.datasets()) {
                out.println();
                out.println("metrics of " + s.qualifiedName() + " (" + s.table() + ")");
                metrics(s, numbers).print(out);
            }
            if (!d.facts().isEmpty()) {
                out.println();
                out.println("facts");
                TextTable f = new TextTable(numbers, "NAME", "VALUE");
                for (Fact fact : d.facts()) f.add(fact.name(), fact.value());
                f.print(out);
            }
            if (!d.summary().isEmpty()) {
                out.println();
                out.println("summary values");
                TextTable sv = new TextTable(numbers, "DATA SET", "KEY", "NAME", "VALUE", "UNIT").right(3);
                for (SummaryValue v : d.summary()) sv.add(v.dataset(), v.key(), v.name(), numbers.number(v.value(), v.unit()), v.unit());
                sv.print(out);
            }
            List<Annotation> annotations = new AnnotationStore(repo).list(run);
            if (!annotations.isEmpty()) {
                out.println();
                out.println("annotations");
                TextTable a = new TextTable(numbers, "ID", "TIME (UTC)", "ELAPSED_S", "TEXT", "SOURCE").right(0, 2);
                for (Annotation n : annotations) {
                    a.add(n.id(), Format.time(n.time()), d.run().start() == null ? ""
                            : numbers.number(NoteCommand.seconds(d.run().start(), n.time()), "s"), n.text(), n.source());
                }
                a.print(out);
            }
            if (d.warningCount() > 0) {
                out.println();
                out.println("warnings (" + d.warningCount() + ")");
                out.println(d.warnings().stream().map(w -> "  " + w.format()).collect(Collectors.joining(System.lineSeparator())));
                if (d.warningCount() > d.warnings().size()) {
                    out.println("  ... query all of them: statlens query \"SELECT * FROM WARNINGS\"");
                }
            }
            out.flush();
        }
        return ExitCodes.OK;
    }

    /** The metrics of a data set; with the label printed beside the tool's own where a locale translated the header. */
    private static TextTable metrics(RunCatalog.DatasetInfo s, ReadableNumbers numbers) {
        boolean translated = !s.printed().isEmpty();
        TextTable m = translated ? new TextTable(numbers, "LABEL", "PRINTED", "COLUMN", "UNIT", "DESCRIPTION")
                : new TextTable(numbers, "LABEL", "COLUMN", "UNIT", "DESCRIPTION");
        for (DataTable.MetricColumn c : s.metrics()) {
            if (translated) m.add(c.label(), s.printedLabel(c), c.column(), c.unit(), c.description());
            else m.add(c.label(), c.column(), c.unit(), c.description());
        }
        return m;
    }
}
