package io.statlens.chart;

import io.statlens.parse.ParserCatalog;
import io.statlens.store.SharedRepository;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.schema.Repository;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs overlaid on elapsed time start at their own first sample. The demo's undated tpcc-2000wh run (tpcc-mysql 30 s,
 * vmstat 5 s, iostat; times derived from the files' modification time, which the demo's files share) starts with its
 * tpcc-mysql output, so its vmstat began 35 s after the run did; on an overlay with ubuntu1804's vmstat both lines
 * start at 0 s.
 */
class ElapsedOverlayTest {
    @RegisterExtension
    static final SharedRepository shared = SharedRepository.keptBetweenTests();
    private final Repository repo = shared.repository();

    @BeforeAll
    static void importRuns(@TempDir Path dir) throws Exception {
        Path samples = Path.of("src/main/resources/statlens/samples");
        FileTime written = FileTime.from(Instant.parse("2024-03-01T10:00:00Z"));
        Path tpcc = Files.createDirectories(dir.resolve("tpcc"));
        for (String f : List.of("meeeejin-2021-tpcc_start-2000wh-unwrapped.txt", "meeeejin-vmstat-1-double-prompt.txt")) {
            Files.setLastModifiedTime(Files.copy(samples.resolve("tpcc-2000wh").resolve(f), tpcc.resolve(f)), written);
        }
        ImportService service = new ImportService(shared.repository(), ParserCatalog.load(dir.resolve("no-user-parsers")));
        try (var files = Files.list(tpcc)) {
            service.run(ImportRequest.of("tpcc", ZoneOffset.UTC, files.sorted().toArray(Path[]::new)), ImportProgress.NONE);
        }
        service.run(ImportRequest.of("ubuntu", ZoneOffset.UTC, samples.resolve("ubuntu1804/ssup-ubuntu1804-vmstat-1-iowait.txt")),
                ImportProgress.NONE);
    }

    @Test
    void eachRunStartsAtItsOwnFirstSample() {
        ChartDefinition io = PresetCatalog.builtIn().stream().filter(d -> d.name().equals("vmstat.io")).findFirst().orElseThrow();
        ChartData chart = new ChartService(repo, ZoneOffset.UTC).draw(ChartRequest.of(io, List.of("tpcc", "ubuntu"))).charts().get(0)
                .data();
        assertEquals(ChartData.Domain.ELAPSED, chart.domain());
        assertEquals(4, chart.series().size(), "bi and bo of each run");
        for (ChartData.PlotSeries s : chart.series()) {
            assertEquals(0, s.x()[0], s.name() + " starts at 0 s: " + s.x()[0]);
            assertTrue(s.x()[s.x().length - 1] <= 5, s.name() + " ends after its own 4 or 5 samples");
        }
    }
}
