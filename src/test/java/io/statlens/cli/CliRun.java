package io.statlens.cli;

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

    /** Runs {@code statlens ARGS --repo REPO} ({@code parsers} takes no repository). */
    static CliRun in(Path repo, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>(List.of(args));
        if (!all.isEmpty() && !all.get(0).equals("parsers")) {
            all.add("--repo");
            all.add(repo.toString());
        }
        int code = Main.execute(new PrintWriter(out), new PrintWriter(err), all.toArray(String[]::new));
        return new CliRun(code, out.toString(), err.toString());
    }
}
