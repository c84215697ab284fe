package io.statlens.store.load;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Fact;
import io.statlens.model.Row;
import io.statlens.model.SummaryValue;
import io.statlens.parse.spi.DerivedTimes;
import io.statlens.parse.spi.RecordSink;
import io.statlens.store.StoreException;
import io.statlens.store.read.AnnotationStore;
import io.statlens.store.schema.Repository;

import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * A run filled while its tools are still running ({@code statlens collect}): each tool's output is one source file of
 * the run, read by its parser into the same {@link ImportSession} an import uses, and {@link #commit} loads what was
 * read so far and commits, as often as the collector asks, so that a collector killed loses only what came after the
 * last commit. The run's start and host are settled at every commit as an import settles them at its end.
 *
 * <p>Parsers push records from their own threads while the collector commits from another: every record, commit
 * and note takes this object's lock, so that the one connection sees one caller at a time.
 */
public final class LiveImport implements AutoCloseable {
    private final Repository repo;
    private final RunLedger ledger;
    private final List<Source> sources = new ArrayList<>();
    private RunLedger.OpenRun run;
    private final RunClock clock;
    private boolean closed;

    private LiveImport(Repository repo, RunLedger ledger, RunLedger.OpenRun run) {
        this.repo = repo;
        this.ledger = ledger;
        this.run = run;
        this.clock = new RunClock(run.start());
    }

    /** The run of that name, found or created, with its host (when given) and tags; committed at once. */
    public static LiveImport open(Repository repo, String runName, Optional<String> host, List<String> tags) {
        RunLedger ledger = new RunLedger(repo);
        try {
            RunLedger.OpenRun run = ledger.open(runName, host, tags);
            repo.connection().commit();
            return new LiveImport(repo, ledger, run);
        } catch (SQLException e) {
            repo.rollback();
            throw new StoreException("cannot open run '" + runName + "': " + e.getMessage(), e);
        }
    }

    public String run() {
        return run.name();
    }

    /**
     * A new source file of the run, for one tool's output, registered and committed at once.
     *
     * @param path where its raw output is kept
     */
    public synchronized Source source(String path, String parser, String parserVersion) {
        try {
            long fileId = ledger.register(run, new RunLedger.SourceFile(path, 0, parser, parserVersion));
            ImportSession session = new ImportSession(repo, run.id(), fileId, clock, null);
            session.keepUncommitted();
            Source source = new Source(fileId, session);
            sources.add(source);
            repo.connection().commit();
            return source;
        } catch (SQLException e) {
            repo.rollback();
            throw new StoreException("cannot add a source to run '" + run.name() + "': " + e.getMessage(), e);
        }
    }

    /**
     * Loads every source's rows read since the last commit, records each source's size, hash and counts so far,
     * settles the run's start and host, and commits. A commit that fails rolls back and loses nothing: the next one
     * writes everything it held again.
     */
    public synchronized void commit() {
        if (closed) return;
        try {
            commitOrThrow();
        } catch (SQLException e) {
            rolledBack();
            throw new StoreException("cannot commit the collected rows of run '" + run.name() + "': " + e.getMessage(), e);
        } catch (ImportSession.StoreFailure e) {
            rolledBack();
            throw new StoreException("cannot commit the collected rows of run '" + run.name() + "': "
                    + e.sqlException().getMessage(), e.sqlException());
        } catch (IOException | RuntimeException e) {
            rolledBack();
            throw new StoreException("cannot load the collected rows of run '" + run.name() + "': " + e.getMessage(), e);
        }
    }

    private void rolledBack() {
        repo.rollback();
        for (Source s : sources) {
            s.session.rolledBack();
            s.recordedSize = -1;
        }
    }

    private void commitOrThrow() throws SQLException, IOException {
        Instant earliest = null;
        String host = null;
        for (Source s : sources) {
            s.session.loadSoFar();
            ledger.record(s.fileId, new RunLedger.Loaded(s.sha256(), s.session.variant(), s.session.rowCount(),
                    s.session.warningCount()));
            s.recordSize();
            earliest = earlier(earliest, s.session.earliest());
            if (host == null) host = s.session.host();
        }
        RunLedger.OpenRun settled = ledger.settle(run, clock.start(), earliest, host);
        repo.connection().commit();
        run = settled;
        if (run.start() != null) clock.restart(run.start());
        for (Source s : sources) s.session.committed();
    }

    /** Commits what was collected, then adds a note to the run at that time (and commits it). */
    public synchronized void note(Instant time, String text, String origin) {
        commit();
        new AnnotationStore(repo).add(run.name(), List.of(new AnnotationStore.Note(time, text)), origin);
    }

    /** The last commit, then every source's temporary files released; the repository stays open (the caller's). */
    @Override
    public synchronized void close() {
        if (closed) return;
        try {
            commit();
        } finally {
            closed = true;
            sources.forEach(s -> s.session.close());
        }
    }

    private static Instant earlier(Instant a, Instant b) {
        if (a == null) return b;
        if (b == null) return a;
        return b.isBefore(a) ? b : a;
    }

    /**
     * One tool's output as a source file of the run: the sink its parser writes to, and the raw bytes it was read from
     * ({@link #bytes}), whose size and SHA-256 the source file records at every commit.
     */
    public final class Source implements RecordSink {
        private final long fileId;
        private final ImportSession session;
        private final MessageDigest sha = newDigest();
        private long size;
        private long recordedSize = -1;

        private Source(long fileId, ImportSession session) {
            this.fileId = fileId;
            this.session = session;
        }

        /** Raw bytes of the tool's output, as read. */
        public void bytes(byte[] b, int off, int len) {
            synchronized (LiveImport.this) {
                sha.update(b, off, len);
                size += len;
            }
        }

        /** Rows read so far, committed or not. */
        public long rows() {
            synchronized (LiveImport.this) {
                return session.rowCount();
            }
        }

        /** The latest sample time read so far; null before the first. */
        public Instant lastSample() {
            synchronized (LiveImport.this) {
                return session.lastTime();
            }
        }

        public long warnings() {
            synchronized (LiveImport.this) {
                return session.warningCount();
            }
        }

        private String sha256() {
            try {
                return HexFormat.of().formatHex(((MessageDigest) sha.clone()).digest());
            } catch (CloneNotSupportedException e) {
                throw new IllegalStateException("SHA-256 cannot be cloned", e);
            }
        }

        private void recordSize() throws SQLException {
            if (size == recordedSize) return;
            ledger.grown(fileId, size);
            recordedSize = size;
        }

        @Override
        public void dataset(DatasetSpec spec) {
            synchronized (LiveImport.this) {
                session.dataset(spec);
            }
        }

        @Override
        public void row(DatasetSpec spec, Row row) {
            synchronized (LiveImport.this) {
                session.row(spec, row);
            }
        }

        @Override
        public void wholeKey(DatasetSpec spec, String stored, String whole) {
            synchronized (LiveImport.this) {
                session.wholeKey(spec, stored, whole);
            }
        }

        @Override
        public void summary(SummaryValue value) {
            synchronized (LiveImport.this) {
                session.summary(value);
            }
        }

        @Override
        public void fact(Fact fact) {
            synchronized (LiveImport.this) {
                session.fact(fact);
            }
        }

        @Override
        public void warning(long line, String message) {
            synchronized (LiveImport.this) {
                session.warning(line, message);
            }
        }

        @Override
        public void notice(long line, String message) {
            synchronized (LiveImport.this) {
                session.notice(line, message);
            }
        }

        @Override
        public void variant(String variant) {
            synchronized (LiveImport.this) {
                session.variant(variant);
            }
        }

        @Override
        public void derivedTimes(DerivedTimes times) {
            // A collect's fallback start is the collector's receive time, a start rather than an end: the parser's
            // timeline places derived times itself and never hands them over.
            throw new IllegalStateException("a collect's times are never placed later");
        }
    }

    private static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
