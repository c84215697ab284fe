package io.statlens.store.load;

import io.statlens.model.UserException;
import io.statlens.parse.ImportPlanner;
import io.statlens.parse.ParserCatalog;
import io.statlens.parse.spi.Cancellation;
import io.statlens.parse.spi.Detection;
import io.statlens.parse.spi.FallbackStart;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.ParserFailureException;
import io.statlens.parse.spi.TimeOptions;
import io.statlens.store.schema.Repository;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Imports files into a run as one transaction: the {@link ImportPlanner}'s plan first (so that an unknown file
 * fails before anything is written), then each file streamed through the planner's {@link
 * io.statlens.parse.AutoDetectParser} (which hands it to the planned parser) into an
 * {@link ImportSession}. Any failure, a bad line under {@code --strict}, or a {@link Cancellation}
 * rolls the whole import back; a process killed mid-import leaves an uncommitted
 * transaction that Derby undoes on the next open.
 */
public final class ImportService {
    private static final long PROGRESS_STEP_BYTES = 1 << 20;
    private final Repository repo;
    private final ImportPlanner planner;

    public ImportService(Repository repo, ParserCatalog catalog) {
        this.repo = repo;
        this.planner = new ImportPlanner(catalog);
    }

    public ImportResult run(ImportRequest request, ImportProgress progress) {
        return run(request, progress, Cancellation.NONE);
    }

