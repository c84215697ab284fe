package io.statlens.store.load;

import io.statlens.store.StoreException;
import io.statlens.model.UserException;
import io.statlens.parse.spi.RecordSink;
import io.statlens.store.schema.Repository;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HexFormat;

/**
 * Writes a run that statlens computed rather than imported (an average of runs) so that it is stored
 * like any imported run: same data tables, DATASETS, SUMMARY, FACTS and WARNINGS, written through the
 * import path ({@link ImportSession}: bulk loading, elapsed seconds from the run's start). Its one
 * source file is a synthetic entry whose PATH says where the run came from. Everything happens in one
 * transaction: a failure leaves the repository as it was. The run and its file are written by the
 * {@link RunLedger}, as an import's are.
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
        RunLedger ledger = new RunLedger(repo);
        try {
            RunLedger.OpenRun run = ledger.create(header.name(), header.host(), header.start(), header.replace());
            // There is no file to hash; the hash of the origin text keeps the column's meaning (identical inputs, same hash).
            long fileId = ledger.register(run, new RunLedger.SourceFile(header.origin(), 0, header.producer(), null));
            try (ImportSession session = new ImportSession(repo, run.id(), fileId, new RunClock(header.start()), null)) {
                content.write(session);
                session.load();
                ledger.record(fileId, new RunLedger.Loaded(sha256(header.origin()), session.variant(), session.rowCount(),
                        session.warningCount()), 0);
                ledger.dropUnusedColumns();
                repo.connection().commit();
                return new Written(header.name(), session.rowCount(), session.warningCount());
            }
        } catch (SQLException e) {
            repo.rollback();
            throw new StoreException("cannot write run '" + header.name() + "': " + e.getMessage(), e);
        } catch (ImportSession.StoreFailure e) {
            repo.rollback();
            throw new StoreException("cannot write run '" + header.name() + "': " + e.sqlException().getMessage(), e);
        } catch (IOException e) {
            repo.rollback();
            throw new UncheckedIOException("cannot write run '" + header.name() + "': " + e.getMessage(), e);
        } catch (RuntimeException e) {
            repo.rollback();
            throw e;
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
