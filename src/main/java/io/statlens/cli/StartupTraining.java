package io.statlens.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The workload that the class-data archive of {@code target/statlens} is recorded from, at package time
 * (pom.xml, "startup-archive"): the everyday commands, each run once in this one JVM, so that the classes
 * they load (and, for a JDK 25 AOT cache, how they link and which methods run hot) are in the archive.
 *
 * <p>{@code java -XX:AOTCacheOutput=A -cp statlens.jar io.statlens.cli.StartupTraining DIR} (or
 * {@code -XX:ArchiveClassesAtExit=A} before JDK 25). Works in DIR (demo repository, charts); writes what the
 * commands printed to DIR/training.log, and exits 1 with that log on standard error if any command failed,
 * so that a broken jar fails the build instead of leaving an archive of an error path.
 */
final class StartupTraining {
    private StartupTraining() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: StartupTraining WORKDIR");
            System.exit(ExitCodes.USER_ERROR);
        }
        Path dir = Path.of(args[0]).toAbsolutePath().normalize();
        Files.createDirectories(dir);
        String repo = dir.resolve("repo").toString();
        String run = "rhel7-sar-48cpu";
        List<List<String>> commands = List.of(
                List.of("--help"),
                List.of("--version"),
                List.of("parsers"),
                List.of("import", "--help"),
                // the bundled samples: import of every tool, then HTML and PDF reports with their charts
                List.of("demo", "--repo", repo),
                List.of("runs", "--repo", repo),
                List.of("show", run, "--repo", repo),
                List.of("query", "SELECT RUN, COUNT(*) AS N FROM V_SAR_CPU GROUP BY RUN", "--repo", repo),
                List.of("stats", run, "--tool", "sar.cpu", "--repo", repo),
                List.of("top", run, "--tool", "sar.cpu", "--metric", "%usr", "--by", "p95", "-n", "5", "--repo", repo),
                List.of("export", run, "--tool", "sar.cpu", "--format", "csv", "--repo", repo),
                List.of("chart", run, "--tool", "sar.cpu", "--metric", "%usr", "--format", "png,svg",
                        "-o", dir.resolve("charts").toString(), "--repo", repo));
        StringWriter log = new StringWriter();
        PrintWriter out = new PrintWriter(log, true);
        int failures = 0;
        for (List<String> command : commands) {
            out.println("$ statlens " + String.join(" ", command));
            int code = Main.execute(out, out, command.toArray(String[]::new));
            if (code != ExitCodes.OK) {
                out.println("(exit code " + code + ")");
                failures++;
            }
        }
        out.flush();
        try (Writer w = Files.newBufferedWriter(dir.resolve("training.log"), StandardCharsets.UTF_8)) {
            w.write(log.toString());
        }
        if (failures > 0) {
            System.err.print(log);
            System.err.println(failures + " training command(s) failed; see above");
            System.exit(ExitCodes.USER_ERROR);
        }
    }
}
