package io.statlens.store.load;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.statlens.analysis.MetricStats;
import io.statlens.analysis.RunStatistics;
import io.statlens.analysis.StatsRequest;
import io.statlens.model.UserException;
import io.statlens.store.schema.DataTables;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.stats.SeriesStats;
import io.statlens.store.read.TimeWindow;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
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
 * stays, and when fuzzing every seed (each corpus file's first 4 KiB) stays with it, so that an input's tables are
 * mostly there already and a delete drops only what the input added (creating and dropping tables and views is most of
 * a small input's cost on Derby). {@link #importIntoKnownTables} imports only the inputs that fit those tables.
 */
class ImportFuzzTest {
    private static final ParserCatalog CATALOG = ParserCatalog.load(Path.of("no-user-parsers"));
    private static final List<String> TOOLS = CATALOG.all().stream().map(p -> p.info().tool()).toList();
    private static final AtomicLong RUNS = new AtomicLong();
    /** The inputs {@link #importIntoKnownTables} passed over, said when the JVM ends (the share shows what it covers). */
    private static final AtomicLong PASSED_OVER = new AtomicLong();
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
    /**
     * The runs there are now, counted once and then kept by the imports and deletes, against which a refused import is
     * counted; and, for {@link #importIntoKnownTables}, the size of the metric catalog as the previous input left it
     * (checked then). Counting both before every input was a tenth of the target's CPU.
     */
    private static long knownRuns = -1;
    private static long knownCatalog = -1;
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
            if (System.getenv("JAZZER_FUZZ") != null) {
                anchor(opened);
                Runtime.getRuntime().addShutdownHook(new Thread(() -> System.err.println("import fuzz: "
                        + (RUNS.get() - PASSED_OVER.get()) + " inputs imported or refused, " + PASSED_OVER.get() + " passed over (new tables or columns)")));
            }
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

    /**
     * Imports the first 4 KiB of every corpus file, as the fuzz run's seeds have them (with detection), each as a run
     * of its own that stays: the tables and columns of every seed are there before the first input.
     */
    private static void anchor(Repository repo) throws IOException {
        List<Path> seeds;
        try (Stream<Path> all = Files.walk(Path.of("src/test/resources/corpus"))) {
            seeds = all.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().equals("SOURCES.tsv")
                    && !f.toString().endsWith(".expected")).sorted().toList();
        }
        for (Path seed : seeds) {
            byte[] bytes = Files.readAllBytes(seed);
            Path file = Files.write(Files.createTempFile("import-fuzz-anchor", ".txt"), Arrays.copyOf(bytes, Math.min(bytes.length, 4095)));
            try {
                new ImportService(repo, CATALOG).run(ImportRequest.of("anchor-" + seed.getParent().getFileName() + "-"
                        + seed.getFileName(), ZoneOffset.UTC, file), ImportProgress.NONE);
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
        Files.write(INPUT, Arrays.copyOfRange(input, 1, input.length));
        importAndCheck(tool(input), false, catalogSize());
    }

    /**
     * The same import and checks as {@link #importAnything} for the inputs that fit the tables as they are: the import
     * runs with the tables' shapes kept ({@link io.statlens.store.schema.DataTables#keepShapes}), and an input whose
     * parse announces a table or a label the repository does not hold yet is refused by the store at that header and
     * passed over (undone as any refused import is, and checked the same way: no run left, the catalog as it was; its
     * parse up to that header ran; {@link #importAnything} and ParserFuzzTest cover the rest). No input then changes a
     * table's columns, so Derby never compiles its statements afresh (45 % of {@link #importAnything}'s CPU), and the
     * catalog must be exactly as it was after each input. The import tells the fit itself: planning and parsing each
     * input beforehand to find out was a second parse of every input. The way to many inputs through the store on one
     * machine: it runs until {@code -Dfuzz.runs} inputs, or a day.
     */
    @FuzzTest(maxDuration = "24h")
    void importIntoKnownTables(byte[] input) throws IOException {
        if (input.length == 0) return;
        Files.write(INPUT, Arrays.copyOfRange(input, 1, input.length));
        // the catalog as the previous input left it, checked then: nothing changes it between two inputs
        if (knownCatalog < 0) knownCatalog = catalogSize();
        if (!importAndCheck(tool(input), true, knownCatalog)) checkCatalog(knownCatalog, "imported into the tables it found");
    }

    /**
     * Imports the input file ({@link #INPUT}), checks the finished run and deletes it (in batches).
     *
     * @param keepShapes whether the import may only write into the tables and columns there are (an input that needs
     *                   another is passed over)
     * @param catalog the size of the metric catalog before the input (read once by the caller, which may check it after)
     * @return whether the metric catalog was checked after the input (refused, or its batch deleted): the caller need not
     *         count it again
     */
    private static boolean importAndCheck(Optional<String> tool, boolean keepShapes, long catalog) {
        if (knownRuns < 0) knownRuns = runCount();
        if (UNDELETED.isEmpty()) catalogBeforeBatch = catalog;
        String run = "fuzz-" + RUNS.incrementAndGet();
        repo.tables().keepShapes(keepShapes);
        try {
            new ImportService(repo, CATALOG).run(request(run, tool), ImportProgress.NONE);
        } catch (UserException refused) {
            // exit code 1 with a reason: allowed, and undone
            if (runCount() != knownRuns) throw new AssertionError("a refused import left its run: " + refused.getMessage());
            checkCatalog(catalog, "refused");
            return true;
        } catch (DataTables.ShapeChangeRefused newTableOrColumn) {
            // undone as a refused import is, and checked the same way
            if (runCount() != knownRuns) {
                throw new AssertionError("an import refused for a new table or column left its run: " + newTableOrColumn.getMessage());
            }
            checkCatalog(catalog, "refused for a new table or column");
            PASSED_OVER.incrementAndGet();
            return true;
        } finally {
            repo.tables().keepShapes(false);
        }
        knownRuns++;
        RunStatistics statistics = new RunStatistics(repo);
        checkStatistics(statistics, StatsRequest.all(run));
        checkStatistics(statistics, new StatsRequest(run, List.of(), List.of(), List.of(), TimeWindow.ALL, true));
        UNDELETED.add(run);
        if (UNDELETED.size() < BATCH) return false;
        List<String> batch = List.copyOf(UNDELETED);
        UNDELETED.clear();
        new RunLedger(repo).deleteRuns(batch);
        knownRuns -= batch.size();
        checkCatalog(catalogBeforeBatch, BATCH == 1 ? "imported and deleted"
                : "imported and deleted with the other runs of its batch (" + String.join(", ", batch) + ")");
        return true;
    }

    /** The tool the first byte chooses ({@code --tool}), or detection when it chooses 0. */
    private static Optional<String> tool(byte[] input) {
        int choice = Byte.toUnsignedInt(input[0]) % (TOOLS.size() + 1);
        return choice == 0 ? Optional.empty() : Optional.of(TOOLS.get(choice - 1));
    }

    /** The import of the input file as {@code statlens import [--tool TOOL] FILE --run RUN} asks for it. */
    private static ImportRequest request(String run, Optional<String> tool) {
        return new ImportRequest(List.of(INPUT), run, Optional.empty(), List.of(),
                tool, Optional.empty(), Optional.empty(), ZoneOffset.UTC, false, false, false);
    }

    /**
     * The checks' own counts, prepared once: a statement given as text ({@code Statement.executeQuery(String)}) is parsed
     * by Jazzer's SQL injection sanitizer on a thread of its own, made for each call, which was most of the time an input
     * took besides the import itself under Jazzer; a prepared statement's execution is not parsed again. The import's
     * own statements are checked by the sanitizer as before.
     */
    private static final PreparedStatement COUNT_RUNS = prepare("SELECT COUNT(*) FROM RUNS");
    private static final PreparedStatement COUNT_METRICS = prepare("SELECT COUNT(*) FROM METRICS");

    private static PreparedStatement prepare(String sql) {
        try {
            return repo.connection().prepareStatement(sql);
        } catch (SQLException e) {
            throw new AssertionError("cannot prepare " + sql + ": " + e.getMessage(), e);
        }
    }

    private static long runCount() {
        try (ResultSet rs = COUNT_RUNS.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new AssertionError("cannot count the runs: " + e.getMessage(), e);
        }
    }

    /** The metric columns of every table: a refused import undoes those it added, and deleting its run drops them. */
    private static long catalogSize() {
        try (ResultSet rs = COUNT_METRICS.executeQuery()) {
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
