package io.statlens.gui;

import io.statlens.analysis.RunStatistics;
import io.statlens.store.read.RunCatalog;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The statistics pane of a keyed data set lists the average over all keys, then the busiest keys first. */
class StatsOrderTest {
    @TempDir
    Path dir;
    private final Repository repo = Repository.open(RepositoryLocation.memory("order" + UUID.randomUUID()), true);

    @AfterEach
    void close() {
        repo.close();
    }

    @Test
    void allFirstThenByMeanDescending() {
        new ImportService(repo, ParserCatalog.load(dir.resolve("no-user-parsers"))).run(ImportRequest.of("sar48", ZoneOffset.UTC,
                Path.of("src/test/resources/corpus/sar/ksar-linux-sysstat-10.1.5-48cpu.txt")), ImportProgress.NONE);
        StatsViewModel stats = new StatsViewModel(new RunStatistics(repo), new RunCatalog(repo), new SynchronousExecutor());
        stats.show(new ChartViewModel.Selection(List.of("sar48"), "sar.cpu", "%usr"), null);

        assertEquals(49, stats.rows().size(), "all and 48 CPUs");
        assertEquals("all", stats.rows().get(0).key());
        List<Double> means = stats.rows().subList(1, 49).stream().map(r -> r.stats().mean()).toList();
        assertEquals(means.stream().sorted((a, b) -> Double.compare(b, a)).toList(), means);
        // The chart's top 10 (ChartDataLoader picks 6, 7, 12, 14, 15, 16, 17, 25, 37, 39 for this file) lead the list.
        assertEquals(List.of("6", "7", "12", "14", "15", "16", "17", "25", "37", "39"),
                stats.rows().subList(1, 11).stream().map(StatsViewModel.Row::key).sorted((a, b) -> Integer.compare(
                        Integer.parseInt(a), Integer.parseInt(b))).toList());
    }
}
