package io.statlens.store.stats;

import io.statlens.bench.MpstatWorkload;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.DataTable;
import io.statlens.store.RepositoryEngine;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.read.SelectionQuery;
import io.statlens.store.read.SeriesReader;
import io.statlens.store.read.TimeWindow;
import io.statlens.store.schema.Repository;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The busy time ({@code 100 - %idle - %iowait}, a complement no overview holds) of 4 CPUs over 20,000 samples, grouped
 * by PostgreSQL, against the rows read and computed here: every point drawn is a sample, each bucket of 32 samples
 * keeps its minimum and maximum (peaks are exact, at their own times), the first and last samples and the mean of
 * every sample are the series'; a window gives its points only. Derby, whose rows are blocks, reads the rows.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GroupedOverviewsTest {
    private static final int SAMPLES = 20_000;
    /** Buckets asked for: 20,000 samples a key are 625 buckets of 32 samples. */
    private static final int BUCKETS = 1000;
    private static final int PER_BUCKET = 32;

    private Repository repo;
    private SeriesReader.Selection busy;
    private List<String> keys;
    /** Per key, its samples in order: sample number, epoch ms, busy time. */
    private final Map<String, List<double[]>> rows = new TreeMap<>();

    @BeforeAll
    void importRun(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("mpstat.txt");
        MpstatWorkload.write(file, 4, SAMPLES, 11);
        repo = Repository.open(RepositoryEngine.POSTGRES.freshRepository());
        new ImportService(repo, ParserCatalog.load(dir.resolve("no-user-parsers")))
                .run(ImportRequest.of("cpus", ZoneOffset.UTC, file), ImportProgress.NONE);
        SeriesReader.Selection all = new SeriesReader(repo).select("cpus", "mpstat");
        String complement = SelectionQuery.complement(List.of("PCT_IDLE", "PCT_IOWAIT"));
        busy = all.withMetrics(List.of(new DataTable.MetricColumn(complement, "100 - %idle - %iowait", "%", "")));
        keys = new SeriesReader(repo).keys(busy);
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT ITEM, SAMPLE, TS, PCT_IDLE, PCT_IOWAIT FROM "
                + all.table() + " WHERE DATASET_ID = ? ORDER BY ITEM, SAMPLE")) {
            ps.setLong(1, all.datasetIds().get(0));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    double sum = rs.getDouble(4) + rs.getDouble(5);
                    double value = sum > 100 ? 0 : 100 - sum;
                    rows.computeIfAbsent(rs.getString(1), k -> new ArrayList<>())
                            .add(new double[]{rs.getLong(2), Repository.instant(rs.getTimestamp(3)).toEpochMilli(), value});
                }
            }
        }
    }

    @AfterAll
    void close() {
        repo.close();
    }

    @Test
    void everyPointIsASampleAndEachBucketKeepsItsExtremes() {
        Map<String, Overviews.Line[]> read = new GroupedOverviews(repo).read(busy, TimeWindow.ALL, List.of(), keys, BUCKETS).orElseThrow();
        assertEquals(rows.keySet(), read.keySet(), "every key");
        for (Map.Entry<String, List<double[]>> e : rows.entrySet()) {
            List<double[]> samples = e.getValue();
            Overviews.Line line = read.get(e.getKey())[0];
            Set<String> drawn = new HashSet<>();
            for (int i = 0; i < line.time().length; i++) drawn.add(line.time()[i] + "=" + line.values()[i]);
            Set<String> all = new HashSet<>();
            for (double[] s : samples) all.add(s[1] + "=" + s[2]);
            assertTrue(all.containsAll(drawn), "every point of " + e.getKey() + " is a sample");
            Map<Long, double[]> min = new HashMap<>();
            Map<Long, double[]> max = new HashMap<>();
            double sum = 0;
            for (double[] s : samples) {
                long bucket = (long) s[0] / PER_BUCKET;
                if (!min.containsKey(bucket) || s[2] < min.get(bucket)[2]) min.put(bucket, s);
                if (!max.containsKey(bucket) || s[2] > max.get(bucket)[2]) max.put(bucket, s);
                sum += s[2];
            }
            for (long b : min.keySet()) {
                assertTrue(drawn.contains(min.get(b)[1] + "=" + min.get(b)[2]), e.getKey() + ": the minimum of bucket " + b);
                assertTrue(drawn.contains(max.get(b)[1] + "=" + max.get(b)[2]), e.getKey() + ": the maximum of bucket " + b);
            }
            assertEquals(samples.get(0)[1], line.time()[0], "the first sample");
            assertEquals(samples.get(samples.size() - 1)[1], line.time()[line.time().length - 1], "the last");
            assertEquals(samples.size(), line.samples());
            assertEquals(sum / samples.size(), line.mean(), 1e-9);
            assertTrue(line.time().length <= 2 * min.size() + 2, "about two points a bucket: " + line.time().length);
        }
    }

    @Test
    void aWindowGivesItsPointsOnly() {
        List<double[]> cpu = rows.get("0");
        double from = cpu.get(5_000)[1];
        double to = cpu.get(17_000)[1];
        TimeWindow window = new TimeWindow(Instant.ofEpochMilli((long) from), Instant.ofEpochMilli((long) to));
        Overviews.Line line = new GroupedOverviews(repo).read(busy, window, List.of("0"), keys, 1000).orElseThrow().get("0")[0];
        for (double t : line.time()) assertTrue(t >= from && t <= to, "within the window: " + t);
        assertEquals(from, line.time()[0], "from the window's first sample");
        assertEquals(12_001, line.samples());
    }

    @Test
    void aViewOfFewSamplesPerBucketReadsRows() {
        assertFalse(new GroupedOverviews(repo).read(busy, TimeWindow.ALL, List.of(), keys, SAMPLES / 2).isPresent(),
                "two samples a bucket: the rows are read");
    }

    @Test
    void derbyReadsTheRows(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("mpstat.txt");
        MpstatWorkload.write(file, 2, 5_000, 3);
        try (Repository derby = Repository.open(RepositoryEngine.DERBY.freshRepository())) {
            new ImportService(derby, ParserCatalog.load(dir.resolve("no-user-parsers")))
                    .run(ImportRequest.of("d", ZoneOffset.UTC, file), ImportProgress.NONE);
            SeriesReader.Selection s = new SeriesReader(derby).select("d", "mpstat");
            assertFalse(new GroupedOverviews(derby).read(s, TimeWindow.ALL, List.of(), List.of("all", "0", "1"), 100).isPresent());
        }
    }
}
