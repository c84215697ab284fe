package io.statlens.bench;

import io.statlens.analysis.RunStatistics;
import io.statlens.analysis.Statistic;
import io.statlens.analysis.StatsRequest;
import io.statlens.model.DatasetSpec;
import io.statlens.model.Fact;
import io.statlens.model.Row;
import io.statlens.model.SummaryValue;
import io.statlens.parse.ParserCatalog;
import io.statlens.parse.spi.DerivedTimes;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.RecordSink;
import io.statlens.store.load.DerbyImportBaseline;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.read.TimeWindow;
import io.statlens.store.schema.DataTable;
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
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntSupplier;

/**
 * {@code statlens bench}: on generated {@code mpstat -P ALL} output, times parsing alone, statlens' import
 * (parsing included) and Derby's own {@code SYSCS_IMPORT_TABLE} of the same rows from CSV; then statistics
 * and Top-N on the imported run, stored and computed.
 */
public final class ImportBench {
    private static final String RUN = "bench";

    private ImportBench() {
    }

    /** One timed step over all rows. */
    public record Step(long rows, double seconds) {
        public double rowsPerSecond() {
            return rows / seconds;
        }
    }

    /**
     * One timed query on the imported run.
     *
     * @param againSeconds the time of a second call (statements compiled, classes loaded), NaN when not repeated
     */
    public record Query(String name, long rows, int results, double seconds, double againSeconds) {
    }

    /** @param baseline Derby's own bulk import of the same rows from CSV (CSV already written, parsing excluded) */
    public record Result(Step parse, Step importing, Step baseline, List<Query> queries) {
    }

    /**
     * @param work  a folder for the repositories and the CSV file
     * @param input the generated mpstat output
     */
    public static Result run(Path work, Workload input) throws IOException {
        Parser mpstat = ParserCatalog.installed().byTool("mpstat")
                .orElseThrow(() -> new IllegalStateException("the mpstat parser is not installed"));
        Path csv = work.resolve("rows.csv");
        long t0 = System.nanoTime();
        long parsed = parse(mpstat, input.file(), new CountingSink());
        Step parse = new Step(parsed, seconds(t0));
        parse(mpstat, input.file(), new CsvSink(csv));

        Step importing;
        DataTable table;
        List<Query> queries;
        try (Repository repo = Repository.open(RepositoryLocation.embedded(work.resolve("repo-import")))) {
            long t1 = System.nanoTime();
            long imported = new ImportService(repo, new ParserCatalog(List.of(mpstat)))
                    .run(ImportRequest.of(RUN, ZoneOffset.UTC, input.file()), ImportProgress.NONE).rows();
            importing = new Step(imported, seconds(t1));
            table = repo.tables().table("MPSTAT").orElseThrow();
            queries = queries(repo, imported);
        }

        Step baseline;
        try (Repository repo = Repository.open(RepositoryLocation.embedded(work.resolve("repo-baseline")))) {
            long t2 = System.nanoTime();
            long rows = DerbyImportBaseline.importCsv(repo, table, "MPSTAT_BASELINE", csv);
            baseline = new Step(rows, seconds(t2));
        }
        return new Result(parse, importing, baseline, queries);
    }

    /**
     * Times statistics and Top-N on the imported run: from the summaries stored at import (the first
     * call pays for loading classes and compiling statements, so it is timed again), and computed
     * from the rows of a window that spans the whole run.
     */
    private static List<Query> queries(Repository repo, long rows) {
        RunStatistics statistics = new RunStatistics(repo);
        List<Query> out = new ArrayList<>();
        StatsRequest all = StatsRequest.all(RUN);
        out.add(timed("stats RUN (stored at import)", rows, () -> statistics.stats(all).size(), true));
        StatsRequest usr = new StatsRequest(RUN, List.of("mpstat"), List.of("%usr"), List.of(), TimeWindow.ALL, false);
        out.add(timed("top RUN --metric %usr --by p95 -n 10 (stored)", rows,
                () -> statistics.top(usr, Statistic.P95, 10, false).size(), true));
        TimeWindow whole = new TimeWindow(new RunCatalog(repo).run(RUN).start(), null);
        StatsRequest windowed = new StatsRequest(RUN, List.of(), List.of(), List.of(), whole, false);
        out.add(timed("stats RUN --from 0 (computed from the rows)", rows, () -> statistics.stats(windowed).size(), false));
        return out;
    }

    private static Query timed(String query, long rows, IntSupplier run, boolean again) {
        long t0 = System.nanoTime();
        int results = run.getAsInt();
        double first = seconds(t0);
        double second = Double.NaN;
        if (again) {
            long t1 = System.nanoTime();
            run.getAsInt();
            second = seconds(t1);
        }
        return new Query(query, rows, results, first, second);
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
        public void derivedTimes(DerivedTimes times) {
            // the benchmark's context starts undated output at a fixed time: nothing is placed later
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
