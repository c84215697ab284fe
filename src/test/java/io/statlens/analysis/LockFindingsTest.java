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
import java.time.ZoneOffset;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The hot-lock finding, read from lockstat output through the real parser: a FreeBSD {@code lockstat sleep 5} where
 * one mutex and caller has 70 % of the spins (written for the test in the tool's format), and two tables of the
 * illumos manual page, one spread over eight locks and one with too few events to mean anything.
 */
class LockFindingsTest {
    @RegisterExtension
    static final SharedRepository shared = SharedRepository.keptBetweenTests();
    private final Repository repo = shared.repository();

    private static final String HOT = """
            Adaptive mutex spin: 41411 events in 5.011 seconds (8263 events/sec)

            Count indv cuml rcnt     nsec Lock                   Caller
            -------------------------------------------------------------------------------
            29000  70%  70% 0.00       72 vm_page_queue_free_mtx vm_page_free_toq+0x12e
             6000  14%  84% 0.00       51 vm_page_queue_free_mtx vm_page_alloc+0x2b4
             4000  10%  94% 0.00       33 process lock           knote+0x8f
             2411   6% 100% 0.00       40 sleepq chain           sleepq_lock+0x3a
            -------------------------------------------------------------------------------

            Adaptive mutex block: 42 events in 5.011 seconds (8 events/sec)

            Count indv cuml rcnt     nsec Lock                   Caller
            -------------------------------------------------------------------------------
               12  29%  29% 0.00    10324 vm_page_queue_free_mtx vm_page_free_toq+0x12e
               11  26%  55% 0.00     8301 process lock           knote+0x8f
               10  24%  79% 0.00     7720 sleepq chain           sleepq_lock+0x3a
                9  21% 100% 0.00     5112 vm_page_queue_free_mtx vm_page_alloc+0x2b4
            -------------------------------------------------------------------------------
            """;

    /**
     * Two sections in each data set, as lockstat prints them (illumos): one lock has 70 % of the adaptive mutex spins
     * but 17.5 % of all spins; one has 75 % of the writers blocked by readers (a title with a slash) among many blocks.
     */
    private static final String MIXED = """
            Adaptive mutex spin: 1000 events in 5.000 seconds (200 events/sec)

            Count indv cuml rcnt     nsec Lock                   Caller
            -------------------------------------------------------------------------------
              700  70%  70% 0.00       72 cpu0_disp              disp_lock_enter+0x14
              300  30% 100% 0.00       51 ph_mutex+0x44          page_lookup+0x1c
            -------------------------------------------------------------------------------

            Spin lock spin: 3000 events in 5.000 seconds (600 events/sec)

            Count indv cuml rcnt     nsec Lock                   Caller
            -------------------------------------------------------------------------------
              750  25%  25% 0.00       40 cpu[0]+0x48            setbackdq+0x2c0
              750  25%  50% 0.00       40 cpu[1]+0x48            setbackdq+0x2c0
              750  25%  75% 0.00       40 cpu[2]+0x48            setbackdq+0x2c0
              750  25% 100% 0.00       40 cpu[3]+0x48            setbackdq+0x2c0
            -------------------------------------------------------------------------------

            R/W writer blocked by readers: 40 events in 5.000 seconds (8 events/sec)

            Count indv cuml rcnt     nsec Lock                   Caller
            -------------------------------------------------------------------------------
               30  75%  75% 0.00   120000 0x30001a2b3c0          as_map+0x48
               10  25% 100% 0.00    90000 0x30001a2b4d8          as_unmap+0x30
            -------------------------------------------------------------------------------

            Adaptive mutex block: 400 events in 5.000 seconds (80 events/sec)

            Count indv cuml rcnt     nsec Lock                   Caller
            -------------------------------------------------------------------------------
              100  25%  25% 0.00    10324 pidlock                fork1+0x30
              100  25%  50% 0.00     8301 ph_mutex+0x44          page_lookup+0x1c
              100  25%  75% 0.00     7720 0x30005160130          sync_stream_buf+0x10
              100  25% 100% 0.00     5112 0x30005160d18          sync_stream_buf+0x10
            -------------------------------------------------------------------------------
            """;

    @BeforeAll
    static void importRuns(@TempDir Path dir) throws Exception {
        ImportService service = new ImportService(shared.repository(), ParserCatalog.load(dir.resolve("no-user-parsers")));
        service.run(ImportRequest.of("hot", ZoneOffset.UTC, Files.writeString(dir.resolve("lockstat-hot.txt"), HOT)), ImportProgress.NONE);
        service.run(ImportRequest.of("mixed", ZoneOffset.UTC, Files.writeString(dir.resolve("lockstat-mixed.txt"), MIXED)),
                ImportProgress.NONE);
        service.run(ImportRequest.of("spread", ZoneOffset.UTC,
                Path.of("src/test/resources/corpus/lockstat/illumos-man-lockstat-kICE-module.txt")), ImportProgress.NONE);
        service.run(ImportRequest.of("few", ZoneOffset.UTC,
                Path.of("src/test/resources/corpus/lockstat/illumos-man-lockstat-H-s-stacks.txt")), ImportProgress.NONE);
    }

    private List<Finding> locks(String run) {
        return new FindingsAnalyzer(repo).analyze(List.of(run)).runs().get(0).findings().stream()
                .filter(f -> f.dataset().startsWith("lockstat.")).toList();
    }

    @Test
    void aLockAndCallerWithMostOfTheSpinsIsNamedWithItsShare() {
        List<Finding> hot = locks("hot");
        assertEquals(List.of("hottest: Lock vm_page_queue_free_mtx/vm_page_free_toq+0x12e dominates the Adaptive mutex spin"
                + " events (lockstat): 70.03 % of them, of 4 locks and callers."),
                hot.stream().map(f -> f.kind().id() + ": " + f.text()).toList(), "the block events are spread: no finding for them");
        Finding f = hot.get(0);
        assertEquals(List.of("lockstat.spin", "Count", "Adaptive mutex spin/vm_page_queue_free_mtx/vm_page_free_toq+0x12e", "count"),
                List.of(f.dataset(), f.metric(), f.key(), f.unit()));
        assertEquals(29000, f.value(), 1e-9);
    }

    @Test
    void eachSectionOfADataSetIsMeasuredOnItsOwn() {
        assertEquals(List.of("lockstat.spin: Lock cpu0_disp/disp_lock_enter+0x14 dominates the Adaptive mutex spin events (lockstat):"
                        + " 70 % of them, of 2 locks and callers.",
                        "lockstat.block: Lock 0x30001a2b3c0/as_map+0x48 dominates the R/W writer blocked by readers events (lockstat):"
                        + " 75 % of them, of 2 locks and callers."),
                locks("mixed").stream().map(f -> f.dataset() + ": " + f.text()).toList(),
                "a share of the section's events, not of the spin lock spins and other blocks beside them");
        assertEquals("R/W writer blocked by readers/0x30001a2b3c0/as_map+0x48", locks("mixed").get(1).key(), "the key as stored");
    }

    @Test
    void aTableSpreadOverManyLocksHasNoFinding() {
        assertEquals(List.of(), locks("spread"), "the hottest spin is 15 of 39 events, the hottest block 4 of 9");
    }

    @Test
    void fewerThanTenEventsAreNoFindingWhateverTheirShare() {
        assertEquals(List.of(), locks("few"), "9 of the 10 spins printed, one lock: too few to tell");
    }
}
