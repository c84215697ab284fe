package io.statlens.store.load;

import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import io.statlens.store.schema.SqlDialect;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Tells an import's progress whom it waits for once it has waited a while. On PostgreSQL an import that
 * adds columns to a table waits until every transaction that read the table ends, a reader's left open
 * in psql too, and would otherwise wait in silence. Asked on a connection of its own, every few seconds;
 * engines that cannot say (see {@link SqlDialect#waitsFor}) are not watched.
 */
final class LockWaitWatch implements AutoCloseable {
    private static final long EVERY_MILLIS = 3_000;
    private final Thread watching;

    private LockWaitWatch(Thread watching) {
        this.watching = watching;
    }

    /** Watches the repository's connection (its server process) until closed. */
    static LockWaitWatch start(Repository repo, ImportProgress progress) {
        OptionalLong process = repo.dialect().serverProcess(repo.connection());
        if (process.isEmpty()) return new LockWaitWatch(null);
        RepositoryLocation location = repo.location();
        SqlDialect dialect = repo.dialect();
        Thread t = new Thread(() -> watch(location, dialect, process.getAsLong(), progress), "statlens-import-waits");
        t.setDaemon(true);
        t.start();
        return new LockWaitWatch(t);
    }

    /** Says whom the import waits for when it has waited for the same clients at two looks in a row. */
    private static void watch(RepositoryLocation location, SqlDialect dialect, long process, ImportProgress progress) {
        try (Connection other = DriverManager.getConnection(location.jdbcUrl(), location.connectionProperties())) {
            String before = null;
            String said = null;
            while (!Thread.currentThread().isInterrupted()) {
                Thread.sleep(EVERY_MILLIS);
                Optional<String> now = dialect.waitsFor(other, process);
                String holders = now.orElse(null);
                if (holders != null && holders.equals(before) && !holders.equals(said)) {
                    progress.waiting(holders);
                    said = holders;
                }
                before = holders;
            }
        } catch (InterruptedException | SQLException e) {
            // closed, or the server will not tell: the import goes on, unwatched
        }
    }

    @Override
    public void close() {
        if (watching != null) watching.interrupt();
    }
}
