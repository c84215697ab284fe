package io.statlens.store.schema;

import io.statlens.model.UserException;

/**
 * An embedded repository that another process has open: Derby opens a repository folder in one process at a time, for
 * reading too. Its own type, so that the desktop window, started a second time on the same repository, can say so and
 * offer what to do instead of failing.
 */
public final class RepositoryInUse extends UserException {
    RepositoryInUse(RepositoryLocation location) {
        super("repository " + location.description() + " is in use by another statlens process"
                + " (an embedded repository opens in one process at a time); close it, or share the repository"
                + " on a server, PostgreSQL or statlens server (docs/team.md)");
    }
}
