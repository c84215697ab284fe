package io.statlens.analysis;

import io.statlens.store.OnEveryEngine;
import io.statlens.store.RepositoryEngine;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.schema.Repository;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sar -A fixture of a 48-CPU host (36 samples, every 10 minutes, one printed a second late at 13:20:02): every
 * section shares sar's clock, so each pair must line up sample for sample, and r must equal Pearson's r of the raw
 * columns side by side.
 */
@OnEveryEngine
class RunCorrelatorFixtureTest {
    @Parameter
    RepositoryEngine engine;

    private static Repository repo;

    @BeforeParameterizedClassInvocation
    static void importFixture(RepositoryEngine engine, @TempDir Path tmp) {
        repo = Repository.open(engine.freshRepository());
        Path sar = Path.of("src/test/resources/corpus/sar/ksar-linux-sysstat-10.1.5-48cpu.txt");
        new ImportService(repo, ParserCatalog.load(tmp.resolve("no-user-parsers")))
                .run(ImportRequest.of("sar48", ZoneOffset.UTC, sar), ImportProgress.NONE);
    }

    @AfterParameterizedClassInvocation
    static void close() {
        repo.close();
    }

    private static List<MetricSeries> load(String dataset, String label) {
        SeriesLoader loader = new SeriesLoader(repo);
        var set = loader.datasets("sar48").stream().filter(s -> s.dataset().equals(dataset)).findFirst().orElseThrow();
        return loader.loadAll(set, label::equals, false);
    }

    @Test
    void sectionsOfOneSarFileLineUpSampleForSampleDespiteALateSecond() {
        MetricSeries iowait = load("sar.cpu", "%iowait").stream().filter(s -> s.key().equals("all")).findFirst().orElseThrow();
        MetricSeries rtps = load("sar.io", "rtps").get(0);
        assertEquals(36, iowait.size());
        assertTrue(List.of(rtps.times()).contains(Instant.parse("2016-03-28T13:20:02Z")), "the fixture has the late sample");

        TimeAlignment pair = TimeAlignment.of(iowait, rtps, Double.NaN, 0);
        assertEquals(600, pair.step());
        assertArrayEquals(iowait.values(), pair.target());
        assertArrayEquals(rtps.values(), pair.other());

        RunCorrelator.Report report = new RunCorrelator(repo).correlate(new RunCorrelator.Request("sar48", "sar.cpu.%iowait",
                "all", List.of("sar.io.rtps"), Correlator.Settings.defaults()));
        Correlator.Correlation c = report.ranked().get(0);
        assertEquals(36, c.n());
        assertEquals(Correlator.pearson(iowait.values(), rtps.values()), c.r(), 1e-12);
        assertEquals(0.9991, c.r(), 5e-5, "one burst of reads at 09:20 drives both");
    }

    @Test
    void aSectionThatStopsEarlyCountsOnlyItsOwnSamples() {
        RunCorrelator.Report report = new RunCorrelator(repo).correlate(new RunCorrelator.Request("sar48", "sar.io.tps", "",
                List.of("sar.memory_pages"), Correlator.Settings.defaults()));
        assertEquals(3, report.ranked().size());
        report.ranked().forEach(c -> assertEquals(24, c.n(), c.series().display()));
        assertEquals(List.of(), report.skipped());
    }
}
