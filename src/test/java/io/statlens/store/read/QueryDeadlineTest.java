package io.statlens.store.read;

import io.statlens.model.UserException;
import io.statlens.store.OnEveryEngine;
import io.statlens.store.RepositoryEngine;
import io.statlens.store.SharedRepository;
import io.statlens.store.schema.Repository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A question's time limit is a wall-clock deadline for the whole statement, its execution and the reading of its rows:
 * a statement that keeps returning rows (a cross join streamed for minutes) stops at it as one that computes does,
 * and its first rows arrive as they are read, not after the whole result was held in memory.
 */
@OnEveryEngine
class QueryDeadlineTest {
    @RegisterExtension
    static final SharedRepository shared = SharedRepository.keptBetweenTests();
    private final RepositoryEngine engine;
    private final Repository repo;

    QueryDeadlineTest(RepositoryEngine engine) {
        this.engine = engine;
        this.repo = shared.repository(engine);
    }

    /** Hundreds of thousands of rows, each cheap to compute. */
    private String manyRows() {
        return engine == RepositoryEngine.POSTGRES ? "SELECT g FROM generate_series(1, 500000) AS g"
                : "SELECT A.COLUMNNAME FROM SYS.SYSCOLUMNS A, SYS.SYSCOLUMNS B";
    }

    @Test
    void aStatementThatKeepsReturningRowsStopsAtItsDeadline() {
        long start = System.nanoTime();
        long[] rows = {0};
        ReadOnlyQuery.Handler slowReader = new ReadOnlyQuery.Handler() {
            @Override
            public void columns(List<String> names, List<Boolean> numeric) {
            }

            @Override
            public void row(List<Object> values) {
                rows[0]++;
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1)); // a reader as slow as a terminal
                // So that the test ends when the deadline does not hold: a clean end, which the assertion refuses.
                if (System.nanoTime() - start > TimeUnit.SECONDS.toNanos(12)) throw new ReadOnlyQuery.EnoughRows();
            }
        };
        UserException stopped = assertThrows(UserException.class, () -> new ReadOnlyQuery(repo).run(manyRows(), Map.of(),
                slowReader, new ReadOnlyQuery.Limits(2, 0), new ReadOnlyQuery.Stop()));
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        assertTrue(stopped.getMessage().contains("query stopped after its time limit of 2 s"), stopped.getMessage());
        assertTrue(seconds < 10, "stopped at its deadline, not after " + seconds + " s");
        assertTrue(rows[0] > 0, "rows are handed over as they are read");
    }

    @Test
    void theDeadlineHoldsWithoutAStopToo() {
        long start = System.nanoTime();
        ReadOnlyQuery.Handler slowReader = new ReadOnlyQuery.Handler() {
            @Override
            public void columns(List<String> names, List<Boolean> numeric) {
            }

            @Override
            public void row(List<Object> values) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
                if (System.nanoTime() - start > TimeUnit.SECONDS.toNanos(12)) throw new ReadOnlyQuery.EnoughRows();
            }
        };
        UserException stopped = assertThrows(UserException.class, () -> new ReadOnlyQuery(repo).run(manyRows(), Map.of(),
                slowReader, new ReadOnlyQuery.Limits(1, 0), null));
        assertTrue(stopped.getMessage().contains("time limit of 1 s"), stopped.getMessage());
        // The repository's own connection is still usable after a question ran out of time.
        long[] one = {0};
        new ReadOnlyQuery(repo).run("SELECT COUNT(*) FROM RUNS", new ReadOnlyQuery.Handler() {
            @Override
            public void columns(List<String> names, List<Boolean> numeric) {
            }

            @Override
            public void row(List<Object> values) {
                one[0]++;
            }
        });
        assertTrue(one[0] == 1);
    }
}
