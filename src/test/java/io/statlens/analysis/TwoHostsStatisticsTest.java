package io.statlens.analysis;

import io.statlens.parse.ParserCatalog;
import io.statlens.store.SharedRepository;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.read.RunCatalog;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One run of two hosts' vmstat, laid out as a collect of {@code --host db01 --host app01} keeps it (a folder per host,
 * samples on the same seconds): db01 waits for I/O, app01 is idle. Statistics and findings keep the hosts apart, as
 * the charts do, and the run's host names both. A second run of the two has them the other way round: the hosts'
 * series merged would not have changed at all, each host's did.
 */
class TwoHostsStatisticsTest {
    private static final String RUN = "two-hosts";
    private static final String SWAPPED = "two-hosts-swapped";
    @RegisterExtension
    static final SharedRepository shared = SharedRepository.keptBetweenTests();

    @BeforeAll
    static void importBothHosts(@TempDir Path dir) throws Exception {
        Path db01 = Files.createDirectories(dir.resolve("collect/db01"));
        Path app01 = Files.createDirectories(dir.resolve("collect/app01"));
        Files.writeString(db01.resolve("vmstat.txt"), vmstat(40, 0));
        Files.writeString(app01.resolve("vmstat.txt"), vmstat(0, 0));
        ImportService imports = new ImportService(shared.repository(), ParserCatalog.load(dir.resolve("no-user-parsers")));
        imports.run(ImportRequest.of(RUN, ZoneOffset.UTC, db01, app01), ImportProgress.NONE);
        Path db01Swapped = Files.createDirectories(dir.resolve("swapped/db01"));
        Path app01Swapped = Files.createDirectories(dir.resolve("swapped/app01"));
        // a little noise, for the change to be tested beyond it
        Files.writeString(db01Swapped.resolve("vmstat.txt"), vmstat(0, 1));
        Files.writeString(app01Swapped.resolve("vmstat.txt"), vmstat(40, 1));
        imports.run(ImportRequest.of(SWAPPED, ZoneOffset.UTC, db01Swapped, app01Swapped), ImportProgress.NONE);
    }

    /**
     * {@code vmstat -t 1 21} in the C locale: 20 samples after the since-boot line, at this I/O wait, every other one
     * {@code noise} higher.
     */
    private static String vmstat(int wa, int noise) {
        StringBuilder b = new StringBuilder("procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu----- -----timestamp-----\n"
                + " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st                 UTC\n");
        DateTimeFormatter f = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);
        Instant t0 = Instant.parse("2026-12-02T10:00:00Z");
        for (int i = 0; i <= 20; i++) {
            b.append(String.format(" 1  0      0 19175728  47256 4919852    0    0     4    24  219  249  1  1 %2d %2d  0 %s%n",
                    98 - wa, wa + noise * (i % 2), f.format(t0.plusSeconds(i))));
        }
        return b.toString();
    }

    @Test
    void statisticsArePerHost() {
        List<MetricStats> wa = new RunStatistics(shared.repository())
                .stats(new StatsRequest(RUN, List.of("vmstat"), List.of("wa"), List.of(), io.statlens.store.read.TimeWindow.ALL, false));
        assertEquals(List.of("db01", "app01"), wa.stream().map(MetricStats::host).toList());
        assertEquals(List.of(40.0, 0.0), wa.stream().map(s -> s.stats().mean()).toList());
        assertEquals(List.of(20L, 20L), wa.stream().map(s -> s.stats().n()).toList());
    }

    @Test
    void findingsArePerHost() {
        List<String> findings = new FindingsAnalyzer(shared.repository()).analyze(List.of(RUN)).all().stream()
                .map(f -> f.text().toString()).toList();
        assertTrue(findings.stream().anyMatch(f -> f.startsWith("db01: I/O wait of all CPUs")), findings.toString());
        assertTrue(findings.stream().noneMatch(f -> f.startsWith("app01: I/O wait")), findings.toString());
    }

    @Test
    void aComparisonMatchesEachHostWithItself() {
        List<RunComparer.Comparison> wa = new RunComparer(shared.repository()).compare(new RunComparer.Request(RUN, List.of(SWAPPED),
                java.util.Optional.of("vmstat"), List.of("wa"), List.of()));
        assertEquals(List.of("db01 40.0 0.5", "app01 0.0 40.5"), wa.stream().sorted(java.util.Comparator.comparing(c -> c.base().mean() == 0))
                .map(c -> c.host() + " " + c.base().mean() + " " + c.other().mean()).toList());
        List<String> changes = new FindingsAnalyzer(shared.repository()).analyze(List.of(RUN, SWAPPED)).compared().get(0).findings()
                .stream().map(f -> f.text().toString()).toList();
        // app01's wa rose from 0, a change without a relative size; its idle time fell with it
        assertTrue(changes.stream().anyMatch(f -> f.startsWith("db01: wa (vmstat) fell")), changes.toString());
        assertTrue(changes.stream().anyMatch(f -> f.startsWith("app01: id (vmstat) fell")), changes.toString());
    }

    /** A collect names its hosts in the order it has them, an import of its folder in the folders' order. */
    @Test
    void theSameHostsInAnotherOrderAreNoDifferentHosts() {
        java.util.Map<String, String> hosts = new java.util.LinkedHashMap<>();
        hosts.put("collected", "vm, loop");
        hosts.put("imported", "loop, vm");
        assertEquals(java.util.Optional.empty(), RunComparer.hostsNote(hosts));
        hosts.put("imported", "vm");
        assertEquals(java.util.Optional.of("Different hosts: collected ran on vm, loop, imported on vm; a change may be the machines',"
                + " not the runs'."), RunComparer.hostsNote(hosts));
    }

    @Test
    void theRunsHostNamesBothHosts() {
        assertEquals("app01, db01", new RunCatalog(shared.repository()).run(RUN).host());
    }

    /**
     * A collect has its hosts' data sets in the order its tools first committed, an import of its folders in the files'
     * order: the run's host names them in one order either way ("vm, loop" and "loop, vm" were two hosts' names).
     */
    @Test
    void theRunsHostNamesTheHostsInOneOrderWhateverOrderTheFilesCameIn(@TempDir Path dir) throws Exception {
        Path db01 = Files.createDirectories(dir.resolve("db01"));
        Path app01 = Files.createDirectories(dir.resolve("app01"));
        Files.writeString(db01.resolve("vmstat.txt"), vmstat(40, 0));
        Files.writeString(app01.resolve("vmstat.txt"), vmstat(0, 0));
        new ImportService(shared.repository(), ParserCatalog.load(dir.resolve("no-user-parsers")))
                .run(ImportRequest.of("two-hosts-app01-first", ZoneOffset.UTC, app01, db01), ImportProgress.NONE);
        RunCatalog runs = new RunCatalog(shared.repository());
        assertEquals(runs.run(RUN).host(), runs.run("two-hosts-app01-first").host());
    }
}
