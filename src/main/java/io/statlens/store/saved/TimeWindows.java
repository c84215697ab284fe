package io.statlens.store.saved;

import io.statlens.model.UserException;
import io.statlens.store.StoreException;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.read.TimeWindow;
import io.statlens.store.schema.Repository;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A run's named time windows (table {@code TIME_WINDOWS}): warm-up, steady state, cool-down. Saved under a name per
 * run (saving a name again replaces it), listed by start, deleted; they go with their run (ON DELETE CASCADE).
 */
public final class TimeWindows {
    /** Longest name kept (the column's width). */
    public static final int NAME_LENGTH = 100;
    private final Repository repo;

    public TimeWindows(Repository repo) {
        this.repo = repo;
    }

    /** A window of a run under its name; a null end is the run's start or end. */
    public record Named(String name, TimeWindow window) {
    }

    /**
     * Saves the window under the name for the run, replacing one of that name, and commits.
     *
     * @return whether a window of that name was replaced
     */
    public boolean save(String run, String name, TimeWindow window) {
        String n = name == null ? "" : name.strip();
        if (n.isEmpty()) throw new UserException("a time window needs a name");
        if (n.length() > NAME_LENGTH) throw new UserException("window name is longer than " + NAME_LENGTH + " characters");
        Connection c = repo.connection();
        return OwnTransaction.commit(c, "cannot save time window '" + n + "' of run '" + run + "'", () -> {
            long runId = new RunCatalog(repo).id(run);
            boolean replaced;
            try (PreparedStatement delete = c.prepareStatement("DELETE FROM TIME_WINDOWS WHERE RUN_ID = ? AND NAME = ?");
                 PreparedStatement insert = c.prepareStatement(
                         "INSERT INTO TIME_WINDOWS (RUN_ID, NAME, FROM_TS, TO_TS, SAVED_AT) VALUES (?, ?, ?, ?, ?)")) {
                delete.setLong(1, runId);
                delete.setString(2, n);
                replaced = delete.executeUpdate() > 0;
                insert.setLong(1, runId);
                insert.setString(2, n);
                insert.setTimestamp(3, window.from() == null ? null : Repository.timestamp(window.from()));
                insert.setTimestamp(4, window.to() == null ? null : Repository.timestamp(window.to()));
                insert.setTimestamp(5, Repository.timestamp(Instant.now()));
                insert.executeUpdate();
            }
            return replaced;
        });
    }

    /** The run's windows, earliest start first (an open start first of all), then by name. */
    public List<Named> list(String run) {
        long runId = new RunCatalog(repo).id(run);
        List<Named> out = new ArrayList<>();
        try (PreparedStatement ps = repo.connection().prepareStatement(
                "SELECT NAME, FROM_TS, TO_TS FROM TIME_WINDOWS WHERE RUN_ID = ?")) {
            ps.setLong(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    java.sql.Timestamp from = rs.getTimestamp(2);
                    java.sql.Timestamp to = rs.getTimestamp(3);
                    out.add(new Named(rs.getString(1), new TimeWindow(from == null ? null : Repository.instant(from),
                            to == null ? null : Repository.instant(to))));
                }
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read the time windows of run '" + run + "': " + e.getMessage(), e);
        }
        out.sort(java.util.Comparator.comparing((Named w) -> w.window().from(),
                java.util.Comparator.nullsFirst(java.util.Comparator.naturalOrder())).thenComparing(Named::name));
        return out;
    }

    /** The run's window of that name. */
    public Optional<Named> find(String run, String name) {
        return list(run).stream().filter(w -> w.name().equals(name)).findFirst();
    }

    /** Deletes the run's window of that name and commits; a name the run has no window of is the user's mistake. */
    public void delete(String run, String name) {
        Connection c = repo.connection();
        OwnTransaction.commit(c, "cannot delete time window '" + name + "' of run '" + run + "'", () -> {
            long runId = new RunCatalog(repo).id(run);
            int deleted;
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM TIME_WINDOWS WHERE RUN_ID = ? AND NAME = ?")) {
                ps.setLong(1, runId);
                ps.setString(2, name);
                deleted = ps.executeUpdate();
            }
            if (deleted == 0) {
                throw new UserException("run '" + run + "' has no time window '" + name + "' (statlens window " + run + " --list)");
            }
            return null;
        });
    }
}
