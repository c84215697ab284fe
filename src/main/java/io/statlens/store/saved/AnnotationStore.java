package io.statlens.store.saved;

import io.statlens.store.StoreException;
import io.statlens.model.UserException;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** A run's annotations: added, listed in time order, deleted. They go with their run (ON DELETE CASCADE). */
public final class AnnotationStore {
    private final Repository repo;

    public AnnotationStore(Repository repo) {
        this.repo = repo;
    }

    /** A message to add. */
    public record Note(Instant time, String text) {
    }

    /** Adds all the notes, or none, and commits. */
    public void add(String run, List<Note> notes, String source) {
        Connection c = repo.connection();
        OwnTransaction.commit(c, "cannot add annotations to run '" + run + "'", () -> {
            long runId = new RunCatalog(repo).id(run);
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO ANNOTATIONS (RUN_ID, TS, TEXT, SOURCE) VALUES (?, ?, ?, ?)")) {
                for (Note n : notes) {
                    if (n.text().isBlank()) throw new UserException("an annotation needs a text");
                    if (n.text().length() > Annotation.TEXT_LENGTH) {
                        throw new UserException("annotation text is longer than " + Annotation.TEXT_LENGTH + " characters");
                    }
                    ps.setLong(1, runId);
                    ps.setTimestamp(2, Repository.timestamp(n.time()));
                    ps.setString(3, n.text());
                    ps.setString(4, source.length() > 400 ? source.substring(source.length() - 400) : source);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            return null;
        });
    }

    /** The run's annotations, oldest first. */
    public List<Annotation> list(String run) {
        long runId = new RunCatalog(repo).id(run);
        List<Annotation> out = new ArrayList<>();
        try (PreparedStatement ps = repo.connection().prepareStatement(
                "SELECT ID, TS, TEXT, SOURCE FROM ANNOTATIONS WHERE RUN_ID = ? ORDER BY TS, ID")) {
            ps.setLong(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Annotation(rs.getLong(1), Repository.instant(rs.getTimestamp(2)), rs.getString(3),
                            rs.getString(4)));
                }
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read the annotations of run '" + run + "': " + e.getMessage(), e);
        }
        return out;
    }

    /** Deletes one annotation of the run and commits. */
    public void delete(String run, long id) {
        Connection c = repo.connection();
        OwnTransaction.commit(c, "cannot delete annotation " + id, () -> {
            long runId = new RunCatalog(repo).id(run);
            int deleted;
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM ANNOTATIONS WHERE ID = ? AND RUN_ID = ?")) {
                ps.setLong(1, id);
                ps.setLong(2, runId);
                deleted = ps.executeUpdate();
            }
            if (deleted == 0) {
                throw new UserException("run '" + run + "' has no annotation " + id + " (statlens note " + run + " --list)");
            }
            return null;
        });
    }
}
