package io.statlens.store.read;

import io.statlens.model.UserException;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import io.statlens.store.stats.StoredStats;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One data set of a run, chosen by name, over sysstat's mpstat -A fixture (CPU, NODE, interrupt and softirq data
 * sets): the selection, its keys and its stored statistics are those of that data set alone.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SeriesReaderTest {
    private Repository repo;
    private SeriesReader reader;

    @BeforeAll
    void importRun(@TempDir Path dir) throws IOException {
        repo = Repository.open(RepositoryLocation.memory("sr" + UUID.randomUUID()));
        ImportService service = new ImportService(repo, ParserCatalog.load(dir.resolve("no-user-parsers")));
        service.run(ImportRequest.of("mpa", ZoneOffset.UTC, Path.of("src/test/resources/corpus/mpstat/sysstat-fixture-mpstat-A.txt")),
                ImportProgress.NONE);
        // Two vmstat files of one run whose samples interleave: 20:33:00, :10, :20 and 20:33:05, :15.
        Path early = Files.writeString(dir.resolve("vmstat-a.txt"), vmstat("00", "10", "20"));
        Path late = Files.writeString(dir.resolve("vmstat-b.txt"), vmstat("05", "15"));
        service.run(ImportRequest.of("two", ZoneOffset.UTC, early, late), ImportProgress.NONE);
        // 1,200 samples of one vmstat: three blocks (512, 512 and 176 rows).
        StringBuilder longRun = new StringBuilder(vmstat());
        for (int i = 0; i < 1200; i++) {
            longRun.append(" 1  0      0 2794716 295968 312724    0    0     1     3   29   57 ").append(i % 100)
                    .append("  0 90  0  0 2021-09-16 ").append(String.format(java.util.Locale.ROOT, "20:%02d:%02d", i / 60, i % 60))
                    .append('\n');
        }
        service.run(ImportRequest.of("long", ZoneOffset.UTC, Files.writeString(dir.resolve("vmstat-long.txt"), longRun)),
                ImportProgress.NONE);
        // mpstat -P ALL of 20 CPUs for 1,100 s: 21 keys (more than a read streams key by key), three blocks each.
        StringBuilder wide = new StringBuilder("Linux 5.15.0-91-generic (host) \t01/15/2024 \t_x86_64_\t(20 CPU)\n\n");
        for (int t = 0; t < 1100; t++) {
            String time = java.time.LocalTime.of(10, 0).plusSeconds(t).toString();
            if (time.length() == 5) time += ":00";
            wide.append(time).append("     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle\n");
            for (int cpu = -1; cpu < 20; cpu++) {
                double usr = (t * 7 + cpu * 13 + 50) % 9000 / 100.0;
                double iowait = (t + cpu + 1) % 5;
                wide.append(time).append(String.format(java.util.Locale.ROOT, "  %6s%8.2f%8.2f%8.2f%8.2f%8.2f%8.2f%8.2f%8.2f%8.2f%8.2f%n",
                        cpu < 0 ? "all" : Integer.toString(cpu), usr, 0.0, 1.5, iowait, 0.0, 0.25, 0.0, 0.0, 0.0, 100 - usr - 1.75 - iowait));
            }
            wide.append('\n');
        }
        service.run(ImportRequest.of("wide", ZoneOffset.UTC, Files.writeString(dir.resolve("mpstat-P-ALL.txt"), wide)),
                ImportProgress.NONE);
        reader = new SeriesReader(repo);
    }

    /** {@code vmstat -t} output with one sample at each of these seconds past 20:33; us is the second. */
    private static String vmstat(String... seconds) {
        StringBuilder sb = new StringBuilder("procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----"
                + " -----timestamp-----\n r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st"
                + "                 UTC\n");
        for (String s : seconds) {
            sb.append(" 1  0      0 2794716 295968 312724    0    0     1     3   29   57 ").append(Integer.parseInt(s))
                    .append("  0 90  0  0 2021-09-16 20:33:").append(s).append('\n');
        }
        return sb.toString();
    }

    @AfterAll
    void close() {
        repo.close();
    }

    @Test
    void aDataSetChosenByNameIsTheSameAsAmongAllOfTheRun() {
        List<SeriesReader.Selection> all = reader.selectAll("mpa");
        assertEquals(List.of("mpstat", "mpstat.node", "mpstat.intr", "mpstat.irq", "mpstat.softirq"),
                all.stream().map(SeriesReader.Selection::dataset).toList());
        for (SeriesReader.Selection s : all) assertEquals(s, reader.select("mpa", s.dataset()));
        SeriesReader.Selection node = reader.select("mpa", "MPSTAT.NODE");
        assertEquals("NODE", node.keyLabel());
        assertEquals("MPSTAT_NODE", node.table());
        assertEquals(10, node.metrics().size(), "%usr to %idle");
    }

    @Test
    void itsKeysAndStatisticsAreItsOwn() {
        SeriesReader.Selection node = reader.select("mpa", "mpstat.node");
        assertEquals(Set.of("all", "0", "1"), Set.copyOf(reader.keys(node)));
        SeriesReader.Selection cpu = reader.select("mpa", "mpstat");
        assertEquals(Set.of("all", "0", "1", "2", "3", "4", "5", "6", "7", "8"), Set.copyOf(reader.keys(cpu)));

        StoredStats stats = new StoredStats(repo);
        List<StoredStats.Entry> ofNode = stats.datasets(node.datasetIds());
        assertEquals(Set.of("mpstat.node"), new TreeSet<>(ofNode.stream().map(StoredStats.Entry::dataset).toList()));
        List<StoredStats.Entry> ofRun = stats.datasets(reader.selectAll("mpa").stream().flatMap(s -> s.datasetIds().stream()).toList());
        assertEquals(ofRun.stream().filter(e -> e.dataset().equals("mpstat.node")).map(SeriesReaderTest::withoutDigest).toList(),
                ofNode.stream().map(SeriesReaderTest::withoutDigest).toList());
        StoredStats.Entry usr1 = ofNode.stream().filter(e -> e.key().equals("1") && e.label().equals("%nice")).findFirst().orElseThrow();
        assertEquals(25.01, usr1.stats().max(), "node 1's %nice at 12:53:21");
    }

    /**
     * One metric's stored statistics, as a chart's statistics pane needs them, are read by the index of data set and
     * column with neither a join nor a sort, and are those {@link StoredStats#datasets} gives.
     */
    @Test
    void oneMetricsStoredStatisticsAreReadByTheKeyWithoutASort() {
        SeriesReader.Selection cpu = reader.select("mpa", "mpstat");
        String usr = cpu.metrics().get(0).column();
        StoredStats stats = new StoredStats(repo);
        List<StoredStats.KeyStats> read = new ArrayList<>();
        String plan = plan(() -> read.addAll(stats.columns(cpu.datasetIds(), List.of(usr))));
        assertTrue(plan.contains("Index Scan ResultSet for DATASET_STATS using index DATASET_STATS_COLUMN"), plan);
        assertTrue(plan.contains(">= on first 2 column(s)"), "the scan starts at the data set and column: " + plan);
        assertFalse(plan.contains("Table Scan ResultSet"), plan);
        assertFalse(plan.contains("Sort ResultSet"), plan);
        assertFalse(plan.contains("METRICS"), plan);
        assertEquals(new TreeSet<>(stats.datasets(cpu.datasetIds()).stream().filter(e -> e.column().equals(usr))
                        .map(e -> e.datasetId() + " " + e.key() + " " + e.column() + " " + e.stats()).toList()),
                new TreeSet<>(read.stream().map(e -> e.datasetId() + " " + e.key() + " " + e.column() + " " + e.stats()).toList()));
        assertEquals(10, read.size(), "all and CPUs 0 to 8");
    }

    /** An entry's summary without its t-digest bytes, which compare by identity. */
    private static String withoutDigest(StoredStats.Entry e) {
        return e.datasetId() + " " + e.key() + " " + e.column() + " " + e.stats();
    }

    @Test
    void rowsComeInTimeOrderFromTheirBlocksWithoutASort() {
        SeriesReader.Selection cpu = reader.select("mpa", "mpstat");
        List<SeriesReader.SeriesRow> rows = new ArrayList<>();
        String plan = plan(() -> reader.read(cpu, false, rows::add));
        assertFetchesOnlyItsBlocks(plan, cpu, List.of());
        assertFalse(rows.isEmpty());
        for (int i = 1; i < rows.size(); i++) assertFalse(rows.get(i).time().isBefore(rows.get(i - 1).time()), "row " + i);
        // The rows of one report come ordered by key, as ORDER BY TS, ITEM would give them on any engine.
        assertEquals(List.of("0", "1", "2", "3", "4", "5", "6", "7", "all"),
                rows.subList(0, 9).stream().map(SeriesReader.SeriesRow::key).toList());
    }

    @Test
    void aReadOfSomeKeysFetchesOnlyTheirBlocks() {
        SeriesReader.Selection cpu = reader.select("mpa", "mpstat");
        List<SeriesReader.SeriesRow> rows = new ArrayList<>();
        String plan = plan(() -> reader.read(cpu, false, List.of("3", "7"), rows::add));
        assertFetchesOnlyItsBlocks(plan, cpu, List.of("3", "7"));
        assertEquals(Set.of("3", "7"), rows.stream().map(SeriesReader.SeriesRow::key).collect(java.util.stream.Collectors.toSet()));
    }

    @Test
    void anUnkeyedDataSetIsReadFromItsBlocksAndTheFilesOfARunMergeByTime() {
        SeriesReader.Selection vmstat = reader.select("two", "vmstat");
        assertEquals(2, vmstat.datasetIds().size(), "one data set per file");
        List<SeriesReader.SeriesRow> rows = new ArrayList<>();
        String plan = plan(() -> reader.read(vmstat, true, rows::add));
        assertFetchesOnlyItsBlocks(plan, vmstat, List.of());
        int us = vmstat.metrics().indexOf(vmstat.metrics().stream().filter(m -> m.label().equals("us")).findFirst().orElseThrow());
        assertEquals(List.of(0.0, 5.0, 10.0, 15.0, 20.0), rows.stream().map(r -> r.values()[us]).toList());
        assertEquals(List.of(0.0, 5.0, 10.0, 15.0, 20.0), rows.stream().map(SeriesReader.SeriesRow::elapsed).toList());
        // vmstat's first line of each file averages since boot.
        assertEquals(List.of(true, true, false, false, false), rows.stream().map(SeriesReader.SeriesRow::sinceBoot).toList());
        assertTrue(rows.stream().allMatch(r -> r.key().isEmpty()));
        List<Double> intervalsOnly = new ArrayList<>();
        reader.read(vmstat, false, r -> intervalsOnly.add(r.values()[us]));
        assertEquals(List.of(10.0, 15.0, 20.0), intervalsOnly);
    }

    @Test
    void statisticsScanOnlyTheKeysAndValues() {
        SeriesReader.Selection cpu = reader.select("mpa", "mpstat");
        List<String> keys = new ArrayList<>();
        double[] usrSum = {0};
        String plan = plan(() -> reader.scan(cpu, false, TimeWindow.ALL, (key, values) -> {
            keys.add(key);
            usrSum[0] += values[0];
        }));
        assertFalse(plan.contains("Sort ResultSet"), plan);
        // Derby keeps rows in blocks: the scan reads the data sets' blocks, not a row per sample.
        assertTrue(plan.contains("Statement Text: \n\tSELECT ITEM, DATA FROM BLOCKS WHERE DATASET_ID IN ("), plan);
        List<SeriesReader.SeriesRow> rows = new ArrayList<>();
        reader.read(cpu, false, rows::add);
        assertEquals(rows.size(), keys.size());
        assertEquals(rows.stream().mapToDouble(r -> r.values()[0]).sum(), usrSum[0], 1e-9);
    }

    /**
     * A time-ordered read lists the blocks it needs (data set, keys, window) and, for a few keys, reads each key's blocks
     * by one query along the primary key as the merge reaches them: Derby's statistics of the last such query show one
     * index scan of one key's blocks of the selection's last data set, and no sort.
     */
    private void assertFetchesOnlyItsBlocks(String plan, SeriesReader.Selection s, List<String> keys) {
        assertTrue(plan.contains("Statement Text: \n\tSELECT SEQ, DATA FROM BLOCKS WHERE DATASET_ID = ? AND ITEM = ? ORDER BY SEQ"), plan);
        assertTrue(plan.contains("Index Scan ResultSet for BLOCKS using constraint"), plan);
        assertFalse(plan.contains("Sort ResultSet"), plan);
        String keyed = keys.isEmpty() ? "" : " AND ITEM IN ('" + String.join("', '", keys) + "')";
        Set<Long> blocksPerKey = new java.util.HashSet<>();
        try (Statement st = repo.connection().createStatement(); ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM BLOCKS WHERE DATASET_ID = "
                + s.datasetIds().get(s.datasetIds().size() - 1) + keyed + " GROUP BY ITEM")) {
            while (rs.next()) blocksPerKey.add(rs.getLong(1));
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        java.util.regex.Matcher scan = java.util.regex.Pattern.compile("Index Scan ResultSet for BLOCKS[^\n]*\n\\s*Number of opens = (\\d+)\n\\s*Rows seen = (\\d+)")
                .matcher(plan);
        assertTrue(scan.find(), plan);
        assertEquals(1, Long.parseLong(scan.group(1)), "one query per key");
        assertTrue(blocksPerKey.contains(Long.parseLong(scan.group(2))), "one key's blocks: " + blocksPerKey + "\n" + plan);
    }

    @Test
    void aKeysBlocksOutOfSequenceOrderAreFetchedOneByOneInTimeOrder() throws SQLException {
        SeriesReader.Selection vmstat = reader.select("long", "vmstat");
        List<Double> inOrder = new ArrayList<>();
        reader.read(vmstat, false, r -> inOrder.add(r.elapsed()));
        assertEquals(1199, inOrder.size(), "every interval sample of the three blocks");
        for (int i = 1; i < inOrder.size(); i++) assertTrue(inOrder.get(i) > inOrder.get(i - 1), "sample " + i);
        // The first two blocks' sequence numbers swapped: the key's query gives block 0 where the merge needs block 1.
        long id = vmstat.datasetIds().get(0);
        try (Statement st = repo.connection().createStatement()) {
            st.executeUpdate("UPDATE BLOCKS SET SEQ = -1 WHERE DATASET_ID = " + id + " AND SEQ = 0");
            st.executeUpdate("UPDATE BLOCKS SET SEQ = 0 WHERE DATASET_ID = " + id + " AND SEQ = 1");
            st.executeUpdate("UPDATE BLOCKS SET SEQ = 1 WHERE DATASET_ID = " + id + " AND SEQ = -1");
        }
        List<Double> swapped = new ArrayList<>();
        String plan = plan(() -> reader.read(vmstat, false, r -> swapped.add(r.elapsed())));
        assertEquals(inOrder, swapped);
        assertTrue(plan.contains("SELECT DATA FROM BLOCKS WHERE DATASET_ID = ? AND ITEM = ? AND SEQ = ?"), plan);
    }

    /**
     * More keys than a read streams key by key (21 CPU rows): each block is fetched by a query of its own, and the rows
     * and values are those the data table's rows give (the view over the blocks, in {@code ORDER BY TS, ITEM}), as
     * they are for a read of few keys.
     */
    @Test
    void aReadOfManyKeysFetchesBlockByBlockTheRowsTheTableHolds() throws SQLException {
        SeriesReader.Selection cpu = reader.select("wide", "mpstat");
        List<String> keys = reader.keys(cpu);
        assertEquals(21, keys.size(), "all and 20 CPUs");
        List<String> read = new ArrayList<>();
        String plan = plan(() -> reader.read(cpu, false, row -> read.add(line(row.time().toString(), row.key(), row.values()))));
        assertTrue(plan.contains("SELECT DATA FROM BLOCKS WHERE DATASET_ID = ? AND ITEM = ? AND SEQ = ?"), plan);
        assertFalse(plan.contains("ORDER BY SEQ"), plan);
        List<String> columns = cpu.metrics().stream().map(m -> m.column()).toList();
        List<String> table = new ArrayList<>();
        try (Statement s = repo.connection().createStatement(); ResultSet rs = s.executeQuery("SELECT TS, ITEM, " + String.join(", ", columns)
                + " FROM " + cpu.table() + " WHERE DATASET_ID = " + cpu.datasetIds().get(0) + " AND SINCE_BOOT = FALSE ORDER BY TS, ITEM")) {
            while (rs.next()) {
                double[] values = new double[columns.size()];
                for (int i = 0; i < values.length; i++) {
                    values[i] = rs.getDouble(3 + i);
                    if (rs.wasNull()) values[i] = Double.NaN;
                }
                table.add(line(Repository.instant(rs.getTimestamp(1)).toString(), rs.getString(2), values));
            }
        }
        assertEquals(21 * 1100, table.size());
        assertEquals(table, read);
        // A read of 16 of the keys streams each key's blocks, and gives those keys' rows of the same read.
        List<String> few = keys.stream().sorted().limit(16).toList();
        List<String> streamed = new ArrayList<>();
        String fewPlan = plan(() -> reader.read(cpu, false, few, row -> streamed.add(line(row.time().toString(), row.key(), row.values()))));
        assertTrue(fewPlan.contains("ORDER BY SEQ"), fewPlan);
        assertEquals(read.stream().filter(l -> few.contains(l.split(" ")[1])).toList(), streamed);
    }

    /**
     * A read of one key of one data set (three blocks of {@code all}) hands its rows over as they come, without the sort
     * of each time's rows by key, through one values array: the rows and values are those of the same key in a read
     * of all keys, which sorts.
     */
    @Test
    void aReadOfOneKeyHandsOverItsRowsAsTheyCome() {
        SeriesReader.Selection cpu = reader.select("wide", "mpstat");
        List<String> all = new ArrayList<>();
        reader.read(cpu, false, row -> all.add(line(row.time().toString(), row.key(), row.values())));
        List<String> one = new ArrayList<>();
        Set<double[]> arrays = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        reader.read(cpu, false, List.of("all"), row -> {
            one.add(line(row.time().toString(), row.key(), row.values()));
            arrays.add(row.values());
        });
        assertEquals(1100, one.size());
        assertEquals(all.stream().filter(l -> l.split(" ")[1].equals("all")).toList(), one);
        assertEquals(1, arrays.size(), "one values array for every row");
    }

    private static String line(String time, String key, double[] values) {
        return time + " " + key + " " + java.util.Arrays.toString(values);
    }

    @Test
    void aReadOfSomeKeysReadsOnlyTheirBlocks() throws SQLException {
        SeriesReader.Selection cpu = reader.select("mpa", "mpstat");
        List<SeriesReader.SeriesRow> rows = new ArrayList<>();
        reader.read(cpu, true, List.of("3"), rows::add);
        long id = cpu.datasetIds().get(0);
        try (Statement s = repo.connection().createStatement();
             ResultSet rs = s.executeQuery("SELECT SUM(N) FROM BLOCKS WHERE DATASET_ID = " + id + " AND ITEM = '3'")) {
            rs.next();
            assertEquals(rs.getLong(1), rows.size(), "the rows of key 3's blocks");
        }
    }

    /** Derby's plan of the last statement {@code read} ran. */
    private String plan(Runnable read) {
        try (Statement s = repo.connection().createStatement()) {
            s.execute("CALL SYSCS_UTIL.SYSCS_SET_RUNTIMESTATISTICS(1)");
            read.run();
            try (ResultSet rs = s.executeQuery("VALUES SYSCS_UTIL.SYSCS_GET_RUNTIMESTATISTICS()")) {
                rs.next();
                String plan = rs.getString(1);
                s.execute("CALL SYSCS_UTIL.SYSCS_SET_RUNTIMESTATISTICS(0)");
                return plan;
            }
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aMissingDataSetIsNamedWithTheOnesThereAre() {
        assertEquals("run 'mpa' has no data set 'iostat'; it has: mpstat, mpstat.node, mpstat.intr, mpstat.irq, mpstat.softirq",
                assertThrows(UserException.class, () -> reader.select("mpa", "iostat")).getMessage());
    }
}
