package io.statlens.cli;

import org.apache.derby.drda.NetworkServerControl;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/team.md's security model of {@code statlens server}, tried by each kind of user against a server
 * started as a user starts it (a JVM of its own): any process on the server's machine, a reader, the owner,
 * and the files the server keeps.
 */
class ServerSecurityTest {
    private static final String OWNER_PASSWORD = "owner-pass-4321";
    private static final String READER_PASSWORD = "reader-pass-4321";
    @TempDir
    static Path dir;
    private static Path srv;
    private static int port;

    @BeforeAll
    static void start() throws Exception {
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        srv = dir.resolve("srv");
        Path password = Files.writeString(dir.resolve("owner.pw"), OWNER_PASSWORD + "\n");
        CliRun start = CliRun.of("server", "start", "--dir", srv.toString(), "--port", Integer.toString(port),
                "--owner", "boss", "--password-file", password.toString());
        assertEquals(0, start.code(), start.out() + start.err());
        Path readerPassword = Files.writeString(dir.resolve("reader.pw"), READER_PASSWORD + "\n");
        CliRun add = CliRun.of("server", "user", "add", "ann", "--password-file", readerPassword.toString(), "--db", url("boss", OWNER_PASSWORD));
        assertEquals(0, add.code(), add.out() + add.err());
    }

    @AfterAll
    static void stop() {
        CliRun stop = CliRun.of("server", "stop", "--dir", srv.toString());
        assertEquals(0, stop.code(), stop.err());
    }

    private static String url(String user, String password) {
        return "jdbc:derby://localhost:" + port + "/statlens;user=" + user + ";password=" + password;
    }

    private static String engine(String user, String password) {
        return "jdbc:derby://localhost:" + port + "/;user=" + user + ";password=" + password;
    }

    private static void ownerWorks() throws SQLException {
        try (Connection c = DriverManager.getConnection(url("boss", OWNER_PASSWORD)); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("VALUES CURRENT_USER")) {
            assertTrue(rs.next());
            assertEquals("BOSS", rs.getString(1));
        }
    }

    @Test
    void aLocalProcessGetsNoControlCommandObeyedAndSoNoTraceOfPasswords() throws Exception {
        Path traces = Files.createDirectories(dir.resolve("attacker-traces"));
        // A trace file made beforehand, readable by all, would keep its permissions if Derby wrote into it.
        Files.writeString(traces.resolve("Server1.trace"), "");
        NetworkServerControl neighbour = new NetworkServerControl(InetAddress.getLoopbackAddress(), port);
        neighbour.ping();
        Map<String, Executable> commands = Map.of(
                "tracedirectory", () -> neighbour.setTraceDirectory(traces.toString()),
                "trace", () -> neighbour.trace(true),
                "logconnections", () -> neighbour.logConnections(true),
                "maxthreads", () -> neighbour.setMaxThreads(1),
                "timeslice", () -> neighbour.setTimeSlice(1),
                "sysinfo", neighbour::getSysinfo,
                "runtimeinfo", neighbour::getRuntimeInfo,
                "properties", neighbour::getCurrentProperties,
                "shutdown", neighbour::shutdown);
        commands.forEach((name, command) -> assertThrows(Exception.class, command, name + " is refused"));
        String log = Files.readString(srv.resolve("server.log"));
        assertTrue(log.lines().filter(l -> l.contains("cannot be used for NetworkServerControl commands")).count() >= commands.size(),
                "the server says why: " + log);
        Exception withCredentials = assertThrows(Exception.class,
                () -> new NetworkServerControl(InetAddress.getLoopbackAddress(), port, "boss", OWNER_PASSWORD).shutdown());
        assertTrue(withCredentials.getMessage().contains("cannot be used for NetworkServerControl commands"), withCredentials.getMessage());

        ownerWorks();
        try (Stream<Path> files = Files.list(traces)) {
            for (Path f : files.toList()) {
                assertFalse(Files.readString(f, StandardCharsets.ISO_8859_1).contains(OWNER_PASSWORD), f + " holds the password");
                assertEquals(0, Files.size(f), f + " was written to");
            }
        }
        neighbour.ping();
    }

