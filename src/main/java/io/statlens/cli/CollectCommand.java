package io.statlens.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code statlens collect}: run tools locally and over SSH into a run while a benchmark runs (docs/collect.md). */
@Command(name = "collect", mixinStandardHelpOptions = true,
        description = {"Collect vmstat, iostat and mpstat live into a run, on this machine and on hosts reached over SSH.",
                "A collect runs in the background until stopped; statlens note --active marks its run. See docs/collect.md."},
        subcommands = {CollectStartCommand.class, CollectStopCommand.class, CollectRestartCommand.class, CollectStatusCommand.class, CollectListCommand.class,
                CollectRunCommand.class})
public final class CollectCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
