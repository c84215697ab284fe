package io.statlens.bench;

import io.statlens.analysis.RunStatistics;
import io.statlens.analysis.Statistic;
import io.statlens.analysis.StatsRequest;
import io.statlens.model.DatasetSpec;
import io.statlens.model.Row;
import io.statlens.parse.ParserCatalog;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.read.ReadOnlyQuery;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.read.TimeWindow;
import io.statlens.store.DataTable;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * {@code statlens bench}: on generated {@code mpstat -P ALL} output, measures parsing alone, statlens' import
 * (parsing included) and Derby's own {@code SYSCS_IMPORT_TABLE} of the same rows from CSV, in turn (A/B/C/A/B/C...);
 * then, on the imported run, statistics and Top-N from the summaries stored at import, and windowed statistics
 * computed from the rows against the same aggregates in one SQL {@code GROUP BY}, likewise in turn.
 */
public final class ImportBench {
    private static final String RUN = "bench";
    public static final String PARSE = "parse only";
    public static final String IMPORT = "statlens import (parse + store)";
    public static final String DERBY_IMPORT = "Derby SYSCS_IMPORT_TABLE of CSV";
    /** A window that cuts every data set (it starts a second into the run), so that it is computed from the rows. */
    public static final String WINDOW_STATS = "stats RUN --from 1 (from the rows)";
    /** A window that holds every row: the statistics stored at import answer it. */
    public static final String WHOLE_WINDOW_STATS = "stats RUN --from 0 (whole run: stored)";
    public static final String GROUP_BY = "query: AVG/MIN/MAX ... GROUP BY ITEM";

    private ImportBench() {
    }

    /**
     * @param importing the import steps: parse only, statlens' import, Derby's bulk import of the CSV
     * @param queries   the queries on the imported run
     */
    public record Result(List<Samples> importing, List<Samples> queries) {
        public Samples importStep(String name) {
            return find(importing, name);
        }

        public Samples query(String name) {
            return find(queries, name);
        }

        private static Samples find(List<Samples> in, String name) {
            return in.stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
        }
    }

    /**
     * @param work        a folder for the repositories and the CSV file
     * @param input       the generated mpstat output
     * @param repetitions runs of each step
     * @param progress    told after every run
     */
    /** The repository the last import is kept in, for the queries (and, by the bench, for start-up's {@code runs}). */
    public static Path keptRepository(Path work) {
        return work.resolve("repo-import");
    }

    public static Result run(Path work, Workload input, int repetitions, Consumer<String> progress) throws Exception {
        Parser mpstat = ParserCatalog.installed().byTool("mpstat")
                .orElseThrow(() -> new IllegalStateException("the mpstat parser is not installed"));
        Path csv = work.resolve("rows.csv");
        parse(mpstat, input.file(), new CsvSink(csv));
        Path kept = keptRepository(work);
        DataTable[] table = new DataTable[1];
        List<Samples> importing = Alternation.run(repetitions, List.of(
                new Alternation.Step(PARSE, r -> Stopwatch.measure(() -> parse(mpstat, input.file(), new CountingSink()))),
                new Alternation.Step(IMPORT, r -> {
                    // every run into a fresh repository, created before the clock starts; the last one is kept for the queries
                    Path at = r == repetitions - 1 ? kept : work.resolve("repo-import-" + r);
                    try (Repository repo = Repository.open(RepositoryLocation.embedded(at))) {
                        Stopwatch.Timed t = Stopwatch.measure(() -> new ImportService(repo, new ParserCatalog(List.of(mpstat)))
                                .run(ImportRequest.of(RUN, ZoneOffset.UTC, input.file()), ImportProgress.NONE).rows());
                        table[0] = repo.tables().table("MPSTAT").orElseThrow();
                        return t;
                    } finally {
                        if (!at.equals(kept)) deleteTree(at);
                    }
                }),
                new Alternation.Step(DERBY_IMPORT, r -> {
                    Path at = work.resolve("repo-baseline-" + r);
                    try (Repository repo = Repository.open(RepositoryLocation.embedded(at))) {
                        return Stopwatch.measure(() -> DerbyImportBaseline.importCsv(repo, table[0], "MPSTAT_BASELINE", csv));
                    } finally {
                        deleteTree(at);
                    }
                })), progress);
        long rows = importing.get(1).count();
        try (Repository repo = Repository.open(RepositoryLocation.embedded(kept))) {
            return new Result(importing, queries(repo, table[0], rows, repetitions, progress));
        }
    }

