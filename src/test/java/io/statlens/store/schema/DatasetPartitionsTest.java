package io.statlens.store.schema;

import io.statlens.parse.ParserCatalog;
import io.statlens.store.RepositoryEngine;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.load.RunLedger;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * On PostgreSQL each data set's rows are a partition of their data table (schema step 10): a query of one run reads
 * only its partition, deleting a run drops its partition and leaves the others', and a repository of the schema before
 * the step has its data tables partitioned, rows and views kept, when it is opened. One repository for the class, on
 * the test JVM's PostgreSQL server. An import that moves a run's start earlier shifts the elapsed times of that run's
 * partitions alone, without waiting for a lock on another run's. Opened, a repository of the schema before step 13 has
 * every partition indexed by data set, key and sample too.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DatasetPartitionsTest {
    private static final Path MPSTAT = Path.of("src/test/resources/corpus/mpstat/judasn-centos7-mpstat-P0-ampm-average.txt");
    /** Of 2026, eight years after {@link #MPSTAT}. */
    private static final Path LATER = Path.of("src/test/resources/corpus/mpstat/capture-de_DE-sysstat12.6-mpstat-P-ALL.txt");
    private RepositoryLocation location;
    private Repository repo;

    @BeforeAll
    void importTwoRuns() {
        location = RepositoryEngine.POSTGRES.freshRepository();
        repo = Repository.open(location);
        for (String run : List.of("a", "b", "c")) {
            new ImportService(repo, ParserCatalog.installed()).run(ImportRequest.of(run, ZoneOffset.UTC, MPSTAT), ImportProgress.NONE);
        }
    }

    @AfterAll
    void close() {
        if (repo != null) repo.close();
    }

    @Test
    void anImportedPartitionsRowsAreFrozenSoNoReadNorAutovacuumWritesItsPagesAgain() throws SQLException {
        // COPY FREEZE into the partition made in the import's transaction: every page all-visible in the visibility map
        // (ANALYZE, which the import runs, reads the map into pg_class)
        String partition = partition(datasetOf("a"));
        long pages = count("SELECT relpages FROM pg_class WHERE relname = '" + partition + "'");
        assertTrue(pages > 0, partition + " has pages");
        assertEquals(pages, count("SELECT relallvisible FROM pg_class WHERE relname = '" + partition + "'"));
        repo.connection().rollback();
    }

    @Test
    void aQueryOfOneRunReadsOnlyItsPartition() throws SQLException {
        long a = datasetOf("a");
        long b = datasetOf("b");
        String plan = plan("EXPLAIN SELECT SAMPLE, ITEM FROM MPSTAT WHERE DATASET_ID = " + a + " ORDER BY SAMPLE");
        assertTrue(plan.contains(partition(a)), plan);
        assertFalse(plan.contains(partition(b)), plan);
        // as a chart reads it: a prepared statement, whose generic plan prunes the other partitions when it starts
        try (Statement s = repo.connection().createStatement()) {
            s.execute("SET plan_cache_mode = force_generic_plan");
            s.execute("PREPARE one_run(BIGINT) AS SELECT SAMPLE, ITEM FROM MPSTAT WHERE DATASET_ID = $1");
        }
        String generic = plan("EXPLAIN EXECUTE one_run(" + a + ")");
        try (Statement s = repo.connection().createStatement()) {
            s.execute("DEALLOCATE one_run");
            s.execute("RESET plan_cache_mode");
        }
        assertTrue(generic.contains(partition(a)) && !generic.contains(partition(b)) && generic.contains("Subplans Removed"), generic);
        repo.connection().rollback();
    }

    @Test
    void anImportedPartitionHasItsStatisticsAtOnce() throws SQLException {
        // not left to autovacuum, which comes a minute or more later: the planner knows the data set's rows from the commit
        long a = datasetOf("a");
        assertTrue(count("SELECT COUNT(*) FROM pg_catalog.pg_stats WHERE schemaname = current_schema() AND tablename = '"
                + partition(a) + "' AND attname = 'sample'") > 0);
        repo.connection().rollback();
    }

    @Test
    void deletingARunDropsItsPartitionAndLeavesTheOthers() throws SQLException {
        long c = datasetOf("c");
        long rowsBefore = count("SELECT COUNT(*) FROM MPSTAT");
        long rowsOfC = count("SELECT COUNT(*) FROM MPSTAT WHERE DATASET_ID = " + c);
        assertTrue(rowsOfC > 0);
        new RunLedger(repo).deleteRun("c");
        assertFalse(repo.dialect().tableExists(repo.connection(), partition(c)));
        assertEquals(rowsBefore - rowsOfC, count("SELECT COUNT(*) FROM MPSTAT"));
        assertEquals(0, count("SELECT COUNT(*) FROM V_MPSTAT WHERE RUN = 'c'"));
        repo.connection().rollback();
    }

    @Test
    void aDeleteCommitsWithoutWaitingForTheDropOfItsPartition() throws SQLException {
        new ImportService(repo, ParserCatalog.installed()).run(ImportRequest.of("e", ZoneOffset.UTC, MPSTAT), ImportProgress.NONE);
        long e = datasetOf("e");
        repo.connection().rollback();
        String left = (LeftTables.PREFIX + e).toLowerCase(java.util.Locale.ROOT);
        try (Connection other = DriverManager.getConnection(location.jdbcUrl())) {
            // another process's dropper holds the repository's drop lock: the drop waits for it, the delete must not
            try (Statement s = other.createStatement()) {
                s.executeQuery(LeftTables.LOCK).close();
            }
            new RunLedger(repo).deleteRun("e");
            // committed: nothing of the run for another client, its rows no partition of MPSTAT; its table not dropped yet
            assertEquals(0, count(other, "SELECT COUNT(*) FROM V_MPSTAT WHERE RUN = 'e'"));
            assertEquals(0, count(other, "SELECT COUNT(*) FROM DATASETS WHERE ID = " + e));
            assertEquals(0, count(other, "SELECT COUNT(*) FROM MPSTAT WHERE DATASET_ID = " + e));
            assertFalse(DatasetPartitions.attached(other, "MPSTAT").contains(e));
            assertFalse(repo.dialect().tableExists(other, partition(e)));
            assertTrue(count(other, "SELECT COUNT(*) FROM " + left) > 0, "the rows wait in the left table for the drop");
        }
        // the lock released with its session: the drop goes on
        repo.leftTables().orElseThrow().awaitDropped();
        assertFalse(repo.dialect().tableExists(repo.connection(), left));
        repo.connection().rollback();
    }

    @Test
    void aTableLeftByAKilledDeleteIsDroppedByTheNextOpen() throws SQLException {
        new ImportService(repo, ParserCatalog.installed()).run(ImportRequest.of("f", ZoneOffset.UTC, MPSTAT), ImportProgress.NONE);
        long f = datasetOf("f");
        repo.connection().rollback();
        String left = (LeftTables.PREFIX + f).toLowerCase(java.util.Locale.ROOT);
        // a delete that committed and was killed before its drop ran
        try (Connection killed = DriverManager.getConnection(location.jdbcUrl())) {
            killed.setAutoCommit(false);
            new LeftTables(() -> null).retire(killed, "MPSTAT", f);
            try (Statement s = killed.createStatement()) {
                s.execute("DELETE FROM RUNS WHERE NAME = 'f'");
            }
            killed.commit();
        }
        assertTrue(repo.dialect().tableExists(repo.connection(), left));
        repo.connection().rollback();
        try (Repository next = Repository.open(location, false)) {
            assertEquals(0, count(next.connection(), "SELECT COUNT(*) FROM V_MPSTAT WHERE RUN = 'f'"));
        }
        assertFalse(repo.dialect().tableExists(repo.connection(), left), "dropped by the open, before it closed");
        repo.connection().rollback();
    }

    @Test
    void anImportThatMovesARunsStartShiftsOnlyThatRunsPartitions() throws SQLException {
        // the run starts in 2026; a file of 2018 moves its start, and every elapsed time it held, eight years later
        new ImportService(repo, ParserCatalog.installed()).run(ImportRequest.of("moved", ZoneOffset.UTC, LATER), ImportProgress.NONE);
        long later = datasetOf("moved");
        long b = datasetOf("b");
        try (Connection other = DriverManager.getConnection(location.jdbcUrl())) {
            // run b's partition held against writers: an UPDATE of the data table that plans every partition waits for it
            other.setAutoCommit(false);
            try (Statement s = other.createStatement()) {
                s.execute("LOCK TABLE " + partition(b) + " IN SHARE MODE");
            }
            new ImportService(repo, ParserCatalog.installed()).run(ImportRequest.of("moved", ZoneOffset.UTC, MPSTAT), ImportProgress.NONE);
            other.rollback();
        }
        assertEquals(0, count("SELECT COUNT(*) FROM MPSTAT T JOIN DATASETS D ON D.ID = T.DATASET_ID JOIN RUNS R ON R.ID = D.RUN_ID"
                + " WHERE R.NAME = 'moved' AND ABS(T.ELAPSED_S - EXTRACT(EPOCH FROM T.TS - R.START_TS)) > 0.001"));
        assertTrue(count("SELECT MIN(ELAPSED_S) FROM MPSTAT WHERE DATASET_ID = " + later) > 8L * 365 * 86_400);
        new RunLedger(repo).deleteRun("moved");
    }

    @Test
    void aRepositoryOfThePreviousSchemaHasItsDataTablesPartitionedWhenOpened() throws SQLException {
        long a = datasetOf("a");
        repo.connection().rollback();
        long rows;
        try (Repository previous = Repository.open(location, false)) {
            Connection c = previous.connection();
            rows = count(c, "SELECT COUNT(*) FROM V_MPSTAT WHERE RUN IN ('a', 'b')");
            // MPSTAT as statlens before step 10 made it (and no table of step 11): a plain table with its index, and its view
            try (Statement s = c.createStatement()) {
                s.execute("DROP VIEW V_MPSTAT");
                s.execute("CREATE TABLE MPSTAT_PLAIN AS SELECT * FROM MPSTAT");
                s.execute("DROP TABLE MPSTAT");
                s.execute("ALTER TABLE MPSTAT_PLAIN RENAME TO MPSTAT");
                s.execute("CREATE INDEX IX_MPSTAT ON MPSTAT (DATASET_ID, SAMPLE)");
                s.execute("CREATE VIEW V_MPSTAT AS SELECT R.NAME AS RUN, R.HOST, D.TOOL, D.NAME AS DATASET, T.* FROM MPSTAT T"
                        + " JOIN DATASETS D ON D.ID = T.DATASET_ID JOIN RUNS R ON R.ID = D.RUN_ID");
                s.execute("DROP TABLE DATASET_METRICS"); // step 11's
                s.execute("DELETE FROM STATLENS_SCHEMA WHERE VERSION >= 10");
            }
            c.commit();
            assertFalse(DatasetPartitions.isPartitioned(c, "MPSTAT"));
        }
        try (Repository upgraded = Repository.open(location, false)) {
            Connection c = upgraded.connection();
            assertEquals(Migrations.latestVersion(upgraded.dialect()), upgraded.schemaVersion(), "opening upgrades the repository");
            assertTrue(DatasetPartitions.isPartitioned(c, "MPSTAT"));
            assertTrue(DatasetPartitions.attached(c, "MPSTAT").contains(a));
            assertEquals(rows, count(c, "SELECT COUNT(*) FROM V_MPSTAT WHERE RUN IN ('a', 'b')"));
            assertEquals(rows / 2, count(c, "SELECT COUNT(*) FROM " + partition(a)));
            // step 13: each partition is indexed by data set, key and sample too
            assertEquals(1, count(c, "SELECT COUNT(*) FROM pg_catalog.pg_indexes WHERE tablename = '" + partition(a)
                    + "' AND indexdef LIKE '%(dataset_id, item, sample)'"));
            // and it takes new runs as a repository made partitioned does
            new ImportService(upgraded, ParserCatalog.installed()).run(ImportRequest.of("d", ZoneOffset.UTC, MPSTAT), ImportProgress.NONE);
            assertEquals(rows / 2, count(c, "SELECT COUNT(*) FROM V_MPSTAT WHERE RUN = 'd'"));
            new RunLedger(upgraded).deleteRun("d");
            c.rollback();
        }
    }

    private long datasetOf(String run) throws SQLException {
        return count("SELECT D.ID FROM DATASETS D JOIN RUNS R ON R.ID = D.RUN_ID WHERE R.NAME = '" + run + "' AND D.TABLE_NAME = 'MPSTAT'");
    }

    private static String partition(long dataset) {
        return DatasetPartitions.name("MPSTAT", dataset).toLowerCase(java.util.Locale.ROOT);
    }

    private String plan(String explain) throws SQLException {
        List<String> lines = new ArrayList<>();
        try (Statement s = repo.connection().createStatement(); ResultSet rs = s.executeQuery(explain)) {
            while (rs.next()) lines.add(rs.getString(1));
        }
        return String.join("\n", lines);
    }

    private long count(String sql) throws SQLException {
        return count(repo.connection(), sql);
    }

    private static long count(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
