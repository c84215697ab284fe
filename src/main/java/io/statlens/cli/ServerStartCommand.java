package io.statlens.cli;

import io.statlens.model.UserException;
import io.statlens.store.server.DerbyNetworkServer;
import io.statlens.store.server.ServerDatabase;
import io.statlens.store.server.ServerFolder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code statlens server start}: creates the server's repository on first use (with its owner) and
 * starts the server in the background, returning once it listens.
 */
@Command(name = "start", mixinStandardHelpOptions = true,
        description = {"Start the server in the background (creating its repository and owner the first time).",
                "The owner's password is read from --password-file, or made up and shown once."})
public final class ServerStartCommand implements Callable<Integer> {
    private static final String ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

    @Spec
    CommandSpec spec;

    @Mixin
    ServerOptions server;

    @Option(names = "--owner", paramLabel = "NAME", defaultValue = "statlens",
            description = "The owner, the one user who may import and add users, created the first time (default: ${DEFAULT-VALUE}).")
    String owner;

    @Option(names = "--password-file", paramLabel = "FILE",
            description = "Read the owner's password from the file's first line (the first time only).")
    Path passwordFile;

    @Option(names = "--tls", defaultValue = "off", paramLabel = "MODE",
            description = "off, basic (encrypted) or peerAuthentication (clients show a certificate too) (default: ${DEFAULT-VALUE}).")
    String tls;

    @Option(names = "--keystore", paramLabel = "FILE",
            description = "The server's key store (PKCS12 or JKS) for --tls; its password in STATLENS_KEYSTORE_PASSWORD.")
    Path keystore;

    @Option(names = "--keystore-password-file", paramLabel = "FILE",
            description = "Read the key store's password from the file's first line (else from STATLENS_KEYSTORE_PASSWORD).")
    Path keystorePasswordFile;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        DerbyNetworkServer.Tls mode = DerbyNetworkServer.Tls.parse(tls);
        if (mode != DerbyNetworkServer.Tls.OFF && (keystore == null || !Files.isRegularFile(keystore))) {
            throw new UserException("--tls " + tls + " needs --keystore FILE, the server's key and certificate (docs/team.md shows"
                    + " how to make one with keytool)");
        }
        if (mode != DerbyNetworkServer.Tls.OFF && keystorePasswordFile == null && System.getenv("STATLENS_KEYSTORE_PASSWORD") == null) {
            throw new UserException("--tls " + tls + " needs the key store's password: --keystore-password-file FILE or STATLENS_KEYSTORE_PASSWORD");
        }
        Path dir = server.dir();
        ServerProcess running = ServerProcess.read(server.pidFile());
        if (running != null && running.alive()) {
            throw new UserException("a server from " + dir + " is running already (pid " + running.pid() + ", port " + running.port()
                    + "); statlens server stop first");
        }
        ServerFolder.prepare(dir);
        if (!DerbyNetworkServer.exists(dir)) {
            ServerDatabase.checkUser(owner);
            String password = passwordFile != null ? readPassword(passwordFile) : newPassword();
            DerbyNetworkServer.create(dir, owner, password);
            out.println("created the server's repository in " + dir.resolve(DerbyNetworkServer.DATABASE) + ", owner '" + owner + "'");
            if (passwordFile == null) {
                out.println("owner's password (shown this once; the server keeps only a salted hash): " + password);
            }
        } else if (!DerbyNetworkServer.hasSystemAccount(dir)) {
            if (passwordFile == null) {
                throw new UserException("the server in " + dir + " was made by an older statlens: start it once with --owner NAME"
                        + " --password-file FILE (the owner's) so that the owner alone may shut its databases down and create others");
            }
            DerbyNetworkServer.addSystemAccount(dir, owner, readPassword(passwordFile));
            out.println("gave the server in " + dir + " the system-wide account of its owner '" + owner + "' alone");
        }
        Process child = spawn(dir, mode);
        waitUntilListening(child);
        ServerFolder.privateFile(server.pidFile());
        new ServerProcess(child.pid(), server.host, server.port, mode.derbyName()).write(server.pidFile());
        out.printf("statlens server: listening on %s:%d (TLS %s), pid %d, log %s%n", server.host, server.port, mode.derbyName(),
                child.pid(), server.log());
        out.printf("clients: --db 'jdbc:derby://%s:%d/%s;user=NAME%s' with the password in STATLENS_DB_PASSWORD%n",
                InetAddress.getByName(server.host).isAnyLocalAddress() ? "HOST" : server.host, server.port, DerbyNetworkServer.DATABASE,
                mode == DerbyNetworkServer.Tls.OFF ? "" : ";ssl=" + mode.derbyName());
        if (!InetAddress.getByName(server.host).isLoopbackAddress() && mode == DerbyNetworkServer.Tls.OFF) {
            out.println("warning: the server is open to the network without TLS: passwords and data travel in clear (use --tls basic)");
        }
        return ExitCodes.OK;
    }

    private Process spawn(Path dir, DerbyNetworkServer.Tls mode) throws IOException {
        String java = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(serverJvmOptions(System.getenv("STATLENS_JAVA_OPTS")));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "server", "run", "--dir",
                dir.toString(), "--host", server.host, "--port", Integer.toString(server.port), "--tls", mode.derbyName()));
        if (keystore != null) command.addAll(List.of("--keystore", keystore.toAbsolutePath().toString()));
        // The password itself never goes on a command line, where any user of the machine can read it.
        if (keystorePasswordFile != null) command.addAll(List.of("--keystore-password-file", keystorePasswordFile.toAbsolutePath().toString()));
        Files.deleteIfExists(server.log());
        ServerFolder.privateFile(server.log());
        Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(server.log().toFile()).start();
        child.getOutputStream().close();
        return child;
    }

    /** The server's JVM options: times in UTC, then the user's {@code STATLENS_JAVA_OPTS} ({@link BackgroundJvm}). */
    static List<String> serverJvmOptions(String userOptions) {
        return BackgroundJvm.options(List.of("-Duser.timezone=UTC"), userOptions);
    }

    private void waitUntilListening(Process child) throws IOException, InterruptedException {
        long deadline = System.currentTimeMillis() + 120_000;
        while (System.currentTimeMillis() < deadline) {
            String log = Files.exists(server.log()) ? Files.readString(server.log(), StandardCharsets.UTF_8) : "";
            if (log.contains("ready to accept")) return;
            if (!child.isAlive()) {
                throw new UserException("the server did not start: " + lastLines(log));
            }
            Thread.sleep(100);
        }
        child.destroy();
        throw new UserException("the server did not start within two minutes; see " + server.log());
    }

    private static String lastLines(String log) {
        List<String> lines = log.lines().filter(l -> !l.isBlank()).toList();
        return String.join(" / ", lines.subList(Math.max(0, lines.size() - 3), lines.size()));
    }

    /** A password file's first line, without the line end and surrounding blanks. */
    static String firstLine(Path file) throws IOException {
        try (var lines = Files.lines(file, StandardCharsets.UTF_8)) {
            return lines.findFirst().orElse("").strip();
        }
    }

    /** A password file's first line, refused when shorter than 8 characters. */
    static String readPassword(Path file) throws IOException {
        String first = firstLine(file);
        if (first.length() < 8) throw new UserException(file + ": the password needs at least 8 characters on the first line");
        return first;
    }

    static String newPassword() {
        SecureRandom random = new SecureRandom();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 20; i++) sb.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        return sb.toString();
    }
}
