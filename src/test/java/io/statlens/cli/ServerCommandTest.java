package io.statlens.cli;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code statlens server start|status|stop} as a user runs them: the server runs in a JVM of its own
 * (with the system-wide lock-down a test JVM cannot take), and clients try their luck: anonymous ones,
 * a reader, the owner.
 */
class ServerCommandTest {
    @TempDir
    static Path dir;
    private static int port;
    private static final String OWNER_PASSWORD = "owner-pass-1234";

    @BeforeAll
    static void start() throws Exception {
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        Path password = Files.writeString(dir.resolve("owner.pw"), OWNER_PASSWORD + "\n");
        CliRun start = CliRun.of("server", "start", "--dir", dir.resolve("srv").toString(), "--port", Integer.toString(port),
                "--owner", "boss", "--password-file", password.toString());
        assertEquals(0, start.code(), start.err());
        assertTrue(start.out().contains("listening on 127.0.0.1:" + port), start.out());
        assertFalse(start.out().contains(OWNER_PASSWORD), "a password from a file is not printed");
    }

    @AfterAll
    static void stop() {
        CliRun stop = CliRun.of("server", "stop", "--dir", dir.resolve("srv").toString());
        assertEquals(0, stop.code(), stop.err());
        CliRun status = CliRun.of("server", "status", "--dir", dir.resolve("srv").toString());
        assertEquals(1, status.code());
    }

    private static String url(String database) {
        return "jdbc:derby://localhost:" + port + "/" + database;
    }

    private static Connection connect(String database, String user, String password) throws SQLException {
        Properties p = new Properties();
        if (user != null) p.setProperty("user", user);
        if (password != null) p.setProperty("password", password);
        return DriverManager.getConnection(url(database), p);
    }

    @Test
    void statusSaysWhereItRuns() {
        CliRun status = CliRun.of("server", "status", "--dir", dir.resolve("srv").toString());
        assertEquals(0, status.code(), status.out() + status.err());
        assertTrue(status.out().contains("running, pid"), status.out());
    }

    @Test
    void anAnonymousClientGetsAuthenticationFailedAndNothingElse() {
        // Derby says "Connection authentication failure" or, for some (no password, unknown user),
        // "Database connection refused"; either way 08004 and no session.
        String[][] strangers = {{null, null}, {"APP", null}, {"boss", null}, {"boss", "wrong-password"}, {"intruder", "x"}};
        for (String[] who : strangers) {
            SQLException e = assertThrows(SQLException.class, () -> connect("statlens", who[0], who[1]).close());
            assertEquals("08004", e.getSQLState(), who[0] + ": " + e.getMessage());
            String m = e.getMessage().toLowerCase();
            assertTrue(m.contains("authentication") || m.contains("connection refused"), who[0] + ": " + e.getMessage());
        }
        CliRun anonymous = CliRun.of("runs", "--db", url("statlens"));
        assertEquals(1, anonymous.code());
        assertTrue(anonymous.err().contains("authentication failed"), anonymous.err());
        CliRun guessing = CliRun.of("runs", "--db", url("statlens") + ";user=boss;password=guess-1234");
        assertTrue(guessing.err().contains("authentication failed"), guessing.err());
        assertFalse(guessing.err().contains("guess-1234"), "the password is not echoed: " + guessing.err());
        // Not even a database of its own: that is where a Java routine could stop the server.
        SQLException e = assertThrows(SQLException.class, () -> connect("evil;create=true", null, null).close());
        assertEquals("08004", e.getSQLState(), e.getMessage());
        assertFalse(Files.exists(dir.resolve("srv").resolve("evil")), "no database was created");
    }

    @Test
    void theOwnerImportsAndAReaderQueriesButChangesNothing() throws Exception {
        Path vmstat = Path.of("src/test/resources/corpus/vmstat").toAbsolutePath();
        Path file;
        try (var files = Files.list(vmstat)) {
            file = files.filter(p -> p.toString().endsWith(".txt")).sorted().findFirst().orElseThrow();
        }
        String ownerDb = url("statlens") + ";user=boss;password=" + OWNER_PASSWORD;
        CliRun imported = CliRun.of("import", file.toString(), "--run", "shared", "--start", "2024-01-01T00:00:00Z", "--db", ownerDb);
        assertEquals(0, imported.code(), imported.err());

        Path readerPassword = Files.writeString(dir.resolve("reader.pw"), "reader-pass-1234\n");
        CliRun add = CliRun.of("server", "user", "add", "ann", "--password-file", readerPassword.toString(), "--db", ownerDb);
        assertEquals(0, add.code(), add.err());

        String readerDb = url("statlens") + ";user=ann;password=reader-pass-1234";
        CliRun runs = CliRun.of("runs", "--db", readerDb);
        assertEquals(0, runs.code(), runs.err());
        assertTrue(runs.out().contains("shared"), runs.out());
        CliRun query = CliRun.of("query", "SELECT COUNT(*) AS N FROM V_VMSTAT", "--db", readerDb);
        assertEquals(0, query.code(), query.err());

        try (Connection ann = connect("statlens", "ann", "reader-pass-1234"); Statement s = ann.createStatement()) {
            s.execute("SET SCHEMA BOSS");
            s.execute("SET ROLE STATLENS_READER");
            assertThrows(SQLException.class, () -> s.executeUpdate("DELETE FROM RUNS"), "a reader deletes nothing");
            assertThrows(SQLException.class, () -> s.execute("CREATE TABLE ANN.T (X INT)"), "a reader creates nothing");
            assertThrows(SQLException.class, () -> s.execute("CREATE PROCEDURE ANN.BYE(IN C INT) LANGUAGE JAVA PARAMETER STYLE JAVA"
                    + " NO SQL EXTERNAL NAME 'java.lang.System.exit'"), "nor a routine that would stop the server");
            assertThrows(SQLException.class, () -> s.execute("CALL SYSCS_UTIL.SYSCS_EXPORT_TABLE('BOSS', 'RUNS', '/tmp/runs.csv',"
                    + " NULL, NULL, NULL)"), "nor a file on the server's disk");
        }
        CliRun delete = CliRun.of("delete", "shared", "--db", readerDb);
        assertEquals(1, delete.code(), "a reader's delete fails: " + delete.out());
        assertFalse(delete.err().contains("reader-pass-1234"), "the password in the --db URL is not echoed: " + delete.err());
        assertTrue(CliRun.of("runs", "--db", readerDb).out().contains("shared"), "the run is still there");
    }
}
