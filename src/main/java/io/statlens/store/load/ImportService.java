package io.statlens.store.load;

import io.statlens.store.StoreException;
import io.statlens.model.UserException;
import io.statlens.parse.FilePart;
import io.statlens.parse.PartLines;
import io.statlens.parse.ImportPlanner;
import io.statlens.parse.ParserCatalog;
import io.statlens.model.Cancellation;
import io.statlens.parse.spi.CaptureInterval;
import io.statlens.parse.spi.DerivedTimes;
import io.statlens.parse.spi.Detection;
import io.statlens.parse.spi.FallbackStart;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.CheckedSink;
import io.statlens.parse.CollectSideFile;
import io.statlens.parse.spi.ReceiveTimes;
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
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

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

    /**
     * Imports; {@code cancellation} stops it between lines and rolls everything back.
     *
     * <p>Plan every file, open the run, then per file: register it, stream it through its parser, verify
     * its SHA-256 against the run's files, load its rows; settle the run's start and host; commit. A file whose
     * times its parser had to derive (no time stamps in it) is loaded last: its times are placed once every
     * file of the import is read, so that the dated files date the run whatever their order (see {@link #placement}).
     */
    public ImportResult run(ImportRequest request, ImportProgress progress, Cancellation cancellation) {
        if (request.run() == null || request.run().isBlank()) throw new UserException("a run name is required (--run NAME)");
        return run(request, planner.plan(request.inputs(), request.parserChoices()), progress, cancellation);
    }

    /** Imports by the plan made of the request's inputs and choices ({@link ImportPlanner#plan}). */
    private ImportResult run(ImportRequest request, ImportPlanner.Plan plan, ImportProgress progress, Cancellation cancellation) {
        // On a shared repository two imports that change the same tables' columns can lock each other
        // out; the engine undoes one of them, which then starts over (nothing of it was kept).
        for (int attempt = 1; ; attempt++) {
            try {
                return importOnce(request, plan, progress, cancellation);
            } catch (Conflict conflict) {
                if (attempt == ATTEMPTS) {
                    throw new StoreException("the import into run '" + request.run() + "' collided with other clients' work "
                            + ATTEMPTS + " times; nothing was imported: " + io.statlens.store.LockConflict.in(conflict).orElse(""),
                            conflict.getCause());
                }
                pause(attempt);
            }
        }
    }

    /** How often an import undone by the engine to break a conflict with other clients starts over. */
    private static final int ATTEMPTS = 10;

    /** The import undone to break a conflict between transactions; it may start over. */
    private static final class Conflict extends RuntimeException {
        Conflict(Throwable cause) {
            super(cause);
        }
    }

    private static void pause(int attempt) {
        try {
            // Longer each time, and at random, so that two imports that collided do not collide again.
            Thread.sleep(java.util.concurrent.ThreadLocalRandom.current().nextLong(200, 1000) * Math.min(attempt, 5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserException("import cancelled; the repository is unchanged");
        }
    }

    /** The failure, as a {@link Conflict} when the engine undid the transaction to break a conflict. */
    private static RuntimeException conflictOr(Throwable failure, RuntimeException otherwise) {
        return io.statlens.store.LockConflict.in(failure).isPresent() ? new Conflict(failure) : otherwise;
    }

    private ImportResult importOnce(ImportRequest request, ImportPlanner.Plan planned, ImportProgress progress,
                                    Cancellation cancellation) {
        List<ImportPlanner.Planned> plan = planned.files();
        progress.planned(plan.stream().mapToLong(p -> p.file().toFile().length()).sum());
        RunLedger ledger = new RunLedger(repo);
        try (LockWaitWatch ignored = LockWaitWatch.start(repo, progress)) {
            RunLedger.OpenRun run = ledger.open(request.run(), request.host(), request.tags());
            RunClock clock = new RunClock(run.start());
            ImportResult.FileResult[] results = new ImportResult.FileResult[plan.size()];
            List<Streamed> undated = new ArrayList<>();
            Instant earliest = null;
            String host = null;
            String folderHost = null;
            try {
                for (int i = 0; i < plan.size(); i++) {
                    // Undated output goes to the earliest time the run is dated by so far, not to the first file's first sample.
                    Streamed file = stream(request, ledger, run, clock, earlier(run.start(), earliest), plan.get(i), i, progress,
                            cancellation);
                    if (file.session().placesTimesLater()) {
                        undated.add(file);
                        continue;
                    }
                    FileOutcome outcome = load(ledger, file, progress);
                    results[i] = outcome.result;
                    earliest = earlier(earliest, outcome.earliest);
                    if (host == null) host = outcome.host;
                    if (folderHost == null) folderHost = outcome.folderHost;
                }
                Instant dated = earlier(run.start(), earliest);
                for (Streamed file : undated) {
                    file.session().place(storablePlacement(file, placement(file, dated)));
                    FileOutcome outcome = load(ledger, file, progress);
                    results[file.index()] = outcome.result;
                    earliest = earlier(earliest, outcome.earliest);
                    if (host == null) host = outcome.host;
                    if (folderHost == null) folderHost = outcome.folderHost;
                }
            } finally {
                undated.forEach(file -> file.session().close());
            }
            ledger.settle(run, clock.start(), earliest, host != null ? host : planned.host().orElse(folderHost), request.host().isPresent());
            // the files --replace deleted may have used columns that nothing uses now (another tool read them)
            ledger.dropUnusedColumns();
            repo.connection().commit();
            return new ImportResult(request.run(), List.of(results), planned.skipped());
        } catch (SQLException e) {
            repo.rollback();
            throw conflictOr(e, new StoreException("repository error during import: " + e.getMessage(), e));
        } catch (ImportSession.StoreFailure e) {
            repo.rollback();
            throw conflictOr(e.sqlException(), new StoreException("repository error during import: " + e.sqlException().getMessage(),
                    e.sqlException()));
        } catch (InterruptedIOException e) {
            repo.rollback();
            throw new UserException("import cancelled; the repository is unchanged");
        } catch (IOException e) {
            repo.rollback();
            throw new UserException("cannot read input: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            repo.rollback();
            throw conflictOr(e, e);
        }
    }

    /**
     * @param host       the host the file reported, or null
     * @param folderHost the host its collect's folder names when the file reported none, or null
     */
    private record FileOutcome(ImportResult.FileResult result, Instant earliest, String host, String folderHost) {
    }

    /**
     * A file read into its session, not loaded yet.
     *
     * @param content what was read of it: the whole file, or the part's lines
     */
    private record Streamed(ImportPlanner.Planned planned, int index, long fileId, Content content, ImportSession session) {
    }

    /**
     * What a file's parser read: the file's SHA-256 and size, or for a part the SHA-256 and size of its lines (in UTF-8,
     * each ended by a line feed), so that the parts of a file are different content, each as large as its own lines.
     */
    private record Content(String sha256, long sizeBytes) {
    }

    /** Registers a file, streams it through its parser into a new session and checks that the run does not hold it yet. */
    private Streamed stream(ImportRequest request, RunLedger ledger, RunLedger.OpenRun run, RunClock clock, Instant datedStart,
                            ImportPlanner.Planned p, int index, ImportProgress progress, Cancellation cancellation)
            throws SQLException, IOException {
        long size = Files.size(p.file());
        long fileId = ledger.register(run, new RunLedger.SourceFile(named(p, p.file().toAbsolutePath().normalize()), size,
                p.parser().info().tool(), p.parser().info().version()));
        progress.fileStarted(p.file(), p.parser().info().tool(), size);
        ParseContext context = context(request, datedStart, p);
        ImportSession session = new ImportSession(repo, run.id(), fileId, clock, request.strict() ? p.file().toString() : null);
        // a part of one host's lines is of the host its pdsh prefix names; a collect's file of its host folder's, when its
        // output names none
        Optional<String> prefixHost = p.part().flatMap(FilePart::host);
        if (prefixHost.isPresent()) session.prefixHost(prefixHost.get());
        else CollectSideFile.collectedHost(p.file()).ifPresent(session::hostUnlessNamed);
        try {
            Content content = stream(p, context, session, size, progress, cancellation);
            refuseEmptyChoice(p, session);
            ledger.verify(run, content.sha256(), named(p, p.file()), request.replace());
            return new Streamed(p, index, fileId, content, session);
        } catch (IOException | SQLException | RuntimeException e) {
            session.close();
            throw e;
        }
    }

    /** Loads a streamed file's rows and records what it held; closes its session. */
    private FileOutcome load(RunLedger ledger, Streamed file, ImportProgress progress) throws SQLException, IOException {
        ImportPlanner.Planned p = file.planned();
        try (ImportSession session = file.session()) {
            session.load();
            ledger.record(file.fileId(), new RunLedger.Loaded(file.content().sha256(), session.variant(), session.rowCount(),
                    session.warningCount()), file.content().sizeBytes());
            var result = new ImportResult.FileResult(p.file(), p.part().map(FilePart::label).orElse(""), p.parser().info().tool(),
                    session.variant(), session.rowCount(),
                    session.summaryCount(), session.timeSource(), session.warningCount(), List.copyOf(session.firstWarnings()));
            progress.fileFinished(result);
            return new FileOutcome(result, session.earliest(), session.host(), session.folderHost());
        }
    }

    /**
     * Where the derived times of a file without time stamps go: its first sample at the run's start when the run
     * is dated (by its earlier imports or a dated file of this one), else its last sample at the file's
     * modification time, when the tool stopped writing (first = last − (n−1)·interval).
     */
    private static DerivedTimes.Placement placement(Streamed file, Instant runStart) {
        DerivedTimes derived = file.session().derived();
        if (runStart != null) return derived.firstAt(runStart, "the run's start");
        return derived.lastAtFallback(file.session().earliest(), file.session().lastTime());
    }

    /**
     * The placement, unless it would move the file's times out of the years a repository holds: provisional times that
     * span millennia (a damaged time stamp, such as a year 8839 in a dtrace printa) cannot end at the file's date.
     */
    private static DerivedTimes.Placement storablePlacement(Streamed file, DerivedTimes.Placement placement) {
        Instant first = file.session().earliest().plus(placement.shift());
        Instant last = file.session().lastTime().plus(placement.shift());
        if (CheckedSink.storable(first) && CheckedSink.storable(last)) return placement;
        long years = Duration.between(file.session().earliest(), file.session().lastTime()).toDays() / 365;
        throw new UserException(file.planned().file() + ": its times span " + String.format(Locale.ROOT, "%,d", years)
                + " years, too long to place: placed as derived, they would run from " + first + " to " + last
                + ", outside the years 1 to 9999 a repository holds (a time stamp in it is probably damaged); nothing was imported");
    }

    private static Instant earlier(Instant a, Instant b) {
        if (a == null) return b;
        if (b == null) return a;
        return b.isBefore(a) ? b : a;
    }

    /** The file, and the part's lines or host after a colon when the plan reads a part of it. */
    private static String named(ImportPlanner.Planned p, Path file) {
        return p.part().map(part -> part.name(file.toString())).orElse(file.toString());
    }

    /**
     * Reads the whole file (or the planned part of it) through its parser into the session (rows go to the session's
     * spill files, not yet to their tables) and returns what it read ({@link Content}): the same part imported again is
     * the same content.
     */
    private Content stream(ImportPlanner.Planned p, ParseContext context, ImportSession session, long size,
                          ImportProgress progress, Cancellation cancellation) throws IOException {
        MessageDigest sha = sha256();
        MessageDigest partSha = sha256();
        PartLines partLines = p.part().map(part -> new PartLines(part, utf8 -> {
            partSha.update(utf8);
            partSha.update((byte) '\n');
        })).orElse(null);
        String name = p.file().getFileName().toString();
        try (InputStream raw = Files.newInputStream(p.file());
             InputStream counted = new ProgressStream(raw, n -> progress.advanced(p.file(), n, size, session.rowCount()));
             LineSource lines = LineSource.of(name, new DigestInputStream(counted, sha), cancellation)
                     .onOverlongLine((line, length) -> session.warning(line, LineSource.OverlongLines.warning(length)))) {
            if (partLines != null) lines.select(partLines);
            // pt-stalk writes each tool's output straight to its file: no terminal wrapped it (a df line of 99 characters
            // is df's, not a wrap at 99 columns), no pager paged it
            if (p.capture().isPresent()) lines.asToolOutput();
            context.get(ReceiveTimes.class).ifPresent(received -> {
                // a collect's raw file: read as the collect read the tool's output, with no pages and no terminal's wrap
                lines.asToolOutput();
                received.follow(lines);
            });
            planner.parser().parse(lines, context, session);
            // Hash what the parser left unread, so that the SHA-256 is the whole file's.
            while (lines.next() != null) {
                // drain
            }
        } catch (java.io.UncheckedIOException e) {
            throw e.getCause();
        } catch (ParserFailureException e) {
            // No input may end an import with an internal error: the file is refused, with the place and the reason.
            ParserFailureException here = e.inFile(p.file().toString());
            throw new UserException(here.getMessage() + "; nothing was imported (a parser bug: please report it with this file)",
                    here);
        }
        return partLines == null ? new Content(HexFormat.of().formatHex(sha.digest()), size)
                : new Content(HexFormat.of().formatHex(partSha.digest()), partLines.bytes());
    }

    /**
     * A parser the user chose that found neither rows nor summary values in the file read the wrong tool's
     * output ({@code import vmstat.txt --tool iostat}): the file is refused rather than imported as an empty
     * file. A file of summary values only (a benchmark's final report) is data, and so is a file of facts only (a
     * server's settings: {@code --tool mysql-variables}).
     */
    private void refuseEmptyChoice(ImportPlanner.Planned p, ImportSession session) {
        if (!p.chosen() || session.rowCount() > 0 || session.summaryCount() > 0 || session.factCount() > 0) return;
        String tool = p.parser().info().tool();
        String firstProblem = session.firstWarnings().stream().filter(w -> w.line() > 0).findFirst()
                .map(w -> "; line " + w.line() + ": " + w.message()).orElse("");
        String detected = planner.detect(List.of(p.file())).get(0).closest();
        throw new UserException(p.file() + ": the " + tool + " parser found no " + tool + " data in this file" + firstProblem
                + "; nothing was imported (detection: " + detected + ")");
    }

    /**
     * The file's time options and fallback start, and the plan's parser for the {@code AutoDetectParser}.
     *
     * @param runStart the run's start as known so far: from its earlier imports, or from the dated files of this
     *                 import read before; null while nothing dates the run
     */
    private ParseContext context(ImportRequest request, Instant runStart, ImportPlanner.Planned p) throws IOException {
        Path file = p.file();
        // A pt-stalk capture places undated output at the time in its files' names. A dated run places undated output at
        // its start (and gives dates to times of day printed without one); otherwise the file's modification time is
        // where its output ended, and its derived times are placed once the import has read every file, when the dated
        // files are known whatever their order.
        FallbackStart fallback = p.capture().isPresent() ? p.capture().get().start(request.zone())
                : runStart != null ? new FallbackStart(runStart, "the run's start")
                : FallbackStart.endOfWriting(Files.getLastModifiedTime(file).toInstant().truncatedTo(java.time.temporal.ChronoUnit.SECONDS),
                        "the file's modification time");
        // pt-stalk's TS lines show the capturing host's offset: its tools' times of day (mpstat's, the InnoDB monitor's)
        // are in it, whatever zone this machine is in.
        java.time.ZoneId zone = p.capture().flatMap(ImportPlanner.Capture::offset).<java.time.ZoneId>map(o -> o).orElse(request.zone());
        return new ParseContext(file.getFileName().toString())
                .set(TimeOptions.class, new TimeOptions(zone, request.start(), request.interval(), request.locale()))
                .set(FallbackStart.class, fallback)
                // the interval a pt-stalk capture ran its tools at, which they do not print
                .set(CaptureInterval.class, p.capture().flatMap(ImportPlanner.Capture::interval).orElse(null))
                .set(Detection.class, p.detection())
                // a collect's raw file: the receive times it recorded beside it date output that prints none
                .set(ReceiveTimes.class, ReceiveTimes.beside(file).orElse(null));
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
