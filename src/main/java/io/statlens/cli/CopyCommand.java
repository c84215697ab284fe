package io.statlens.cli;

import io.statlens.model.UserException;
import io.statlens.store.load.RunCopier;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * {@code statlens copy RUN... --to URL} (or {@code --from URL}): moves runs between repositories of any
 * engine, each run in one transaction of the target, committed once its data sets' checksums and every
 * table's row count read back from the target match the source.
 */
@Command(name = "copy", mixinStandardHelpOptions = true,
        description = {"Copy runs, with everything they hold, into another repository or from another one.",
                "A run's files, data sets, statistics, summary values, facts, warnings and notes are copied " +
                        "into another repository (--to), or from another one into this one (--from). Each run is one " +
                        "transaction: it is committed only when every data set's row count and checksum, and every other " +
                        "table's row count, read back from the target match the source. A repository is a JDBC URL " +
                        "(jdbc:postgresql://host/db, jdbc:derby://host:1527/statlens;user=NAME) or an embedded repository's folder."})
public final class CopyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RepositoryOptions repository;

    @Parameters(arity = "0..*", paramLabel = "RUN", description = "Runs to copy.")
    List<String> runs = List.of();

    @Option(names = "--all", description = "Copy every run of the source.")
    boolean all;

    @Option(names = "--to", paramLabel = "URL|DIR", description = "The repository to copy into (the source is --from, else --repo/--db).")
    String to;

    @Option(names = "--from", paramLabel = "URL|DIR", description = "The repository to copy from (the target is --to, else --repo/--db).")
    String from;

    @Option(names = "--replace", description = "Overwrite runs of the same name in the target instead of refusing.")
    boolean replace;

    @Override
    public Integer call() {
        if (to == null && from == null) throw new UserException("give --to URL (copy from this repository) or --from URL (copy into it)");
        if (all == !runs.isEmpty()) throw new UserException(all ? "give run names or --all, not both" : "name the runs to copy, or give --all");
        if (to != null && from != null && (repository.repo != null || repository.db != null)) {
            throw new UserException("with both --from and --to, --repo and --db have nothing to say; leave them out");
        }
        RepositoryLocation source = from != null ? RepositoryOptions.urlOrFolder(from) : repository.location();
        RepositoryLocation target = to != null ? RepositoryOptions.urlOrFolder(to) : repository.location();
        if (source.jdbcUrl().equals(target.jdbcUrl())) throw new UserException("the source and the target are the same repository: " + source.description());
        PrintWriter out = spec.commandLine().getOut();
        try (Repository in = Repository.open(source, false); Repository into = Repository.open(target, true)) {
            RunCopier copier = new RunCopier(in, into);
            List<String> names = all ? copier.allRuns() : runs;
            checkNames(in, into, names);
            for (String run : names) {
                RunCopier.Copied c = copier.copy(run, replace);
                out.printf("copied run '%s' to %s: %s; row counts and checksums match%n", c.run(), target.description(), String.join(", ",
                        count(c.files(), "file"), count(c.datasets(), "data set"), count(c.rows(), "row"), count(c.statistics(), "statistic"),
                        count(c.summaries(), "summary value"), count(c.facts(), "fact"), count(c.warnings(), "warning"),
                        count(c.notes(), "note")));
                out.flush();
            }
            if (names.isEmpty()) out.println("no runs in " + source.description() + "; nothing copied");
        }
        return ExitCodes.OK;
    }

    private static String count(long n, String what) {
        return String.format(java.util.Locale.ROOT, "%,d %s%s", n, what, n == 1 ? "" : "s");
    }

    /** All or nothing: a misspelt name, or a name the target holds already, stops the copy before it starts. */
    private void checkNames(Repository in, Repository into, List<String> names) {
        RunCatalog source = new RunCatalog(in);
        names.forEach(source::run);
        if (replace) return;
        Set<String> taken = new HashSet<>();
        new RunCatalog(into).runs().forEach(r -> taken.add(r.name()));
        List<String> clash = names.stream().filter(taken::contains).toList();
        if (!clash.isEmpty()) {
            throw new UserException("the target " + into.location().description() + " holds run" + (clash.size() > 1 ? "s " : " ")
                    + String.join(", ", clash) + " already; use --replace to overwrite, or delete there first");
        }
    }
}
