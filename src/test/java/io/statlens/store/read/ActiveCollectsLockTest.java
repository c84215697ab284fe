package io.statlens.store.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.statlens.parse.ParserCatalog;
import io.statlens.store.RepositoryEngine;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code statlens note --active} reads the active collects while a collector writes on a server repository: the
 * collector's commit updates a data set's row, then its run's; the reader must never hold the run's row while it waits
 * for the data set's, or the two deadlock and the note fails with "the repository is busy" (seen in docs/collect.md).
 */
class ActiveCollectsLockTest {
    @TempDir
    Path dir;

    @Test
    void readingTheActiveCollectsNeverHoldsARunWhileWaitingForItsDataSets() throws Exception {
        RepositoryLocation location = RepositoryEngine.DERBY_SERVER.freshRepository();
        try (Repository writer = Repository.open(location, true); Repository reader = Repository.open(location, false)) {
            Path vmstat = Files.writeString(dir.resolve("vmstat.txt"), """
                    procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----
                     r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st
                     1  0      0 2794716 295968 312724    0    0     1     3   29   57  0  0 99  0  0
                     1  0      0 2794716 295968 312724    0    0     1     3   29   57  0  0 98  0  0
                    """);
            new ImportService(writer, ParserCatalog.load(dir.resolve("no-user-parsers"))).run(
                    ImportRequest.of("bench", ZoneOffset.UTC, vmstat), ImportProgress.NONE);
            new ActiveCollects(writer).begin("bench", Instant.now(), 1, "pid 1 on here");
            Connection w = writer.connection();
            // a collector's commit in progress: its data set's row first...
            try (PreparedStatement ps = w.prepareStatement("UPDATE DATASETS SET LAST_TS = LAST_TS")) {
                ps.executeUpdate();
            }
            CompletableFuture<List<ActiveCollects.Active>> listed = CompletableFuture.supplyAsync(() -> new ActiveCollects(reader).list());
            Thread.sleep(1_000);
            // ...then its run's, while the reader waits for the data set's row
            try (PreparedStatement ps = w.prepareStatement("UPDATE RUNS SET HOST = HOST")) {
                ps.executeUpdate();
            }
            w.commit();
            assertEquals(List.of("bench"), listed.get(60, TimeUnit.SECONDS).stream().map(ActiveCollects.Active::run).toList());
        }
    }
}
