package io.statlens.collect;

import io.statlens.model.UserException;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.load.LiveImport;
import io.statlens.store.read.ActiveCollects;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * The collects of {@code statlens collect}: one runs in the process that calls {@link #run} (the background process
 * {@code collect start} leaves behind), holding the repository, the collect's lock and its control socket until it is
 * stopped; the other commands reach it through the socket ({@link #status}, {@link #note}, {@link #stop}).
 */
public final class Collects {
    /** The host name that means this machine: its tools run as child processes. */
    public static final String LOCAL = LocalLauncher.HOST;

    private Collects() {
    }

    /**
     * What to collect.
     *
     * @param hosts the hosts, {@value LocalLauncher#HOST} for this machine
     * @param tools the tools run on every host
     * @param mysql the MySQL or MariaDB server whose status is read too (the {@code mysql} source)
     * @param mysqlDefaultsFile the option file that named it, when one was given (recorded for {@code collect restart})
     * @param resume whether the collect resumes into its run after a gap ({@code collect restart}), which a note marks
     */
    public record Request(String run, List<String> hosts, List<CollectedTool> tools, Optional<MysqlTarget> mysql,
                          Optional<Path> mysqlDefaultsFile, int intervalSeconds, List<String> tags, ZoneId zone, SshOptions ssh,
                          boolean resume) {
        public Request {
            if (run == null || run.isBlank()) throw new UserException("a collect needs a run: --run NAME");
            if (tools.isEmpty() && mysql.isEmpty()) {
                throw new UserException("name the tools to collect: " + String.join(", ", CollectedTool.names()));
            }
            if (intervalSeconds < 1) throw new UserException("--interval must be a whole number of seconds, at least 1");
            hosts = hosts.isEmpty() ? List.of(LOCAL) : List.copyOf(hosts);
            tools = List.copyOf(tools);
            tags = List.copyOf(tags);
        }

        /** The hosts as the collect names them ({@link #hostName}). */
        public List<String> hostNames() {
            return hosts.stream().map(Collects::hostName).toList();
        }
    }

    /**
     * Runs a collect in this process until it is stopped (through its socket, or by the process ending), or until
     * every tool has ended; the last rows are committed before it returns.
     *
     * @param started told once the collect runs (its tools started, its socket listening)
     */
    public static void run(Repository repo, ParserCatalog catalog, Request request, CollectFolder folder, Consumer<String> log,
                           Runnable started) throws IOException {
        folder.create();
        FileLock lock = folder.lock().orElseThrow(() -> new UserException("a collect into run '" + request.run()
                + "' is running already (statlens collect stop " + request.run() + ")"));
        try {
            Properties state = new Properties();
            state.setProperty("run", request.run());
            state.setProperty("hosts", String.join(",", request.hosts()));
            state.setProperty("tools", String.join(",", toolNames(request)));
            state.setProperty("interval", Integer.toString(request.intervalSeconds()));
            state.setProperty("tags", String.join(",", request.tags()));
            request.mysqlDefaultsFile().ifPresent(f -> state.setProperty("mysql-defaults-file", f.toAbsolutePath().toString()));
            state.setProperty("pid", Long.toString(ProcessHandle.current().pid()));
            state.setProperty("started", Instant.now().toString());
            state.setProperty("state", "starting");
            folder.write(state);
            LiveImport live = LiveImport.open(repo, request.run(), Optional.empty(), request.tags());
            // In the repository too, for notes from anywhere that reaches it (note --active with a server's URL) and the window's Live.
            ActiveCollects active = new ActiveCollects(repo);
            active.begin(request.run(), Instant.parse(state.getProperty("started")), request.intervalSeconds(),
                    "pid " + ProcessHandle.current().pid() + " on " + machine());
            if (request.resume()) {
                // a collector killed left its statistics as of its last statistics commit (its rows are all there)
                live.rewriteStatistics(folder.dir().toAbsolutePath() + java.io.File.separator);
                markTheGap(repo, live, log);
            }
            Collector collector = new Collector(live, catalog, jobs(request, log), request.intervalSeconds(), request.zone(),
                    folder.dir(), log);
            CountDownLatch stopped = new CountDownLatch(1);
            // Whoever ends the collect first (collect stop, every tool ended, or the process told to end) finishes it:
            // the tools stopped, the last rows committed, the state recorded.
            AtomicBoolean finished = new AtomicBoolean();
            Runnable finish = () -> {
                collector.stop();
                if (!finished.compareAndSet(false, true)) return;
                try {
                    active.end(request.run());
                } catch (RuntimeException e) {
                    log.accept("cannot record in the repository that the collect ended: " + e.getMessage());
                }
                long rows = collector.status().stream().mapToLong(Collector.Status::rows).sum();
                state.setProperty("state", "stopped");
                state.setProperty("stopped", Instant.now().toString());
                state.setProperty("rows", Long.toString(rows));
                try {
                    folder.write(state);
                } catch (IOException e) {
                    log.accept("cannot record the collect's state: " + e.getMessage());
                }
                log.accept("stopped; " + rows + " rows in run '" + request.run() + "'");
            };
            Thread hook = new Thread(() -> {
                finish.run();
                stopped.countDown();
            }, "collect-shutdown");
            Runtime.getRuntime().addShutdownHook(hook);
            try (ControlChannel channel = ControlChannel.listen(folder.socket(), line -> answer(line, collector, finish, stopped))) {
                state.setProperty("state", "running");
                folder.write(state);
                log.accept("collecting " + state.getProperty("tools") + " on " + String.join(",", request.hostNames()) + " every "
                        + request.intervalSeconds() + " s into run '" + request.run() + "'");
                started.run();
                while (!stopped.await(1, TimeUnit.SECONDS)) {
                    if (collector.ended()) {
                        log.accept("every tool has ended: the collect stops");
                        break;
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                finish.run();
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException e) {
                    // shutting down: the hook finished the collect
                }
            }
        } finally {
            lock.channel().close();
        }
    }

    /**
     * A note on a resumed run at the moment it resumes, saying since when nothing was collected: the charts and
     * statistics see the gap as it is (no rows), and the note says why.
     */
    private static void markTheGap(Repository repo, LiveImport live, Consumer<String> log) {
        Instant last = new RunCatalog(repo).details(live.run()).datasets().stream().map(RunCatalog.DatasetInfo::last)
                .filter(java.util.Objects::nonNull).max(Instant::compareTo).orElse(null);
        Instant now = Instant.now();
        String text = "collect resumed: nothing was collected " + (last == null ? "before" : "from " + last + " to " + now)
                + " (the collect had ended); nothing is filled in across the gap";
        live.note(now, text, "statlens collect restart");
        log.accept(text);
    }

    /** A host as a collect names it, in its folders, rows and messages: this machine ({@value #LOCAL}) by its name. */
    public static String hostName(String host) {
        return host.equals(LOCAL) ? LocalLauncher.machine() : host;
    }

    /** This machine's name, for saying which collector a collect is. */
    private static String machine() {
        return LocalLauncher.machine();
    }

    /** The tools on every host, then the mysql source's two on its server. */
    private static List<Collector.Job> jobs(Request request, Consumer<String> log) {
        List<ToolProcess.Launcher> launchers = new ArrayList<>();
        if (!request.tools().isEmpty()) {
            for (String host : request.hosts()) {
                launchers.add(host.equals(LOCAL) ? new LocalLauncher() : new SshLauncher(host, request.ssh(), log));
            }
        }
        List<Collector.Job> jobs = new ArrayList<>(Collector.Job.each(launchers, request.tools()));
        request.mysql().ifPresent(target -> {
            MysqlLauncher server = new MysqlLauncher(target);
            for (CollectedTool tool : CollectedTool.mysql()) jobs.add(new Collector.Job(server, tool));
        });
        return jobs;
    }

    private static List<String> toolNames(Request request) {
        List<String> names = new ArrayList<>(request.tools().stream().map(CollectedTool::name).toList());
        if (request.mysql().isPresent()) names.add(CollectedTool.MYSQL);
        return names;
    }

    private static List<String> answer(String request, Collector collector, Runnable finish, CountDownLatch stopped) {
        if (request.equals(ControlChannel.STATUS)) {
            return collector.status().stream().map(ControlChannel::line).toList();
        }
        if (request.equals(ControlChannel.STOP)) {
            finish.run();
            stopped.countDown();
            return List.of("stopped");
        }
        if (request.startsWith(ControlChannel.NOTE)) {
            String text = request.substring(ControlChannel.NOTE.length()).strip();
            if (text.isEmpty()) throw new UserException("a note needs a text");
            Instant now = Instant.now();
            collector.note(text, "statlens note");
            return List.of(now.toString());
        }
        throw new UserException("unknown request: " + request);
    }

    /** Rows per host and tool of a running collect. */
    public static List<Collector.Status> status(CollectFolder folder) {
        return ControlChannel.ask(folder, ControlChannel.STATUS).stream().map(ControlChannel::status).toList();
    }

    /** Adds a note to the run of a running collect, at the collector's time now; returns that time. */
    public static Instant note(CollectFolder folder, String text) {
        return Instant.parse(ControlChannel.ask(folder, ControlChannel.NOTE + text).get(0));
    }

    /**
     * Stops a running collect; returns once its last rows are committed and its process has ended, so that the
     * repository it held (an embedded one) is free for the next command.
     */
    public static void stop(CollectFolder folder) {
        ControlChannel.ask(folder, ControlChannel.STOP);
        String pid = folder.state().getProperty("pid", "");
        if (pid.isEmpty() || Long.parseLong(pid) == ProcessHandle.current().pid()) return;
        ProcessHandle.of(Long.parseLong(pid)).ifPresent(process -> {
            try {
                process.onExit().get(1, TimeUnit.MINUTES);
            } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
                throw new UserException("the collector (pid " + pid + ") committed its last rows but did not end within a minute; see "
                        + folder.log());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /** The folders of the collects running now. */
    public static List<CollectFolder> running(java.nio.file.Path root) {
        return CollectFolder.all(root).stream().filter(CollectFolder::running).toList();
    }

}
