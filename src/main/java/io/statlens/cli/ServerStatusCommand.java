package io.statlens.cli;

import io.statlens.store.server.DerbyNetworkServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

/** {@code statlens server status}: whether the server of this folder runs and answers, and where. Exit code 1 when it does not. */
@Command(name = "status", mixinStandardHelpOptions = true,
        description = "Say whether the server started from this folder runs and answers (exit code 1 when not).")
public final class ServerStatusCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ServerOptions server;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        ServerProcess running = ServerProcess.read(server.pidFile());
        if (running == null || !running.alive()) {
            out.println("statlens server: not running (" + server.dir() + ")");
            return ExitCodes.USER_ERROR;
        }
        boolean answers = DerbyNetworkServer.answers(running.host(), running.port(), DerbyNetworkServer.Tls.parse(running.tls()));
        out.printf("statlens server: %s, pid %d, on %s:%d (TLS %s), repository %s%n", answers ? "running" : "running but not answering",
                running.pid(), running.host(), running.port(), running.tls(), server.dir().resolve(DerbyNetworkServer.DATABASE));
        return answers ? ExitCodes.OK : ExitCodes.USER_ERROR;
    }
}
