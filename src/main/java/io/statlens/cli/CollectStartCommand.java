package io.statlens.cli;

import io.statlens.collect.CollectFolder;
import io.statlens.collect.Collects;
import io.statlens.model.UserException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code statlens collect start}: starts a collect in the background (a process of its own, in a session of its own,
 * so that closing the terminal does not end it) and returns once it collects.
 */
@Command(name = "start", mixinStandardHelpOptions = true,
        description = {"Start collecting into a run in the background; returns once the tools run.",
                "The raw output of every tool is kept in the collect's folder beside the repository (statlens collect list)."})
public final class CollectStartCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RepositoryOptions repository;

    @Mixin
    CollectOptions collect;

    /** The folder of a repository's collect into this run. */
    static CollectFolder folder(RepositoryOptions repository, String run) {
        return CollectFolder.of(root(repository), run);
    }

    static Path root(RepositoryOptions repository) {
        return CollectFolder.root(Optional.ofNullable(repository.location().embeddedDir()));
    }

    @Override
    public Integer call() throws Exception {
        return start(spec, repository, collect);
    }

    /** Starts the collect in the background and says so; {@code collect restart} starts a stopped one again this way. */
    static int start(CommandSpec spec, RepositoryOptions repository, CollectOptions collect) throws IOException, InterruptedException {
        askForTheMysqlPassword(collect);
        Collects.Request request = collect.request();
        CollectFolder folder = folder(repository, request.run());
        if (folder.running()) {
            throw new UserException("a collect into run '" + request.run() + "' is running already (statlens collect stop "
                    + request.run() + ")");
        }
        Files.createDirectories(folder.dir());
        Process child = spawn(repository, collect, folder);
        waitUntilCollecting(child, folder);
        PrintWriter out = spec.commandLine().getOut();
        out.printf("collect '%s' %s: %s on %s every %d s, pid %d%n", request.run(),
                collect.resume ? "restarted" : "started", String.join(" ", collect.tools), String.join(", ", request.hostNames()), request.intervalSeconds(), child.pid());
        out.printf("raw output and log in %s%n", folder.dir());
        out.printf("statlens collect status %s / statlens note --active TEXT / statlens collect stop %s%n", request.run(), request.run());
        return ExitCodes.OK;
    }

    /**
     * The collect daemon's JVM options: the launcher's collector and heap limit, so that a collect that runs for days
     * stays within a bounded memory, with one garbage collector thread (the JVM's defaults here would be G1 and a
     * quarter of the machine's memory); and only the JIT's first tier: a daemon busy about 1 % of the time gains
     * little from optimized code, and C2 compiling Derby's methods as they slowly get hot was half of its CPU over
     * 10 minutes (docs/bench.md). {@code statlens bench --workload collect} measures the daemon with them.
     */
    static final List<String> DAEMON_JVM_OPTIONS = List.of("-XX:+UseSerialGC", "-Xmx320m", "-XX:TieredStopAtLevel=1");

    /** The daemon's JVM options: its own defaults, then the user's {@code STATLENS_JAVA_OPTS} ({@link BackgroundJvm}). */
    static List<String> daemonJvmOptions(String userOptions) {
        return BackgroundJvm.options(DAEMON_JVM_OPTIONS, userOptions);
    }

    private static Process spawn(RepositoryOptions repository, CollectOptions collect, CollectFolder folder) throws IOException {
        String java = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> command = new ArrayList<>();
        // setsid: a session of its own, so that the terminal's hang-up does not reach it
        if (Files.isExecutable(Path.of("/usr/bin/setsid"))) command.add("/usr/bin/setsid");
        command.add(java);
        command.add("-Duser.home=" + System.getProperty("user.home"));
        command.addAll(daemonJvmOptions(System.getenv("STATLENS_JAVA_OPTS")));
        command.addAll(List.of("-cp", System.getProperty("java.class.path")));
        String home = System.getProperty("statlens.home");
        if (home != null) command.add("-Dstatlens.home=" + home);
        command.addAll(List.of(Main.class.getName(), "collect", "run"));
        command.addAll(repositoryArguments(repository));
        command.addAll(collect.arguments());
        if (!collect.resume) Files.deleteIfExists(folder.log());
        Process child = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(folder.log().toFile())).start();
        try (var in = child.getOutputStream()) {
            if (collect.mysqlPassword != null) in.write((collect.mysqlPassword + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return child;
    }

    /** The mysql source's password, asked for on the terminal when its option file has none (and there is a terminal). */
    private static void askForTheMysqlPassword(CollectOptions collect) {
        if (!collect.mysql() || collect.mysqlTarget().password().isPresent() || System.console() == null) return;
        char[] password = System.console().readPassword("MySQL password for %s (empty: none): ", collect.mysqlTarget().user());
        if (password != null && password.length > 0) collect.mysqlPassword = new String(password);
    }

    /** The repository as this command was given it (a password stays in the environment, never on a command line). */
    private static List<String> repositoryArguments(RepositoryOptions repository) {
        if (repository.db != null) return List.of("--db", repository.db);
        return List.of("--repo", repository.location().embeddedDir().toString());
    }

    private static void waitUntilCollecting(Process child, CollectFolder folder) throws IOException, InterruptedException {
        long deadline = System.currentTimeMillis() + 120_000;
        while (System.currentTimeMillis() < deadline) {
            if ("running".equals(folder.state().getProperty("state")) && folder.running()) return;
            if (!child.isAlive()) {
                String log = Files.exists(folder.log()) ? Files.readString(folder.log(), StandardCharsets.UTF_8) : "";
                throw new UserException("the collect did not start: " + lastLines(log));
            }
            Thread.sleep(100);
        }
        child.destroy();
        throw new UserException("the collect did not start within two minutes; see " + folder.log());
    }

    private static String lastLines(String log) {
        List<String> lines = log.lines().filter(l -> !l.isBlank()).toList();
        return String.join(" / ", lines.subList(Math.max(0, lines.size() - 3), lines.size()));
    }
}
