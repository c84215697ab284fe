package io.statlens.gui;

import io.statlens.store.read.RunCatalog;
import io.statlens.gui.OpenRepositoryViewModel.Kind;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.RepositoryEngine;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import io.statlens.store.server.ServerDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The open-repository window's view model against real servers that check passwords, started by the tests: Derby's
 * network server (a database locked down as {@code statlens server} does, with a reader added as {@code statlens server
 * user add} does) and PostgreSQL (a login role whose connections must give their password). The right password opens
 * the repository and its runs are listed; a wrong one is refused in one sentence; the password is in no saved setting
 * and in nothing printed.
 */
class OpenServerRepositoryTest {
    private static final Path FIXTURE = Path.of("src/test/resources/corpus/sar/ksar-hpux-11.31.txt");
    private static final AtomicInteger NEXT = new AtomicInteger();

    private final Preferences node = Preferences.userRoot().node("io/statlens/test/" + UUID.randomUUID());
    private final GuiSettings settings = new GuiSettings(node);
    private final List<Repository> opened = new ArrayList<>();
    private final OpenRepositoryViewModel model = new OpenRepositoryViewModel(new SynchronousExecutor(), settings, opened::add);

    /** A repository on a server with one run, "shared", and an account that may read it. */
    record Account(String url, String user, String password) {
    }

    @AfterEach
    void cleanUp() throws BackingStoreException {
        opened.forEach(Repository::close);
        node.removeNode();
    }

    @ParameterizedTest(name = "on {0}")
    @EnumSource(value = RepositoryEngine.class, names = {"DERBY_SERVER", "POSTGRES"})
    void theRightPasswordOpensTheRepositoryAndAWrongOneIsRefusedWithoutLeavingAnyTrace(RepositoryEngine engine) throws Exception {
        Account account = engine == RepositoryEngine.POSTGRES ? postgresAccount() : derbyServerAccount();
        model.kindProperty().set(Kind.SERVER);
        model.urlProperty().set(account.url());
        model.userProperty().set(account.user());

        String wrong = "not-" + account.password();
        String printed = printedDuring(() -> model.open(wrong));
        assertTrue(opened.isEmpty());
        String refusal = model.messageProperty().get();
        assertTrue(refusal.startsWith("cannot open repository " + account.url() + ": authentication failed: the server refused user '"
                + account.user() + "' with the password typed (type it again: it is not kept)"), refusal);
        assertFalse(refusal.contains(wrong), refusal);
        assertFalse(printed.contains(wrong), "nothing printed holds the password: " + printed);
        assertFalse(printed.contains("\tat "), "no stack trace: " + printed);
        assertEquals(Optional.empty(), settings.lastServer(), "a refused server is not remembered");

        printed = printedDuring(() -> model.open(account.password()));
        assertEquals(1, opened.size(), model.messageProperty().get());
        assertEquals("opened " + account.url(), model.messageProperty().get());
        List<String> status = new ArrayList<>();
        BrowserViewModel browser = new BrowserViewModel(new RunCatalog(opened.get(0)), opened.get(0).location().description(), new SynchronousExecutor(),
                status::add);
        browser.reload();
        assertEquals(List.of("shared"), browser.shownRuns().stream().map(BrowserNode.RunNode::run).toList());
        assertEquals(List.of("1 run(s) in " + account.url()), status);

        assertEquals(Optional.of(new GuiSettings.Server(account.url(), account.user())), settings.lastServer(),
                "the URL and user are filled in next time");
        OpenRepositoryViewModel next = new OpenRepositoryViewModel(new SynchronousExecutor(), settings, opened::add);
        assertEquals(List.of(Kind.SERVER, account.url(), account.user()),
                List.of(next.kindProperty().get(), next.urlProperty().get(), next.userProperty().get()), "offered first next time");
        String saved = savedSettings();
        assertTrue(saved.contains(account.user()), saved);
        assertFalse(saved.contains(account.password()), "the settings hold no password: " + saved);
        assertFalse(printed.contains(account.password()), "nothing printed holds the password: " + printed);
    }

