package io.statlens.store.saved;

import io.statlens.store.StoreException;
import io.statlens.store.schema.Repository;

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
    private final NamedRecords records;

    public ChartPresets(Repository repo) {
        this.repo = repo;
        this.records = new NamedRecords(repo, "CHART_PRESETS", "chart preset");
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
        records.save(name, List.of("DEFINITION"), List.of(definition));
    }

    /**
     * Deletes a saved preset and commits.
     *
     * @return whether there was one
     */
    public boolean delete(String name) {
        return records.delete(name);
    }

}
