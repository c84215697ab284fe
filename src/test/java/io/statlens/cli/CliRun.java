package io.statlens.cli;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What one command line printed and returned, run in-process against a test repository.
 *
 * @param code the exit code
 */
record CliRun(int code, String out, String err) {

    /** Runs {@code statlens ARGS}, adding {@code --repo REPO} for commands that take it. */
    static CliRun in(Path repo, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>(List.of(args));
        if (!all.isEmpty() && takesRepository(all.get(0))) {
            all.add("--repo");
            all.add(repo.toString());
        }
        int code = Main.execute(new PrintWriter(out), new PrintWriter(err), all.toArray(String[]::new));
        return new CliRun(code, out.toString(), err.toString());
    }

    /** Runs {@code statlens ARGS} as given. */
    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(out), new PrintWriter(err), args);
        return new CliRun(code, out.toString(), err.toString());
    }

    private static boolean takesRepository(String command) {
        CommandLine sub = Main.commandLine(command).getSubcommands().get(command);
        return sub != null && sub.getCommandSpec().findOption("--repo") != null;
    }
}
