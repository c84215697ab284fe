package io.statlens.store.stats;

import io.statlens.bench.MpstatWorkload;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.load.RunCopier;
import io.statlens.store.load.RunLedger;
import io.statlens.store.read.SeriesReader;
import io.statlens.store.read.TimeWindow;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The overviews written at import of a series just long enough for the finest resolution (135,000 samples of mpstat's
 * {@code all}), read back against the rows: every point drawn is a sample, each bucket's extremes are its samples'
 * (peaks are exact), the mean is every sample's; they follow the run (delete, copy) and stand aside for rows they were
 * not built from.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OverviewsTest {
    private static final int SAMPLES = 135_000;
    /** Buckets asked for: few enough that the finest resolution (1,054 buckets of 128 samples) serves. */
    private static final int BUCKETS = 1000;

    private Repository repo;
    private SeriesReader.Selection usr;
    private final List<double[]> rows = new ArrayList<>();

    @BeforeAll
    void importRun(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("mpstat-all.txt");
        MpstatWorkload.write(file, 4, SAMPLES, 7, false);
        repo = Repository.open(RepositoryLocation.memory("ov" + UUID.randomUUID()));
        new ImportService(repo, ParserCatalog.load(dir.resolve("no-user-parsers")))
                .run(ImportRequest.of("long", ZoneOffset.UTC, file), ImportProgress.NONE);
        SeriesReader reader = new SeriesReader(repo);
        SeriesReader.Selection all = reader.select("long", "mpstat");
        usr = new SeriesReader.Selection(all.run(), all.dataset(), all.table(), all.keyLabel(), all.datasetIds(),
                all.metrics().stream().filter(m -> m.label().equals("%usr")).toList());
        reader.read(usr, false, r -> rows.add(new double[]{millis(r.time()), r.values()[0]}));
    }

    @AfterAll
    void close() {
        repo.close();
    }

    @Test
    void everyPointIsASampleAndEachBucketKeepsItsExtremes() {
        assertEquals(SAMPLES, rows.size());
        Overviews.Line line = read(TimeWindow.ALL).get("all")[0];
        Set<String> samples = new HashSet<>();
        for (double[] r : rows) samples.add(r[0] + "=" + r[1]);
        for (int i = 0; i < line.time().length; i++) {
            assertTrue(samples.contains(line.time()[i] + "=" + line.values()[i]), "point " + i + " is a sample");
        }
        Set<String> drawn = new HashSet<>();
        for (int i = 0; i < line.time().length; i++) drawn.add(line.time()[i] + "=" + line.values()[i]);
        double sum = 0;
        for (int start = 0; start < SAMPLES; start += OverviewBuckets.LEVELS[0]) {
            double[] min = null;
            double[] max = null;
            for (int i = start; i < Math.min(SAMPLES, start + OverviewBuckets.LEVELS[0]); i++) {
                double[] r = rows.get(i);
                if (min == null || r[1] < min[1]) min = r;
                if (max == null || r[1] > max[1]) max = r;
            }
            assertTrue(drawn.contains(min[0] + "=" + min[1]), "the minimum of the bucket from sample " + start);
            assertTrue(drawn.contains(max[0] + "=" + max[1]), "the maximum of the bucket from sample " + start);
        }
        for (double[] r : rows) sum += r[1];
        assertEquals(rows.get(0)[0], line.time()[0], "the series' first sample");
        assertEquals(rows.get(SAMPLES - 1)[0], line.time()[line.time().length - 1], "and its last");
        assertEquals(SAMPLES, line.samples());
        assertEquals(sum / SAMPLES, line.mean(), 1e-9);
        assertTrue(line.time().length <= 2 * (SAMPLES / OverviewBuckets.LEVELS[0] + 1) + 2, "about two points a bucket");
    }

    @Test
    void aWindowGivesItsPointsOnly() {
        double from = rows.get(40_000)[0];
        double to = rows.get(90_000)[0];
        TimeWindow window = new TimeWindow(Instant.ofEpochMilli((long) from), Instant.ofEpochMilli((long) to));
        assertTrue(new Overviews(repo).read(usr, window, List.of(), List.of("all"), BUCKETS).isEmpty(),
                "50,000 samples are 390 buckets of the finest resolution, fewer than asked: the rows are read");
        Overviews.Line line = new Overviews(repo).read(usr, window, List.of(), List.of("all"), 300).orElseThrow().get("all")[0];
        assertTrue(line.time().length > 600, "the window's buckets: " + line.time().length);
        for (double t : line.time()) assertTrue(t >= from && t <= to, "within the window: " + t);
    }

    @Test
    void aViewOfFewSamplesPerColumnReadsRows() {
        assertTrue(new Overviews(repo).read(usr, TimeWindow.ALL, List.of(), List.of("all"), SAMPLES).isEmpty());
    }

    @Test
    void overviewsBuiltFromOtherRowsAreNotRead() throws SQLException {
        long id = usr.datasetIds().get(0);
        try (Statement s = repo.connection().createStatement()) {
            s.executeUpdate("UPDATE DATASETS SET ROW_COUNT = ROW_COUNT + 1 WHERE ID = " + id);
            assertTrue(new Overviews(repo).read(usr, TimeWindow.ALL, List.of(), List.of("all"), BUCKETS).isEmpty(),
                    "rows came after the overviews: the rows are read");
        } finally {
            repo.connection().rollback();
        }
        assertTrue(read(TimeWindow.ALL).containsKey("all"));
    }

    @Test
    void aCopyHasTheSameOverviewsAndADeletedRunNone() throws SQLException {
        try (Repository copy = Repository.open(RepositoryLocation.memory("ovc" + UUID.randomUUID()))) {
            new RunCopier(repo, copy).copy("long", false);
            SeriesReader.Selection all = new SeriesReader(copy).select("long", "mpstat");
            SeriesReader.Selection copied = new SeriesReader.Selection(all.run(), all.dataset(), all.table(), all.keyLabel(),
                    all.datasetIds(), usr.metrics());
            Overviews.Line there = new Overviews(copy).read(copied, TimeWindow.ALL, List.of(), List.of("all"), BUCKETS).orElseThrow()
                    .get("all")[0];
            Overviews.Line here = read(TimeWindow.ALL).get("all")[0];
            assertTrue(java.util.Arrays.equals(here.values(), there.values()) && java.util.Arrays.equals(here.time(), there.time()));
            new RunLedger(copy).deleteRun("long");
            assertEquals(0, count(copy, "SELECT COUNT(*) FROM OVERVIEWS"));
        }
        assertTrue(count(repo, "SELECT COUNT(*) FROM OVERVIEWS") > 0);
    }

    private Map<String, Overviews.Line[]> read(TimeWindow window) {
        Optional<Map<String, Overviews.Line[]>> read = new Overviews(repo).read(usr, window, List.of(), List.of("all"), BUCKETS);
        assertTrue(read.isPresent(), "read from the overviews");
        return read.get();
    }

    private static long count(Repository r, String sql) throws SQLException {
        try (Statement s = r.connection().createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static double millis(Instant t) {
        return t.getEpochSecond() * 1000.0 + t.getNano() / 1e6;
    }
}
