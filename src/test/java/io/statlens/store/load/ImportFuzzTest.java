package io.statlens.store.load;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.statlens.analysis.MetricStats;
import io.statlens.analysis.RunStatistics;
import io.statlens.analysis.StatsRequest;
import io.statlens.model.UserException;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.stats.SeriesStats;
import io.statlens.store.read.TimeWindow;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * {@code statlens import} of any bytes ends with an import or a {@link UserException} (exit 0 or 1),
 * never another exception (exit 2): the parsers' fuzz targets check what parsers hand on; this one
 * checks that the repository takes it (names, values and times within what it holds) and that the
 * finished run reads back: its stored statistics and those computed from every stored row (since-boot
 * samples included) are each empty (NaN) or finite and in order (mean and percentiles within min and max), so an
 * overflowing statistic or an infinity in a data block (issue 31) fails the input. The first byte
 * chooses the parser ({@code --tool}) or, when 0, detection; the rest is the file. One in-memory
 * repository serves every input; each run is deleted after its checks (while fuzzing, {@link #BATCH} runs at a time),
 * which keeps it small and checks that deleting leaves no column behind that no run uses: the metric catalog is as it
 * was before the input, or its batch, whether the import was refused (undone) or done and deleted (issue 31 item 2). The warm-up run
 * stays, and when fuzzing one seed per tool stays with it, so that an input's tables are mostly there already
 * and a delete drops only what the input added (creating and dropping tables and views is most of a small
 * input's cost on Derby).
 */
class ImportFuzzTest {
    private static final ParserCatalog CATALOG = ParserCatalog.load(Path.of("no-user-parsers"));
    private static final List<String> TOOLS = CATALOG.all().stream().map(p -> p.info().tool()).toList();
    private static final AtomicLong RUNS = new AtomicLong();
    /**
     * How many imported runs are deleted together: one in the normal test run (each saved input is checked whole); while
     * fuzzing, a batch, so that the columns an input added are still there for the next inputs (mutations of the same
     * seed print the same labels) and are dropped once per batch: a change of a table's columns makes Derby compile
     * every later statement of its transaction afresh, which was about half of this target's CPU in a profile.
     */
    private static final int BATCH = System.getenv("JAZZER_FUZZ") != null ? 32 : 1;
    /** The runs imported and checked, not deleted yet, and the size of the metric catalog before the first of them. */
    private static final List<String> UNDELETED = new java.util.ArrayList<>();
    private static long catalogBeforeBatch;
    /** The one file every input is written to, made once for the session rather than once per input. */
    private static final Path INPUT = inputFile();
    /**
     * Opened, and a first import done, before the first input: creating the repository and loading the import's
     * classes takes seconds, which libFuzzer would count against that input as a hang.
     */
    private static final Repository repo = warmedUp();

    private static Repository warmedUp() {
        Repository opened = Repository.open(RepositoryLocation.memory("import-fuzz"));
        try {
            Path file = Files.writeString(Files.createTempFile("import-fuzz", ".txt"), """
                    procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----
                     r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st
                     1  0      0 2794716 295968 312724    0    0     1     3   29   57  0  0 99  0  0
                     1  0      0 2794716 295968 312724    0    0     1     3   29   57  0  0 98  0  0
                    """);
            new ImportService(opened, CATALOG).run(ImportRequest.of("warm-up", ZoneOffset.UTC, file), ImportProgress.NONE);
            Files.delete(file);
            if (System.getenv("JAZZER_FUZZ") != null) anchor(opened);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return opened;
    }

    private static Path inputFile() {
        try {
            Path dir = Files.createTempDirectory("import-fuzz");
            dir.toFile().deleteOnExit();
            Path file = dir.resolve("input.txt");
            file.toFile().deleteOnExit();
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Imports the first 4 KiB of the first file of each tool's corpus folder, as the fuzz run's seeds have them. */
    private static void anchor(Repository repo) throws IOException {
        List<Path> folders;
        try (Stream<Path> all = Files.list(Path.of("src/test/resources/corpus"))) {
            folders = all.filter(Files::isDirectory).sorted().toList();
        }
        for (Path folder : folders) {
            Optional<Path> first;
            try (Stream<Path> files = Files.list(folder)) {
                first = files.filter(f -> !f.getFileName().toString().equals("SOURCES.tsv") && !f.toString().endsWith(".expected"))
                        .sorted().findFirst();
            }
            if (first.isEmpty()) continue;
            byte[] bytes = Files.readAllBytes(first.get());
            Path file = Files.write(Files.createTempFile("import-fuzz-anchor", ".txt"), Arrays.copyOf(bytes, Math.min(bytes.length, 4095)));
            try {
                new ImportService(repo, CATALOG).run(ImportRequest.of("anchor-" + folder.getFileName(), ZoneOffset.UTC, file),
                        ImportProgress.NONE);
            } catch (UserException cut) {
                // a seed cut at 4 KiB that no longer reads: its tool's tables are made by the inputs instead
            } finally {
                Files.delete(file);
            }
        }
    }

    @FuzzTest(maxDuration = "30m")
    void importAnything(byte[] input) throws IOException {
        if (input.length == 0) return;
        long catalog = catalogSize();
        if (UNDELETED.isEmpty()) catalogBeforeBatch = catalog;
        int choice = Byte.toUnsignedInt(input[0]) % (TOOLS.size() + 1);
        Optional<String> tool = choice == 0 ? Optional.empty() : Optional.of(TOOLS.get(choice - 1));
        String run = "fuzz-" + RUNS.incrementAndGet();
        try {
            Files.write(INPUT, Arrays.copyOfRange(input, 1, input.length));
            ImportRequest request = new ImportRequest(List.of(INPUT), run, Optional.empty(), List.of(),
                    tool, Optional.empty(), Optional.empty(), ZoneOffset.UTC, false, false, false);
            new ImportService(repo, CATALOG).run(request, ImportProgress.NONE);
        } catch (UserException refused) {
            // exit code 1 with a reason: allowed, and undone
            checkCatalog(catalog, "refused");
            return;
        }
        RunStatistics statistics = new RunStatistics(repo);
        checkStatistics(statistics, StatsRequest.all(run));
        checkStatistics(statistics, new StatsRequest(run, List.of(), List.of(), List.of(), TimeWindow.ALL, true));
        UNDELETED.add(run);
        if (UNDELETED.size() < BATCH) return;
        List<String> batch = List.copyOf(UNDELETED);
        UNDELETED.clear();
        new RunLedger(repo).deleteRuns(batch);
        checkCatalog(catalogBeforeBatch, BATCH == 1 ? "imported and deleted"
                : "imported and deleted with the other runs of its batch (" + String.join(", ", batch) + ")");
    }

    /** The metric columns of every table: a refused import undoes those it added, and deleting its run drops them. */
    private static long catalogSize() {
        try (Statement s = repo.connection().createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM METRICS")) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new AssertionError("cannot read the metric catalog: " + e.getMessage(), e);
        }
    }

    private static void checkCatalog(long before, String what) {
        long after = catalogSize();
        if (after != before) {
            throw new AssertionError("the metric catalog held " + before + " columns before the input and " + after
                    + " once it was " + what + ": columns no run uses were left behind");
        }
    }

    private static void checkStatistics(RunStatistics statistics, StatsRequest request) {
        List<MetricStats> all;
        try {
            all = statistics.stats(request);
        } catch (UserException nothingToSummarise) {
            return;
        }
        for (MetricStats m : all) {
            SeriesStats s = m.stats();
            boolean ordered = s.n() > 0 && Double.isFinite(s.min()) && Double.isFinite(s.max()) && Double.isFinite(s.mean())
                    && within(s.mean(), s) && finiteOrEmpty(s.stddev())
                    && within(s.p50(), s) && within(s.p90(), s) && within(s.p95(), s) && within(s.p99(), s);
            if (!ordered) {
                throw new AssertionError((request.sinceBoot() ? "computed" : "stored") + " statistics of " + m.dataset()
                        + " " + m.key() + " " + m.label() + " are not finite or not in order: " + s);
            }
        }
    }

    private static boolean finiteOrEmpty(double v) {
        return Double.isNaN(v) || Double.isFinite(v) && v >= 0;
    }

    /** Empty, or between min and max give or take rounding (a mean of three 0.1 is 0.10000000000000002). */
    private static boolean within(double v, SeriesStats s) {
        double slack = 1e-9 * Math.max(Math.abs(s.min()), Math.abs(s.max()));
        return Double.isNaN(v) || v >= s.min() - slack && v <= s.max() + slack;
    }
}
