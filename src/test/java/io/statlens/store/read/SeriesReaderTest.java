package io.statlens.store.read;

import io.statlens.model.UserException;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * One data set of a run, chosen by name, over sysstat's mpstat -A fixture (CPU, NODE, interrupt and softirq data
 * sets): the selection, its keys and its stored statistics are those of that data set alone.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SeriesReaderTest {
    private Repository repo;
    private SeriesReader reader;

    @BeforeAll
    void importRun(@TempDir Path dir) {
        repo = Repository.open(RepositoryLocation.memory("sr" + UUID.randomUUID()));
        new ImportService(repo, ParserCatalog.load(dir.resolve("no-user-parsers"))).run(ImportRequest.of("mpa", ZoneOffset.UTC,
                Path.of("src/test/resources/corpus/mpstat/sysstat-fixture-mpstat-A.txt")), ImportProgress.NONE);
        reader = new SeriesReader(repo);
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
        List<StoredStats.Entry> ofRun = stats.run(new RunCatalog(repo).id("mpa"));
        assertEquals(ofRun.stream().filter(e -> e.dataset().equals("mpstat.node")).map(SeriesReaderTest::withoutDigest).toList(),
                ofNode.stream().map(SeriesReaderTest::withoutDigest).toList());
        StoredStats.Entry usr1 = ofNode.stream().filter(e -> e.key().equals("1") && e.label().equals("%nice")).findFirst().orElseThrow();
        assertEquals(25.01, usr1.stats().max(), "node 1's %nice at 12:53:21");
    }

    /** An entry's summary without its t-digest bytes, which compare by identity. */
    private static String withoutDigest(StoredStats.Entry e) {
        return e.datasetId() + " " + e.key() + " " + e.column() + " " + e.stats();
    }

    @Test
    void aMissingDataSetIsNamedWithTheOnesThereAre() {
        assertEquals("run 'mpa' has no data set 'iostat'; it has: mpstat, mpstat.node, mpstat.intr, mpstat.irq, mpstat.softirq",
                assertThrows(UserException.class, () -> reader.select("mpa", "iostat")).getMessage());
    }
}
