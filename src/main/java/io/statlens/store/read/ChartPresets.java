package io.statlens.store.read;

import io.statlens.store.StoreException;
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
 * Chart definitions saved by name in the repository (table {@code CHART_PRESETS}). The store keeps
 * the definition as text and does not read it: what a definition means is the chart layer's business.
 */
public final class ChartPresets {
    private final Repository repo;

    public ChartPresets(Repository repo) {
        this.repo = repo;
    }

    /** A saved definition: its name, its text as saved, and when it was saved. */
    public record SavedPreset(String name, String definition, Instant savedAt) {
    }

    /** Every saved preset, by name. */
    public List<SavedPreset> list() {
        List<SavedPreset> out = new ArrayList<>();
        try (PreparedStatement ps = repo.connection().prepareStatement(
                "SELECT NAME, DEFINITION, SAVED_AT FROM CHART_PRESETS ORDER BY NAME");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) out.add(new SavedPreset(rs.getString(1), rs.getString(2), Repository.instant(rs.getTimestamp(3))));
            return out;
        } catch (SQLException e) {
            throw new StoreException("cannot list chart presets: " + e.getMessage(), e);
        }
    }

    public Optional<SavedPreset> find(String name) {
        try (PreparedStatement ps = repo.connection().prepareStatement(
                "SELECT NAME, DEFINITION, SAVED_AT FROM CHART_PRESETS WHERE NAME = ?")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) return Optional.empty();
                return Optional.of(new SavedPreset(rs.getString(1), rs.getString(2), Repository.instant(rs.getTimestamp(3))));
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read chart preset '" + name + "': " + e.getMessage(), e);
        }
    }

    /** Saves (or replaces) a preset and commits. */
    public void save(String name, String definition) {
        Connection c = repo.connection();
        try {
            try (PreparedStatement delete = c.prepareStatement("DELETE FROM CHART_PRESETS WHERE NAME = ?");
                 PreparedStatement insert = c.prepareStatement(
                         "INSERT INTO CHART_PRESETS (NAME, DEFINITION, SAVED_AT) VALUES (?, ?, ?)")) {
                delete.setString(1, name);
                delete.executeUpdate();
                insert.setString(1, name);
                insert.setString(2, definition);
                insert.setTimestamp(3, Repository.timestamp(Instant.now()));
                insert.executeUpdate();
            }
            c.commit();
        } catch (SQLException e) {
            rollback(c);
            throw new StoreException("cannot save chart preset '" + name + "': " + e.getMessage(), e);
        }
    }

    /**
     * Deletes a saved preset and commits.
     *
     * @return whether there was one
     */
    public boolean delete(String name) {
        Connection c = repo.connection();
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM CHART_PRESETS WHERE NAME = ?")) {
            ps.setString(1, name);
            int deleted = ps.executeUpdate();
            c.commit();
            return deleted > 0;
        } catch (SQLException e) {
            rollback(c);
            throw new StoreException("cannot delete chart preset '" + name + "': " + e.getMessage(), e);
        }
    }

    private static void rollback(Connection c) {
        try {
            c.rollback();
        } catch (SQLException ignored) {
            // nothing was committed
        }
    }
}
