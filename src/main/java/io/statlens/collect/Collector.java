package io.statlens.collect;

import io.statlens.model.UserException;
import io.statlens.parse.ParserCatalog;
import io.statlens.parse.spi.Parser;
import io.statlens.store.load.LiveImport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A collect while it runs: every named tool on every host as a {@link ToolStream} into one run, and a commit of what
 * was read at every interval, so that a collector killed loses at most the interval since the last commit. Each host's
 * raw output goes to its own folder of the collect ({@code localhost/vmstat.txt}).
 */
public final class Collector implements AutoCloseable {
    private final LiveImport run;
    private final int intervalSeconds;
    private final List<ToolProcess.Launcher> launchers;
    private final List<ToolStream> streams = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final ScheduledExecutorService committer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "collect-commit");
        t.setDaemon(true);
        return t;
    });
    private final Consumer<String> log;
    private boolean stopped;
    /** The longest a stop waits for its tools to end: a MySQL source's query timeout (70 s) and a little. */
    private static final java.time.Duration STOP_WAIT = java.time.Duration.ofSeconds(75);

    /**
     * One row of {@code statlens collect status}.
     *
     * @param problem the last warning about the tool (it cannot start, it exited...); empty when there was none
     */
    public record Status(String host, String tool, String state, long rows, Instant lastSample, long warnings, String problem) {
    }

    /** One tool on one host. */
    record Job(ToolProcess.Launcher launcher, CollectedTool tool) {
        /** Every tool on every host. */
        static List<Job> each(List<ToolProcess.Launcher> launchers, List<CollectedTool> tools) {
            List<Job> jobs = new ArrayList<>();
            for (ToolProcess.Launcher launcher : launchers) for (CollectedTool tool : tools) jobs.add(new Job(launcher, tool));
            return jobs;
        }
    }

    /** Starts every tool on every host. */
    Collector(LiveImport run, ParserCatalog catalog, List<ToolProcess.Launcher> launchers, List<CollectedTool> tools,
              int intervalSeconds, ZoneId zone, Path rawFolder, Consumer<String> log) {
        this(run, catalog, Job.each(launchers, tools), intervalSeconds, zone, rawFolder, log);
    }

    /**
     * Starts the jobs.
     *
     * @param rawFolder where the raw output goes, a folder per host
     * @param log       where the collector's own messages go (its log)
     */
    Collector(LiveImport run, ParserCatalog catalog, List<Job> jobs, int intervalSeconds, ZoneId zone, Path rawFolder,
              Consumer<String> log) {
        this.run = run;
        this.intervalSeconds = intervalSeconds;
        this.launchers = jobs.stream().map(Job::launcher).distinct().toList();
        this.log = log;
        for (Job job : jobs) {
            CollectedTool tool = job.tool();
            Parser parser = catalog.byTool(tool.parser())
                    .orElseThrow(() -> new UserException("no parser for " + tool.parser() + " is installed"));
            Path hostFolder = rawFolder.resolve(job.launcher().host());
            streams.add(new ToolStream(job.launcher(), tool, parser, intervalSeconds, zone, () -> {
                Path raw = rawFile(hostFolder, tool.name());
                return new ToolStream.Output(raw, run.source(raw.toAbsolutePath().toString(), parser.info().tool(), parser.info().version(),
                        job.launcher().host()));
            }));
        }
        for (ToolStream s : streams) {
            threads.add(Thread.ofPlatform().name("collect-" + s.host() + "-" + s.tool().name()).start(s));
        }
        committer.scheduleWithFixedDelay(this::commit, intervalSeconds, intervalSeconds, TimeUnit.SECONDS);
    }

    /** A new file for a tool's output: {@code vmstat.txt}, or {@code vmstat-2.txt} when an earlier collect kept one. */
    private static Path rawFile(Path hostFolder, String tool) {
        try {
            Files.createDirectories(hostFolder);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + hostFolder + ": " + e.getMessage(), e);
        }
        Path file = hostFolder.resolve(tool + ".txt");
        for (int n = 2; Files.exists(file); n++) file = hostFolder.resolve(tool + "-" + n + ".txt");
        return file;
    }

    public String run() {
        return run.run();
    }

    public int intervalSeconds() {
        return intervalSeconds;
    }

    /**
     * Commits what was read; a failure is logged, is a warning on every host and tool, and the next interval commits
     * the failed commit's rows with its own.
     */
    private void commit() {
        try {
            run.commit();
        } catch (RuntimeException e) {
            log.accept("commit failed (the next interval tries again): " + e.getMessage());
            for (ToolStream s : streams) s.commitFailed(e.getMessage());
        }
    }

    /** Rows per host and tool, and the last sample read. */
    public List<Status> status() {
        List<Status> out = new ArrayList<>();
        for (ToolStream s : streams) {
            long rows = 0;
            long warnings = 0;
            Instant last = null;
            for (ToolStream.Output o : s.outputs()) {
                rows += o.source().rows();
                warnings += o.source().warnings();
                Instant t = o.source().lastSample();
                if (t != null && (last == null || t.isAfter(last))) last = t;
            }
            out.add(new Status(s.host(), s.tool().name(), s.state().name().toLowerCase(java.util.Locale.ROOT), rows, last, warnings,
                    s.problem()));
        }
        return out;
    }

    /** Whether every tool has ended (nothing more will come). */
    public boolean ended() {
        return threads.stream().noneMatch(Thread::isAlive);
    }

    /** A note on the run, now; what was collected is committed first. */
    public void note(String text, String origin) {
        run.note(Instant.now(), text, origin);
    }

    /**
     * Ends every tool, reads what they printed to the end, and commits it. The tools are stopped together, not one after
     * another: a MySQL source may wait for its query's timeout (up to 70 s), which must not hold up every other host's
     * stop; the whole stop waits at most {@link #STOP_WAIT} for the tools to end and their output to be read.
     */
    public synchronized void stop() {
        if (stopped) return;
        stopped = true;
        long deadline = System.nanoTime() + STOP_WAIT.toNanos();
        // Platform threads, as every thread of a collect that blocks: a virtual thread waits for a free carrier, and on a
        // loaded machine the readers of the tools' error output, blocked in a read that pins their carriers, held every
        // carrier, so the tools went on until the stop gave up after STOP_WAIT and the rows printed meanwhile were lost.
        List<Thread> stopping = streams.stream()
                .map(s -> Thread.ofPlatform().daemon().name("stop-" + s.host() + "-" + s.tool().name()).start(s::stop)).toList();
        try {
            for (Thread t : stopping) t.join(java.time.Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            for (Thread t : threads) t.join(java.time.Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        // never interrupt a commit: embedded Derby closes a connection whose thread is interrupted in its I/O
        committer.shutdown();
        try {
            committer.awaitTermination(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        run.close();
        launchers.forEach(ToolProcess.Launcher::close);
    }

    @Override
    public void close() {
        stop();
    }
}
