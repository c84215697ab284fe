package io.statlens.cli;

import io.statlens.collect.CollectFolder;
import io.statlens.collect.Collector;
import io.statlens.collect.Collects;
import io.statlens.model.UserException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code statlens collect status [NAME]}: rows per host and tool, and the last sample, of running collects. */
@Command(name = "status", mixinStandardHelpOptions = true,
        description = "Rows per host and tool and the last sample time of running collects (or of the one named).")
public final class CollectStatusCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RepositoryOptions repository;

    @Mixin
    NumberOptions numberOptions;

    @Parameters(arity = "0..1", paramLabel = "NAME", description = "The collect (its run's name); default: every running one.")
    String name;

    @Override
    public Integer call() {
        List<CollectFolder> folders = name == null ? Collects.running(CollectStartCommand.root(repository))
                : List.of(CollectStartCommand.folder(repository, name));
        if (name != null && !folders.get(0).running()) throw new UserException("no collect named '" + name + "' is running");
        PrintWriter out = spec.commandLine().getOut();
        if (folders.isEmpty()) {
            out.println("no collect is running");
            return ExitCodes.OK;
        }
        TextTable table = new TextTable(numberOptions.numbers(), "COLLECT", "HOST", "TOOL", "STATE", "ROWS", "LAST SAMPLE", "WARNINGS")
                .right(4, 6);
        List<String> problems = new java.util.ArrayList<>();
        for (CollectFolder folder : folders) {
            String run = folder.state().getProperty("run");
            for (Collector.Status s : Collects.status(folder)) {
                table.add(run, s.host(), s.tool(), s.state(), s.rows(), s.lastSample() == null ? "-" : Format.time(s.lastSample()),
                        s.warnings());
                if (!s.problem().isEmpty()) problems.add("warning: " + run + ": host " + s.host() + ", tool " + s.tool() + ": " + s.problem());
            }
        }
        table.print(out);
        problems.forEach(out::println);
        out.flush();
        return ExitCodes.OK;
    }
}