    /**
     * Statistics and Top-N from the summaries stored at import, statistics of a window spanning the whole run (stored
     * too) and of a window that starts a second into the run, computed from the rows, against what a user would ask in SQL for the same figures (average, minimum and
     * maximum of every metric per key, one {@code GROUP BY}). Each runs {@code repetitions} times, in turn; the
     * first run of each pays for loading classes and compiling statements, which the minimum leaves out.
     */
    private static List<Samples> queries(Repository repo, DataTable table, long rows, int repetitions, Consumer<String> progress)
            throws Exception {
        RunStatistics statistics = new RunStatistics(repo);
        StatsRequest all = StatsRequest.all(RUN);
        StatsRequest usr = new StatsRequest(RUN, List.of("mpstat"), List.of("%usr"), List.of(), TimeWindow.ALL, false);
        Instant start = new RunCatalog(repo).run(RUN).start();
        StatsRequest whole = new StatsRequest(RUN, List.of(), List.of(), List.of(), new TimeWindow(start, null), false);
        StatsRequest windowed = new StatsRequest(RUN, List.of(), List.of(), List.of(), new TimeWindow(start.plusSeconds(1), null), false);
        StringBuilder sql = new StringBuilder("SELECT ITEM");
        for (DataTable.MetricColumn m : table.metrics()) {
            for (String f : List.of("AVG", "MIN", "MAX")) sql.append(", ").append(f).append('(').append(m.column()).append(')');
        }
        sql.append(" FROM ").append(table.name()).append(" GROUP BY ITEM");
        ReadOnlyQuery query = new ReadOnlyQuery(repo);
        return Alternation.run(repetitions, List.of(
                new Alternation.Step("stats RUN (stored at import)", r -> withRows(rows, Stopwatch.measure(() -> statistics.stats(all).size()))),
                new Alternation.Step("top RUN --metric %usr --by p95 -n 10 (stored)",
                        r -> withRows(rows, Stopwatch.measure(() -> statistics.top(usr, Statistic.P95, 10, false).size()))),
                new Alternation.Step(WHOLE_WINDOW_STATS, r -> withRows(rows, Stopwatch.measure(() -> statistics.stats(whole).size()))),
                new Alternation.Step(WINDOW_STATS, r -> withRows(rows, Stopwatch.measure(() -> statistics.stats(windowed).size()))),
                new Alternation.Step(GROUP_BY, r -> withRows(rows, Stopwatch.measure(() -> query.run(sql.toString(), Map.of(),
                        new ReadOnlyQuery.Handler() {
                            @Override
                            public void columns(List<String> names, List<Boolean> numeric) {
                            }

                            @Override
                            public void row(List<Object> values) {
                            }
                        }, ReadOnlyQuery.Limits.NONE, new ReadOnlyQuery.Stop()).rows())))), progress);
    }

    /** A query's count is the run's rows, which it answers about (read or summarized at import), not the results it returned. */
    private static Stopwatch.Timed withRows(long rows, Stopwatch.Timed t) {
        return new Stopwatch.Timed(rows, t.cost());
    }

    /** Copies a directory and all it holds (a closed repository) to a path that does not exist yet. */
    static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(target);
                else Files.copy(p, target);
            }
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }

    /** Writes the rows of the generated input as the CSV file the baselines read (the table's columns, in order). */
    /** Writes the rows the mpstat parser reads from {@code input} as CSV; how many there are. */
    static long writeCsv(Parser mpstat, Path input, Path csv) throws IOException {
        return parse(mpstat, input, new CsvSink(csv));
    }

    private static long parse(Parser parser, Path input, RowCountingSink sink) throws IOException {
        try (InputStream in = Files.newInputStream(input); LineSource lines = LineSource.of(input.getFileName().toString(), in)) {
            parser.parse(lines, ParseContext.simple(input.getFileName().toString()), sink);
        }
        sink.close();
        return sink.rows();
    }

    private static final class CountingSink extends RowCountingSink {
        @Override
        public void row(DatasetSpec spec, Row row) {
            if (spec.name().isEmpty()) rows++;
        }
    }

    /** Writes the main data set's rows in the column order of a statlens data table, for SYSCS_IMPORT_TABLE. */
    private static final class CsvSink extends RowCountingSink {
        /** How Derby reads a TIMESTAMP; the repository keeps UTC wall-clock time. */
        private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSSSSS")
                .withZone(ZoneOffset.UTC);
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
                    .append(TIMESTAMP.format(row.time())).append(',')
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
}
