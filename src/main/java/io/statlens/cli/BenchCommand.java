package io.statlens.cli;

import io.statlens.analysis.RunStatistics;
import io.statlens.analysis.Statistic;
import io.statlens.analysis.StatsRequest;
import io.statlens.model.DatasetSpec;
import io.statlens.model.Fact;
import io.statlens.model.Row;
import io.statlens.model.SummaryValue;
import io.statlens.parse.ParserRegistry;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.RecordSink;
import io.statlens.store.load.DerbyImportBaseline;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.load.JdbcBatchBaseline;
import io.statlens.store.load.RunDeleter;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.read.TimeWindow;
import io.statlens.store.schema.DataTable;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.IntSupplier;
import java.util.stream.Stream;

/**
 * {@code statlens bench}: generates {@code mpstat -P ALL} output and measures, in one run, parsing
 * alone, statlens' import (parsing included) and Derby's own {@code SYSCS_IMPORT_TABLE} of the same
 * rows from CSV, reporting rows/s and the ratio of import to Derby's bulk import; then times
 * statistics and Top-N on the imported run, stored and computed.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Benchmark parsing, importing and statistics against Derby's own bulk import.",
                "Generates mpstat -P ALL output, then times parsing alone, statlens' import, and Derby's",
                "SYSCS_UTIL.SYSCS_IMPORT_TABLE of the same rows from CSV; then stats and top on the imported run.",
                "Defaults: 256 CPUs x 3600 s = 925,200 rows. --charts: draw a long series as PNG and SVG, decimated and",
                "point by point."})
public final class BenchCommand implements Callable<Integer> {
    private static final String RUN = "bench";

    @Spec
    CommandSpec spec;

    @Option(names = "--cpus", defaultValue = "256", description = "CPUs per report (default: ${DEFAULT-VALUE}).")
    int cpus;

    @Option(names = "--seconds", defaultValue = "3600", description = "Reports, one per second (default: ${DEFAULT-VALUE}).")
    int seconds;

    @Option(names = "--dir", paramLabel = "DIR", description = "Work folder (default: a temporary folder, deleted afterwards).")
    Path dir;

    @Option(names = "--charts", description = "Benchmark chart drawing instead of importing.")
    boolean charts;

    @Option(names = "--gui", description = {"Benchmark the window's responsiveness instead: import the generated file",
            "and chart all its rows in the real window, measuring how long the FX thread takes to answer."})
    boolean gui;

    @Option(names = "--db", paramLabel = "URL", description = {"Benchmark a server repository instead, e.g.",
            "jdbc:postgresql://host/db: statlens' import (COPY on PostgreSQL) against JDBC batches of the same rows",
            "into the same server. The benchmark's run and table are removed afterwards."})
    String db;

    @Option(names = "--points", defaultValue = "1000000",
            description = "Points of the --charts series (default: ${DEFAULT-VALUE}).")
    int points;

    @Override
    public Integer call() throws Exception {
        if (cpus < 1 || seconds < 1) throw new io.statlens.model.UserException("--cpus and --seconds must be at least 1");
        PrintWriter out = spec.commandLine().getOut();
        if (charts) {
            if (points < 2) throw new io.statlens.model.UserException("--points must be at least 2");
            ChartBench.run(out, points, dir);
            return ExitCodes.OK;
        }
        Path work = dir != null ? Files.createDirectories(dir) : Files.createTempDirectory("statlens-bench");
        try {
            if (gui) {
                GuiBench.run(out, work, cpus, seconds);
                return ExitCodes.OK;
            }
            Parser mpstat = ParserRegistry.load(RepositoryLocation.statlensHome().resolve("parsers")).byTool("mpstat")
                    .orElseThrow(() -> new IllegalStateException("the mpstat parser is not installed"));
            Path input = work.resolve("mpstat-P-ALL.txt");
            long generated = MpstatWorkload.write(input, cpus, seconds, 42);
            out.printf("input: %s, %d rows, %s, max heap %s%n", input.getFileName(), generated, Format.bytes(Files.size(input)),
                    Format.bytes(Runtime.getRuntime().maxMemory()));

            Path csv = work.resolve("rows.csv");
            long t0 = System.nanoTime();
            long parsed = parse(mpstat, input, new CountingSink());
            double parseSeconds = seconds(t0);
            parse(mpstat, input, new CsvSink(csv));

            RepositoryLocation server = db == null ? null : RepositoryLocation.url(db);
            String run = server == null ? RUN : RUN + "-" + System.currentTimeMillis();
            long imported;
            double importSeconds;
            DataTable table;
            TextTable queries;
            try (Repository repo = Repository.open(server != null ? server : RepositoryLocation.embedded(work.resolve("repo-import")))) {
                long t1 = System.nanoTime();
                imported = new ImportService(repo, new ParserRegistry(List.of(mpstat)))
                        .run(ImportRequest.of(run, ZoneOffset.UTC, input), ImportProgress.NONE).rows();
                importSeconds = seconds(t1);
                table = repo.tables().table("MPSTAT").orElseThrow();
                queries = queries(repo, imported, run);
                if (server != null) new RunDeleter(repo).deleteRun(run);
            }

            double baselineSeconds;
            long baselineRows;
            String baseline;
            if (server == null) {
                baseline = "Derby SYSCS_IMPORT_TABLE of CSV";
                try (Repository repo = Repository.open(RepositoryLocation.embedded(work.resolve("repo-baseline")))) {
                    long t2 = System.nanoTime();
                    baselineRows = DerbyImportBaseline.importCsv(repo, table, "MPSTAT_BASELINE", csv);
                    baselineSeconds = seconds(t2);
                }
            } else {
                baseline = "JDBC batches (1000 rows) of CSV";
                try (Repository repo = Repository.open(server)) {
                    String name = "MPSTAT_BASELINE_" + System.currentTimeMillis();
                    long t2 = System.nanoTime();
                    baselineRows = JdbcBatchBaseline.importCsv(repo, table, name, csv);
                    baselineSeconds = seconds(t2);
                    JdbcBatchBaseline.drop(repo, name);
                }
            }

            String versus = server == null ? "VS DERBY IMPORT" : "VS JDBC BATCHES";
            if (server != null) out.printf("repository: %s (%s)%n", server.description(), server.engine());
            TextTable t = new TextTable("STEP", "ROWS", "SECONDS", "ROWS/S", versus).right(1, 2, 3, 4);
            t.add("parse only", parsed, String.format("%.2f", parseSeconds), String.format("%.0f", parsed / parseSeconds),
                    String.format("%.2fx", (parsed / parseSeconds) / (baselineRows / baselineSeconds)));
            t.add("statlens import (parse + store)", imported, String.format("%.2f", importSeconds),
                    String.format("%.0f", imported / importSeconds),
                    String.format("%.2fx", (imported / importSeconds) / (baselineRows / baselineSeconds)));
            t.add(baseline, baselineRows, String.format("%.2f", baselineSeconds),
                    String.format("%.0f", baselineRows / baselineSeconds), "1.00x");
            t.print(out);
            out.println("ratio > 1 means faster than " + (server == null ? "Derby's own bulk import" : "JDBC batches")
                    + " of the same rows (CSV already written, parsing excluded).");
            out.println();
            queries.print(out);
        } finally {
            if (dir == null) deleteTree(work);
        }
        return ExitCodes.OK;
    }

    /**
     * Times statistics and Top-N on the imported run: from the summaries stored at import (the first
     * call pays for loading classes and compiling statements, so it is timed again), and computed
     * from the rows of a window that spans the whole run.
     */
    private static TextTable queries(Repository repo, long rows, String run) {
        RunStatistics statistics = new RunStatistics(repo);
        TextTable t = new TextTable("QUERY ON THE IMPORTED RUN", "ROWS", "RESULTS", "SECONDS", "AGAIN").right(1, 2, 3, 4);
        StatsRequest all = StatsRequest.all(run);
        timed(t, "stats RUN (stored at import)", rows, () -> statistics.stats(all).size(), true);
        StatsRequest usr = new StatsRequest(run, List.of("mpstat"), List.of("%usr"), List.of(), TimeWindow.ALL, false);
        timed(t, "top RUN --metric %usr --by p95 -n 10 (stored)", rows, () -> statistics.top(usr, Statistic.P95, 10, false).size(),
                true);
        TimeWindow whole = new TimeWindow(new RunCatalog(repo).run(run).start(), null);
        StatsRequest windowed = new StatsRequest(run, List.of(), List.of(), List.of(), whole, false);
        timed(t, "stats RUN --from 0 (computed from the rows)", rows, () -> statistics.stats(windowed).size(), false);
        return t;
    }

    private static void timed(TextTable t, String query, long rows, IntSupplier run, boolean again) {
        long t0 = System.nanoTime();
        int results = run.getAsInt();
        double first = seconds(t0);
        String second = "";
        if (again) {
            long t1 = System.nanoTime();
            run.getAsInt();
            second = String.format("%.3f", seconds(t1));
        }
        t.add(query, rows, results, String.format("%.3f", first), second);
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    private static long parse(Parser parser, Path input, RowCountingSink sink) throws IOException {
        try (InputStream in = Files.newInputStream(input); LineSource lines = LineSource.of(input.getFileName().toString(), in)) {
            parser.parse(lines, ParseContext.simple(input.getFileName().toString()), sink);
        }
        sink.close();
        return sink.rows();
    }

    private abstract static class RowCountingSink implements RecordSink {
        long rows;

        long rows() {
            return rows;
        }

        void close() throws IOException {
        }

        @Override
        public void dataset(DatasetSpec spec) {
        }

        @Override
        public void summary(SummaryValue value) {
        }

        @Override
        public void fact(Fact fact) {
        }

        @Override
        public void warning(long line, String message) {
        }

        @Override
        public void notice(long line, String message) {
        }

        @Override
        public void variant(String variant) {
        }
    }

    private static final class CountingSink extends RowCountingSink {
        @Override
        public void row(DatasetSpec spec, Row row) {
            if (spec.name().isEmpty()) rows++;
        }
    }

    /** Writes the main data set's rows in the column order of a statlens data table, for SYSCS_IMPORT_TABLE. */
    private static final class CsvSink extends RowCountingSink {
        private final BufferedWriter w;
        private Instant start;

        CsvSink(Path csv) throws IOException {
            w = Files.newBufferedWriter(csv, StandardCharsets.UTF_8);
        }

        @Override
        public void row(DatasetSpec spec, Row row) {
            if (!spec.name().isEmpty()) return;
            if (start == null) start = row.time();
            rows++;
            StringBuilder sb = new StringBuilder(160);
            sb.append("1,").append(row.sample()).append(',')
                    .append(Repository.timestamp(row.time())).append(',')
                    .append((row.time().toEpochMilli() - start.toEpochMilli()) / 1000.0).append(",\"")
                    .append(row.key()).append("\",").append(row.sinceBoot());
            for (double v : row.values()) sb.append(',').append(Double.isNaN(v) ? "" : Double.toString(v));
            try {
                w.write(sb.append('\n').toString());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        void close() throws IOException {
            w.close();
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}
