package io.statlens.cli;

import io.statlens.collect.CollectFolder;
import io.statlens.model.UserException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.util.Properties;
import java.util.concurrent.Callable;

/**
 * {@code statlens collect restart NAME}: a collect that was stopped, or whose collector ended (killed, the machine
 * restarted), runs again into the same run with the hosts, tools and interval it was started with; its raw output goes
 * to new files beside the first ({@code vmstat-2.txt}), and a note on the run marks the gap, which nothing fills.
 */
@Command(name = "restart", mixinStandardHelpOptions = true,
        description = {"Resume a stopped or ended collect into the same run, with the tools, hosts and interval it had.",
                "A note on the run marks the gap since its last sample; nothing is interpolated across it."})
public final class CollectRestartCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RepositoryOptions repository;

    @Parameters(paramLabel = "NAME", description = "The collect (its run's name), as collect list shows it.")
    String name;

    @Override
    public Integer call() throws Exception {
        CollectFolder folder = CollectStartCommand.folder(repository, name);
        Properties state = folder.state();
        if (state.isEmpty()) throw new UserException("no collect named '" + name + "' (statlens collect list)");
        if (folder.running()) throw new UserException("collect '" + name + "' is running (statlens collect status " + name + ")");
        CollectOptions options = CollectOptions.recorded(state);
        options.resume = true;
        return CollectStartCommand.start(spec, repository, options);
    }
}
