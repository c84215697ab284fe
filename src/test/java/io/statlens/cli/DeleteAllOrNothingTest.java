package io.statlens.cli;

import io.statlens.store.OnEveryEngine;
import io.statlens.store.RepositoryEngine;
import io.statlens.store.schema.RepositoryLocation;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code statlens delete A B C} is all or nothing (docs/cli.md): a run that cannot be deleted after the first one was
 * (here: another client reads it and keeps it from
 * changing until it is done) leaves every run in place, on every engine. It used to commit each run on its
 * own, so the first was gone for good when the second failed (issue 31).
 */
@OnEveryEngine
class DeleteAllOrNothingTest {
    private static final String VMSTAT = "src/test/resources/corpus/vmstat/jc-centos77-vmstat.txt";
    private static final List<String> RUNS = List.of("first", "held", "last");

    private final RepositoryEngine engine;

    DeleteAllOrNothingTest(RepositoryEngine engine) {
        this.engine = engine;
    }

    @Test
    void aRunHeldByAnotherClientLeavesEveryRunInPlace() throws Exception {
        RepositoryLocation location = engine.freshRepository();
        String db = withShortLockWait(location.jdbcUrl());
        for (String run : RUNS) assertEquals(0, CliRun.of("import", VMSTAT, "--run", run, "--db", db).code());

        try (Connection other = DriverManager.getConnection(location.jdbcUrl(), location.connectionProperties())) {
            if (engine != RepositoryEngine.POSTGRES) {
                try (Statement s = other.createStatement()) {
                    s.execute("CALL SYSCS_UTIL.SYSCS_SET_DATABASE_PROPERTY('derby.locks.waitTimeout', '1')");
                }
            }
            other.setAutoCommit(false);
            holdRun(other, "held");

            CliRun delete = CliRun.of("delete", "first", "held", "last", "--db", db);

            assertEquals(1, delete.code(), delete.err());
            assertTrue(delete.err().contains("the repository is busy"), delete.err());
            assertEquals("", delete.out(), "nothing was deleted, so nothing says so");
            other.rollback();
        }
        assertEquals(RUNS, runs(db), "all three runs are still there");

        CliRun again = CliRun.of("delete", "first", "held", "last", "--db", db);
        assertEquals(0, again.code(), again.err());
        assertEquals("deleted run 'first'\ndeleted run 'held'\ndeleted run 'last'\n", again.out().replace("\r\n", "\n"));
        assertEquals(List.of(), runs(db));
    }

    /**
     * Keeps the run's row from being changed or deleted until the connection's transaction ends, as a client reading it
     * at a strict isolation level does (docs/team.md), without keeping the others from being deleted.
     */
    private void holdRun(Connection other, String run) throws Exception {
        String read = "SELECT NAME FROM RUNS WHERE NAME = '" + run + "'";
        if (engine == RepositoryEngine.POSTGRES) {
            read += " FOR SHARE";
        } else {
            // Derby's REPEATABLE READ keeps the shared lock of each row read; a scan of the whole table would hold them all
            other.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
        }
        try (Statement s = other.createStatement(); ResultSet rs = s.executeQuery(read)) {
            assertTrue(rs.next(), "the run is there");
        }
    }

    /** PostgreSQL waits for a lock for ever unless told: the command's own connection gives up after 2 s. */
    private String withShortLockWait(String url) {
        return engine == RepositoryEngine.POSTGRES ? url + "&options=-c%20lock_timeout%3D2000" : url;
    }

    private static List<String> runs(String db) {
        CliRun runs = CliRun.of("query", "SELECT NAME FROM RUNS ORDER BY NAME", "--format", "csv", "--db", db);
        assertEquals(0, runs.code(), runs.err());
        return runs.out().lines().skip(1).toList();
    }
}
