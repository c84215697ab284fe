package io.statlens.cli;

import io.statlens.collect.CollectedTool;
import io.statlens.collect.Collects;
import io.statlens.collect.SshOptions;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.ArrayList;
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

    @Parameters(arity = "1..*", paramLabel = "TOOL", description = "Tools to run: vmstat, iostat, mpstat.")
    List<String> tools;

    Collects.Request request() {
        return new Collects.Request(run, hosts, tools.stream().map(CollectedTool::named).toList(), interval, tags, LocalZone.get(),
                SshOptions.ofUser(acceptNewHostKey));
    }

    /** The options as arguments again, for the background process. */
    List<String> arguments() {
        List<String> args = new ArrayList<>(List.of("--run", run, "--interval", Integer.toString(interval)));
        for (String h : hosts) args.addAll(List.of("--host", h));
        for (String t : tags) args.addAll(List.of("--tag", t));
        if (acceptNewHostKey) args.add("--accept-new-host-key");
        args.addAll(tools);
        return args;
    }
}
