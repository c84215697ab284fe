package io.statlens.cli;

import io.statlens.collect.CollectFolder;
import io.statlens.collect.Collects;
import io.statlens.store.schema.Repository;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Instant;
import java.util.concurrent.Callable;

/**
 * {@code statlens collect run}: a collect in this process, until stopped ({@code collect stop}, or the process told to
 * end); {@code collect start} runs it in the background with its output in the collect's log.
 */
@Command(name = "run", hidden = true, description = "Collect in the foreground until stopped (start runs this in the background).")
public final class CollectRunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RepositoryOptions repository;

    @Mixin
    CollectOptions collect;

    @Override
    public Integer call() throws Exception {
        if (collect.mysqlPasswordOnStdin) {
            collect.mysqlPassword = new java.io.BufferedReader(new java.io.InputStreamReader(System.in, java.nio.charset.StandardCharsets.UTF_8))
                    .readLine();
        }
        Collects.Request request = collect.request();
        PrintWriter out = spec.commandLine().getOut();
        CollectFolder folder = CollectStartCommand.folder(repository, request.run());
        try (Repository repo = repository.open()) {
            Collects.run(repo, InstalledParsers.load(spec.commandLine().getErr()), request, folder, message -> {
                synchronized (out) {
                    out.println(Instant.now() + " " + message);
                    out.flush();
                }
            }, () -> { });
        }
        return ExitCodes.OK;
    }
}
