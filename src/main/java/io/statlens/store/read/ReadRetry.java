package io.statlens.store.read;

import io.statlens.store.LockConflict;
import io.statlens.store.StoreException;
import io.statlens.store.schema.Repository;

import java.sql.SQLException;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

/**
 * Work that only reads, done again when the engine undid it to settle a conflict with a writer. On Derby a reader
 * locks each row while it reads it: a statement that joins a run's row to its data sets' or files' holds the run's
 * row while it waits for theirs, and a live collect's commit (or any import's) updates those first and the run's
 * last. The two wait for each other until Derby's deadlock check (20 s) undoes the one that holds fewer locks, the
 * reader. Which statement of a read meets the writer depends on the engine's plan, so the reads are not reordered
 * one by one: the undone read, which changed nothing, starts over on a fresh transaction, a few times. A read that
 * waited past Derby's lock timeout (60 s) starts over too. PostgreSQL's readers see the last commit and never wait for
 * a writer's rows (only for a table whose columns an import adds, and that import gives way), so there the work
 * runs once.
 *
 * <p>Only for work on a connection that holds no uncommitted writes: the engine undid the whole transaction, and
 * work that wrote before it would go on without what it wrote. A read inside another one runs once; the outermost
 * starts over. A read that streams what it reads says when it has handed the first of it out ({@link #handedOut()}):
 * from then on a conflict ends it, for starting over would hand the same rows out twice.
 */
public final class ReadRetry {
    /** Tries in all: a deadlock is settled by the next try; a lock held past the lock timeout twice more is someone's long work. */
    static final int ATTEMPTS = 3;
    private static final ThreadLocal<Boolean> READING = ThreadLocal.withInitial(() -> false);
    private static final ThreadLocal<Boolean> HANDED_OUT = ThreadLocal.withInitial(() -> false);

    private ReadRetry() {
    }

    /**
     * The work's result, done again (after a short random pause) while the engine undoes it to settle a lock
     * conflict; after {@value #ATTEMPTS} tries the conflict is thrown, with the number of tries, for the
     * command to say that the repository is busy.
     */
    public static <T> T read(Repository repo, Supplier<T> work) {
        if (READING.get()) return work.get();
        READING.set(true);
        try {
            for (int attempt = 1; ; attempt++) {
                HANDED_OUT.set(false);
                try {
                    return work.get();
                } catch (RuntimeException e) {
                    Optional<SQLException> conflict = LockConflict.exception(e);
                    if (conflict.isEmpty() || HANDED_OUT.get()) throw e;
                    repo.endRead();
                    if (attempt == ATTEMPTS) throw exhausted(conflict.get());
                    pause(attempt);
                }
            }
        } finally {
            READING.remove();
            HANDED_OUT.remove();
        }
    }

    /** Said by the work once it has handed out some of what it read (to a printer, a writer): it cannot start over. */
    public static void handedOut() {
        if (READING.get()) HANDED_OUT.set(true);
    }

    /** The last conflict, with the engine's state (so that it is still told as one) and the number of tries. */
    private static StoreException exhausted(SQLException last) {
        SQLException told = new SQLException(last.getMessage() + " (the read was tried " + ATTEMPTS + " times)", last.getSQLState(), last);
        return new StoreException(told.getMessage(), told);
    }

    private static void pause(int attempt) {
        try {
            // at random, so that readers undone together do not meet the writer together again
            Thread.sleep(ThreadLocalRandom.current().nextLong(100, 500) * attempt);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException("the read was interrupted while it waited to start over", e);
        }
    }
}
