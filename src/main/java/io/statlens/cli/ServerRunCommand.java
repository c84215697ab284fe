package io.statlens.cli;

import io.statlens.store.server.DerbyNetworkServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.concurrent.Callable;

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

    @Option(names = "--keystore-password-file", paramLabel = "FILE", description = "The key store's password, on the file's first line.")
    Path keystorePasswordFile;

    @Override
    public Integer call() throws Exception {
        String password = keystorePasswordFile != null ? ServerStartCommand.firstLine(keystorePasswordFile)
                : System.getenv("STATLENS_KEYSTORE_PASSWORD");
        var config = new DerbyNetworkServer.Config(server.dir(), server.host, server.port, DerbyNetworkServer.Tls.parse(tls), keystore,
                password);
        DerbyNetworkServer.serveUntilStopped(config, spec.commandLine().getOut());
        return ExitCodes.OK;
    }
}
