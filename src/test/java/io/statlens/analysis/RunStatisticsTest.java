package io.statlens.analysis;

import io.statlens.store.OnEveryEngine;
import io.statlens.store.RepositoryEngine;
import io.statlens.model.UserException;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.SharedRepository;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.load.RunLedger;
import io.statlens.store.saved.AnnotationStore;
import io.statlens.store.stats.SeriesStats;
import io.statlens.store.read.TimeWindow;
import io.statlens.store.schema.Repository;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Statistics and Top-N on hand-computable data (scripted parser) and on a real iostat file. Keys:
 * {@code all}, {@code sd2}, {@code sd10}, every 10 s from 1700000000 (2023-11-14T22:13:20Z):
 * <pre>
 * elapsed   all  sd2  sd10   (util)
 *       0     5    1     9
 *      10     6    2     8
 *      20     7    3    10
 *      30     8    4     2
 * </pre>
 * Percentiles interpolate between closest ranks at h = (n - 1) q: for four values p90 is at 2.7.
 */
@OnEveryEngine
class RunStatisticsTest {
    private final RepositoryEngine engine;

    RunStatisticsTest(RepositoryEngine engine) {
        this.engine = engine;
    }

    private static final Path PITBULL = Path.of("src/test/resources/corpus/iostat/mb-pitbull-3.1-de-xm.txt");
    @TempDir
    Path dir;
    private Repository repo;
    private ImportService importer;
    private RunStatistics statistics;

    @RegisterExtension
    static final SharedRepository shared = new SharedRepository();

    @BeforeEach
    void open() {
        repo = shared.repository(engine);
        importer = new ImportService(repo, ParserCatalog.load(dir.resolve("no-parsers")));
        statistics = new RunStatistics(repo);
    }

    private Path disks(String name) throws Exception {
        return Files.writeString(dir.resolve(name), String.join("\n", "#scripted", "columns util await",
                "1700000000 sd10 9 90", "1700000000 all 5 50", "1700000000 sd2 1 10",
                "1700000010 sd10 8 80", "1700000010 all 6 60", "1700000010 sd2 2 20",
                "1700000020 sd10 10 100", "1700000020 all 7 70", "1700000020 sd2 3 30",
                "1700000030 sd10 2 20", "1700000030 all 8 80", "1700000030 sd2 4 40") + "\n");
    }

    private void importDisks(String run) throws Exception {
        importer.run(ImportRequest.of(run, ZoneOffset.UTC, disks("disks.txt")), ImportProgress.NONE);
    }

    private static StatsRequest request(String run, List<String> metrics, List<String> keys, TimeWindow window) {
        return new StatsRequest(run, List.of(), metrics, keys, window, false);
    }

