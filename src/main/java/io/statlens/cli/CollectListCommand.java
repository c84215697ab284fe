package io.statlens.cli;

import io.statlens.collect.CollectFolder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Properties;
import java.util.concurrent.Callable;

/** {@code statlens collect list}: the repository's collects, running or stopped, and where their raw output is. */
@Command(name = "list", mixinStandardHelpOptions = true, description = "The repository's collects, running or stopped, with their folders.")
public final class CollectListCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RepositoryOptions repository;

    @Mixin
    NumberOptions numberOptions;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        TextTable table = new TextTable(numberOptions.numbers(), "COLLECT", "STATE", "HOSTS", "TOOLS", "INTERVAL", "STARTED", "FOLDER")
                .right(4);
        for (CollectFolder folder : CollectFolder.all(CollectStartCommand.root(repository))) {
            Properties state = folder.state();
            // a collector killed leaves "running" in its state file, but no longer holds the lock
            String now = "stopped".equals(state.getProperty("state")) ? "stopped" : folder.running() ? "running" : "ended (killed?)";
            String started = state.getProperty("started");
            // the hosts as asked for (collect restart asks for them again), shown as the collect names them
            String hosts = String.join(",", java.util.Arrays.stream(state.getProperty("hosts", "").split(",")).filter(h -> !h.isEmpty())
                    .map(io.statlens.collect.Collects::hostName).toList());
            table.add(state.getProperty("run"), now, hosts, state.getProperty("tools"),
                    state.getProperty("interval") + " s", started == null ? "" : Format.time(Instant.parse(started).truncatedTo(ChronoUnit.SECONDS)), folder.dir());
        }
        if (table.size() == 0) out.println("no collects in " + CollectStartCommand.root(repository));
        else table.print(out);
        out.flush();
        return ExitCodes.OK;
    }
}
