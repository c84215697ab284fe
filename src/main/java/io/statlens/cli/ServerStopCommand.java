package io.statlens.cli;

import io.statlens.model.UserException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.nio.file.Files;
import java.util.concurrent.Callable;

/**
 * {@code statlens server stop}: stops the server this folder's pid file names. Only the operating-system
 * user who started it (or root) may signal it; the network offers no way to stop it.
 */
@Command(name = "stop", mixinStandardHelpOptions = true, description = "Stop the server started from this folder.")
public final class ServerStopCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ServerOptions server;

    @Override
    public Integer call() throws Exception {
        ServerProcess running = ServerProcess.read(server.pidFile());
        if (running == null || !running.alive()) {
            Files.deleteIfExists(server.pidFile());
            throw new UserException("no server started from " + server.dir() + " is running");
        }
        ProcessHandle process = ProcessHandle.of(running.pid()).orElseThrow();
        process.destroy();
        try {
            process.onExit().get(60, java.util.concurrent.TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new UserException("the server (pid " + running.pid() + ") did not stop within a minute");
        }
        Files.deleteIfExists(server.pidFile());
        spec.commandLine().getOut().println("statlens server stopped (pid " + running.pid() + ")");
        return ExitCodes.OK;
    }
}
