package io.statlens.store.server;

import io.statlens.model.UserException;

import org.apache.derby.drda.NetworkServerControl;

import java.io.Writer;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The Derby network server of {@code statlens server}: one repository database, {@value #DATABASE},
 * in a folder, served to the network with authentication required for every database name a client
 * may ask for, and TLS where wanted.
 *
 * <p>The security lives in three places. The database carries its own (see {@link ServerDatabase}). The
 * server's JVM adds system-wide settings, for databases a client names that do not exist yet and for
 * shutting Derby down: without them anyone could create a fresh database on the server, own it, and
 * declare a Java routine in it that stops the server. With them every connection, to any name, needs
 * an account; the system-wide one, which may create databases and shut Derby down, is the owner's alone
 * (in {@value #SYSTEM_DATABASE}), and a new database grants no one access. And Derby's control commands
 * are turned off (see {@link ControlCommandLock}).
 */
public final class DerbyNetworkServer {
    /** The repository database's name in the folder, and in client URLs. */
    public static final String DATABASE = "statlens";
    /** The database that holds the server's system-wide account, the owner's alone; nobody reads or writes it. */
    public static final String SYSTEM_DATABASE = "statlens_system";

    /**
     * What to serve and how.
     *
     * @param dir      the folder that holds the database (Derby's system home)
     * @param host     the address to listen on: loopback unless the user opens it
     * @param tls      off, basic (encrypted) or peerAuthentication (encrypted, clients show a certificate)
     * @param keystore         the server's key store for TLS, null when off
     * @param keystorePassword the key store's password, null when off
     */
    public record Config(Path dir, String host, int port, Tls tls, Path keystore, String keystorePassword) {
        @Override
        public String toString() {
            return "Config[dir=" + dir + ", host=" + host + ", port=" + port + ", tls=" + tls + ", keystore=" + keystore + "]";
        }
    }

    /** Derby's SSL modes. */
    public enum Tls {
        OFF("off"), BASIC("basic"), PEER_AUTHENTICATION("peerAuthentication");

        private final String derbyName;

        Tls(String derbyName) {
            this.derbyName = derbyName;
        }

        public String derbyName() {
            return derbyName;
        }

        public static Tls parse(String text) {
            for (Tls t : values()) {
                if (t.derbyName.equalsIgnoreCase(text) || t.name().equalsIgnoreCase(text)) return t;
            }
            throw new UserException("--tls is off, basic or peerAuthentication (got '" + text + "')");
        }
    }

    private DerbyNetworkServer() {
    }

    /** The embedded URL of the repository database in a folder, for this process. */
    public static String embeddedUrl(Path dir) {
        return "jdbc:derby:" + dir.toAbsolutePath().normalize().resolve(DATABASE);
    }

    /** Whether the folder holds a repository database already. */
    public static boolean exists(Path dir) {
        return Files.exists(dir.resolve(DATABASE).resolve("service.properties"));
    }

    /**
     * Creates the server's databases in a folder: the repository with its owner, and the system-wide
     * account of that owner alone. Their files are the user's alone.
     */
    public static void create(Path dir, String owner, String password) throws java.io.IOException {
        new ServerDatabase(embeddedUrl(dir)).create(owner, password);
        ServerDatabase.createSystemAccount(systemUrl(dir), owner, password);
        ServerFolder.restrictToOwner(dir);
    }

    /**
     * Gives the folder of a server made by an older statlens the owner's system-wide account, once the
     * password has proven to be the repository owner's.
     */
    public static void addSystemAccount(Path dir, String owner, String password) throws java.io.IOException {
        new ServerDatabase(embeddedUrl(dir)).checkOwner(owner, password);
        ServerDatabase.createSystemAccount(systemUrl(dir), owner, password);
        ServerFolder.restrictToOwner(dir);
    }

    /** Whether the folder holds the owner's system-wide account (servers made before it do not). */
    public static boolean hasSystemAccount(Path dir) {
        return Files.exists(dir.resolve(SYSTEM_DATABASE).resolve("service.properties"));
    }

    private static String systemUrl(Path dir) {
        return "jdbc:derby:" + dir.toAbsolutePath().normalize().resolve(SYSTEM_DATABASE);
    }

    /**
     * Locks down this JVM's Derby and starts the server; returns what stops it (the network's shutdown
     * command is refused).
     *
     * @param console where the server's console output goes
     */
    public static Runnable start(Config config, Writer console) throws Exception {
        if (!exists(config.dir())) throw new UserException("no server repository in " + config.dir() + " (statlens server start creates one)");
        if (!hasSystemAccount(config.dir())) {
            throw new UserException("the server in " + config.dir() + " was made by an older statlens: start it once with --owner NAME"
                    + " --password-file FILE (the owner's) so that the owner alone may shut its databases down");
        }
        System.setProperty("derby.system.home", config.dir().toAbsolutePath().toString());
        System.setProperty("derby.stream.error.file", config.dir().resolve("derby.log").toAbsolutePath().toString());
        // Every database name a client asks for needs an account, and the system-wide one, which may shut
        // Derby down and create databases, is the owner's alone: readers are users of the repository
        // database only, which authenticates its own users (NATIVE::LOCAL, a property of that database).
        System.setProperty("derby.connection.requireAuthentication", "true");
        System.setProperty("derby.authentication.provider", "NATIVE:" + SYSTEM_DATABASE);
        // A database created through the server grants no one access and runs with SQL authorization.
        System.setProperty("derby.database.defaultConnectionMode", "noAccess");
        System.setProperty("derby.database.sqlAuthorization", "true");
        // Files Derby makes (databases, logs, traces) are the user's alone, whatever the umask.
        System.setProperty("derby.storage.useDefaultFilePermissions", "false");
        // The one mechanism Derby accepts for NATIVE users: user and password (see docs/team.md for why not
        // the strong password substitute); clients that ask for another are refused.
        System.setProperty("derby.drda.securityMechanism", "CLEAR_TEXT_PASSWORD_SECURITY");
        if (config.tls() != Tls.OFF) {
            if (config.keystore() == null || !Files.isRegularFile(config.keystore())) {
                throw new UserException("--tls " + config.tls().derbyName() + " needs --keystore FILE, the server's key and certificate"
                        + " (see docs/team.md: keytool -genkeypair ...)");
            }
            String password = config.keystorePassword();
            if (password == null) {
                throw new UserException("give the key store's password in --keystore-password-file FILE or STATLENS_KEYSTORE_PASSWORD");
            }
            System.setProperty("javax.net.ssl.keyStore", config.keystore().toAbsolutePath().toString());
            System.setProperty("javax.net.ssl.keyStorePassword", password);
            if (config.tls() == Tls.PEER_AUTHENTICATION) {
                System.setProperty("javax.net.ssl.trustStore", config.keystore().toAbsolutePath().toString());
                System.setProperty("javax.net.ssl.trustStorePassword", password);
            }
        }
        System.setProperty("derby.drda.sslMode", config.tls().derbyName());
        Runnable stop = DerbyServerStart.startLocked(address(config.host()), config.port(), console);
        if (stop == null) throw new UserException("port " + config.port() + " on " + config.host() + " is taken; give another with --port");
        return stop;
    }

    /**
     * Starts the server (see {@link #start}) and serves until this process is told to stop (a signal, as
     * {@code statlens server stop} sends); then stops the server. Derby's databases are not shut down
     * (that takes the owner's password, which the server does not know): the next start recovers
     * committed work from their logs, as after any stop.
     */
    public static void serveUntilStopped(Config config, Writer console) throws Exception {
        Runnable stop = start(config, console);
        java.util.concurrent.CountDownLatch stopped = new java.util.concurrent.CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                stop.run();
            } catch (RuntimeException ignored) {
                // stopping anyway
            }
            stopped.countDown();
        }));
        stopped.await();
    }

    /** Whether a Derby network server answers at the address (a ping needs no credentials). */
    public static boolean answers(String host, int port, Tls tls) throws Exception {
        // Derby's ping waits forever on a port that another program holds and does not answer on.
        java.util.concurrent.FutureTask<Boolean> ping = new java.util.concurrent.FutureTask<>(
                tls == Tls.OFF ? () -> ping(host, port) : () -> refusesStrangers(host, port, tls));
        Thread t = new Thread(ping, "statlens-server-ping");
        t.setDaemon(true);
        t.start();
        try {
            return ping.get(10, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            return false;
        }
    }

    private static boolean ping(String host, int port) throws Exception {
        new NetworkServerControl(address(host), port).ping();
        return true;
    }

    /**
     * With TLS, Derby's own ping (its control protocol) does not get through (it checks the server's
     * certificate against the JVM's trusted ones and then misreads the reply), so the question goes
     * as a client's would: a connection without credentials that the server answers by refusing it.
     */
    private static boolean refusesStrangers(String host, int port, Tls tls) {
        try {
            java.sql.DriverManager.getConnection("jdbc:derby://" + host + ":" + port + "/" + DATABASE + ";ssl=" + tls.derbyName()).close();
            return true;
        } catch (java.sql.SQLException e) {
            return "08004".equals(e.getSQLState());
        }
    }

    private static InetAddress address(String host) throws UnknownHostException {
        return InetAddress.getByName(host.toLowerCase(Locale.ROOT));
    }
}