    /** Imports; {@code cancellation} stops it between lines and rolls everything back. */
    public ImportResult run(ImportRequest request, ImportProgress progress, Cancellation cancellation) {
        if (request.run() == null || request.run().isBlank()) throw new UserException("a run name is required (--run NAME)");
        List<ImportPlanner.Planned> plan = planner.plan(request.inputs(), request.parserChoices());
        Connection c = repo.connection();
        try {
            RunRecord run = findOrCreateRun(request);
            ImportSession.RunClock clock = new ImportSession.RunClock(run.start);
            List<ImportResult.FileResult> results = new ArrayList<>();
            Instant earliest = null;
            for (ImportPlanner.Planned p : plan) {
                FileOutcome outcome = importFile(request, run, clock, p, progress, cancellation);
                results.add(outcome.result);
                progress.fileFinished(outcome.result);
                if (outcome.earliest != null && (earliest == null || outcome.earliest.isBefore(earliest))) earliest = outcome.earliest;
            }
            settleRunStart(run, clock, earliest);
            c.commit();
            return new ImportResult(request.run(), results);
        } catch (SQLException e) {
            repo.rollback();
            throw new IllegalStateException("repository error during import: " + e.getMessage(), e);
        } catch (ImportSession.StoreFailure e) {
            repo.rollback();
            throw new IllegalStateException("repository error during import: " + e.sqlException().getMessage(), e.sqlException());
        } catch (InterruptedIOException e) {
            repo.rollback();
            throw new UserException("import cancelled; the repository is unchanged");
        } catch (IOException e) {
            repo.rollback();
            throw new UserException("cannot read input: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            repo.rollback();
            throw e;
        }
    }

    private static final class RunRecord {
        long id;
        Instant start;
        String host;
    }

    private RunRecord findOrCreateRun(ImportRequest request) throws SQLException {
        Connection c = repo.connection();
        RunRecord run = new RunRecord();
        try (PreparedStatement ps = c.prepareStatement("SELECT ID, START_TS, HOST FROM RUNS WHERE NAME = ?")) {
            ps.setString(1, request.run());
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    run.id = rs.getLong(1);
                    run.start = Repository.instant(rs.getTimestamp(2));
                    run.host = rs.getString(3);
                }
            }
        }
        if (run.id == 0) {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO RUNS (NAME, HOST, CREATED_AT) VALUES (?, ?, ?)",
                    Statement.RETURN_GENERATED_KEYS)) {
                ps.setString(1, request.run());
                ps.setString(2, request.host().orElse(null));
                ps.setTimestamp(3, Repository.timestamp(Instant.now()));
                ps.executeUpdate();
                try (ResultSet keys = ps.getGeneratedKeys()) {
                    keys.next();
                    run.id = keys.getLong(1);
                }
            }
            run.host = request.host().orElse(null);
        } else if (request.host().isPresent()) {
            update("UPDATE RUNS SET HOST = ? WHERE ID = ?", request.host().get(), run.id);
            run.host = request.host().get();
        }
        for (String tag : request.tags()) {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO RUN_TAGS (RUN_ID, TAG) SELECT ?, ? FROM RUNS"
                    + " WHERE ID = ? AND NOT EXISTS (SELECT 1 FROM RUN_TAGS WHERE RUN_ID = ? AND TAG = ?)")) {
                ps.setLong(1, run.id);
                ps.setString(2, tag);
                ps.setLong(3, run.id);
                ps.setLong(4, run.id);
                ps.setString(5, tag);
                ps.executeUpdate();
            }
        }
        return run;
    }

    private record FileOutcome(ImportResult.FileResult result, Instant earliest) {
    }

    private FileOutcome importFile(ImportRequest request, RunRecord run, ImportSession.RunClock clock, ImportPlanner.Planned p,
                                   ImportProgress progress, Cancellation cancellation) throws SQLException, IOException {
        Connection c = repo.connection();
        long size = Files.size(p.file());
        long fileId;
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO SOURCE_FILES (RUN_ID, PATH, SIZE_BYTES, SHA256, PARSER,"
                + " PARSER_VERSION, ROW_COUNT, WARNING_COUNT, IMPORTED_AT) VALUES (?, ?, ?, ?, ?, ?, 0, 0, ?)",
                Statement.RETURN_GENERATED_KEYS)) {
            ps.setLong(1, run.id);
            ps.setString(2, p.file().toAbsolutePath().normalize().toString());
            ps.setLong(3, size);
            ps.setString(4, "0".repeat(64));
            ps.setString(5, p.parser().info().tool());
            ps.setString(6, p.parser().info().version());
            ps.setTimestamp(7, Repository.timestamp(Instant.now()));
            ps.executeUpdate();
            try (ResultSet keys = ps.getGeneratedKeys()) {
                keys.next();
                fileId = keys.getLong(1);
            }
        }
        progress.fileStarted(p.file(), p.parser().info().tool(), size);
        ParseContext context = context(request, clock, p);
        ImportSession session = new ImportSession(repo, run.id, fileId, clock, request.strict() ? p.file().toString() : null);
        try {
            return importFile(request, run, p, progress, cancellation, size, fileId, context, session);
        } finally {
            session.close();
        }
    }

    private FileOutcome importFile(ImportRequest request, RunRecord run, ImportPlanner.Planned p, ImportProgress progress,
                                   Cancellation cancellation, long size, long fileId, ParseContext context,
                                   ImportSession session) throws SQLException, IOException {
        Connection c = repo.connection();
        MessageDigest sha = sha256();
        String name = p.file().getFileName().toString();
        try (InputStream raw = Files.newInputStream(p.file());
             InputStream counted = new ProgressStream(raw, n -> progress.advanced(p.file(), n, size, session.rowCount()));
             LineSource lines = LineSource.of(name, new DigestInputStream(counted, sha), cancellation)) {
            planner.parser().parse(lines, context, session);
            // Hash what the parser left unread, so that the SHA-256 is the whole file's.
            while (lines.next() != null) {
                // drain
            }
        } catch (java.io.UncheckedIOException e) {
            throw e.getCause();
        } catch (ParserFailureException e) {
            throw e.inFile(p.file().toString());
        }
        session.finish();
        String hex = HexFormat.of().formatHex(sha.digest());
        handleDuplicate(request, run, fileId, hex, p.file());
        try (PreparedStatement ps = c.prepareStatement(
                "UPDATE SOURCE_FILES SET SHA256 = ?, VARIANT = ?, ROW_COUNT = ?, WARNING_COUNT = ? WHERE ID = ?")) {
            ps.setString(1, hex);
            ps.setString(2, session.variant());
            ps.setLong(3, session.rowCount());
            ps.setLong(4, session.warningCount());
            ps.setLong(5, fileId);
            ps.executeUpdate();
        }
        if (run.host == null) {
            try (PreparedStatement ps = c.prepareStatement("SELECT VAL FROM FACTS WHERE FILE_ID = ? AND NAME = 'host'")) {
                ps.setLong(1, fileId);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        run.host = rs.getString(1);
                        update("UPDATE RUNS SET HOST = ? WHERE ID = ?", run.host, run.id);
                    }
                }
            }
        }
        var result = new ImportResult.FileResult(p.file(), p.parser().info().tool(), session.variant(), session.rowCount(),
                session.warningCount(), List.copyOf(session.firstWarnings()));
        return new FileOutcome(result, session.earliest());
    }

    /** The file's time options and fallback start, and the plan's parser for the {@code AutoDetectParser}. */
    private ParseContext context(ImportRequest request, ImportSession.RunClock clock, ImportPlanner.Planned p) throws IOException {
        Path file = p.file();
        Instant fallback;
        String source;
        if (clock.start() != null) {
            fallback = clock.start();
            source = "the run's start";
        } else {
            fallback = Files.getLastModifiedTime(file).toInstant().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
            source = "the file's modification time";
        }
        return new ParseContext(file.getFileName().toString())
                .set(TimeOptions.class, new TimeOptions(request.zone(), request.start(), request.interval()))
                .set(FallbackStart.class, new FallbackStart(fallback, source))
                .set(Detection.class, p.detection());
    }

    private void handleDuplicate(ImportRequest request, RunRecord run, long fileId, String sha, Path file) throws SQLException {
        Connection c = repo.connection();
        List<Long> previous = new ArrayList<>();
        String previousPath = null;
        try (PreparedStatement ps = c.prepareStatement("SELECT ID, PATH FROM SOURCE_FILES WHERE RUN_ID = ? AND SHA256 = ? AND ID <> ?")) {
            ps.setLong(1, run.id);
            ps.setString(2, sha);
            ps.setLong(3, fileId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    previous.add(rs.getLong(1));
                    previousPath = rs.getString(2);
                }
            }
        }
        if (previous.isEmpty()) return;
        if (!request.replace()) {
            throw new UserException(file + ": run '" + request.run() + "' already holds this file (same SHA-256, imported from "
                    + previousPath + "); use --replace to import it again");
        }
        for (long id : previous) new RunDeleter(repo).deleteFile(id);
    }

    /** Moves the run's start to its earliest sample and keeps elapsed seconds relative to it. */
    private void settleRunStart(RunRecord run, ImportSession.RunClock clock, Instant earliest) throws SQLException {
        Instant base = clock.start();
        if (base == null) return;
        Instant start = earliest != null && earliest.isBefore(base) ? earliest : base;
        if (start.isBefore(base)) {
            double shift = (base.getEpochSecond() - start.getEpochSecond()) + (base.getNano() - start.getNano()) / 1e9;
            new RunDeleter(repo).shiftElapsed(run.id, shift);
        }
        if (run.start == null || !run.start.equals(start)) {
            try (PreparedStatement ps = repo.connection().prepareStatement("UPDATE RUNS SET START_TS = ? WHERE ID = ?")) {
                ps.setTimestamp(1, Repository.timestamp(start));
                ps.setLong(2, run.id);
                ps.executeUpdate();
            }
        }
    }

    private void update(String sql, String value, long id) throws SQLException {
        try (PreparedStatement ps = repo.connection().prepareStatement(sql)) {
            ps.setString(1, value);
            ps.setLong(2, id);
            ps.executeUpdate();
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Counts bytes read and reports every megabyte. */
    private static final class ProgressStream extends FilterInputStream {
        private final java.util.function.LongConsumer report;
        private long read;
        private long nextReport = PROGRESS_STEP_BYTES;

        ProgressStream(InputStream in, java.util.function.LongConsumer report) {
            super(in);
            this.report = report;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) count(1);
            return b;
        }

        @Override
        public int read(byte[] buf, int off, int len) throws IOException {
            int n = super.read(buf, off, len);
            if (n > 0) count(n);
            return n;
        }

        private void count(int n) {
            read += n;
            if (read >= nextReport) {
                nextReport = read + PROGRESS_STEP_BYTES;
                report.accept(read);
            }
        }
    }
}
