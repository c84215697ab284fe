package io.statlens.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code statlens server}: a Derby network server that shares one repository with a team, locked down. */
@Command(name = "server", mixinStandardHelpOptions = true,
        description = {"Share a repository with a team through an authenticated Derby network server.",
                "Authentication is on, with SQL authorization and a read-only role for people who only query and " +
                        "report; the server listens on this machine only unless --host opens it; TLS with --tls.",
                "See docs/team.md."},
        subcommands = {ServerStartCommand.class, ServerStopCommand.class, ServerStatusCommand.class, ServerUserCommand.class,
                ServerRunCommand.class})
public final class ServerCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
