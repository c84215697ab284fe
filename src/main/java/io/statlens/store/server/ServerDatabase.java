package io.statlens.store.server;

import io.statlens.model.UserException;
import io.statlens.store.schema.DerbyDialect;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The repository database a Derby network server shares, locked down: Derby NATIVE users (passwords
 * kept as salted hashes in the database), no access without one, SQL authorization, and a read-only
 * role for people who only query and report.
 *
 * <ul>
 *   <li>The owner (the first user, the database owner) holds the repository's tables and may change
 *       them: import, delete, notes, presets, and add users.</li>
 *   <li>Readers connect read-only (Derby refuses them any write, DDL included, so none can declare a
 *       Java routine) and hold the role {@value DerbyDialect#READER_ROLE}, which may SELECT the
 *       repository's tables and views and nothing else.</li>
 *   <li>Anyone else is refused at connection: "authentication failed".</li>
 * </ul>
 */
public final class ServerDatabase {
    private static final Pattern USER = Pattern.compile("[A-Za-z][A-Za-z0-9_]{0,127}");
    private final String embeddedUrl;

    /** @param embeddedUrl the database as this process reaches it: {@code jdbc:derby:/dir/statlens} or {@code jdbc:derby:memory:x} */
    public ServerDatabase(String embeddedUrl) {
        this.embeddedUrl = embeddedUrl;
    }

    /** Checks a user name: a plain Derby identifier, case-insensitive as Derby's are. */
    public static String checkUser(String user) {
        if (user == null || !USER.matcher(user).matches()) {
            throw new UserException("user names are letters, digits and _, starting with a letter (got '" + user + "')");
        }
        return user;
    }

    /**
     * Creates the database, its owner and its security, the repository schema, and the reader role.
     * The owner's password is given here once and kept by Derby as a salted hash only.
     */
    public void create(String owner, String password) {
        checkUser(owner);
        if (password == null || password.length() < 8) throw new UserException("the owner's password needs at least 8 characters");
        Properties credentials = credentials(owner, password);
        try (Connection c = DriverManager.getConnection(embeddedUrl + ";create=true", credentials)) {
            // The database owner's account, created first, switches the database to NATIVE::LOCAL authentication.
            call(c, "CALL SYSCS_UTIL.SYSCS_CREATE_USER(?, ?)", owner, password);
            if (!"NATIVE::LOCAL".equals(property(c, "derby.authentication.provider"))) {
                throw new IllegalStateException("Derby did not switch the database to NATIVE authentication");
            }
            ownerOnly(c, owner);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create the server's database: " + e.getMessage(), e);
        }
        shutdown(credentials);
        // SQL authorization takes effect at the next boot; the schema and the role come after it.
        String url = embeddedUrl + ";user=" + owner + ";password=" + password;
        try (Repository repo = Repository.open(new RepositoryLocation(url, RepositoryLocation.redact(url), null))) {
            Connection c = repo.connection();
            execute(c, "CREATE ROLE " + DerbyDialect.READER_ROLE);
            for (String table : tablesAndViews(c)) repo.dialect().grantRead(c, table);
            c.commit();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot set up the reader role: " + e.getMessage(), e);
        }
        // Let go of the database: the server boots it, maybe in another process.
        shutdown(credentials);
    }

    /**
     * Creates the database of the server's system-wide account: the owner alone, who may then create
     * databases and shut Derby down through the server. Nobody but the owner may connect to it, and it
     * holds nothing but the account.
     */
    static void createSystemAccount(String embeddedUrl, String owner, String password) {
        Properties credentials = credentials(owner, password);
        try (Connection c = DriverManager.getConnection(embeddedUrl + ";create=true", credentials)) {
            call(c, "CALL SYSCS_UTIL.SYSCS_CREATE_USER(?, ?)", owner, password);
            ownerOnly(c, owner);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create the server's system-wide account: " + e.getMessage(), e);
        }
        shutdown(embeddedUrl, credentials);
    }

    /**
     * Authentication required, SQL authorization, and no access but the owner's full access. Database properties, not
     * system ones: they travel with the database and take precedence.
     */
    private static void ownerOnly(Connection c, String owner) throws SQLException {
            setProperty(c, "derby.connection.requireAuthentication", "true");
            setProperty(c, "derby.database.sqlAuthorization", "true");
            setProperty(c, "derby.database.defaultConnectionMode", "noAccess");
            setProperty(c, "derby.database.fullAccessUsers", owner);
            setProperty(c, "derby.database.propertiesOnly", "true");
    }

    /** Checks that the user and password are the repository owner's (its database owner). */
    void checkOwner(String owner, String password) {
        checkUser(owner);
        try (Connection c = DriverManager.getConnection(embeddedUrl, credentials(owner, password));
             PreparedStatement ps = c.prepareStatement("SELECT AUTHORIZATIONID FROM SYS.SYSSCHEMAS WHERE SCHEMANAME = 'SYS'");
             ResultSet rs = ps.executeQuery()) {
            if (!rs.next() || !rs.getString(1).equalsIgnoreCase(owner)) {
                throw new UserException(owner + " is not the owner of the server's repository");
            }
        } catch (SQLException e) {
            throw new UserException("cannot open the server's repository as " + owner + ": " + e.getMessage(), e);
        }
        shutdown(embeddedUrl, credentials(owner, password));
    }

    /** Adds a reader: may connect (read-only) and SELECT the repository's tables and views. Only the owner may. */
    public static void addReader(Repository repo, String user, String password) {
        checkUser(user);
        if (password == null || password.length() < 8) throw new UserException("a password needs at least 8 characters");
        asOwner(repo, "add reader " + user, () -> addReader(repo.connection(), user, password));
    }

    /** Removes a reader: the account, its read-only access and its role. Only the owner may. */
    public static void removeReader(Repository repo, String user) {
        checkUser(user);
        asOwner(repo, "remove reader " + user, () -> removeReader(repo.connection(), user));
    }

    /** The readers, upper case as Derby keeps user names. */
    public static Set<String> readers(Repository repo) {
        Set<String> out = new LinkedHashSet<>();
        asOwner(repo, "list the readers", () -> out.addAll(readers(repo.connection())));
        return out;
    }

    private interface OwnerWork {
        void run() throws SQLException;
    }

    private static void asOwner(Repository repo, String what, OwnerWork work) {
        try {
            work.run();
        } catch (SQLException e) {
            repo.rollback();
            throw new UserException("cannot " + what + " (only the server's owner may): " + e.getMessage(), e);
        }
    }

    private static void addReader(Connection owner, String user, String password) throws SQLException {
        call(owner, "CALL SYSCS_UTIL.SYSCS_CREATE_USER(?, ?)", user, password);
        Set<String> readers = readers(owner);
        readers.add(user.toUpperCase(java.util.Locale.ROOT));
        setProperty(owner, "derby.database.readOnlyAccessUsers", String.join(",", readers));
        execute(owner, "GRANT " + DerbyDialect.READER_ROLE + " TO " + user);
        owner.commit();
    }

    private static void removeReader(Connection owner, String user) throws SQLException {
        Set<String> readers = readers(owner);
        if (!readers.remove(user.toUpperCase(java.util.Locale.ROOT))) throw new UserException("no reader named " + user);
        setProperty(owner, "derby.database.readOnlyAccessUsers", readers.isEmpty() ? null : String.join(",", readers));
        execute(owner, "REVOKE " + DerbyDialect.READER_ROLE + " FROM " + user);
        call(owner, "CALL SYSCS_UTIL.SYSCS_DROP_USER(?)", user);
        owner.commit();
    }

    private static Set<String> readers(Connection c) throws SQLException {
        Set<String> out = new LinkedHashSet<>();
        String list = property(c, "derby.database.readOnlyAccessUsers");
        if (list != null) {
            for (String u : list.split(",")) if (!u.isBlank()) out.add(u.trim().toUpperCase(java.util.Locale.ROOT));
        }
        return out;
    }

    private static String property(Connection c, String key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("VALUES SYSCS_UTIL.SYSCS_GET_DATABASE_PROPERTY(?)")) {
            ps.setString(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    private static List<String> tablesAndViews(Connection c) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT T.TABLENAME FROM SYS.SYSTABLES T JOIN SYS.SYSSCHEMAS S"
                + " ON T.SCHEMAID = S.SCHEMAID WHERE S.SCHEMANAME = CURRENT SCHEMA AND T.TABLETYPE IN ('T', 'V')");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) out.add(rs.getString(1));
        }
        return out;
    }

    private void shutdown(Properties credentials) {
        shutdown(embeddedUrl, credentials);
    }

    private static void shutdown(String embeddedUrl, Properties credentials) {
        try {
            DriverManager.getConnection(embeddedUrl + ";shutdown=true", credentials).close();
        } catch (SQLException expected) {
            // Derby reports a successful shutdown as 08006.
            if (!"08006".equals(expected.getSQLState())) {
                throw new IllegalStateException("cannot restart the server's database: " + expected.getMessage(), expected);
            }
        }
    }

    private static Properties credentials(String user, String password) {
        Properties p = new Properties();
        p.setProperty("user", user);
        p.setProperty("password", password);
        return p;
    }

    private static void setProperty(Connection c, String key, String value) throws SQLException {
        call(c, "CALL SYSCS_UTIL.SYSCS_SET_DATABASE_PROPERTY(?, ?)", key, value);
    }

    private static void call(Connection c, String sql, String... args) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) ps.setString(i + 1, args[i]);
            ps.execute();
        }
    }

    private static void execute(Connection c, String sql) throws SQLException {
        try (java.sql.Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }
}
