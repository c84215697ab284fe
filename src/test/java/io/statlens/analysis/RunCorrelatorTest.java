package io.statlens.analysis;

import io.statlens.store.OnEveryEngine;
import io.statlens.store.RepositoryEngine;
import io.statlens.model.UserException;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.SharedRepository;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.load.ScriptedParser;
import io.statlens.store.schema.Repository;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * One run, two "tools": a benchmark every second and a disk tool every 2 s, half an interval later. Hand-checked:
 * on the 2 s grid centred on the benchmark's samples, tps averages to 115 135 155 175 195 where the disk samples lie.
 */
@OnEveryEngine
class RunCorrelatorTest {
    private final Repository repo;

    RunCorrelatorTest(RepositoryEngine engine) {
        this.repo = shared.repository(engine);
    }

    static final String RUN_FILE = String.join("\n", "#scripted",
            "dataset bench",
            "columns tps lat.ms",
            row(0, "-", 100, 200), row(1, "-", 110, 190), row(2, "-", 120, 180), row(3, "-", 130, 170), row(4, "-", 140, 160),
            row(5, "-", 150, 150), row(6, "-", 160, 140), row(7, "-", 170, 130), row(8, "-", 180, 120), row(9, "-", 195, 105),
            "dataset disk Device",
            "columns util",
            row(1, "sda", 10), row(1, "sdb", 50), row(1, "sdc", 5), row(1, "sdd", 1),
            row(3, "sda", 20), row(3, "sdb", 10), row(3, "sdc", 5), row(3, "sdd", 2),
            row(5, "sda", 30), row(5, "sdb", 40), row(5, "sdc", 5),
            row(7, "sda", 40), row(7, "sdb", 20), row(7, "sdc", 5),
            row(9, "sda", 50), row(9, "sdb", 30), row(9, "sdc", 5)) + "\n";

    @RegisterExtension
    static final SharedRepository shared = SharedRepository.keptBetweenTests();

    static String row(int second, String key, double... values) {
        StringBuilder b = new StringBuilder().append(1_700_000_000L + second).append(' ').append(key);
        for (double v : values) b.append(' ').append(v);
        return b.toString();
    }

