package io.statlens.cli;

import io.statlens.store.server.DerbyNetworkServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/** {@code statlens server run}: serves in this process until stopped; {@code server start} runs it in the background. */
@Command(name = "run", hidden = true, description = "Serve the repository in the foreground until stopped (start runs this in the background).")
public final class ServerRunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ServerOptions server;

    @Option(names = "--tls", defaultValue = "off", description = "off, basic or peerAuthentication.")
    String tls;

    @Option(names = "--keystore", paramLabel = "FILE", description = "The server's key store for TLS.")
    Path keystore;

    @Override
    public Integer call() throws Exception {
        var config = new DerbyNetworkServer.Config(server.dir(), server.host, server.port, DerbyNetworkServer.Tls.parse(tls), keystore);
        var control = DerbyNetworkServer.start(config, spec.commandLine().getOut());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                control.shutdown();
            } catch (Exception ignored) {
                // stopping anyway; Derby recovers committed work from its log at the next start
            }
            stopped.countDown();
        }));
        stopped.await();
        return ExitCodes.OK;
    }
}
