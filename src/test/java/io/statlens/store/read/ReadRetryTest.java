package io.statlens.store.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.statlens.store.LockConflict;
import io.statlens.store.RepositoryEngine;
import io.statlens.store.StoreException;
import io.statlens.store.schema.Repository;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** How often a read undone by the engine starts over, and what is said when it never gets through. */
class ReadRetryTest {
    private static Repository repo;

    @BeforeAll
    static void open() {
        repo = Repository.open(RepositoryEngine.DERBY.freshRepository(), true);
    }

    @AfterAll
    static void close() {
        repo.close();
    }

    private static StoreException deadlock() {
        return new StoreException("cannot list runs: deadlock", new SQLException("A lock could not be obtained due to a deadlock", "40001"));
    }

    @Test
    void aReadUndoneEveryTimeEndsAsBusyWithTheNumberOfTries() {
        AtomicInteger tries = new AtomicInteger();
        StoreException busy = assertThrows(StoreException.class, () -> ReadRetry.read(repo, () -> {
            tries.incrementAndGet();
            throw deadlock();
        }));
        assertEquals(ReadRetry.ATTEMPTS, tries.get());
        assertEquals("A lock could not be obtained due to a deadlock (the read was tried 3 times)", LockConflict.in(busy).orElseThrow());
    }

    @Test
    void aReadUndoneOnceGetsThroughTheSecondTime() {
        AtomicInteger tries = new AtomicInteger();
        assertEquals("runs", ReadRetry.read(repo, () -> {
            if (tries.incrementAndGet() == 1) throw deadlock();
            return "runs";
        }));
        assertEquals(2, tries.get());
    }

    @Test
    void onlyTheOutermostReadStartsOver() {
        AtomicInteger outer = new AtomicInteger();
        AtomicInteger inner = new AtomicInteger();
        assertThrows(StoreException.class, () -> ReadRetry.read(repo, () -> {
            outer.incrementAndGet();
            return ReadRetry.read(repo, () -> {
                inner.incrementAndGet();
                throw deadlock();
            });
        }));
        assertEquals(ReadRetry.ATTEMPTS, outer.get());
        assertEquals(ReadRetry.ATTEMPTS, inner.get());
    }

    @Test
    void aReadThatHandedRowsOutDoesNotStartOver() {
        AtomicInteger tries = new AtomicInteger();
        StoreException undone = deadlock();
        assertSame(undone, assertThrows(StoreException.class, () -> ReadRetry.read(repo, () -> {
            tries.incrementAndGet();
            ReadRetry.handedOut();
            throw undone;
        })));
        assertEquals(1, tries.get());
    }

    @Test
    void anotherFailureIsThrownAtOnce() {
        AtomicInteger tries = new AtomicInteger();
        StoreException lost = new StoreException("cannot list runs", new SQLException("connection lost", "08006"));
        assertSame(lost, assertThrows(StoreException.class, () -> ReadRetry.read(repo, () -> {
            tries.incrementAndGet();
            throw lost;
        })));
        assertEquals(1, tries.get());
    }
}
