package io.statlens.cli;

import io.statlens.model.UserException;
import io.statlens.store.read.ReadOnlyQuery;
import io.statlens.store.schema.Repository;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** {@code statlens query "SQL"}: a read-only SQL question, with a time limit, stoppable with Ctrl-C. */
@Command(name = "query", mixinStandardHelpOptions = true,
        description = {"Run a read-only SQL query (SELECT or VALUES) against the repository.",
                "Views V_<TABLE> (e.g. V_IOSTAT) add the run name to every data table; V_SUMMARY, V_FACTS, V_DATASETS too.",
                "CSV and JSON stream any number of rows; the table format shows the first --max-rows (at most " + QueryCommand.TABLE_MAX_ROWS + ").",
                "Ctrl-C stops a query and leaves the repository as it was."})
public final class QueryCommand implements Callable<Integer> {
    /** Rows the aligned table holds at most unless --max-rows says otherwise: it must see every row to align them. */
    static final long TABLE_ROWS = 10_000;
    /**
     * Rows the aligned table may be asked to hold: it keeps them all in memory until the last, so a larger result
     * (a cross join of millions) would fill the heap; CSV and JSON stream any number.
     */
    static final long TABLE_MAX_ROWS = 100_000;

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

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "" + ReadOnlyQuery.Limits.DEFAULT_TIMEOUT_SECONDS,
            description = "Stop the query after this many seconds; 0 for no limit (default: ${DEFAULT-VALUE}).")
    int timeoutSeconds;

    @Option(names = "--max-rows", paramLabel = "N",
            description = "Print at most N rows; 0 for all with csv and json (default: " + TABLE_ROWS + " for the table format,"
                    + " which holds at most " + TABLE_MAX_ROWS + ", all for csv and json).")
    Long maxRows;

    @Override
    public Integer call() {
        long rowLimit = maxRows != null ? maxRows : format == OutputFormat.table ? TABLE_ROWS : 0;
        if (format == OutputFormat.table && (rowLimit == 0 || rowLimit > TABLE_MAX_ROWS)) {
            throw new UserException("the table format holds its rows in memory to align them, at most "
                    + String.format(Locale.ROOT, "%,d", TABLE_MAX_ROWS) + " (--max-rows); --format csv or json streams any number");
        }
        ReadOnlyQuery.Limits limits = new ReadOnlyQuery.Limits(timeoutSeconds, rowLimit);
        ReadOnlyQuery.Stop stop = new ReadOnlyQuery.Stop();
        CountDownLatch finished = new CountDownLatch(1);
        // Ctrl-C: stop the query, then let the repository close before the JVM exits.
        Thread onInterrupt = new Thread(() -> {
            stop.stop();
            try {
                finished.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
        }, "statlens-query-stop");
        Runtime.getRuntime().addShutdownHook(onInterrupt);
        ReadOnlyQuery.Outcome outcome;
        try (Repository repo = repository.openExisting();
             TabularWriter writer = TabularWriter.of(format, spec.commandLine().getOut(), numberOptions.numbers())) {
            try {
                outcome = new ReadOnlyQuery(repo).run(sql, Map.of(), new ReadOnlyQuery.Handler() {
                    @Override
                    public void columns(List<String> names, List<Boolean> numeric) {
                        writer.header(names, numeric);
                    }

                    @Override
                    public void row(List<Object> values) {
                        writer.row(values);
                    }
                }, limits, stop);
            } catch (RuntimeException | Error stoppedOrRefused) {
                // A partial table with "(n rows)" under it would read as the whole answer; out of memory too.
                writer.abandon();
                throw stoppedOrRefused;
            }
        } finally {
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(onInterrupt);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running: Ctrl-C
            }
        }
        if (outcome.more()) {
            spec.commandLine().getOut().println("(only the first " + outcome.rows() + " rows are shown; the result has more:"
                    + " --format csv or json streams all of them, --max-rows N shows N)");
            spec.commandLine().getOut().flush();
        }
        return ExitCodes.OK;
    }
}