    @ParameterizedTest(name = "on {0}")
    @EnumSource(value = RepositoryEngine.class, names = {"DERBY_SERVER"})
    void aServerThatDoesNotAnswerIsSaidInOneSentence(RepositoryEngine engine) throws Exception {
        int closedPort;
        try (ServerSocket probe = new ServerSocket(0)) {
            closedPort = probe.getLocalPort();
        }
        String url = "jdbc:derby://localhost:" + closedPort + "/statlens";
        model.kindProperty().set(Kind.SERVER);
        model.urlProperty().set(url);
        model.userProperty().set("ann");
        String printed = printedDuring(() -> model.open("secret-1234"));
        assertTrue(opened.isEmpty());
        String said = model.messageProperty().get();
        assertTrue(said.startsWith("cannot open repository " + url + ": "), said);
        assertTrue(said.toLowerCase().contains("connect"), said);
        assertFalse(said.contains("\n") || printed.contains("\tat "), "one sentence, no stack trace: " + said + printed);
        assertFalse((said + printed + savedSettings()).contains("secret-1234"));
    }

    /** What the preferences hold under the test's node, as java.util.prefs writes it out. */
    private String savedSettings() throws Exception {
        node.flush();
        ByteArrayOutputStream xml = new ByteArrayOutputStream();
        node.exportSubtree(xml);
        return xml.toString(StandardCharsets.UTF_8);
    }

    /** What the JVM prints to stdout and stderr while the action runs (JDBC drivers and Derby may print there). */
    private static String printedDuring(Runnable action) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream capture = new PrintStream(printed, true, StandardCharsets.UTF_8);
        System.setOut(capture);
        System.setErr(capture);
        try {
            action.run();
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        return printed.toString(StandardCharsets.UTF_8);
    }

    private static void importShared(Repository repo) {
        new ImportService(repo, ParserCatalog.load(Path.of("target/no-user-parsers")))
                .run(ImportRequest.of("shared", ZoneOffset.UTC, FIXTURE), ImportProgress.NONE);
    }

    /**
     * A database on the test's Derby network server, created by its owner (the URL the engine gives carries the
     * owner's user and password), with a run and a reader added as {@code statlens server user add} adds one.
     */
    static Account derbyServerAccount() {
        String ownerUrl = RepositoryEngine.DERBY_SERVER.freshRepository().jdbcUrl();
        String password = "ann-" + UUID.randomUUID();
        try (Repository repo = Repository.open(RepositoryLocation.url(ownerUrl), true)) {
            importShared(repo);
            ServerDatabase.addReader(repo, "ann", password);
        }
        return new Account(ownerUrl.substring(0, ownerUrl.indexOf(";user=")), "ann", password);
    }

    /**
     * A login role on the test's PostgreSQL with a password that the server checks: the embedded server trusts every
     * local connection, so a line for this role alone goes first in its pg_hba.conf (the other tests' connections
     * stay trusted). The role creates the repository, a schema of its own, and imports the run.
     */
    private static Account postgresAccount() throws Exception {
        String admin = RepositoryEngine.postgresUrl();
        String role = "gui_reader_" + NEXT.incrementAndGet() + "_" + ProcessHandle.current().pid();
        String password = "pg-" + UUID.randomUUID();
        try (Connection c = DriverManager.getConnection(admin); Statement s = c.createStatement()) {
            s.execute("CREATE ROLE " + role + " LOGIN PASSWORD '" + password + "'");
            s.execute("GRANT CREATE ON DATABASE postgres TO " + role);
            Path hba;
            try (ResultSet rs = s.executeQuery("SHOW hba_file")) {
                rs.next();
                hba = Path.of(rs.getString(1));
            }
            String checked = "host all " + role + " 127.0.0.1/32 scram-sha-256\nhost all " + role + " ::1/128 scram-sha-256\n";
            Files.writeString(hba, checked + Files.readString(hba));
            s.execute("SELECT pg_reload_conf()");
        }
        String url = admin.substring(0, admin.indexOf('?')) + "?currentSchema=" + role;
        awaitPasswordChecked(url, role);
        try (Repository repo = Repository.open(RepositoryLocation.url(url).withCredentials(role, password), true)) {
            importShared(repo);
        }
        return new Account(url, role, password);
    }

    /** The server reads its pg_hba.conf again on a signal: until it has, a wrong password would still get in. */
    private static void awaitPasswordChecked(String url, String role) throws InterruptedException {
        Properties wrong = new Properties();
        wrong.setProperty("user", role);
        wrong.setProperty("password", "wrong");
        for (int attempt = 0; attempt < 50; attempt++) {
            try (Connection ignored = DriverManager.getConnection(url, wrong)) {
                Thread.sleep(100);
            } catch (SQLException refused) {
                return;
            }
        }
        assertThrows(SQLException.class, () -> DriverManager.getConnection(url, wrong).close(), "the server checks the password");
    }
}
