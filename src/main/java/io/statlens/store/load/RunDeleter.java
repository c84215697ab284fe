package io.statlens.store.load;

import io.statlens.model.UserException;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Removes runs and files with their rows, and shifts a run's elapsed times. Catalog rows go by
 * ON DELETE CASCADE; data-table rows are deleted here because they reference data sets by id only
 * (a foreign key per row would slow bulk loading).
 */
public final class RunDeleter {
    private final Repository repo;

    public RunDeleter(Repository repo) {
        this.repo = repo;
    }

    /** Deletes a run and commits. */
    public void deleteRun(String name) {
        Connection c = repo.connection();
        try {
            long id = RunCatalog.runId(c, name).orElseThrow(() -> new UserException("no run named '" + name + "'"));
            deleteRun(id);
            c.commit();
        } catch (SQLException e) {
            try {
                c.rollback();
            } catch (SQLException ignored) {
                // nothing was committed
            }
            throw new IllegalStateException("cannot delete run '" + name + "': " + e.getMessage(), e);
        }
    }

    /** Deletes a run and its rows inside the current transaction. */
    void deleteRun(long runId) throws SQLException {
        for (String table : tables("RUN_ID", runId)) {
            execute("DELETE FROM " + table + " WHERE DATASET_ID IN (SELECT ID FROM DATASETS WHERE RUN_ID = ?)", runId);
        }
        execute("DELETE FROM RUNS WHERE ID = ?", runId);
    }

    /** Deletes one source file's data inside the current transaction. */
    void deleteFile(long fileId) throws SQLException {
        for (String table : tables("FILE_ID", fileId)) {
            execute("DELETE FROM " + table + " WHERE DATASET_ID IN (SELECT ID FROM DATASETS WHERE FILE_ID = ?)", fileId);
        }
        execute("DELETE FROM SOURCE_FILES WHERE ID = ?", fileId);
    }

    /** Adds {@code seconds} to every elapsed time of a run, inside the current transaction. */
    void shiftElapsed(long runId, double seconds) throws SQLException {
        for (String table : tables("RUN_ID", runId)) {
            try (PreparedStatement ps = repo.connection().prepareStatement("UPDATE " + table
                    + " SET ELAPSED_S = ELAPSED_S + ? WHERE DATASET_ID IN (SELECT ID FROM DATASETS WHERE RUN_ID = ?)")) {
                ps.setDouble(1, seconds);
                ps.setLong(2, runId);
                ps.executeUpdate();
            }
        }
    }

    private List<String> tables(String column, long id) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT DISTINCT TABLE_NAME FROM DATASETS WHERE " + column + " = ?")) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.add(rs.getString(1));
            }
        }
        return out;
    }

    private void execute(String sql, long id) throws SQLException {
        try (PreparedStatement ps = repo.connection().prepareStatement(sql)) {
            ps.setLong(1, id);
            ps.executeUpdate();
        }
    }
}
