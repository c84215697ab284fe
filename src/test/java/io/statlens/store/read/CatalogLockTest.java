package io.statlens.store.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.statlens.parse.ParserCatalog;
import io.statlens.store.OnEveryEngine;
import io.statlens.store.RepositoryEngine;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.model.UserException;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import io.statlens.store.stats.StoredStats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run list ({@code statlens runs}, the GUI's), a run's details ({@code statlens show}, the dashboard's) and the
 * selection of its data sets ({@code stats}, {@code export}, {@code chart}, {@code report}) read while a collector
 * commits: its commit updates its files' and data sets' rows, then its run's. A reader that holds the run's row while
 * it waits for the others closes a cycle; Derby undoes the reader (it holds fewer locks), and the read starts over
 * instead of failing as "the repository is busy". PostgreSQL's readers do not wait for rows.
 */
@OnEveryEngine
class CatalogLockTest {
    private final RepositoryEngine engine;

    @TempDir
    Path dir;

    CatalogLockTest(RepositoryEngine engine) {
        this.engine = engine;
    }

    @Test
    void theRunListIsReadWhileACollectCommits() throws Exception {
        assertEquals(List.of("bench"), whileACollectCommits(reader -> new RunCatalog(reader).runs().stream()
                .map(RunCatalog.RunInfo::name).toList()));
    }

    @Test
    void aRunsDetailsAreReadWhileACollectCommits() throws Exception {
        assertEquals(List.of("vmstat"), whileACollectCommits(reader -> new RunCatalog(reader).details("bench").datasets().stream()
                .map(RunCatalog.DatasetInfo::qualifiedName).toList()));
    }

    @Test
    void theFilesWhoseTimesWereDerivedAreReadWhileACollectCommits() throws Exception {
        assertEquals(List.of(List.of("vmstat")), whileACollectCommits(reader -> new RunCatalog(reader).derivedTimes("bench").stream()
                .map(RunCatalog.DerivedTimes::datasets).toList()));
    }

    @Test
    void aViewOfRunsAndDataSetsIsQueriedWhileACollectCommits() throws Exception {
        assertEquals(List.of(List.of("bench", "vmstat")), whileACollectCommits(reader -> {
            List<List<Object>> rows = new java.util.ArrayList<>();
            new ReadOnlyQuery(reader).run("SELECT RUN, TOOL FROM V_DATASETS WHERE RUN = 'bench'", new ReadOnlyQuery.Handler() {
                @Override
                public void columns(List<String> names, List<Boolean> numeric) {
                }

                @Override
                public void row(List<Object> values) {
                    rows.add(values);
                }
            });
            return rows;
        }));
    }

    @Test
    void aQueryThatStartsOverHasWhatIsLeftOfItsTimeLimitNotANewOne() throws Exception {
        // PostgreSQL's readers do not wait for a writer's rows; a client of the Derby network server cannot interrupt
        // the server's wait for a lock, which only Derby's lock timeout (60 s) ends
        assumeTrue(engine == RepositoryEngine.DERBY, "embedded Derby only");
        RepositoryLocation location = engine.freshRepository();
        try (Repository writer = Repository.open(location, true); Repository reader = Repository.open(location, false)) {
            importOneRun(writer);
            Connection w = writer.connection();
            execute(w, "CALL SYSCS_UTIL.SYSCS_SET_DATABASE_PROPERTY('derby.locks.deadlockTimeout', '2')");
            w.commit();
            // a commit that never ends: the first try is undone to settle the deadlock (after 2 s), the second waits
            // for the writer's rows until the time limit, which counts from the first try's start
            execute(w, "UPDATE SOURCE_FILES SET ROW_COUNT = ROW_COUNT");
            execute(w, "UPDATE DATASETS SET LAST_TS = LAST_TS");
            long start = System.nanoTime();
            CompletableFuture<UserException> reading = CompletableFuture.supplyAsync(() -> assertThrows(UserException.class,
                    () -> new ReadOnlyQuery(reader).run("SELECT RUN, TOOL FROM V_DATASETS WHERE RUN = 'bench'", Map.of(),
                            new ReadOnlyQuery.Handler() {
                                @Override
                                public void columns(List<String> names, List<Boolean> numeric) {
                                }

                                @Override
                                public void row(List<Object> values) {
                                }
                            }, new ReadOnlyQuery.Limits(5, 0), null)));
            Thread.sleep(1_000);
            execute(w, "UPDATE RUNS SET HOST = HOST");
            UserException stopped = reading.get(60, TimeUnit.SECONDS);
            double seconds = (System.nanoTime() - start) / 1e9;
            w.rollback();
            assertTrue(stopped.getMessage().contains("time limit of 5 s"), stopped.getMessage());
            // a new limit for the second try would end it 5 s after that try's start, at 7 s or later
            assertTrue(seconds < 6.8, "the query ended " + seconds + " s after its start");
        }
    }

    @Test
    void aRunsDataSetsAreSelectedWhileACollectCommits() throws Exception {
        assertEquals(List.of("vmstat"), whileACollectCommits(reader -> new SeriesReader(reader).selectAll("bench").stream()
                .map(SeriesReader.Selection::dataset).toList()));
    }

    @Test
    void theStoredStatisticsOfADataSetAreReadWhileACollectWritesThem() throws Exception {
        // the commit updates its data sets' rows, then writes their statistics again; the statement that reads them joins
        // the statistics to their data sets: it waits for the commit, and holds nothing the commit waits for
        assertEquals(List.of("vmstat"), whileACollectCommits(List.of("UPDATE DATASETS SET LAST_TS = LAST_TS"),
                List.of("UPDATE DATASET_STATS SET N = N"), reader -> new StoredStats(reader).datasets(new RunCatalog(reader)
                        .datasets(new RunCatalog(reader).id("bench")).stream().map(RunCatalog.DatasetInfo::id).toList())
                .stream().map(StoredStats.Entry::dataset).distinct().toList()));
    }

    /**
     * What {@code read} returns on a second connection, started between the two halves of a collect's commit: its files'
     * and data sets' rows first, its run's last.
     */
    private <T> T whileACollectCommits(Function<Repository, T> read) throws Exception {
        return whileACollectCommits(List.of("UPDATE SOURCE_FILES SET ROW_COUNT = ROW_COUNT", "UPDATE DATASETS SET LAST_TS = LAST_TS"),
                List.of("UPDATE RUNS SET HOST = HOST"), read);
    }

    private <T> T whileACollectCommits(List<String> first, List<String> then, Function<Repository, T> read) throws Exception {
        RepositoryLocation location = engine.freshRepository();
        try (Repository writer = Repository.open(location, true); Repository reader = Repository.open(location, false)) {
            importOneRun(writer);
            Connection w = writer.connection();
            // Derby looks for a deadlock after 20 s of waiting unless told otherwise
            if (engine != RepositoryEngine.POSTGRES) execute(w, "CALL SYSCS_UTIL.SYSCS_SET_DATABASE_PROPERTY('derby.locks.deadlockTimeout', '2')");
            w.commit();
            // a collector's commit in progress: the rows it updates first...
            for (String sql : first) execute(w, sql);
            CompletableFuture<T> reading = CompletableFuture.supplyAsync(() -> read.apply(reader));
            Thread.sleep(1_000);
            // ...then the others, while the reader waits for the first ones
            for (String sql : then) execute(w, sql);
            w.commit();
            return reading.get(60, TimeUnit.SECONDS);
        }
    }

    /** Run {@code bench}: one vmstat file. */
    private void importOneRun(Repository writer) throws Exception {
        Path vmstat = Files.writeString(dir.resolve("vmstat.txt"), """
                procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----
                 r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st
                 1  0      0 2794716 295968 312724    0    0     1     3   29   57  0  0 99  0  0
                 1  0      0 2794716 295968 312724    0    0     1     3   29   57  0  0 98  0  0
                """);
        new ImportService(writer, ParserCatalog.load(dir.resolve("no-user-parsers"))).run(
                ImportRequest.of("bench", ZoneOffset.UTC, vmstat), ImportProgress.NONE);
    }

    private static void execute(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }
}