    private long count(String sql) throws SQLException {
        try (Statement s = repo.connection().createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void storedStatisticsAreTheExactOnesPerMetricThenKeyInNumberOrder() throws Exception {
        importDisks("r1");
        List<MetricStats> stats = statistics.stats(StatsRequest.all("r1"));
        assertEquals(List.of("util all", "util sd2", "util sd10", "await all", "await sd2", "await sd10"),
                stats.stream().map(s -> s.label() + " " + s.key()).toList());
        assertStats(new SeriesStats(4, 1, 4, 2.5, Math.sqrt(5.0 / 3), 2.5, 3.7, 3.85, 3.97), stats.get(1).stats());
        SeriesStats sd10 = stats.get(2).stats();
        assertEquals(7.25, sd10.mean(), 1e-12);
        assertEquals(8.5, sd10.p50(), 1e-12);
        assertEquals(9.85, sd10.p95(), 1e-12);
        assertEquals("scripted", stats.get(2).dataset());
        assertEquals("%", stats.get(2).unit());
        assertEquals("Key", stats.get(2).keyLabel());
    }

    @Test
    void aWindowOverTheWholeRunGivesWhatWasStoredWhetherTheRowsAreReadOrNot() throws Exception {
        importDisks("r1");
        List<MetricStats> stored = statistics.stats(StatsRequest.all("r1"));
        TimeWindow whole = new TimeWindow(Instant.ofEpochSecond(1700000000), null);
        // The window holds every row: the stored statistics answer.
        assertSame(stored, statistics.stats(request("r1", List.of(), List.of(), whole)));
        // --since-boot makes the rows be read (the file has no since-boot rows, so they are the same rows).
        assertSame(stored, statistics.stats(new StatsRequest("r1", List.of(), List.of(), List.of(), whole, true)));
        // A window that starts after the first row is computed from the rows.
        List<MetricStats> cut = statistics.stats(request("r1", List.of("util"), List.of("sd2"),
                new TimeWindow(Instant.ofEpochSecond(1700000001), null)));
        assertStats(new SeriesStats(3, 2, 4, 3, 1, 3, 3.8, 3.9, 3.98), cut.get(0).stats());
    }

    private static void assertSame(List<MetricStats> expected, List<MetricStats> actual) {
        assertEquals(expected.size(), actual.size());
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i).key(), actual.get(i).key());
            assertStats(expected.get(i).stats(), actual.get(i).stats());
        }
    }

    private static void assertStats(SeriesStats expected, SeriesStats actual) {
        assertEquals(expected.n(), actual.n());
        double[] x = {expected.min(), expected.max(), expected.mean(), expected.stddev(), expected.p50(), expected.p90(),
                expected.p95(), expected.p99()};
        double[] y = {actual.min(), actual.max(), actual.mean(), actual.stddev(), actual.p50(), actual.p90(), actual.p95(),
                actual.p99()};
        for (int k = 0; k < x.length; k++) assertEquals(x[k], y[k], 1e-12, "statistic " + k + " of " + actual);
    }

    @Test
    void windowsByElapsedIsoTimeAndAnnotationIncludeBothEnds() throws Exception {
        importDisks("r1");
        new AnnotationStore(repo).add("r1", List.of(new AnnotationStore.Note(Instant.ofEpochSecond(1700000010), "warmup done"),
                new AnnotationStore.Note(Instant.ofEpochSecond(1700000020), "checkpoint started")), "note");
        WindowResolver windows = new WindowResolver(repo);
        TimeWindow elapsed = windows.resolve("r1", "10", "20s", ZoneOffset.UTC);
        TimeWindow iso = windows.resolve("r1", "2023-11-14T22:13:30Z", "2023-11-14 22:13:40", ZoneOffset.UTC);
        TimeWindow clock = windows.resolve("r1", "23:13:30", "23:13:40", ZoneOffset.ofHours(1));
        TimeWindow annotated = windows.resolve("r1", "warmup done", "CHECKPOINT", ZoneOffset.UTC);
        TimeWindow expected = new TimeWindow(Instant.ofEpochSecond(1700000010), Instant.ofEpochSecond(1700000020));
        assertEquals(List.of(expected, expected, expected, expected), List.of(elapsed, iso, clock, annotated));

        SeriesStats sd2 = statistics.stats(request("r1", List.of("util"), List.of("sd2"), expected)).get(0).stats();
        assertStats(new SeriesStats(2, 2, 3, 2.5, Math.sqrt(0.5), 2.5, 2.9, 2.95, 2.99), sd2);
        SeriesStats open = statistics.stats(request("r1", List.of("util"), List.of("sd2"),
                windows.resolve("r1", "25", null, ZoneOffset.UTC))).get(0).stats();
        assertEquals(1, open.n());
        assertEquals(4, open.max());
    }

    @Test
    void unknownOrAmbiguousAnnotationsAreListed() throws Exception {
        importDisks("r1");
        new AnnotationStore(repo).add("r1", List.of(new AnnotationStore.Note(Instant.ofEpochSecond(1700000010), "load 1 done"),
                new AnnotationStore.Note(Instant.ofEpochSecond(1700000020), "load 2 done")), "note");
        WindowResolver windows = new WindowResolver(repo);
        UserException ambiguous = assertThrows(UserException.class, () -> windows.resolve("r1", "done", null, ZoneOffset.UTC));
        assertTrue(ambiguous.getMessage().startsWith("--from done: matches 2 annotations; give more of the text"),
                ambiguous.getMessage());
        assertTrue(ambiguous.getMessage().contains("2023-11-14T22:13:40Z (+20 s)  load 2 done"), ambiguous.getMessage());
        UserException unknown = assertThrows(UserException.class, () -> windows.resolve("r1", null, "reboot", ZoneOffset.UTC));
        assertTrue(unknown.getMessage().startsWith("--to reboot: neither a time nor the text of an annotation"),
                unknown.getMessage());
        UserException backwards = assertThrows(UserException.class, () -> windows.resolve("r1", "20", "10", ZoneOffset.UTC));
        assertTrue(backwards.getMessage().startsWith("--to 10 (2023-11-14T22:13:30Z) is before --from 20"),
                backwards.getMessage());
    }

    @Test
    void topRanksKeysByTheStatisticAndLeavesOutTheAggregate() throws Exception {
        importDisks("r1");
        StatsRequest util = request("r1", List.of("util"), List.of(), TimeWindow.ALL);
        assertEquals(List.of("sd10", "sd2"), keys(statistics.top(util, Statistic.P95, 10, false)));
        assertEquals(List.of("sd10"), keys(statistics.top(util, Statistic.MAX, 1, false)));
        assertEquals(List.of("sd2", "sd10"), keys(statistics.top(util, Statistic.AVG, 10, true)));
        StatsRequest withAll = request("r1", List.of("util"), List.of("all", "sd2"), TimeWindow.ALL);
        assertEquals(List.of("all", "sd2"), keys(statistics.top(withAll, Statistic.MIN, 10, false)));
        // in the window 10..20 s sd2 reaches 3 and sd10 falls to 8 at least
        StatsRequest window = request("r1", List.of("util"), List.of(), new TimeWindow(Instant.ofEpochSecond(1700000010),
                Instant.ofEpochSecond(1700000020)));
        assertEquals(List.of("sd10", "sd2"), keys(statistics.top(window, Statistic.MIN, 10, false)));
        assertEquals(8, statistics.top(window, Statistic.MIN, 1, false).get(0).stats().min());
    }

    private static List<String> keys(List<MetricStats> stats) {
        return stats.stream().map(MetricStats::key).toList();
    }

    @Test
    void filtersSayWhatExists() throws Exception {
        importDisks("r1");
        UserException metric = assertThrows(UserException.class,
                () -> statistics.stats(request("r1", List.of("%util"), List.of(), TimeWindow.ALL)));
        assertEquals("no metric '%util' in scripted; metrics: util await", metric.getMessage());
        UserException key = assertThrows(UserException.class,
                () -> statistics.stats(request("r1", List.of(), List.of("sda"), TimeWindow.ALL)));
        assertEquals("no values for key sda; keys: all sd2 sd10", key.getMessage());
        UserException tool = assertThrows(UserException.class,
                () -> statistics.stats(new StatsRequest("r1", List.of("iostat"), List.of(), List.of(), TimeWindow.ALL, false)));
        assertEquals("run 'r1' has no data set 'iostat'; it has: scripted", tool.getMessage());
        UserException empty = assertThrows(UserException.class, () -> statistics.stats(request("r1", List.of(), List.of(),
                new TimeWindow(Instant.ofEpochSecond(1800000000), null))));
        assertTrue(empty.getMessage().startsWith("run 'r1' has no values between 2027-01-15T08:00:00Z and its end"),
                empty.getMessage());
        assertEquals(4, statistics.stats(request("r1", List.of("UTIL"), List.of("sd2"), TimeWindow.ALL)).get(0).stats().n(),
                "a metric may be named by its column");
    }

    @Test
    void twoFilesOfOneDataSetAreMergedExactlyForMomentsAndBySketchForPercentiles() throws Exception {
        importDisks("r1");
        Path later = Files.writeString(dir.resolve("later.txt"), "#scripted\ncolumns util await\n"
                + "1700000040 sd2 5 0\n1700000050 sd2 6 0\n");
        importer.run(ImportRequest.of("r1", ZoneOffset.UTC, later), ImportProgress.NONE);
        SeriesStats sd2 = statistics.stats(request("r1", List.of("util"), List.of("sd2"), TimeWindow.ALL)).get(0).stats();
        assertEquals(6, sd2.n());
        assertEquals(1, sd2.min());
        assertEquals(6, sd2.max());
        assertEquals(3.5, sd2.mean(), 1e-12);
        assertEquals(Math.sqrt(17.5 / 5), sd2.stddev(), 1e-12);
        assertEquals(3.5, sd2.p50(), 0.5, "from the merged digests: within one value of the exact 3.5");
    }

    @Test
    void theSinceBootReportIsLeftOutOfStoredStatisticsAndIncludedOnRequest() throws Exception {
        importer.run(ImportRequest.of("pitbull", ZoneOffset.UTC, PITBULL), ImportProgress.NONE);
        StatsRequest sdb = new StatsRequest("pitbull", List.of("iostat"), List.of("%util"), List.of("sdb"), TimeWindow.ALL,
                false);
        SeriesStats stored = statistics.stats(sdb).get(0).stats();
        assertEquals(60, stored.n(), "61 reports, the first since boot");
        double mean;
        try (Statement s = repo.connection().createStatement(); ResultSet rs = s.executeQuery(
                "SELECT AVG(PCT_UTIL), MAX(PCT_UTIL) FROM V_IOSTAT WHERE RUN = 'pitbull' AND ITEM = 'sdb' AND NOT SINCE_BOOT")) {
            rs.next();
            mean = rs.getDouble(1);
            assertEquals(rs.getDouble(2), stored.max());
        }
        assertEquals(mean, stored.mean(), 1e-9);
        SeriesStats withBoot = statistics.stats(new StatsRequest("pitbull", List.of("iostat"), List.of("%util"), List.of("sdb"),
                TimeWindow.ALL, true)).get(0).stats();
        assertEquals(61, withBoot.n());
        assertEquals(0.31, withBoot.min(), "the since-boot report's 0,31");
    }

    @Test
    void aToolNamesAllItsDataSetsAndAQualifiedNameOne() throws Exception {
        importer.run(ImportRequest.of("pitbull", ZoneOffset.UTC, PITBULL), ImportProgress.NONE);
        List<String> all = statistics.stats(new StatsRequest("pitbull", List.of("iostat"), List.of(), List.of(), TimeWindow.ALL,
                false)).stream().map(MetricStats::dataset).distinct().toList();
        assertEquals(List.of("iostat.cpu", "iostat"), all);
        List<MetricStats> cpu = statistics.stats(new StatsRequest("pitbull", List.of("iostat.cpu"), List.of("%iowait"), List.of(),
                TimeWindow.ALL, false));
        assertEquals(1, cpu.size());
        assertEquals("", cpu.get(0).key());
        List<MetricStats> top = statistics.top(new StatsRequest("pitbull", List.of("iostat"), List.of("%util"), List.of(),
                TimeWindow.ALL, false), Statistic.P95, 3, false);
        assertEquals(List.of("sdb", "sdd", "sdc"), keys(top));
    }

    @Test
    void anExactRequestNamesOnlyThatDataSet() throws Exception {
        importer.run(ImportRequest.of("pitbull", ZoneOffset.UTC, PITBULL), ImportProgress.NONE);
        StatsRequest exact = new StatsRequest("pitbull", List.of("iostat"), List.of(), List.of(), TimeWindow.ALL, false, true);
        assertEquals(List.of("iostat"), statistics.stats(exact).stream().map(MetricStats::dataset).distinct().toList());
        List<MetricStats> iowait = statistics.stats(StatsRequest.ofDataset("pitbull", "iostat.cpu", "%iowait", TimeWindow.ALL));
        assertEquals(1, iowait.size());
        assertEquals("iostat.cpu", iowait.get(0).dataset());
        UserException none = assertThrows(UserException.class,
                () -> statistics.stats(StatsRequest.ofDataset("pitbull", "iost", "%util", TimeWindow.ALL)));
        assertEquals("run 'pitbull' has no data set 'iost'; it has: iostat.cpu, iostat", none.getMessage());
    }

    @Test
    void replacingAFileOrDeletingTheRunRemovesItsStatisticsAndAnnotations() throws Exception {
        importDisks("r1");
        assertEquals(6, count("SELECT COUNT(*) FROM DATASET_STATS"), "3 keys x 2 metrics");
        importer.run(ImportRequest.of("r1", ZoneOffset.UTC, disks("disks.txt")).replacing(), ImportProgress.NONE);
        assertEquals(6, count("SELECT COUNT(*) FROM DATASET_STATS"));
        assertEquals(4, statistics.stats(request("r1", List.of("util"), List.of("sd2"), TimeWindow.ALL)).get(0).stats().n());
        new AnnotationStore(repo).add("r1", List.of(new AnnotationStore.Note(Instant.ofEpochSecond(1700000010), "x")), "note");
        new RunLedger(repo).deleteRun("r1");
        assertEquals(0, count("SELECT COUNT(*) FROM DATASET_STATS"));
        assertEquals(0, count("SELECT COUNT(*) FROM ANNOTATIONS"));
    }

    @Test
    void viewsGiveSqlUsersTheSameAnswers() throws Exception {
        importDisks("r1");
        new AnnotationStore(repo).add("r1", List.of(new AnnotationStore.Note(Instant.ofEpochSecond(1700000012, 500_000_000),
                "warmup done")), "note");
        try (Statement s = repo.connection().createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT DATASET, TABLE_NAME, LABEL, UNIT, N, MIN_V, MAX_V, MEAN_V, P95"
                    + " FROM V_STATS WHERE RUN = 'r1' AND ITEM = 'sd10' AND LABEL = 'util'")) {
                assertTrue(rs.next());
                assertEquals(List.of("scripted", "SCRIPTED", "util", "%"), List.of(rs.getString(1), rs.getString(2),
                        rs.getString(3), rs.getString(4)));
                assertEquals(List.of(4.0, 2.0, 10.0, 7.25, 9.85), List.of((double) rs.getLong(5), rs.getDouble(6),
                        rs.getDouble(7), rs.getDouble(8), Math.round(rs.getDouble(9) * 100) / 100.0));
            }
            try (ResultSet rs = s.executeQuery("SELECT RUN, TS, ELAPSED_S, TEXT, SOURCE FROM V_ANNOTATIONS")) {
                assertTrue(rs.next());
                assertEquals("r1", rs.getString(1));
                assertEquals(12.5, rs.getDouble(3), 1e-9);
                assertEquals("warmup done", rs.getString(4));
                assertEquals("note", rs.getString(5));
            }
        }
    }
}
