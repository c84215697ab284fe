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

    @BeforeAll
    static void importRuns(@TempDir Path dir) throws Exception {
        ImportService service = new ImportService(shared.repository(), ParserCatalog.load(dir.resolve("no-user-parsers")));
        service.run(ImportRequest.of("hot", ZoneOffset.UTC, Files.writeString(dir.resolve("lockstat-hot.txt"), HOT)), ImportProgress.NONE);
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
        assertEquals(List.of("hottest: Lock Adaptive mutex spin/vm_page_queue_free_mtx/vm_page_free_toq+0x12e dominates the spin"
                + " events (lockstat): 70.03 % of them, of 4 locks and callers."),
                hot.stream().map(f -> f.kind().id() + ": " + f.text()).toList(), "the block events are spread: no finding for them");
        Finding f = hot.get(0);
        assertEquals(List.of("lockstat.spin", "Count", "Adaptive mutex spin/vm_page_queue_free_mtx/vm_page_free_toq+0x12e", "count"),
                List.of(f.dataset(), f.metric(), f.key(), f.unit()));
        assertEquals(29000, f.value(), 1e-9);
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
