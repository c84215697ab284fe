package io.statlens.cli;

import io.statlens.store.load.BundledSamples;
import io.statlens.store.schema.RepositoryTemplate;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The workload that the class-data archive of {@code target/statlens} is recorded from, at package time
 * (pom.xml, "startup-archive"): the everyday commands, each run once in this one JVM on two of the bundled
 * sample runs, so that the classes they load are in the archive. Charts and reports are left out: they
 * take seconds anyway, and every class in the archive costs every command a little at start.
 *
 * <p>{@code java -XX:ArchiveClassesAtExit=A -cp statlens.jar io.statlens.cli.StartupTraining DIR A}. Works in DIR;
 * writes what the commands printed to DIR/training.log, and exits 1 with that log on standard error if any
 * command failed, so that a broken jar fails the build instead of leaving an archive of an error path.
 * Then it records beside A the empty repository {@code statlens.repository} that the launcher has new repositories
 * copied from ({@link RepositoryTemplate}), and writes statlens.archive beside A: which JVM records A (this one,
 * whichever JDK the build chose), for the launcher, which uses A only with that very JVM.
 */
final class StartupTraining {
    private static final List<String> RUNS = List.of("ubuntu1804", "rhel7-sar-48cpu");

    private StartupTraining() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: StartupTraining WORKDIR ARCHIVE");
            System.exit(ExitCodes.USER_ERROR);
        }
        Path dir = Path.of(args[0]).toAbsolutePath().normalize();
        String repo = dir.resolve("repo").toString();
        String run = "rhel7-sar-48cpu";
        List<List<String>> commands = new ArrayList<>(List.of(
                List.of("--help"), List.of("--version"), List.of("parsers"), List.of("import", "--help")));
        for (String sampleRun : RUNS) {
            List<String> command = new ArrayList<>(List.of("import"));
            for (Path file : extract(sampleRun, dir.resolve("samples"))) command.add(file.toString());
            command.addAll(List.of("--run", sampleRun, "--repo", repo));
            commands.add(command);
        }
        commands.addAll(List.of(
                List.of("runs", "--repo", repo),
                List.of("show", run, "--repo", repo),
                List.of("query", "SELECT RUN, COUNT(*) AS N FROM V_SAR_CPU GROUP BY RUN", "--repo", repo),
                List.of("stats", run, "--tool", "sar.cpu", "--repo", repo),
                List.of("top", run, "--tool", "sar.cpu", "--metric", "%usr", "--by", "p95", "-n", "5", "--repo", repo),
                List.of("export", run, "--tool", "sar.cpu", "--format", "csv", "--repo", repo)));

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
        Files.writeString(dir.resolve("training.log"), log.toString(), StandardCharsets.UTF_8);
        if (failures > 0) {
            System.err.print(log);
            System.err.println(failures + " training command(s) failed; see above");
            System.exit(ExitCodes.USER_ERROR);
        }
        Path archive = Path.of(args[1]).toAbsolutePath();
        recordRepositoryTemplate(archive.resolveSibling(REPOSITORY_TEMPLATE));
        describeArchive(archive);
    }

    /** The empty repository that the launcher has new repositories copied from, beside the archive. */
    static final String REPOSITORY_TEMPLATE = "statlens.repository";

    private static void recordRepositoryTemplate(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (var paths = Files.walk(dir)) {
                for (Path p : (Iterable<Path>) paths.sorted(java.util.Comparator.reverseOrder())::iterator) Files.delete(p);
            }
        }
        RepositoryTemplate.record(dir);
    }

    /** statlens.archive beside the archive: the JVM that records it (at this JVM's exit), read by the launcher. */
    private static void describeArchive(Path archive) throws IOException {
        String description = "# The class-data archive of statlens.jar and the JVM that recorded it"
                + " (StartupTraining); read by the statlens launcher.\n"
                + "java.home=" + Path.of(System.getProperty("java.home")).toRealPath() + "\n"
                + "java.runtime.version=" + System.getProperty("java.runtime.version") + "\n"
                + "file=" + archive.getFileName() + "\n";
        Files.writeString(archive.resolveSibling("statlens.archive"), description, StandardCharsets.UTF_8);
    }

    /** Copies the bundled sample files of one run into FOLDER; returns their paths. */
    private static List<Path> extract(String run, Path folder) throws IOException {
        List<Path> files = new ArrayList<>();
        for (BundledSamples.Sample sample : BundledSamples.list()) {
            if (!sample.run().equals(run)) continue;
            Path target = folder.resolve(sample.file());
            BundledSamples.copy(sample, target);
            files.add(target);
        }
        return files;
    }
}
