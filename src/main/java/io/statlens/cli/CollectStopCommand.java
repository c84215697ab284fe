package io.statlens.cli;

import io.statlens.collect.CollectFolder;
import io.statlens.collect.Collects;
import io.statlens.model.UserException;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code statlens collect stop NAME|--all}: ends the tools, commits their last rows and ends the collector. */
@Command(name = "stop", mixinStandardHelpOptions = true, description = "Stop a collect (its last rows are committed), or all of them.")
public final class CollectStopCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RepositoryOptions repository;

    @ArgGroup(multiplicity = "1")
    Which which;

    static final class Which {
        @Parameters(paramLabel = "NAME", description = "The collect (its run's name).")
        String name;

        @Option(names = "--all", description = "Every running collect of the repository.")
        boolean all;
    }

    @Override
    public Integer call() {
        List<CollectFolder> folders = which.all ? Collects.running(CollectStartCommand.root(repository))
                : List.of(CollectStartCommand.folder(repository, which.name));
        if (!which.all && !folders.get(0).running()) throw new UserException("no collect named '" + which.name + "' is running");
        PrintWriter out = spec.commandLine().getOut();
        if (folders.isEmpty()) out.println("no collect is running");
        for (CollectFolder folder : folders) {
            String run = folder.state().getProperty("run", folder.dir().getFileName().toString());
            Collects.stop(folder);
            out.printf("stopped collect '%s': its last rows are committed to run '%s'%n", run, run);
        }
        return ExitCodes.OK;
    }
}
