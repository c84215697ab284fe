package io.statlens.store.schema;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.store.LockConflict;
import io.statlens.store.RepositoryEngine;
import org.junit.jupiter.api.Test;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * On PostgreSQL an import that adds a column takes its table for itself to the end of its transaction. A reader that
 * read table B and now waits for table A, which the import grew, must not be undone when the import goes on to grow B:
 * that would close a cycle, which PostgreSQL breaks by undoing whichever transaction's deadlock check runs first, and
 * the reader's may (it started waiting first). The import sees the waiting reader and gives up at once, as a lock
 * conflict, which ImportService answers by starting the import over; the reader goes on.
 */
class ReaderNotDeadlockVictimTest {
    private static final Metric X = Metric.of("x", "%");
    private static final Metric Y = Metric.of("y", "%");

    @Test
    void aReaderWaitingForAGrownTableIsNotUndoneWhenTheImportGrowsOneItRead() throws Exception {
        assumeTrue(RepositoryEngine.enabled().contains(RepositoryEngine.POSTGRES), "PostgreSQL is not among the engines tested");
        RepositoryLocation location = RepositoryEngine.POSTGRES.freshRepository();
        DatasetSpec a = new DatasetSpec("locks", "a", "Key", List.of(X));
        DatasetSpec b = new DatasetSpec("locks", "b", "Key", List.of(X));
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (Repository importer = Repository.open(location); Repository reader = Repository.open(location, false)) {
            importer.tables().ensure(a);
            importer.tables().ensure(b);
            importer.connection().commit();
            String tableA = importer.tables().tableName(a);
            String tableB = importer.tables().tableName(b);

            // The import grows A: it holds A (ACCESS EXCLUSIVE) until it ends.
            importer.tables().ensure(new DatasetSpec("locks", "a", "Key", List.of(X, Y)));
            // The reader reads B, then waits for A. Its deadlock check runs 200 ms into that wait (the test's server
            // user may set it; PostgreSQL's default is 1 s), while the import waits for B.
            try (Statement s = reader.connection().createStatement()) {
                s.execute("SET deadlock_timeout = '200ms'");
                s.executeQuery("SELECT COUNT(*) FROM " + tableB).close();
            }
            long readerPid = reader.serverProcess().orElseThrow();
            Future<Long> readA = pool.submit(() -> {
                try (Statement s = reader.connection().createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + tableA)) {
                    rs.next();
                    return rs.getLong(1);
                }
            });
            waitUntilWaiting(importer, readerPid);
            Thread.sleep(150);

            // The import goes on to grow B, which the reader holds; what it is told, it answers by starting over.
            RuntimeException conflict = null;
            try {
                importer.tables().ensure(new DatasetSpec("locks", "b", "Key", List.of(X, Y)));
            } catch (RuntimeException e) {
                conflict = e;
            }
            importer.rollback();

            assertEquals(0L, readA.get(10, TimeUnit.SECONDS), "the reader reads A once the import has let go");
            reader.endRead();
            assertTrue(conflict != null && LockConflict.in(conflict).isPresent(),
                    "the import gives up with a lock conflict, so that it starts over: " + conflict);
        } finally {
            pool.shutdownNow();
        }
    }

    /** Until the reader's server process waits for a lock. */
    private static void waitUntilWaiting(Repository observer, long pid) throws SQLException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        try (PreparedStatement ps = observer.connection().prepareStatement(
                "SELECT 1 FROM pg_catalog.pg_locks WHERE pid = ? AND NOT granted")) {
            ps.setLong(1, pid);
            while (System.nanoTime() < deadline) {
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) return;
                }
                Thread.sleep(2);
            }
        }
        throw new AssertionError("the reader never waited for the import's table");
    }
}
