package io.statlens.cli;

import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/** {@code --repo DIR} and {@code --db URL}, shared by every command that opens the repository. */
public final class RepositoryOptions {
    @Option(names = "--repo", paramLabel = "DIR",
            description = "Embedded repository folder (default: $STATLENS_HOME/repo, else ~/.statlens/repo).")
    Path repo;

    @Option(names = "--db", paramLabel = "URL",
            description = {"JDBC URL of a shared repository: jdbc:postgresql://host:5432/db, or a statlens server " +
                            "jdbc:derby://host:1527/statlens;user=NAME (docs/team.md)."})
    String db;

    RepositoryLocation location() {
        if (repo != null && db != null) throw new picocli.CommandLine.ParameterException(
                new picocli.CommandLine(this), "give either --repo or --db, not both");
        if (db != null) return RepositoryLocation.url(db);
        if (repo != null) return RepositoryLocation.embedded(repo);
        return RepositoryLocation.userDefault();
    }

    /** A repository named on the command line: a JDBC URL ({@code jdbc:...}) or an embedded repository's folder. */
    static RepositoryLocation urlOrFolder(String text) {
        return text.startsWith("jdbc:") ? RepositoryLocation.url(text) : RepositoryLocation.embedded(Path.of(text));
    }

    /** Opens the repository, creating it if it does not exist yet (for commands that write). */
    Repository open() {
        return Repository.open(location(), true);
    }

    /** Opens an existing repository; a missing one is a user error (for commands that only read). */
    Repository openExisting() {
        return Repository.open(location(), false);
    }
}
