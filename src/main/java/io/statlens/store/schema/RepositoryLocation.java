package io.statlens.store.schema;

import io.statlens.model.StatlensHome;
import io.statlens.model.UserException;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * Where a repository lives.
 *
 * @param jdbcUrl     what JDBC connects to (without {@code create=true})
 * @param description for messages: the directory or the URL, a password in it replaced by {@code ***}
 * @param embeddedDir the directory of an embedded repository, null for a server or in-memory one
 * @param credentials a user and password a person typed (the GUI asks for them), null for none: they go with the
 *                    connection and win over the environment's; they are never written anywhere
 */
public record RepositoryLocation(String jdbcUrl, String description, Path embeddedDir, Credentials credentials) {
    /** A user and password given by a person; the password is not part of {@link #toString()}. */
    public record Credentials(String user, String password) {
        @Override
        public String toString() {
            return "Credentials[user=" + user + ", password=***]";
        }
    }

    public RepositoryLocation(String jdbcUrl, String description, Path embeddedDir) {
        this(jdbcUrl, description, embeddedDir, null);
    }

    /**
     * This server's repository with a user and password typed by a person (empty ones are not given: the URL's or the
     * environment's are used, as without them).
     */
    public RepositoryLocation withCredentials(String user, String password) {
        return new RepositoryLocation(jdbcUrl, description, embeddedDir, new Credentials(user, password));
    }

    /**
     * {@code password=...} in a Derby ({@code ;password=x}) or PostgreSQL ({@code ?password=x&}) URL. The
     * value runs to the URL's next attribute ({@code ;} or {@code &}), a quote, the line's end, or a
     * message's ": " after the URL: spaces are part of it (Derby takes {@code password=horse battery
     * staple}). One redacted already stays as it is, and so does what follows it (a message that names a redacted
     * location: {@code the target ...;password=*** holds run x already}).
     */
    private static final Pattern PASSWORD = Pattern.compile("(?i)(password=)(?:\\*\\*\\*(?=[;&'\"\\s:]|$)|.*?(?=[;&'\"\\n]|: |$))");
    /** The password of a URL's user part, {@code //user:password@host}, up to the {@code @}. */
    private static final Pattern USER_INFO = Pattern.compile("(//[^/@\\s:;?&'\"]*:)[^@\\s'\"]*(?=@)");
    private static final Pattern USER = Pattern.compile("(?i)[;?&]user=");
    /** A Windows drive at the start of a path, {@code C:\\}, whose colon Derby reads as it should. */
    private static final Pattern DRIVE = Pattern.compile("[A-Za-z]:[\\\\/]");

    /**
     * An embedded Derby repository in a directory. Derby cannot keep a database in a folder whose path holds a colon
     * (a Windows drive's aside): it reads the colon as the end of a subsubprotocol's name, and even its own
     * {@code directory:} prefix creates such a database but then does not find it again. Said plainly, as a user's error.
     */
    public static RepositoryLocation embedded(Path dir) {
        Path abs = dir.toAbsolutePath().normalize();
        String path = abs.toString();
        if (path.indexOf(':', DRIVE.matcher(path).lookingAt() ? 2 : 0) >= 0) {
            throw new UserException(path + ": an embedded repository cannot be in a folder whose path holds a ':'"
                    + " (Apache Derby reads it as part of its URL); choose a folder without one");
        }
        return new RepositoryLocation("jdbc:derby:" + abs, path, abs);
    }

    /** A repository reached by JDBC URL, e.g. a Derby network server {@code jdbc:derby://host:1527/name}. */
    public static RepositoryLocation url(String jdbcUrl) {
        return new RepositoryLocation(jdbcUrl, redact(jdbcUrl), null);
    }

    /**
     * The text with every {@code password=...} of a JDBC URL in it replaced by {@code password=***}, and
     * the password of a URL's user part ({@code //ann:secret@host}) by {@code ***}.
     */
    public static String redact(String text) {
        if (text == null) return null;
        return USER_INFO.matcher(PASSWORD.matcher(text).replaceAll("$1***")).replaceAll("$1***");
    }

    /**
     * What to connect with besides the URL: credentials the URL does not give, from the environment.
     * PostgreSQL's conventions for a PostgreSQL server ({@code PGUSER}, {@code PGPASSWORD}; PgJDBC
     * itself reads {@code ~/.pgpass} and {@code PGPASSFILE}), {@code STATLENS_DB_USER} and
     * {@code STATLENS_DB_PASSWORD} for a Derby network server. Nothing is written anywhere.
     */
    public Properties connectionProperties() {
        return connectionProperties(System.getenv());
    }

    Properties connectionProperties(Map<String, String> env) {
        Properties p = new Properties();
        boolean postgres = jdbcUrl.startsWith("jdbc:postgresql:");
        boolean derbyServer = jdbcUrl.startsWith("jdbc:derby://");
        if (!postgres && !derbyServer) return p;
        String user = credentials != null && !credentials.user().isEmpty() ? credentials.user()
                : env.get(postgres ? "PGUSER" : "STATLENS_DB_USER");
        String password = credentials != null && !credentials.password().isEmpty() ? credentials.password()
                : env.get(postgres ? "PGPASSWORD" : "STATLENS_DB_PASSWORD");
        if (user != null && !user.isEmpty() && !USER.matcher(jdbcUrl).find()) p.setProperty("user", user);
        if (password != null && !PASSWORD.matcher(jdbcUrl).find()) p.setProperty("password", password);
        return p;
    }

    /** The engine's name for messages: {@code PostgreSQL}, {@code Derby network server}, {@code Derby}. */
    public String engine() {
        if (jdbcUrl.startsWith("jdbc:postgresql:")) return "PostgreSQL";
        if (jdbcUrl.toLowerCase(Locale.ROOT).startsWith("jdbc:derby://")) return "Derby network server";
        return "Derby";
    }

    /** A throw-away repository in memory, for tests and benchmarks. */
    public static RepositoryLocation memory(String name) {
        return new RepositoryLocation("jdbc:derby:memory:" + name, "memory:" + name, null);
    }

    /** The per-user default: {@code $STATLENS_HOME/repo}, else {@code ~/.statlens/repo}. */
    public static RepositoryLocation userDefault() {
        return embedded(statlensHome().resolve("repo"));
    }

    /**
     * The per-user statlens folder: the system property {@code statlens.home}, else
     * {@code $STATLENS_HOME}, else {@code ~/.statlens}.
     */
    public static Path statlensHome() {
        return StatlensHome.path();
    }

    /** Whether a repository exists here; a server or in-memory one is assumed to (connecting tells). */
    public boolean exists() {
        return embeddedDir == null || java.nio.file.Files.exists(embeddedDir.resolve("service.properties"));
    }

    boolean isDerby() {
        return jdbcUrl.startsWith("jdbc:derby:");
    }
}
