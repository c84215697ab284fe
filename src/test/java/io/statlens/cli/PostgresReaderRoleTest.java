package io.statlens.cli;

import io.statlens.store.RepositoryEngine;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A PostgreSQL reader set up as docs/team.md says (a role {@code statlens_reader}, a login in it): it queries,
 * lists, computes statistics, charts and reports, and every command that would change the repository is
 * refused with "not permitted", exit code 1, the server's own reason and no password, and changes nothing.
 * The repository lives in a schema of its own, which statlens opens to the reader role as it creates it.
 *
 * <p>Roles are the whole server's, and a superuser (the other PostgreSQL tests' user) counts as a member of
 * every role: the reader role exists only while this class runs, and is dropped after it.
 */
class PostgresReaderRoleTest {
    private static final String READER = "statlens_test_ann";
    private static final String READER_PASSWORD = "ann-reads-" + Long.toHexString(System.nanoTime());
    private static final String CS = "src/test/resources/corpus/vmstat/ssup-ubuntu1804-vmstat-1-iowait.txt";

    @TempDir
    static Path dir;
    private static String owner;
    private static String reader;

    @BeforeAll
    static void setUp() throws SQLException {
        try (Connection c = DriverManager.getConnection(RepositoryEngine.postgresUrl()); Statement s = c.createStatement()) {
            dropRoles(s);
            s.execute("CREATE ROLE statlens_reader NOLOGIN");
            s.execute("CREATE ROLE " + READER + " LOGIN PASSWORD '" + READER_PASSWORD + "' IN ROLE statlens_reader");
        }
        owner = RepositoryEngine.POSTGRES.freshRepository().jdbcUrl();
        reader = owner.replace("user=postgres", "user=" + READER + "&password=" + READER_PASSWORD);
        assertTrue(reader.contains(READER), reader);
        CliRun imported = CliRun.of("import", CS, "--run", "db01", "--start", "2024-03-01T10:00:00Z", "--db", owner);
        assertEquals(0, imported.code(), imported.err());
    }

    @AfterAll
    static void dropRoles() throws SQLException {
        try (Connection c = DriverManager.getConnection(RepositoryEngine.postgresUrl()); Statement s = c.createStatement()) {
            dropRoles(s);
        }
    }

    private static void dropRoles(Statement s) throws SQLException {
        s.execute("DROP ROLE IF EXISTS " + READER);
        try {
            s.execute("DROP OWNED BY statlens_reader");
        } catch (SQLException noSuchRole) {
            return;
        }
        s.execute("DROP ROLE statlens_reader");
    }

    @Test
    void theReaderQueriesListsComputesChartsAndReports() throws Exception {
        CliRun query = CliRun.of("query", "SELECT COUNT(*) AS N FROM V_VMSTAT", "--db", reader);
        assertEquals(0, query.code(), query.out() + query.err());
        assertTrue(query.out().contains("5"), query.out());
        CliRun runs = CliRun.of("runs", "--db", reader);
        assertEquals(0, runs.code(), runs.err());
        assertTrue(runs.out().contains("db01"), runs.out());
        CliRun stats = CliRun.of("stats", "db01", "--tool", "vmstat", "--metric", "cs", "--db", reader);
        assertEquals(0, stats.code(), stats.err());
        assertTrue(stats.out().contains("3,175"), stats.out());
        CliRun chart = CliRun.of("chart", "db01", "--tool", "vmstat", "--metric", "cs", "-o", dir.resolve("charts").toString(),
                "--db", reader);
        assertEquals(0, chart.code(), chart.err());
        try (var files = Files.list(dir.resolve("charts"))) {
            assertTrue(files.anyMatch(f -> f.toString().endsWith(".png")), "a chart was drawn");
        }
        Path html = dir.resolve("report.html");
        CliRun report = CliRun.of("report", "db01", "-o", html.toString(), "--db", reader);
        assertEquals(0, report.code(), report.err());
        assertTrue(Files.size(html) > 0);
    }

    @Test
    void everyChangeIsRefusedWithTheReasonAndChangesNothing() {
        String[][] changes = {
                {"query", "DELETE FROM RUNS"},
                {"delete", "db01"},
                {"import", "src/test/resources/corpus/vmstat/procps4-gu-vm-cs0.txt", "--run", "db02"},
                {"note", "db01", "--at", "3", "checkpoint"},
        };
        for (String[] change : changes) {
            String[] args = java.util.stream.Stream.concat(java.util.Arrays.stream(change), java.util.stream.Stream.of("--db", reader))
                    .toArray(String[]::new);
            CliRun refused = CliRun.of(args);
            String said = refused.out() + refused.err();
            assertEquals(1, refused.code(), String.join(" ", change) + ": " + said);
            assertFalse(said.contains(READER_PASSWORD), "the password is never printed: " + said);
            assertFalse(said.contains("internal error") || said.contains("Batch entry") || said.contains("ERROR:"),
                    "the refusal, not the statement that carried it: " + said);
            if (!change[0].equals("query")) {
                assertTrue(said.contains("not permitted: permission denied for table"), said);
            } else {
                assertTrue(said.contains("read-only"), said);
            }
        }
        CliRun runs = CliRun.of("runs", "--db", owner);
        assertTrue(runs.out().contains("db01") && !runs.out().contains("db02"), runs.out() + runs.err());
        CliRun notes = CliRun.of("query", "SELECT COUNT(*) AS N FROM ANNOTATIONS", "--db", owner);
        assertTrue(notes.out().lines().anyMatch(l -> l.strip().equals("0")), notes.out());
    }
}
