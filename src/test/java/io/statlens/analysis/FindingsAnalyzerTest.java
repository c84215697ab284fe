package io.statlens.analysis;

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
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Findings of runs whose story is known: a host with one disk at its limit for 100 s of 200 s, threads waiting for
 * its two CPUs, I/O wait and one burst of swapping (iostat -x and vmstat output written for the test, in the
 * tools' own formats); a host that did nothing; and two real sysbench runs, compared.
 */
class FindingsAnalyzerTest {
    @RegisterExtension
    static final SharedRepository shared = SharedRepository.keptBetweenTests();
    private final Repository repo = shared.repository();

    private static final Instant START = Instant.parse("2024-03-01T10:00:00Z");

    @BeforeAll
    static void importRuns(@TempDir Path dir) throws Exception {
        Path busyIostat = Files.writeString(dir.resolve("busy-iostat.txt"), iostat(i -> i >= 6 && i <= 15 ? 99.5 : 20, 10, 4, 25));
        Path busyVmstat = Files.writeString(dir.resolve("busy-vmstat.txt"), vmstat(i -> i >= 5 && i <= 14 ? 5 : 1,
                i -> i == 8 ? 100 : 0, 25));
        importRun(dir, "busy", busyIostat, busyVmstat);
        importRun(dir, "quiet", Files.writeString(dir.resolve("quiet-iostat.txt"), iostat(i -> 0.4, 0.3, 0.5, 0.1)));
        ImportService service = new ImportService(shared.repository(), ParserCatalog.load(dir.resolve("no-user-parsers")));
        service.run(ImportRequest.of("sb16", ZoneOffset.UTC, Path.of("src/test/resources/corpus/sysbench/plantegg-1.0.20-oltp_rw-16thr.txt")),
                ImportProgress.NONE);
        service.run(ImportRequest.of("sb8", ZoneOffset.UTC, Path.of("src/test/resources/corpus/sysbench/mb-0.5-mid-rw-8thr-5s.txt")),
                ImportProgress.NONE);
        importRun(dir, "solaris-swapping", Files.writeString(dir.resolve("solaris-vmstat-S.txt"), solarisSwapping()));
        importRun(dir, "top-graph", Path.of("src/test/resources/corpus/top/debian12-top-b-c-n2-two-abreast-graph-bars.txt"));
    }

    private static void importRun(Path dir, String run, Path... files) {
        new ImportService(shared.repository(), ParserCatalog.load(dir.resolve("no-user-parsers"))).run(new ImportRequest(List.of(files),
                run, Optional.empty(), List.of(), Optional.empty(), Optional.of(START), Optional.of(Duration.ofSeconds(10)),
                ZoneOffset.UTC, false, false, false), ImportProgress.NONE);
    }

    /** {@code iostat -x 10}: 21 reports (the first since boot) of sda and sdb at these %util, 1 % system time. */
    private static String iostat(java.util.function.IntToDoubleFunction sdb, double sda, double user, double iowait) {
        StringBuilder b = new StringBuilder("Linux 5.15.0-91-generic (db01) \t03/01/2024 \t_x86_64_\t(2 CPU)\n\n");
        for (int i = 0; i <= 20; i++) {
            b.append("avg-cpu:  %user   %nice %system %iowait  %steal   %idle\n");
            b.append(String.format(java.util.Locale.ROOT, "          %6.2f    0.00    1.00  %6.2f    0.00  %6.2f%n%n", user, iowait,
                    99 - user - iowait));
            b.append("Device            r/s     w/s     rkB/s     wkB/s   rrqm/s   wrqm/s  %rrqm  %wrqm r_await w_await aqu-sz"
                    + " rareq-sz wareq-sz  svctm  %util\n");
            b.append(device("sda", sda));
            b.append(device("sdb", sdb.applyAsDouble(i)));
            b.append('\n');
        }
        return b.toString();
    }

    private static String device(String name, double util) {
        return String.format(java.util.Locale.ROOT, "%-12s  10.00   20.00    40.00    80.00     0.00     0.00   0.00   0.00"
                + "    0.50    0.80   0.02     4.00     4.00   0.30  %6.2f%n", name, util);
    }

    /** {@code vmstat 10}: 21 lines (the first since boot) with r, si and wa as given. */
    private static String vmstat(java.util.function.IntUnaryOperator r, java.util.function.IntUnaryOperator si, int wa) {
        StringBuilder b = new StringBuilder("procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----\n"
                + " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st\n");
        for (int i = 0; i <= 20; i++) {
            b.append(String.format(java.util.Locale.ROOT, "%2d  0      0 800000  10000 200000 %4d    0     1     3  100  200  5  1 %2d %2d  0%n",
                    r.applyAsInt(i), si.applyAsInt(i), 94 - wa, wa));
        }
        return b.toString();
    }

    /**
     * Solaris's {@code vmstat -S 10} in vmstat.c's layout: 6 lines (the first since boot), two LWPs swapped in and one process
     * swapped out per second in the fourth.
     */
    private static String solarisSwapping() {
        StringBuilder b = new StringBuilder(" kthr      memory            page            disk          faults      cpu\n"
                + " r b w   swap  free  si  so pi po fr de sr s0 s1 -- --   in   sy   cs us sy id\n");
        for (int i = 0; i <= 5; i++) {
            b.append(String.format(java.util.Locale.ROOT, " 0 0 0 3312376 31840 %3d %3d  0  0  0  0  0  0  0  0  0  297  201  472  2  1 97%n",
                    i == 3 ? 2 : 0, i == 3 ? 1 : 0));
        }
        return b.toString();
    }

    private List<Finding> of(String run) {
        return new FindingsAnalyzer(repo).analyze(List.of(run)).runs().get(0).findings();
    }

    private static List<String> texts(List<Finding> findings) {
        List<String> out = new ArrayList<>();
        findings.forEach(f -> out.add(f.kind().id() + ": " + f.text()));
        return out;
    }

    @Test
    void aDiskAtItsLimitThreadsWaitingIowaitAndSwappingAreTold() {
        List<Finding> busy = of("busy");
        assertEquals(List.of(
                "saturation: sdb was at least 95 % busy for 1 min 40 s of 3 min 20 s (p95 99.5 %).",
                "trouble: Run queue above the 2 CPUs for 1 min 40 s (vmstat r p95 5, peak 5): threads waited for a CPU.",
                "trouble: I/O wait of all CPUs (iostat.cpu %iowait): p95 25 %, mean 25 %, peak 25 %; CPUs sat idle waiting for I/O.",
                "trouble: Swapping in 1 of 20 samples: swap-in peak 100 KiB/s (vmstat si).",
                "hottest: CPU busy time (100 - id - wa, vmstat): p95 6 %, mean 6 %, peak 6 %.",
                "hottest: Busiest devices by mean %util: sdb 59.75 %, sda 10 % (of 2)."), texts(busy));
        Finding sdb = busy.get(0);
        assertEquals(List.of("iostat", "%util", "sdb"), List.of(sdb.dataset(), sdb.metric(), sdb.key()));
        assertEquals(99.5, sdb.value(), 1e-9);
        assertEquals("%", sdb.unit());
        assertTrue(busy.stream().noneMatch(f -> f.kind() == Finding.Kind.IDLE), "a busy host is not idle");
    }

    /**
     * top's graph mode prints no idle time, only each CPU's user and system shares and their total (here two abreast, the
     * {@code 4} toggle): busy time is that total. The real capture's CPUs were at 100 % in both samples, a second apart (a loaded VM).
     */
    @Test
    void topsGraphModeTellsBusyTimeByItsTotal() {
        assertEquals(List.of(
                "saturation: CPU 0 was at least 95 % busy for 2 s of 2 s (p95 100 %).",
                "saturation: CPU 1 was at least 95 % busy for 2 s of 2 s (p95 100 %).",
                "hottest: Busiest CPUs by mean busy time (total): CPU 0 100 %, CPU 1 100 % (of 2).",
                "hottest: Process 16008 /bin/sh -+ dominates the CPU the processes used (top): 100 % of it, mean %CPU 22.8 % while"
                        + " it ran, of 2 processes."), texts(of("top-graph")));
    }

    /**
     * Solaris's {@code -S} counts swap-ins and swap-outs per second under Linux's labels for KiB/s swapped (vmstat(1M)); the
     * repository already holds a Linux run's si in KiB/s: the finding gives Solaris's counts as counts.
     */
    @Test
    void solarisSwapInsAreToldAsCountsPerSecond() {
        assertEquals(List.of("trouble: Swapping in 1 of 5 samples: swap-in peak 2/s (vmstat si swap-ins/s), swap-out peak 1/s"
                        + " (vmstat so swap-outs/s)."),
                texts(of("solaris-swapping")).stream().filter(t -> t.contains("Swapping")).toList());
    }

    @Test
    void aHostThatDidNothingIsCalledIdle() {
        List<Finding> quiet = of("quiet");
        assertEquals(List.of("idle: Idle: over 3 min 20 s the CPUs were at most 1.5 % busy (p95) and no device more than 0.4 %"
                + " (p95 %util, sdb); nothing here needs a look."), texts(quiet));
    }

    @Test
    void aBenchmarkHasItsResultAndAComparisonItsChanges() {
        Findings findings = new FindingsAnalyzer(repo).analyze(List.of("sb16", "sb8"));
        assertEquals(List.of("headline: sysbench oltp: 3,482 tps, 69,645 qps, latency p95 7.43 ms (16 threads, 30 s); per interval"
                + " 3,326 to 3,554 tps (CV 1.05 %)."), texts(findings.runs().get(0).findings()));
        Findings.Comparison c = findings.comparisons().get(0);
        assertEquals(List.of("sb16", "sb8"), List.of(c.base(), c.run()));
        List<String> changes = texts(c.findings());
        assertEquals("change: tps (sysbench) fell 53.02 %, from 3,482 to 1,636/s (per-interval samples beyond noise, p < 0.0001)"
                + " against sb16.", changes.get(0), "the results, tested on the per-interval samples");
        assertTrue(changes.get(1).startsWith("change: latency_avg_ms (sysbench) rose 6.54 %, from 4.59 to 4.89 ms (not tested: single"
                + " values; no spread known; average repeated runs to test it)"), changes.get(1));
        assertTrue(c.findings().size() <= 2 + FindingsAnalyzer.CHANGES_LISTED + 10, "kept short: " + changes.size());
    }

    @Test
    void runsThatShareNothingWithTheBaseAreToldInOneNote() {
        Findings findings = new FindingsAnalyzer(repo).analyze(List.of("busy", "sb16", "quiet", "sb8"));
        assertEquals(List.of("sb16", "quiet", "sb8"), findings.comparisons().stream().map(Findings.Comparison::run).toList(),
                "files still get a comparison per run");
        assertEquals(List.of("quiet"), findings.compared().stream().map(Findings.Comparison::run).toList(),
                "only the run sharing iostat with the base is compared");
        assertEquals("not compared with busy", findings.notComparedTitle());
        assertEquals(List.of("note: sb16 (sysbench) and sb8 (sysbench) have no data set or summary value in common with busy"
                + " (iostat, vmstat)."), texts(findings.unrelated()));
        assertEquals(List.of(), new FindingsAnalyzer(repo).analyze(List.of("sb16", "sb8")).unrelated(), "related runs: no note");
    }
}
