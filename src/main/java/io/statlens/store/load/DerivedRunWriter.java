package io.statlens.store.load;

import io.statlens.model.UserException;
import io.statlens.parse.spi.RecordSink;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Writes a run that statlens computed rather than imported (an average of runs) so that it is stored
 * like any imported run: same data tables, DATASETS, SUMMARY, FACTS and WARNINGS, written through the
 * import path ({@link ImportSession}: bulk loading, elapsed seconds from the run's start). Its one
 * source file is a synthetic entry whose PATH says where the run came from. Everything happens in one
 * transaction: a failure leaves the repository as it was.
 */
public final class DerivedRunWriter {
    private final Repository repo;

    public DerivedRunWriter(Repository repo) {
        this.repo = repo;
    }

    /**
     * The new run.
     *
     * @param name     run name
     * @param host     host to record; may be null
     * @param start    the run's start; rows' elapsed seconds count from it
     * @param origin   PATH of the synthetic source file ({@code average of r1, r2, r3})
     * @param producer PARSER of the synthetic source file ({@code average})
     * @param replace  replace a run of that name instead of refusing
     */
    public record Header(String name, String host, Instant start, String origin, String producer, boolean replace) {
    }

    /** Produces the run's records; called once, inside the transaction. */
    @FunctionalInterface
    public interface Content {
        void write(RecordSink sink);
    }

    /** What was written. */
    public record Written(String run, long rows, long warnings) {
    }

    /** Writes the run and commits; rolls everything back if {@code content} or the repository fails. */
    public Written write(Header header, Content content) {
        if (header.name() == null || header.name().isBlank()) throw new UserException("a run name is required");
        Connection c = repo.connection();
        try {
            Optional<Long> existing = RunCatalog.runId(c, header.name());
            if (existing.isPresent()) {
                if (!header.replace()) {
                    throw new UserException("run '" + header.name() + "' already exists; use --replace to overwrite it");
                }
                new RunDeleter(repo).deleteRun(existing.get());
            }
            long runId = insertRun(header);
            long fileId = insertFile(runId, header);
            ImportSession session = new ImportSession(repo, runId, fileId, new ImportSession.RunClock(header.start()), null);
            try {
                content.write(session);
                session.finish();
            } finally {
                session.close();
            }
            try (PreparedStatement ps = c.prepareStatement(
                    "UPDATE SOURCE_FILES SET VARIANT = ?, ROW_COUNT = ?, WARNING_COUNT = ? WHERE ID = ?")) {
                ps.setString(1, session.variant());
                ps.setLong(2, session.rowCount());
                ps.setLong(3, session.warningCount());
                ps.setLong(4, fileId);
                ps.executeUpdate();
            }
            c.commit();
            return new Written(header.name(), session.rowCount(), session.warningCount());
        } catch (SQLException e) {
            repo.rollback();
            throw new IllegalStateException("cannot write run '" + header.name() + "': " + e.getMessage(), e);
        } catch (ImportSession.StoreFailure e) {
            repo.rollback();
            throw new IllegalStateException("cannot write run '" + header.name() + "': " + e.sqlException().getMessage(), e);
        } catch (IOException e) {
            repo.rollback();
            throw new UncheckedIOException("cannot write run '" + header.name() + "': " + e.getMessage(), e);
        } catch (RuntimeException e) {
            repo.rollback();
            throw e;
        }
    }

    private long insertRun(Header header) throws SQLException {
        try (PreparedStatement ps = repo.connection().prepareStatement(
                "INSERT INTO RUNS (NAME, HOST, START_TS, CREATED_AT) VALUES (?, ?, ?, ?)", Statement.RETURN_GENERATED_KEYS)) {
            ps.setString(1, header.name());
            ps.setString(2, header.host());
            ps.setTimestamp(3, header.start() == null ? null : Repository.timestamp(header.start()));
            ps.setTimestamp(4, Repository.timestamp(Instant.now()));
            ps.executeUpdate();
            return generatedKey(ps);
        }
    }

    private long insertFile(long runId, Header header) throws SQLException {
        try (PreparedStatement ps = repo.connection().prepareStatement("INSERT INTO SOURCE_FILES (RUN_ID, PATH, SIZE_BYTES,"
                + " SHA256, PARSER, PARSER_VERSION, ROW_COUNT, WARNING_COUNT, IMPORTED_AT) VALUES (?, ?, 0, ?, ?, NULL, 0, 0, ?)",
                Statement.RETURN_GENERATED_KEYS)) {
            String origin = header.origin().length() > 4000 ? header.origin().substring(0, 4000) : header.origin();
            ps.setLong(1, runId);
            ps.setString(2, origin);
            // There is no file to hash; the hash of the origin text keeps the column's meaning (identical inputs, same hash).
            ps.setString(3, sha256(header.origin()));
            ps.setString(4, header.producer());
            ps.setTimestamp(5, Repository.timestamp(Instant.now()));
            ps.executeUpdate();
            return generatedKey(ps);
        }
    }

    private static long generatedKey(PreparedStatement ps) throws SQLException {
        try (ResultSet keys = ps.getGeneratedKeys()) {
            keys.next();
            return keys.getLong(1);
        }
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
