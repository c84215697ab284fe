package io.statlens.cli;

import io.statlens.store.RepositoryEngine;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
    static void setUp() throws SQLException, IOException {
        try (Connection c = DriverManager.getConnection(RepositoryEngine.postgresUrl()); Statement s = c.createStatement()) {
            dropRoles(s);
            for (String statement : recipe()) s.execute(statement);
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

    /**
     * docs/team.md's recipe for a reader role, as written there, for this server: its database is
     * {@code postgres} (not {@code statlens}), its owner {@code postgres} (not {@code perf}), the reader this
     * class's.
     */
    private static List<String> recipe() throws IOException {
        String page = Files.readString(Path.of("docs/team.md"));
        int from = page.indexOf("    CREATE ROLE statlens_reader NOLOGIN;");
        assertTrue(from > 0, "docs/team.md has the recipe");
        List<String> statements = new ArrayList<>();
        for (String line : page.substring(from).lines().takeWhile(l -> l.startsWith("    ")).toList()) {
            statements.add(line.strip().replaceFirst(";$", "")
                    .replace("DATABASE statlens", "DATABASE postgres").replace("TO perf", "TO postgres")
                    .replaceAll("\\bann\\b", READER).replace("'...'", "'" + READER_PASSWORD + "'"));
        }
        assertTrue(statements.size() >= 10, "the whole recipe: " + statements);
        return statements;
    }

    private static void dropRoles(Statement s) throws SQLException {
        // What the recipe took from PUBLIC, given back: other tests share this server.
        s.execute("GRANT CONNECT, TEMPORARY ON DATABASE postgres TO PUBLIC");
        s.execute("GRANT CREATE ON SCHEMA public TO PUBLIC");
        s.execute("GRANT EXECUTE ON FUNCTION lo_create(oid), lo_creat(integer), lo_from_bytea(oid, bytea), lo_import(text),"
                + " lo_import(text, oid) TO PUBLIC");
        s.execute("DO $$ BEGIN IF EXISTS (SELECT FROM pg_roles WHERE rolname = '" + READER + "') THEN EXECUTE 'DROP OWNED BY "
                + READER + "'; END IF; END $$");
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
    void anImportWaitingForAReadersOpenTransactionSaysWhoseItIs() throws Exception {
        String url = RepositoryEngine.postgresUrl().replace("user=postgres", "user=" + READER + "&password=" + READER_PASSWORD);
        String schema = owner.replaceFirst(".*currentSchema=([A-Za-z0-9_]+).*", "$1");
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            // A reader in psql: BEGIN, a look at the vmstat table, and the transaction left open.
            c.setAutoCommit(false);
            s.execute("SELECT COUNT(*) FROM " + schema + ".vmstat");
            java.util.concurrent.CompletableFuture<CliRun> importing = java.util.concurrent.CompletableFuture.supplyAsync(() -> CliRun.of(
                    "import", "src/test/resources/corpus/vmstat/procps4-gu-vm-cs0.txt", "--run", "db03", "--db", owner));
            Thread.sleep(10_000);
            assertFalse(importing.isDone(), "the import adds a column to vmstat, and waits for the reader");
            c.rollback();
            CliRun imported = importing.get(2, java.util.concurrent.TimeUnit.MINUTES);
            assertEquals(0, imported.code(), imported.err());
            assertTrue(imported.err().contains("waiting for other clients' transactions, which hold a table this import changes: server process ")
                    && imported.err().contains("of user " + READER), imported.err());
        }
        CliRun delete = CliRun.of("delete", "db03", "--db", owner);
        assertEquals(0, delete.code(), delete.err());
    }

    @Test
    void theReaderCannotFillTheServersDisk() throws SQLException {
        String url = RepositoryEngine.postgresUrl().replace("user=postgres", "user=" + READER + "&password=" + READER_PASSWORD);
        assertTrue(url.contains(READER_PASSWORD), "the reader's own login: " + url);
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            String[] fillers = {"SELECT lo_from_bytea(0, 'x'::bytea)", "SELECT lo_create(0)", "SELECT lo_creat(-1)",
                    "CREATE TEMPORARY TABLE filler (x bytea)", "CREATE TABLE public.filler (x bytea)"};
            for (String filler : fillers) {
                SQLException refused = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class, () -> s.execute(filler), filler);
                assertEquals("42501", refused.getSQLState(), filler + ": " + refused.getMessage());
            }
            try (var rs = s.executeQuery("SELECT current_setting('temp_file_limit'), current_setting('idle_in_transaction_session_timeout')")) {
                assertTrue(rs.next());
                assertEquals("1GB", rs.getString(1));
                assertEquals("10min", rs.getString(2));
            }
        }
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
