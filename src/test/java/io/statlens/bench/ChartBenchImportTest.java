package io.statlens.bench;

import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code bench --charts} run again with the same --dir: the run it imported is kept, or imported again when its rows differ. */
class ChartBenchImportTest {
    @Test
    void aRunOfTheSameRowsIsKeptAndOneOfOtherRowsImportedAgain(@TempDir Path dir) throws Exception {
        Path repo = dir.resolve("repo-chart");
        List<String> progress = new ArrayList<>();
        assertTrue(ChartBench.importOnce(repo, "bench", 600, () -> Workload.mpstatAll(dir, 600), progress::add));
        assertFalse(ChartBench.importOnce(repo, "bench", 600, () -> {
            throw new AssertionError("the input is not written again");
        }, progress::add));
        assertEquals("run bench of " + repo + ": 600 rows, imported by an earlier bench with this --dir, kept", progress.get(1));
        assertTrue(ChartBench.importOnce(repo, "bench", 700, () -> Workload.mpstatAll(dir, 700), progress::add));
        assertEquals("run bench of " + repo + " holds 600 rows, not 700: deleted, to be imported again", progress.get(2));
        try (Repository r = Repository.open(RepositoryLocation.embedded(repo))) {
            assertEquals(List.of(700L), new RunCatalog(r).runs().stream().map(RunCatalog.RunInfo::rows).toList());
        }
    }
}
