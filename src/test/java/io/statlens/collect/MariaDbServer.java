package io.statlens.collect;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A real MariaDB server (Debian's mariadb-server) in a throwaway data directory, on a Unix socket only, started by a
 * test class and shut down after it. A test is skipped, saying why, where the package is not installed.
 */
final class MariaDbServer implements AutoCloseable {
    private static final Path MARIADBD = Path.of("/usr/sbin/mariadbd");
    private static final Path INSTALL_DB = Path.of("/usr/bin/mariadb-install-db");
    private final Path dir;
    private final Process server;

    private MariaDbServer(Path dir, Process server) {
        this.dir = dir;
        this.server = server;
    }

    /** Starts one in {@code dir} (its data, socket and log), waiting until it answers. */
    static MariaDbServer start(Path dir) throws Exception {
        assumeTrue(Files.isExecutable(MARIADBD) && Files.isExecutable(INSTALL_DB),
                "MariaDB is not installed (apt-get install mariadb-server): the mysql source's test needs a real server");
        Path data = dir.resolve("data");
        run(List.of(INSTALL_DB.toString(), "--datadir=" + data, "--user=root", "--auth-root-authentication-method=normal",
                "--skip-test-db"), dir.resolve("install.log"));
        Process server = new ProcessBuilder(MARIADBD.toString(), "--no-defaults", "--datadir=" + data, "--socket=" + dir.resolve("sock"),
                "--skip-networking", "--user=root", "--pid-file=" + dir.resolve("pid"), "--log-error=" + dir.resolve("error.log"),
                "--innodb-buffer-pool-size=8M", "--innodb-log-file-size=4M", "--performance-schema=OFF")
                .redirectErrorStream(true).redirectOutput(dir.resolve("server.out").toFile()).start();
        MariaDbServer started = new MariaDbServer(dir, server);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(started.socket())) {
            if (!server.isAlive() || System.nanoTime() > deadline) {
                started.close();
                throw new IllegalStateException("mariadbd did not start: " + Files.readString(dir.resolve("error.log")));
            }
            Thread.sleep(100);
        }
        return started;
    }

    private static void run(List<String> command, Path log) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (p.waitFor() != 0) throw new IllegalStateException(command.get(0) + " failed: " + Files.readString(log));
    }

    Path socket() {
        return dir.resolve("sock");
    }

    /** An option file for the server, as a user's ~/.my.cnf would name it. */
    Path optionFile(String extra) throws IOException {
        Path file = dir.resolve("my.cnf");
        Files.writeString(file, "[client]\nuser = root\nsocket = \"" + socket() + "\"\n" + extra);
        return file;
    }

    @Override
    public void close() throws Exception {
        server.destroy();
        if (!server.waitFor(30, TimeUnit.SECONDS)) server.destroyForcibly().waitFor();
    }
}
