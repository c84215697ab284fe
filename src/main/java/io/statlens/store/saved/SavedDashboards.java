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
 * Dashboards saved by name in the repository (table {@code DASHBOARDS}): their charts as text and the runs they
 * were saved for. As with {@link ChartPresets}, the store keeps the text and does not read it.
 */
public final class SavedDashboards {
    private final Repository repo;
    private final NamedRecords records;

    public SavedDashboards(Repository repo) {
        this.repo = repo;
        this.records = new NamedRecords(repo, "DASHBOARDS", "dashboard");
    }

    /**
     * A saved dashboard.
     *
     * @param charts the chart definitions as text
     * @param runs   the runs, in the order they were shown
     */
    public record Saved(String name, String charts, List<String> runs, Instant savedAt) {
        public Saved {
            runs = List.copyOf(runs);
        }
    }

    /** Every saved dashboard, by name. */
    public List<Saved> list() {
        try (PreparedStatement ps = repo.connection().prepareStatement(
                "SELECT NAME, CHARTS, RUNS, SAVED_AT FROM DASHBOARDS ORDER BY NAME");
             ResultSet rs = ps.executeQuery()) {
            List<Saved> out = new ArrayList<>();
            while (rs.next()) out.add(saved(rs));
            return out;
        } catch (SQLException e) {
            throw new StoreException("cannot list dashboards: " + e.getMessage(), e);
        }
    }

    public Optional<Saved> find(String name) {
        try (PreparedStatement ps = repo.connection().prepareStatement(
                "SELECT NAME, CHARTS, RUNS, SAVED_AT FROM DASHBOARDS WHERE NAME = ?")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(saved(rs)) : Optional.empty();
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read dashboard '" + name + "': " + e.getMessage(), e);
        }
    }

    /** Saves (or replaces) a dashboard and commits. */
    public void save(String name, String charts, List<String> runs) {
        // One run a line (the chart layer refuses to save a run whose name holds a line break).
        records.save(name, List.of("CHARTS", "RUNS"), List.of(charts, String.join("\n", runs)));
    }

    /**
     * Deletes a saved dashboard and commits.
     *
     * @return whether there was one
     */
    public boolean delete(String name) {
        return records.delete(name);
    }

    private static Saved saved(ResultSet rs) throws SQLException {
        String runs = rs.getString(3);
        List<String> names = runs.isEmpty() ? List.of() : List.of(runs.split("\n"));
        return new Saved(rs.getString(1), rs.getString(2), names, Repository.instant(rs.getTimestamp(4)));
    }

}
