package io.statlens.cli;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code statlens server start --tls basic}: the server speaks TLS with the key and certificate of the
 * key store it was given (made here with the JDK's keytool, as docs/team.md shows), clients that add
 * {@code ;ssl=basic} work, and a client in clear gets nowhere.
 */
class ServerTlsTest {
    private static final String OWNER_PASSWORD = "owner-pass-5678";
    private static final String SUBJECT = "CN=statlens-tls-test";
    @TempDir
    static Path dir;
    private static int port;

    @BeforeAll
    static void start() throws Exception {
        Path keystore = dir.resolve("server.p12");
        String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        Process p = new ProcessBuilder(keytool, "-genkeypair", "-alias", "statlens", "-keyalg", "RSA", "-keysize", "2048",
                "-validity", "30", "-dname", SUBJECT, "-keystore", keystore.toString(), "-storetype", "PKCS12",
                "-storepass", "store-pass-1234").redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(2, TimeUnit.MINUTES) && p.exitValue() == 0, "keytool: " + said);
        Path keystorePassword = Files.writeString(dir.resolve("keystore.pw"), "store-pass-1234\n");
        Path ownerPassword = Files.writeString(dir.resolve("owner.pw"), OWNER_PASSWORD + "\n");
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        CliRun started = CliRun.of("server", "start", "--dir", dir.resolve("srv").toString(), "--port", Integer.toString(port),
                "--owner", "boss", "--password-file", ownerPassword.toString(), "--tls", "basic", "--keystore", keystore.toString(),
                "--keystore-password-file", keystorePassword.toString());
        assertEquals(0, started.code(), started.out() + started.err());
        assertTrue(started.out().contains("listening on 127.0.0.1:" + port + " (TLS basic)"), started.out());
        assertTrue(started.out().contains(";ssl=basic"), "clients are told to ask for TLS: " + started.out());
    }

    @AfterAll
    static void stop() {
        CliRun stop = CliRun.of("server", "stop", "--dir", dir.resolve("srv").toString());
        assertEquals(0, stop.code(), stop.err());
    }

    private static String url(String extra) {
        return "jdbc:derby://localhost:" + port + "/statlens;user=boss;password=" + OWNER_PASSWORD + extra;
    }

    @Test
    void theServerShowsTheCertificateOfItsKeyStore() throws Exception {
        SSLContext context = SSLContext.getInstance("TLS");
        X509Certificate[][] shown = new X509Certificate[1][];
        context.init(null, new TrustManager[]{new X509TrustManager() {
            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType) {
            }

            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType) {
                shown[0] = chain;
            }

            @Override
            public X509Certificate[] getAcceptedIssuers() {
                return new X509Certificate[0];
            }
        }}, null);
        try (SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket("127.0.0.1", port)) {
            socket.startHandshake();
            assertTrue(socket.getSession().getProtocol().startsWith("TLS"), socket.getSession().getProtocol());
        }
        assertEquals(SUBJECT, shown[0][0].getSubjectX500Principal().getName());
    }

    @Test
    void clientsAskingForTlsWorkAndClientsInClearDoNot() {
        CliRun status = CliRun.of("server", "status", "--dir", dir.resolve("srv").toString());
        assertEquals(0, status.code(), status.out() + status.err());
        assertTrue(status.out().contains("running, pid") && status.out().contains("(TLS basic)"), status.out());

        Path vmstat = Path.of("src/test/resources/corpus/vmstat/jc-centos77-vmstat.txt");
        CliRun imported = CliRun.of("import", vmstat.toString(), "--run", "over-tls", "--db", url(";ssl=basic"));
        assertEquals(0, imported.code(), imported.err());
        CliRun runs = CliRun.of("runs", "--db", url(";ssl=basic"));
        assertEquals(0, runs.code(), runs.err());
        assertTrue(runs.out().contains("over-tls"), runs.out());

        assertThrows(SQLException.class, () -> DriverManager.getConnection(url("")).close(), "a client in clear is not served");
        CliRun clear = CliRun.of("runs", "--db", url(""));
        assertEquals(1, clear.code(), clear.out());
        assertTrue(List.of(clear.err().split("\n")).stream().noneMatch(l -> l.contains(OWNER_PASSWORD)), clear.err());
    }
}
