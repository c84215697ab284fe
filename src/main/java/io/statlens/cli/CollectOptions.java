package io.statlens.cli;

import io.statlens.collect.CollectedTool;
import io.statlens.collect.Collects;
import io.statlens.collect.MysqlTarget;
import io.statlens.collect.SshOptions;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Optional;
import java.util.Properties;
import java.util.List;

/** What a collect runs, shared by {@code collect start} and the background {@code collect run} it leaves. */
public final class CollectOptions {
    @Option(names = "--run", required = true, paramLabel = "NAME", description = "Run to collect into (created if missing); also the collect's name.")
    String run;

    @Option(names = "--host", paramLabel = "[USER@]HOST[:PORT]",
            description = {"Collect on this host over SSH (repeatable; ~/.ssh/config names work); localhost is this machine.",
                    "Default: this machine."})
    List<String> hosts = new ArrayList<>();

    @Option(names = "--interval", defaultValue = "5", paramLabel = "SECONDS",
            description = "Seconds between samples, and between commits (default: ${DEFAULT-VALUE}).")
    int interval;

    @Option(names = "--tag", paramLabel = "T", description = "Tag the run (repeatable).")
    List<String> tags = new ArrayList<>();

    @Option(names = "--accept-new-host-key",
            description = "Accept (and add to ~/.ssh/known_hosts) the key of a host not known yet; a changed key is always refused.")
    boolean acceptNewHostKey;

    @Option(names = "--mysql-defaults-file", paramLabel = "FILE",
            description = {"The mysql source's server, user and password: the [client] group of this option file.",
                    "Default: ~/.my.cnf; a password it lacks is asked for."})
    Path mysqlDefaultsFile;

    /** The background process reads the password collect start asked for from its standard input, never its arguments. */
    @Option(names = "--mysql-password-stdin", hidden = true)
    boolean mysqlPasswordOnStdin;

    /** collect restart: the run's collect resumes, with a note on the gap since its last sample. */
    @Option(names = "--resume", hidden = true)
    boolean resume;

    @Parameters(arity = "1..*", paramLabel = "TOOL",
            description = "Tools to run: vmstat, iostat, mpstat on every host; mysql: a MySQL or MariaDB server's status.")
    List<String> tools;

    /** The password collect start asked for, handed to the background process on its standard input. */
    String mysqlPassword;

    /** Whether the mysql source is named. */
    boolean mysql() {
        return tools.contains(CollectedTool.MYSQL);
    }

    /** The mysql source's server as its option file says, without the password when it has none. */
    MysqlTarget mysqlTarget() {
        return MysqlTarget.read(mysqlDefaultsFile == null ? MysqlTarget.defaultFile() : mysqlDefaultsFile, mysqlDefaultsFile != null);
    }

    Collects.Request request() {
        Optional<MysqlTarget> mysql = Optional.empty();
        if (mysql()) {
            MysqlTarget target = mysqlTarget();
            if (mysqlPassword != null) target = target.withPassword(mysqlPassword);
            mysql = Optional.of(target);
        }
        List<CollectedTool> onHosts = tools.stream().filter(t -> !t.equals(CollectedTool.MYSQL)).distinct().map(CollectedTool::named).toList();
        return new Collects.Request(run, hosts, onHosts, mysql, Optional.ofNullable(mysqlDefaultsFile), interval, tags, LocalZone.get(), SshOptions.ofUser(acceptNewHostKey),
                resume);
    }

    /** The options a collect was started with, as its state records them: what {@code collect restart} runs again. */
    static CollectOptions recorded(Properties state) {
        CollectOptions o = new CollectOptions();
        o.run = state.getProperty("run");
        o.hosts = new ArrayList<>(words(state.getProperty("hosts", "")));
        o.tools = new ArrayList<>(words(state.getProperty("tools", "")));
        o.tags = new ArrayList<>(words(state.getProperty("tags", "")));
        o.interval = Integer.parseInt(state.getProperty("interval", "5"));
        String defaults = state.getProperty("mysql-defaults-file", "");
        if (!defaults.isEmpty()) o.mysqlDefaultsFile = Path.of(defaults);
        return o;
    }

    private static List<String> words(String commaSeparated) {
        return commaSeparated.isEmpty() ? List.of() : List.of(commaSeparated.split(","));
    }

    /** The options as arguments again, for the background process. */
    List<String> arguments() {
        List<String> args = new ArrayList<>(List.of("--run", run, "--interval", Integer.toString(interval)));
        for (String h : hosts) args.addAll(List.of("--host", h));
        for (String t : tags) args.addAll(List.of("--tag", t));
        if (acceptNewHostKey) args.add("--accept-new-host-key");
        if (mysqlDefaultsFile != null) args.addAll(List.of("--mysql-defaults-file", mysqlDefaultsFile.toAbsolutePath().toString()));
        if (mysqlPassword != null) args.add("--mysql-password-stdin");
        if (resume) args.add("--resume");
        args.addAll(tools);
        return args;
    }
}