    @Test
    void derbysPasswordSubstitutesDoNotWorkForNativeUsersSoTheServerTakesUserAndPasswordOnly() throws Exception {
        // The strong password substitute (8) needs BUILTIN users with SHA-1 hashes: the server refuses it for NATIVE ones.
        SQLException substitute = assertThrows(SQLException.class,
                () -> DriverManager.getConnection(url("boss", OWNER_PASSWORD) + ";securityMechanism=8").close());
        assertTrue(substitute.getSQLState().startsWith("08"), substitute.getSQLState() + " " + substitute.getMessage());
        // Encrypted user and password (9) needs 256-bit Diffie-Hellman keys, which the JDK's providers refuse.
        SQLException encrypted = assertThrows(SQLException.class,
                () -> DriverManager.getConnection(url("boss", OWNER_PASSWORD) + ";securityMechanism=9").close());
        assertEquals("XJ112", encrypted.getSQLState(), encrypted.getMessage());
        // A user without a password (4) is refused by the server's setting, whoever it is.
        SQLException userOnly = assertThrows(SQLException.class,
                () -> DriverManager.getConnection("jdbc:derby://localhost:" + port + "/statlens;user=boss;securityMechanism=4").close());
        assertTrue(userOnly.getSQLState().startsWith("08"), userOnly.getSQLState() + " " + userOnly.getMessage());
        ownerWorks();
    }

    @Test
    void aReaderCannotShutDerbyDownNorStopTheServerNorCreateADatabase() throws Exception {
        SQLException engine = assertThrows(SQLException.class,
                () -> DriverManager.getConnection(engine("ann", READER_PASSWORD) + ";shutdown=true").close());
        assertEquals("08004", engine.getSQLState(), engine.getMessage());
        SQLException database = assertThrows(SQLException.class,
                () -> DriverManager.getConnection(url("ann", READER_PASSWORD) + ";shutdown=true").close());
        assertEquals("08004", database.getSQLState(), database.getMessage());
        Path elsewhere = dir.resolve("readers-db");
        SQLException create = assertThrows(SQLException.class, () -> DriverManager.getConnection(
                "jdbc:derby://localhost:" + port + "/" + elsewhere + ";create=true;user=ann;password=" + READER_PASSWORD).close());
        assertEquals("08004", create.getSQLState(), create.getMessage());
        assertFalse(Files.exists(elsewhere), "refused before anything was created");
        assertThrows(Exception.class,
                () -> new NetworkServerControl(InetAddress.getLoopbackAddress(), port, "ann", READER_PASSWORD).shutdown());
        SQLException systemAccount = assertThrows(SQLException.class, () -> DriverManager.getConnection(
                "jdbc:derby://localhost:" + port + "/statlens_system;user=ann;password=" + READER_PASSWORD).close());
        assertEquals("08004", systemAccount.getSQLState(), systemAccount.getMessage());
        try (Connection ann = DriverManager.getConnection(url("ann", READER_PASSWORD))) {
            assertTrue(ann.isValid(5), "the reader's own connection is still there");
        }
        ownerWorks();
    }

    /**
     * The owner shuts Derby down while an import reads its file (issue 31 item 7). The shutdown comes while the import
     * streams the file through its parser, between statements: it has registered the file (its SOURCE_FILES row is
     * locked) and written no block yet. Shut down while the server is inserting the import's blocks, Derby could hang
     * for good in its checkpoint (CachedPage.clean waiting for the page the cut-off insert had latched), which no client
     * can help; the import's end is the same either way: its next statement finds the server gone.
     */
    @Test
    void anImportWhoseEngineTheOwnerShutsDownSaysSoBrieflyAndLeavesNothing() throws Exception {
        Path big = dir.resolve("big-vmstat.txt");
        try (BufferedWriter w = Files.newBufferedWriter(big)) {
            w.write("procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----\n");
            w.write(" r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st\n");
            for (int i = 0; i < 600_000; i++) {
                w.write(" 1  0      0 2794716 295968 312724    0    0     1     3   29   " + (50 + i % 17) + "  0  0 99  0  0\n");
            }
        }
        String ownerDb = url("boss", OWNER_PASSWORD);
        CompletableFuture<CliRun> importing = CompletableFuture.supplyAsync(
                () -> CliRun.of("import", big.toString(), "--run", "cut-short", "--interval", "1", "--db", ownerDb));
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        boolean reading = false;
        try (Connection c = DriverManager.getConnection(ownerDb); Statement s = c.createStatement()) {
            while (!reading && !importing.isDone() && System.nanoTime() < deadline) {
                Thread.sleep(20);
                try (ResultSet rs = s.executeQuery("SELECT SUM(CASE WHEN TABLENAME = 'SOURCE_FILES' THEN 1 ELSE 0 END),"
                        + " SUM(CASE WHEN TABLENAME = 'BLOCKS' THEN 1 ELSE 0 END) FROM SYSCS_DIAG.LOCK_TABLE WHERE MODE = 'X'")) {
                    rs.next();
                    reading = rs.getInt(1) > 0;
                    assertEquals(0, rs.getInt(2), "the import was to be seen reading its file, before it writes blocks");
                }
            }
        }
        assertTrue(reading, "the import was seen reading its file: " + (importing.isDone() ? importing.get().out() + importing.get().err() : "still running"));
        SQLException shutdown = assertThrows(SQLException.class, () -> DriverManager.getConnection(engine("boss", OWNER_PASSWORD) + ";shutdown=true"));
        assertEquals("XJ015", shutdown.getSQLState(), "the owner may shut Derby down: " + shutdown.getMessage());
        CliRun cut = importing.get(3, TimeUnit.MINUTES);
        assertEquals(2, cut.code(), cut.out() + cut.err());
        assertTrue(cut.err().lines().anyMatch(l -> l.startsWith("statlens: lost the repository's server: ")), cut.err());
        assertFalse(cut.err().contains("\tat ") || cut.err().contains("internal error"), cut.err());
        assertFalse(cut.err().contains(OWNER_PASSWORD), cut.err());
        assertEquals(1, cut.err().lines().filter(l -> l.startsWith("statlens:")).count(), "one short message: " + cut.err());
        CliRun runs = CliRun.of("runs", "--db", ownerDb);
        assertEquals(0, runs.code(), runs.err());
        assertFalse(runs.out().contains("cut-short"), "nothing of the import was kept: " + runs.out());
    }

