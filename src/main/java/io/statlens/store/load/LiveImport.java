package io.statlens.store.load;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Fact;
import io.statlens.model.Row;
import io.statlens.model.SummaryValue;
import io.statlens.parse.spi.DerivedTimes;
import io.statlens.parse.spi.RecordSink;
import io.statlens.store.StoreException;
import io.statlens.store.saved.AnnotationStore;
import io.statlens.store.read.SeriesReader;
import io.statlens.store.stats.DatasetStatsWriter;
import io.statlens.store.stats.KeySeries;
import io.statlens.store.stats.OverviewWriter;
import io.statlens.store.stats.SeriesSummary;
import io.statlens.store.DataTable;
import io.statlens.store.schema.Repository;

import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
    /**
     * How often the statistics of series that go on are written: rewriting every data set's statistics was most of a
     * 1 s commit's cost. A new key or metric column has them written at its first commit (the run's catalog lists keys
     * and columns from them), and the last commit writes them whatever the time.
     */
    static final Duration STATISTICS_EVERY = Duration.ofSeconds(30);

    private final Repository repo;
    private final RunLedger ledger;
    private final List<Source> sources = new ArrayList<>();
    private RunLedger.OpenRun run;
    private final RunClock clock;
    private boolean closed;
    /** System.nanoTime() of the last commit that wrote the statistics; none yet when null. */
    private Long statisticsWritten;

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
     * @param host the host it is collected from, its {@code host} fact unless its output names one
     */
    public synchronized Source source(String path, String parser, String parserVersion, String host) {
        try {
            long fileId = ledger.register(run, new RunLedger.SourceFile(path, 0, parser, parserVersion));
            ImportSession session = new ImportSession(repo, run.id(), fileId, clock, null);
            session.hostUnlessNamed(host);
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
        commit(false);
    }

    /** @param last whether nothing more will be read: the statistics are written whatever the time */
    private void commit(boolean last) {
        if (closed) return;
        try {
            commitOrThrow(last);
        } catch (SQLException e) {
            rolledBack();
            throw new StoreException("cannot commit the collected rows of run '" + run.name() + "': " + e.getMessage(), e);
        } catch (ImportSession.StoreFailure e) {
            rolledBack();
            throw new StoreException("cannot commit the collected rows of run '" + run.name() + "': "
                    + e.sqlException().getMessage(), e.sqlException());
        } catch (StoreException e) {
            // the statistics' or overviews' writer: what it could not write
            rolledBack();
            throw new StoreException("cannot commit the collected rows of run '" + run.name() + "': " + e.getMessage(), e);
        } catch (IOException | RuntimeException e) {
            rolledBack();
            throw new StoreException("cannot load the collected rows of run '" + run.name() + "': " + e.getMessage(), e);
        }
    }

    private void rolledBack() {
        repo.rollback();
        for (Source s : sources) {
            s.session.rolledBack();
            s.recorded = null;
        }
    }

    private void commitOrThrow(boolean last) throws SQLException, IOException {
        long now = System.nanoTime();
        boolean statistics = last || statisticsWritten == null || now - statisticsWritten >= STATISTICS_EVERY.toNanos()
                || sources.stream().anyMatch(s -> s.session.hasNewSeries());
        Instant earliest = null;
        String host = null;
        String folderHost = null;
        for (Source s : sources) {
            s.session.loadSoFar(statistics);
            if (last) s.session.writeOverviews();
            s.record();
            earliest = earlier(earliest, s.session.earliest());
            if (host == null) host = s.session.host();
            if (folderHost == null) folderHost = s.session.folderHost();
        }
        // A host folder's name is the run's host only at the end, when no tool has printed the machine's own name: a
        // vmstat line committed before iostat's banner must not name the run (an import of the raw files would not).
        RunLedger.OpenRun settled = ledger.settle(run, clock.start(), earliest, host != null ? host : last ? folderHost : null, false);
        repo.connection().commit();
        run = settled;
        if (statistics) statisticsWritten = now;
        if (run.start() != null) clock.restart(run.start());
        for (Source s : sources) s.session.committed();
    }

    /**
     * Writes again, from the rows the repository holds, the statistics of the run's data sets read from files under
     * {@code folder} by an earlier collect, and commits: a collector killed left them as its last statistics commit
     * wrote them ({@link #STATISTICS_EVERY}), its rows up to its last commit. Each key's rows are read in their order,
     * so the statistics are those an import of the same rows computes.
     */
    public synchronized void rewriteStatistics(String folder) {
        try {
            List<Long> ids = new ArrayList<>();
            List<String> tableNames = new ArrayList<>();
            try (PreparedStatement ps = repo.connection().prepareStatement("SELECT D.ID, D.TABLE_NAME, F.PATH FROM DATASETS D"
                    + " JOIN SOURCE_FILES F ON F.ID = D.FILE_ID WHERE D.RUN_ID = ? ORDER BY D.ID")) {
                ps.setLong(1, run.id());
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        if (!rs.getString(3).startsWith(folder)) continue;
                        ids.add(rs.getLong(1));
                        tableNames.add(rs.getString(2));
                    }
                }
            }
            try (DatasetStatsWriter stats = new DatasetStatsWriter(repo.connection());
                 PreparedStatement delete = repo.connection().prepareStatement("DELETE FROM DATASET_STATS WHERE DATASET_ID = ?")) {
                for (int i = 0; i < ids.size(); i++) {
                    long id = ids.get(i);
                    DataTable table = repo.tables().table(tableNames.get(i)).orElseThrow();
                    int width = table.metrics().size();
                    int[] columnOf = new int[width];
                    Arrays.setAll(columnOf, c -> c);
                    Map<String, KeySeries> byKey = new LinkedHashMap<>();
                    SeriesReader reader = new SeriesReader(repo);
                    // with its key label, so that a store of rows (PostgreSQL) gives each row's key
                    reader.read(new SeriesReader.Selection(run.name(), table.name(), table.name(), reader.keyLabel(id), List.of(id),
                            table.metrics()), false, row -> byKey.computeIfAbsent(row.key(), k -> new KeySeries(width))
                            .add(row.values(), columnOf, width, true));
                    Map<String, SeriesSummary[]> summaries = new LinkedHashMap<>();
                    byKey.forEach((key, series) -> summaries.put(key, series.summaries()));
                    delete.setLong(1, id);
                    delete.executeUpdate();
                    stats.write(id, table, summaries);
                    new OverviewWriter(repo).rebuild(run.name(), id, table);
                }
            }
            repo.connection().commit();
        } catch (SQLException | StoreException e) {
            repo.rollback();
            throw new StoreException("cannot write the statistics of run '" + run.name() + "' again: " + e.getMessage(), e);
        }
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
            commit(true);
        } finally {
            closed = true;
            sources.forEach(s -> s.session.close());
            ledger.releaseStatements();
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
        /** What the source file's row says since the last commit; null when it must be written. */
        private Recorded recorded;

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

        /** Brings the source file's row up to date (its size, hash and counts), unless nothing was read since. */
        private void record() throws SQLException {
            Recorded now = new Recorded(size, session.variant(), session.rowCount(), session.warningCount());
            if (now.equals(recorded)) return;
            ledger.collected(fileId, new RunLedger.Loaded(sha256(), now.variant(), now.rows(), now.warnings()), size);
            recorded = now;
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

    /** What a source file's row was last brought up to: the hash follows the size. */
    private record Recorded(long size, String variant, long rows, long warnings) {
    }

    private static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
