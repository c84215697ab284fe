package io.statlens.cli;

import io.statlens.store.read.ReadOnlyQuery;
import io.statlens.store.schema.Repository;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.util.List;
import java.util.concurrent.Callable;

/** {@code statlens query "SQL"}: a read-only SQL question. */
@Command(name = "query", mixinStandardHelpOptions = true,
        description = {"Run a read-only SQL query (SELECT or VALUES) against the repository.",
                "Views V_<TABLE> (e.g. V_IOSTAT) add the run name to every data table; V_SUMMARY, V_FACTS, V_DATASETS too."})
public final class QueryCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RepositoryOptions repository;

    @Mixin
    NumberOptions numberOptions;

    @Parameters(paramLabel = "SQL", description = "The query.")
    String sql;

    @Option(names = "--format", defaultValue = "table", description = "table, csv or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Override
    public Integer call() {
        try (Repository repo = repository.openExisting();
             TabularWriter writer = TabularWriter.of(format, spec.commandLine().getOut(), numberOptions.numbers())) {
            new ReadOnlyQuery(repo).run(sql, new ReadOnlyQuery.Handler() {
                @Override
                public void columns(List<String> names, List<Boolean> numeric) {
                    writer.header(names, numeric);
                }

                @Override
                public void row(List<Object> values) {
                    writer.row(values);
                }
            });
        }
        return ExitCodes.OK;
    }
}
