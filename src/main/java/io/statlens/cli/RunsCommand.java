package io.statlens.cli;

import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

/** {@code statlens runs}: the runs in the repository. */
@Command(name = "runs", mixinStandardHelpOptions = true, description = "List the runs in the repository.")
public final class RunsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RepositoryOptions repository;

    @Mixin
    NumberOptions numberOptions;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try (Repository repo = repository.openExisting()) {
            var runs = new RunCatalog(repo).runs();
            if (runs.isEmpty()) {
                out.println("no runs in " + repo.location().description() + " (statlens import FILE --run NAME)");
                return ExitCodes.OK;
            }
            TextTable t = new TextTable(numberOptions.numbers(), "RUN", "HOST", "START (UTC)", "FILES", "ROWS", "TAGS").right(3, 4);
            for (RunCatalog.RunInfo r : runs) {
                t.add(r.name(), r.host(), Format.time(r.start()), r.files(), r.rows(), String.join(",", r.tags()));
            }
            t.print(out);
        }
        return ExitCodes.OK;
    }
}
