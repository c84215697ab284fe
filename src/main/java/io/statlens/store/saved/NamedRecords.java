package io.statlens.store.saved;

import io.statlens.store.schema.Repository;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Instant;
import java.util.Collections;
import java.util.List;

/**
 * Writes the rows of a table of things users save by name (chart presets, dashboards): a row saved under a name
 * replaces the one before, with the time it was saved; each write commits on its own.
 */
final class NamedRecords {
    private final Repository repo;
    private final String table;
    private final String what;

    /**
     * @param table the table, with a NAME and a SAVED_AT column
     * @param what  what a row is, for messages ({@code chart preset})
     */
    NamedRecords(Repository repo, String table, String what) {
        this.repo = repo;
        this.table = table;
        this.what = what;
    }

    /** Saves (or replaces) the row of {@code name} with these values of these columns, and commits. */
    void save(String name, List<String> columns, List<String> values) {
        Connection c = repo.connection();
        String insert = "INSERT INTO " + table + " (NAME, " + String.join(", ", columns) + ", SAVED_AT) VALUES (?, "
                + String.join(", ", Collections.nCopies(columns.size(), "?")) + ", ?)";
        OwnTransaction.commit(c, "cannot save " + what + " '" + name + "'", () -> {
            try (PreparedStatement delete = c.prepareStatement("DELETE FROM " + table + " WHERE NAME = ?");
                 PreparedStatement ps = c.prepareStatement(insert)) {
                delete.setString(1, name);
                delete.executeUpdate();
                int p = 1;
                ps.setString(p++, name);
                for (String value : values) ps.setString(p++, value);
                ps.setTimestamp(p, Repository.timestamp(Instant.now()));
                ps.executeUpdate();
            }
            return null;
        });
    }

    /**
     * Deletes the row of {@code name} and commits.
     *
     * @return whether there was one
     */
    boolean delete(String name) {
        Connection c = repo.connection();
        return OwnTransaction.commit(c, "cannot delete " + what + " '" + name + "'", () -> {
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM " + table + " WHERE NAME = ?")) {
                ps.setString(1, name);
                return ps.executeUpdate() > 0;
            }
        });
    }
}
