package io.statlens.store.schema;

import io.statlens.model.StatlensHome;

import java.nio.file.Path;

/**
 * Where a repository lives.
 *
 * @param jdbcUrl     what Derby connects to (without {@code create=true})
 * @param description for messages: the directory or the URL
 * @param embeddedDir the directory of an embedded repository, null for a server or in-memory one
 */
public record RepositoryLocation(String jdbcUrl, String description, Path embeddedDir) {

    /** An embedded Derby repository in a directory. */
    public static RepositoryLocation embedded(Path dir) {
        Path abs = dir.toAbsolutePath().normalize();
        return new RepositoryLocation("jdbc:derby:" + abs, abs.toString(), abs);
    }

    /** A repository reached by JDBC URL, e.g. a Derby network server {@code jdbc:derby://host:1527/name}. */
    public static RepositoryLocation url(String jdbcUrl) {
        return new RepositoryLocation(jdbcUrl, jdbcUrl, null);
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
