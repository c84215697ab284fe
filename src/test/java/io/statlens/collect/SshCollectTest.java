package io.statlens.collect;

import io.statlens.parse.ParserCatalog;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.load.LiveImport;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A collect over SSH against a real OpenSSH server the test starts on 127.0.0.1, with a throw-away host key and user
 * key; the client reads a folder standing for the user's {@code ~/.ssh} (config, key, known_hosts).
 */
class SshCollectTest {
    private static final Path SSHD = Path.of("/usr/sbin/sshd");
    @TempDir
    static Path dir;
    private static Process sshd;
    private static Path ssh;

    @BeforeAll
    static void startServer() throws Exception {
        assumeTrue(Files.isExecutable(SSHD) && Files.isExecutable(Path.of("/usr/bin/ssh-keygen")),
                "OpenSSH's server is not installed (apt-get install openssh-server): the SSH collect test needs a real sshd");
        for (String tool : List.of("vmstat", "mpstat")) {
            assumeTrue(LocalCollectTest.installed(tool), tool + " is not installed (apt-get install procps sysstat)");
        }
        Path server = Files.createDirectories(dir.resolve("server"));
        ssh = Files.createDirectories(dir.resolve("home/.ssh"));
        keygen(server.resolve("host_key"));
        keygen(ssh.resolve("id_ed25519"));
        Files.copy(ssh.resolve("id_ed25519.pub"), server.resolve("authorized_keys"));
        Files.createDirectories(Path.of("/run/sshd"));
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        Files.writeString(server.resolve("sshd_config"), String.join("\n",
                "Port " + port, "ListenAddress 127.0.0.1", "HostKey " + server.resolve("host_key"),
                "AuthorizedKeysFile " + server.resolve("authorized_keys"), "PasswordAuthentication no",
                "KbdInteractiveAuthentication no", "StrictModes no", "PermitRootLogin prohibit-password", "UsePAM no",
                "PidFile " + server.resolve("sshd.pid"), ""));
        sshd = new ProcessBuilder(SSHD.toString(), "-D", "-f", server.resolve("sshd_config").toString(), "-E",
                server.resolve("sshd.log").toString()).redirectErrorStream(true).redirectOutput(server.resolve("out.log").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 500);
                break;
            } catch (IOException e) {
                if (!sshd.isAlive() || System.nanoTime() > deadline) {
                    throw new IllegalStateException("sshd did not start: " + Files.readString(server.resolve("sshd.log")), e);
                }
                Thread.sleep(100);
            }
        }
        // the host by an alias of ~/.ssh/config, as a user names it
        Files.writeString(ssh.resolve("config"), String.join("\n", "Host benchdb", "  HostName 127.0.0.1", "  Port " + port,
                "  User " + System.getProperty("user.name"), ""));
    }

    private static void keygen(Path key) throws Exception {
        Process p = new ProcessBuilder("/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key.toString())
                .redirectErrorStream(true).start();
        assertEquals(0, p.waitFor(), new String(p.getInputStream().readAllBytes()));
    }

    @AfterAll
    static void stopServer() {
        if (sshd != null) sshd.destroy();
    }

    private static SshOptions options(boolean acceptNew) {
        return new SshOptions(ssh, Optional.empty(), acceptNew, Duration.ofSeconds(20));
    }

    @Test
    void anUnknownHostKeyIsRefusedUnlessAccepted() throws Exception {
        Files.deleteIfExists(ssh.resolve("known_hosts"));
        try (SshLauncher launcher = new SshLauncher("benchdb", options(false), message -> { })) {
            IOException refused = assertThrows(IOException.class, () -> launcher.start(CollectedTool.named("vmstat"), 1));
            assertTrue(refused.getMessage().startsWith("the host key of benchdb ("), refused.getMessage());
            assertTrue(refused.getMessage().contains("SHA256:") && refused.getMessage().contains("--accept-new-host-key"),
                    refused.getMessage());
        }
        assertTrue(!Files.exists(ssh.resolve("known_hosts")) || Files.readString(ssh.resolve("known_hosts")).isBlank());
    }

    @Test
    void theKeysOfTheUsersAgentLogIn() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/ssh-agent")) && Files.isExecutable(Path.of("/usr/bin/ssh-add")),
                "OpenSSH's client is not installed (apt-get install openssh-client): the agent test needs ssh-agent");
        Path agentHome = Files.createDirectories(dir.resolve("agent-home/.ssh"));
        keygen(dir.resolve("agent_key"));
        Files.writeString(dir.resolve("server/authorized_keys"), Files.readString(dir.resolve("agent_key.pub")),
                java.nio.file.StandardOpenOption.APPEND);
        // no key file in this ~/.ssh: the agent alone holds the key
        Files.copy(ssh.resolve("config"), agentHome.resolve("config"));
        Path socket = dir.resolve("agent.sock");
        Process agent = new ProcessBuilder("/usr/bin/ssh-agent", "-D", "-a", socket.toString()).redirectErrorStream(true).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!Files.exists(socket) && System.nanoTime() < deadline) Thread.sleep(50);
            ProcessBuilder add = new ProcessBuilder("/usr/bin/ssh-add", dir.resolve("agent_key").toString()).redirectErrorStream(true);
            add.environment().put("SSH_AUTH_SOCK", socket.toString());
            Process added = add.start();
            assertEquals(0, added.waitFor(), new String(added.getInputStream().readAllBytes()));
            SshOptions options = new SshOptions(agentHome, Optional.of(socket), true, Duration.ofSeconds(20));
            try (SshLauncher launcher = new SshLauncher("benchdb", options, message -> { })) {
                ToolProcess vmstat = launcher.start(CollectedTool.named("vmstat"), 1);
                String first = new java.io.BufferedReader(new java.io.InputStreamReader(vmstat.stdout())).readLine();
                vmstat.stop();
                assertTrue(first != null && first.startsWith("procs"), "vmstat's first line over SSH: " + first);
            }
        } finally {
            agent.destroy();
        }
    }

    @Test
    void aRemoteCollectHoldsTheRowsAnImportOfItsRawOutputGives() throws Exception {
        List<String> said = new ArrayList<>();
        ParserCatalog catalog = ParserCatalog.installed();
        try (Repository repo = Repository.open(RepositoryLocation.embedded(dir.resolve("repo")), true)) {
            LiveImport live = LiveImport.open(repo, "remote", Optional.empty(), List.of());
            Collector collector = new Collector(live, catalog, List.of(new SshLauncher("benchdb", options(true), said::add)),
                    List.of(CollectedTool.named("vmstat"), CollectedTool.named("iostat"), CollectedTool.named("mpstat")), 1, ZoneId.systemDefault(),
                    dir.resolve("raw"), System.err::println);
            List<Collector.Status> during = LocalCollectTest.waitForRows(collector);
            collector.stop();
            for (Collector.Status s : during) {
                assertEquals("benchdb", s.host());
                assertTrue(s.rows() > 0, s + ": " + LocalCollectTest.warnings(repo, "remote"));
            }
            assertTrue(said.stream().anyMatch(m -> m.startsWith("added the host key of benchdb (SHA256:")), said.toString());
            assertTrue(Files.readString(ssh.resolve("known_hosts")).contains("ssh-ed25519"));
            List<Path> raw = List.of(dir.resolve("raw/benchdb/iostat.txt"), dir.resolve("raw/benchdb/mpstat.txt"),
                    dir.resolve("raw/benchdb/vmstat.txt"));
            new ImportService(repo, catalog).run(new ImportRequest(raw, "imported", Optional.empty(), List.of(), Optional.empty(),
                    Optional.empty(), Optional.empty(), ZoneId.systemDefault(), false, false, false), ImportProgress.NONE);
            // the channel closed at the stop ends each tool's output: its last report is stored and a line it cut off
            // is warned about, as an import of the raw file stores and warns
            assertEquals(LocalCollectTest.datasets(repo, "imported"), LocalCollectTest.datasets(repo, "remote"));
            assertEquals(LocalCollectTest.warnings(repo, "imported").stream().sorted().toList(),
                    LocalCollectTest.warnings(repo, "remote").stream().sorted().toList());
        }
    }
}
