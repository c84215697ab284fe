package io.statlens.cli;

import io.statlens.model.UserException;
import io.statlens.store.schema.Repository;
import io.statlens.store.server.ServerDatabase;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code statlens server user add|remove|list}: the server's readers, managed by its owner through the
 * server ({@code --db} with the owner's name; the password in STATLENS_DB_PASSWORD).
 */
@Command(name = "user", mixinStandardHelpOptions = true,
        description = {"Add, remove or list the readers of a server repository: they may query, chart and report, nothing else.",
                "Run as the owner: --db 'jdbc:derby://host:1527/statlens;user=OWNER', password in STATLENS_DB_PASSWORD."})
public final class ServerUserCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RepositoryOptions repository;

    @Parameters(index = "0", paramLabel = "ACTION", description = "add, remove or list.")
    String action;

    @Parameters(index = "1", arity = "0..1", paramLabel = "NAME", description = "The reader's user name.")
    String name;

    @Option(names = "--password-file", paramLabel = "FILE",
            description = "add: read the reader's password from the file's first line (else one is made up and shown once).")
    Path passwordFile;

    @Override
    public Integer call() throws Exception {
        if (repository.db == null || !repository.db.startsWith("jdbc:derby://")) {
            throw new UserException("give the server with --db 'jdbc:derby://host:port/statlens;user=OWNER'");
        }
        try (Repository repo = repository.openExisting()) {
            switch (action) {
                case "add" -> add(repo);
                case "remove" -> {
                    ServerDatabase.removeReader(repo, requireName());
                    spec.commandLine().getOut().println("removed reader " + name);
                }
                case "list" -> ServerDatabase.readers(repo).forEach(spec.commandLine().getOut()::println);
                default -> throw new UserException("ACTION is add, remove or list (got '" + action + "')");
            }
        }
        return ExitCodes.OK;
    }

    private void add(Repository repo) throws Exception {
        String password;
        if (passwordFile != null) {
            password = ServerStartCommand.readPassword(passwordFile);
        } else {
            password = ServerStartCommand.newPassword();
        }
        ServerDatabase.addReader(repo, requireName(), password);
        spec.commandLine().getOut().println("added reader " + name + " (may query, chart and report; may not change anything)");
        if (passwordFile == null) spec.commandLine().getOut().println("their password (shown this once): " + password);
    }

    private String requireName() {
        if (name == null) throw new UserException("name the user: statlens server user " + action + " NAME");
        return name;
    }
}