    @Test
    void aReaderHoldingATableMakesOthersWaitOnlyUntilTheLockTimeout() throws Exception {
        try (Connection owner = DriverManager.getConnection(url("boss", OWNER_PASSWORD)); Statement s = owner.createStatement()) {
            s.execute("CALL SYSCS_UTIL.SYSCS_SET_DATABASE_PROPERTY('derby.locks.waitTimeout', '2')");
        }
        try (Connection ann = DriverManager.getConnection(url("ann", READER_PASSWORD)); Statement s = ann.createStatement()) {
            ann.setAutoCommit(false);
            s.execute("SET ROLE STATLENS_READER");
            s.execute("LOCK TABLE BOSS.RUNS IN EXCLUSIVE MODE");
            CliRun waited = CliRun.of("runs", "--db", url("boss", OWNER_PASSWORD));
            assertEquals(1, waited.code(), waited.out() + waited.err());
            assertTrue(waited.err().contains("the repository is busy"), waited.err());
            ann.rollback();
        } finally {
            try (Connection owner = DriverManager.getConnection(url("boss", OWNER_PASSWORD)); Statement s = owner.createStatement()) {
                s.execute("CALL SYSCS_UTIL.SYSCS_SET_DATABASE_PROPERTY('derby.locks.waitTimeout', NULL)");
            }
        }
        assertEquals(0, CliRun.of("runs", "--db", url("boss", OWNER_PASSWORD)).code(), "once the reader lets go");
    }

    @Test
    void theServersFolderAndFilesAreItsUsersAlone() throws Exception {
        ownerWorks();
        Set<PosixFilePermission> others = EnumSet.of(PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE,
                PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE,
                PosixFilePermission.OTHERS_EXECUTE);
        List<String> open = new ArrayList<>();
        try (Stream<Path> all = Files.walk(srv)) {
            for (Path p : all.toList()) {
                Set<PosixFilePermission> mode = Files.getPosixFilePermissions(p);
                if (mode.stream().anyMatch(others::contains)) open.add(srv.relativize(p) + " " + PosixFilePermissions.toString(mode));
            }
        }
        assertEquals(List.of(), open, "nothing in the server's folder is open to others");
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(srv)));
        assertTrue(Files.exists(srv.resolve("statlens").resolve("seg0")) && Files.exists(srv.resolve("server.log")), "the walk saw the files");

        Path shared = Files.createDirectories(dir.resolve("shared"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxr-xr-x"));
        CliRun refused = CliRun.of("server", "start", "--dir", shared.toString(), "--port", Integer.toString(port + 1),
                "--owner", "boss", "--password-file", dir.resolve("owner.pw").toString());
        assertEquals(1, refused.code(), refused.out() + refused.err());
        assertTrue(refused.err().contains("others may enter this folder (rwxr-xr-x)") && refused.err().contains("chmod 700"), refused.err());
        try (Stream<Path> nothing = Files.list(shared)) {
            assertEquals(0, nothing.count(), "nothing was made there");
        }
    }
}