    @BeforeParameterizedClassInvocation
    static void importRun(RepositoryEngine engine, @TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("run.txt"), RUN_FILE);
        new ImportService(shared.repository(engine), new ParserCatalog(List.of(new ScriptedParser())))
                .run(ImportRequest.of("r1", ZoneOffset.UTC, file), ImportProgress.NONE);
    }

    private RunCorrelator.Report correlate(String metric, String key, String... with) {
        return new RunCorrelator(repo).correlate(new RunCorrelator.Request("r1", metric, key, List.of(with),
                Correlator.Settings.defaults(), true));
    }

    /** As statlens correlate does by default: the target's own data set left out. */
    private RunCorrelator.Report correlateOthers(String metric, String key, String... with) {
        return new RunCorrelator(repo).correlate(new RunCorrelator.Request("r1", metric, key, List.of(with),
                Correlator.Settings.defaults()));
    }

    private static List<String> names(List<? extends Correlator.Outcome> outcomes) {
        List<String> out = new ArrayList<>();
        outcomes.forEach(o -> out.add(o.series().display()));
        return out;
    }

    @Test
    void ranksEveryOtherSeriesOfTheRunByStrengthAndSaysWhySomeWereSkipped() {
        RunCorrelator.Report report = correlate("scripted.bench.tps", "");
        assertEquals("scripted.bench tps", report.target().display());
        assertEquals(10, report.targetSamples());
        assertEquals(1, report.targetStep());

        assertEquals(List.of("scripted.bench lat.ms", "scripted.disk util [sda]", "scripted.disk util [sdb]"),
                names(report.ranked()));
        Correlator.Correlation lat = report.ranked().get(0);
        assertEquals(-1, lat.r(), 1e-12);
        assertEquals(10, lat.n());
        assertEquals(1, lat.step());
        Correlator.Correlation sda = report.ranked().get(1);
        assertEquals(1, sda.r(), 1e-12);
        assertEquals(5, sda.n());
        assertEquals(2, sda.step());
        Correlator.Correlation sdb = report.ranked().get(2);
        // x = 0..4 against 50 10 40 20 30: sxy = -30, sxx = 10, syy = 1000
        assertEquals(-0.3, sdb.r(), 1e-12);
        assertEquals(Correlator.pValue(-0.3, 5), sdb.p(), 1e-15);

        assertEquals(List.of("scripted.disk util [sdc]", "scripted.disk util [sdd]"), names(report.skipped()));
        assertEquals(Correlator.Reason.CONSTANT, report.skipped().get(0).reason());
        assertEquals(Correlator.Reason.TOO_FEW_POINTS, report.skipped().get(1).reason());
        assertEquals(2, report.skipped().get(1).n());
    }

    @Test
    void theTargetsOwnDataSetIsLeftOutUnlessAskedForOrNamed() {
        RunCorrelator.Report others = correlateOthers("scripted.bench.tps", "");
        assertEquals(List.of("scripted.disk util [sda]", "scripted.disk util [sdb]"), names(others.ranked()),
                "lat.ms follows tps in its own data set: left out");
        assertEquals(1, others.ownLeftOut(), "tps and lat.ms: one other series");
        assertEquals(List.of("scripted.disk util [sda]"), names(others.strongestPerDataset()));
        assertEquals(0, correlate("scripted.bench.tps", "").ownLeftOut());
        assertEquals(List.of("scripted.bench lat.ms"), names(correlateOthers("scripted.bench.tps", "", "scripted.bench").ranked()),
                "--with naming the own data set keeps it");

        RunCorrelator.Report disk = correlateOthers("scripted.disk.util", "sda");
        assertEquals(List.of("scripted.bench lat.ms", "scripted.bench tps"), names(disk.ranked()), "no other disk");
        assertEquals(List.of("scripted.bench lat.ms"), names(disk.strongestPerDataset()));
        assertEquals(3, disk.ownLeftOut(), "util of sdb, sdc and sdd");
    }

    @Test
    void withLimitsTheOtherSeriesToDataSetsOrMetrics() {
        assertEquals(List.of("scripted.disk util [sda]", "scripted.disk util [sdb]"),
                names(correlate("scripted.bench.tps", "", "scripted.disk").ranked()));
        assertEquals(List.of("scripted.bench lat.ms"),
                names(correlate("scripted.bench.tps", "", "scripted.bench.lat.ms").ranked()));
    }

    @Test
    void aKeyedTargetNeedsItsKeyAndOtherKeysOfTheSameMetricAreCandidates() {
        UserException noKey = assertThrows(UserException.class, () -> correlate("scripted.disk.util", ""));
        assertEquals("scripted.disk.util has one series per Device; choose one with --key: sda, sdb, sdc, sdd",
                noKey.getMessage());

        RunCorrelator.Report report = correlate("scripted.disk.util", "sda");
        assertEquals("scripted.disk util [sda]", report.target().display());
        assertEquals(List.of("scripted.bench lat.ms", "scripted.bench tps", "scripted.disk util [sdb]"), names(report.ranked()));
        // now the grid is centred on the disk samples (1 3 5 7 9 s): lat.ms averages to 195 175 155 135 112.5
        assertEquals(-0.99970269064305, report.ranked().get(0).r(), 1e-12);

        UserException unknown = assertThrows(UserException.class, () -> correlate("scripted.disk.util", "sdz"));
        assertEquals("--key sdz: scripted.disk.util has no Device 'sdz'; it has: sda, sdb, sdc, sdd", unknown.getMessage());
        UserException unkeyed = assertThrows(UserException.class, () -> correlate("scripted.bench.tps", "sda"));
        assertEquals("--key sda: data set 'scripted.bench' has no keys", unkeyed.getMessage());
    }

    @Test
    void aConstantTargetIsAnErrorNotAnEmptyRanking() {
        UserException e = assertThrows(UserException.class, () -> correlate("scripted.disk.util", "sdc"));
        assertEquals("scripted.disk util [sdc] does not vary over the run (always 5): nothing to correlate with", e.getMessage());
    }

    @Test
    void unknownMetricsAndRunsAreUserErrors() {
        assertThrows(UserException.class, () -> correlate("scripted.bench.qps", ""));
        UserException run = assertThrows(UserException.class, () -> new RunCorrelator(repo).correlate(
                new RunCorrelator.Request("nope", "scripted.bench.tps", "", List.of(), Correlator.Settings.defaults())));
        assertEquals("no run named 'nope'; runs: r1", run.getMessage());
    }
}
