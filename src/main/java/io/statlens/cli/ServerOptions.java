package io.statlens.cli;

import io.statlens.store.schema.RepositoryLocation;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/** Where a {@code statlens server} keeps its repository and where it listens, shared by its subcommands. */
public final class ServerOptions {
    @Option(names = "--dir", paramLabel = "DIR",
            description = "The server's folder: its repository, log and pid file (default: $STATLENS_HOME/server, else ~/.statlens/server).")
    Path dir;

    @Option(names = "--host", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "Address to listen on (default: ${DEFAULT-VALUE}, this machine only; 0.0.0.0 opens it to the network).")
    String host;

    @Option(names = "--port", defaultValue = "1527", description = "Port (default: ${DEFAULT-VALUE}).")
    int port;

    Path dir() {
        return (dir != null ? dir : RepositoryLocation.statlensHome().resolve("server")).toAbsolutePath().normalize();
    }

    Path pidFile() {
        return dir().resolve("server.pid");
    }

    Path log() {
        return dir().resolve("server.log");
    }
}
