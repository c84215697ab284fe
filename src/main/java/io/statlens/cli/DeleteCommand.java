package io.statlens.cli;

import io.statlens.store.load.RunLedger;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.util.List;
import java.util.concurrent.Callable;

/** {@code statlens delete RUN...}. */
@Command(name = "delete", mixinStandardHelpOptions = true, description = "Delete runs and all their data.")
public final class DeleteCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RepositoryOptions repository;

    @Parameters(arity = "1..*", paramLabel = "RUN", description = "Runs to delete.")
    List<String> runs;

    @Override
    public Integer call() {
        try (Repository repo = repository.openExisting()) {
            // All or nothing, in one transaction: a misspelt name, or a run another client holds, leaves every run in place.
            RunCatalog catalog = new RunCatalog(repo);
            List<String> named = runs.stream().distinct().toList();
            named.forEach(catalog::run);
            new RunLedger(repo).deleteRuns(named);
            for (String run : named) spec.commandLine().getOut().println("deleted run '" + run + "'");
        }
        return ExitCodes.OK;
    }
}
