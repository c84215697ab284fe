package io.statlens.store.read;

import io.statlens.bench.MpstatWorkload;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.RepositoryEngine;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.schema.DatasetPartitions;
import io.statlens.store.schema.Repository;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * On PostgreSQL a chart of a few of a run's keys (the busiest 10 of 257 CPUs) reads their rows alone (schema step 13):
 * each key's rows in the index by data set, key and sample, of the run's partition only, from the few pages the
 * loader grouped them on, merged by time into what a read of every key gives for those keys; sent in binary, the
 * times and values are those the server prints as text. Two runs of generated
 * {@code mpstat -P ALL} output (32 CPUs, 10 minutes) on the test JVM's PostgreSQL server.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KeyCursorsTest {
    private static final List<String> KEYS = List.of("all", "3", "17", "30");
    private Repository repo;
    private SeriesReader reader;

    @BeforeAll
    void importTwoRuns(@TempDir Path dir) throws IOException {
        repo = Repository.open(RepositoryEngine.POSTGRES.freshRepository());
        Path mpstat = dir.resolve("mpstat-P-ALL.txt");
        MpstatWorkload.write(mpstat, 32, 600, 42);
        for (String run : List.of("a", "b")) {
            new ImportService(repo, ParserCatalog.installed()).run(ImportRequest.of(run, ZoneOffset.UTC, mpstat), ImportProgress.NONE);
        }
        reader = new SeriesReader(repo);
    }

    @AfterAll
    void close() {
        if (repo != null) repo.close();
    }

    @Test
    void aKeysQueryUsesTheIndexByKeyOfItsRunsPartitionOnly() throws SQLException {
        SeriesReader.Selection a = reader.select("a", "mpstat");
        long other = reader.select("b", "mpstat").datasetIds().get(0);
        String sql = SeriesReader.orderedQuery(a, false, TimeWindow.ALL, List.of("3"), true);
        // as the reader runs it: a statement prepared and run once, planned for its values (the first five runs of a
        // prepared statement are, by plan_cache_mode = auto), the other partitions pruned as it is planned
        try (Statement s = repo.connection().createStatement()) {
            s.execute("SET plan_cache_mode = force_custom_plan");
            s.execute("PREPARE one_key(BIGINT, VARCHAR) AS " + sql.replaceFirst("\\?", "\\$1").replaceFirst("\\?", "\\$2"));
        }
        String plan = plan("EXPLAIN EXECUTE one_key(" + a.datasetIds().get(0) + ", '3')");
        try (Statement s = repo.connection().createStatement()) {
            s.execute("DEALLOCATE one_key");
            s.execute("RESET plan_cache_mode");
        }
        String partition = partition(a.datasetIds().get(0));
        // in the index's order, or (a table this small) that key's rows found by the index and sorted: never the others'
        assertTrue(plan.contains(partition + "_dataset_id_item_sample_idx"), plan);
        assertFalse(plan.contains(partition(other)), plan);
        assertFalse(plan.contains("Seq Scan"), plan);
        repo.connection().rollback();
    }

    @Test
    void aKeysRowsShareFewPagesOfThePartition() throws SQLException {
        String partition = partition(reader.select("a", "mpstat").datasetIds().get(0));
        long pages = count("SELECT COUNT(DISTINCT (ctid::text::point)[0]) FROM " + partition);
        long keyPages = count("SELECT COUNT(DISTINCT (ctid::text::point)[0]) FROM " + partition + " WHERE ITEM = '17'");
        long keyRows = count("SELECT COUNT(*) FROM " + partition + " WHERE ITEM = '17'");
        assertEquals(600, keyRows);
        // side by side as the file prints them, one CPU's 600 rows would lie on 600 of the partition's pages
        assertTrue(keyPages * 20 < pages, keyPages + " of " + pages + " pages");
        repo.connection().rollback();
    }

    @Test
    void aReadOfAFewKeysGivesTheirRowsOfAReadOfEveryKeyInTimeOrder() {
        SeriesReader.Selection a = reader.select("a", "mpstat");
        List<String> everyKey = new ArrayList<>();
        reader.read(a, false, List.of(), row -> {
            if (KEYS.contains(row.key())) everyKey.add(describe(row));
        });
        List<String> someKeys = new ArrayList<>();
        reader.read(a, false, Set.copyOf(KEYS), row -> someKeys.add(describe(row)));
        assertEquals(KEYS.size() * 600, someKeys.size());
        assertEquals(everyKey, someKeys);
    }

    @Test
    void rowsReadInBinaryAreThoseTheServerPrintsAsText() throws SQLException {
        SeriesReader.Selection a = reader.select("a", "mpstat");
        List<String> text = new ArrayList<>();
        String columns = String.join(", ", a.metrics().stream().map(m -> m.column()).toList());
        // a plain statement, run once: PgJDBC reads its results as text
        try (Statement s = repo.connection().createStatement(); ResultSet rs = s.executeQuery("SELECT TS, ELAPSED_S, ITEM, " + columns
                + " FROM MPSTAT WHERE DATASET_ID = " + a.datasetIds().get(0) + " AND ITEM = '17' ORDER BY SAMPLE")) {
            while (rs.next()) {
                double[] values = new double[a.metrics().size()];
                for (int i = 0; i < values.length; i++) {
                    values[i] = rs.getDouble(4 + i);
                    if (rs.wasNull()) values[i] = Double.NaN;
                }
                text.add(describe(new SeriesReader.SeriesRow(Repository.instant(rs.getTimestamp(1)), rs.getDouble(2), rs.getString(3),
                        false, values)));
            }
        }
        List<String> binary = new ArrayList<>();
        reader.read(a, false, List.of("17"), row -> binary.add(describe(row)));
        assertEquals(600, binary.size());
        assertEquals(text, binary);
        repo.connection().rollback();
    }

    private static String describe(SeriesReader.SeriesRow row) {
        return row.time() + " " + row.elapsed() + " " + row.key() + " " + Arrays.toString(row.values());
    }

    private static String partition(long dataset) {
        return DatasetPartitions.name("MPSTAT", dataset).toLowerCase(Locale.ROOT);
    }

    private String plan(String explain) throws SQLException {
        List<String> lines = new ArrayList<>();
        try (Statement s = repo.connection().createStatement(); ResultSet rs = s.executeQuery(explain)) {
            while (rs.next()) lines.add(rs.getString(1));
        }
        return String.join("\n", lines);
    }

    private long count(String sql) throws SQLException {
        try (Statement s = repo.connection().createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
