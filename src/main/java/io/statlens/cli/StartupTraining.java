package io.statlens.cli;

import io.statlens.bench.MpstatWorkload;
import io.statlens.bench.NmonWorkload;
import io.statlens.store.load.BundledSamples;
import io.statlens.store.schema.RepositoryTemplate;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The workload that the start-up archive of {@code target/statlens} is recorded from ({@link StartupArchive}, at
 * package time): the everyday commands, each run once in this one JVM on two of the bundled sample runs, so that
 * the classes they load are in the archive. For a JDK 25 AOT cache ({@code --aot}) also charts, a report and two
 * imports: the cache holds their classes loaded and linked and their methods' profiles, which a CDS archive
 * cannot, and these are the commands whose fixed cost is mostly class loading and the JIT warming up
 * (docs/bench.md#start-up-and-memory).
 *
 * <p>{@code StartupTraining WORKDIR TEMPLATE|--aot}, in the JVM that records the archive. Works in WORKDIR; writes
 * what the commands printed to WORKDIR/training.log, and exits 1 with that log on standard error if any command
 * failed, so that a broken jar fails the build instead of leaving an archive of an error path. Then (not for the AOT
 * cache) it records the empty repository TEMPLATE that the launcher has new repositories copied from
 * ({@link RepositoryTemplate}).
 */
final class StartupTraining {
    private static final List<String> RUNS = List.of("ubuntu1804", "rhel7-sar-48cpu");

    private StartupTraining() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: StartupTraining WORKDIR TEMPLATE|--aot");
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
        boolean aot = args[1].equals("--aot");
        if (aot) commands.addAll(longCommands(dir, repo, run));

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
        if (!aot) recordRepositoryTemplate(Path.of(args[1]).toAbsolutePath());
    }

    /**
     * Charts as PNG and SVG, of a sample run (read from its rows) and of a long run (from the overviews kept at
     * import: `mpstat 1` of 140,000 s, as {@code bench --charts} writes it), a PDF report of a sample run, and an
     * nmon import (an hour at 10 s of 16 CPUs and 8 disks, as {@code bench --workload nmon} writes it: no nmon output
     * is bundled) into a new repository.
     */
    private static List<List<String>> longCommands(Path dir, String repo, String run) throws IOException {
        Path samples = Files.createDirectories(dir.resolve("samples"));
        Path mpstat = samples.resolve("training-mpstat.txt");
        MpstatWorkload.write(mpstat, 4, 140_000, 1, false);
        Path nmon = samples.resolve("training.nmon");
        NmonWorkload.write(nmon, 16, 8, 10, 360, 1);
        String charts = dir.resolve("charts").toString();
        return List.of(
                List.of("chart", run, "--tool", "sar.cpu", "--metric", "%usr", "--format", "png,svg", "-o", charts, "--repo", repo),
                List.of("import", mpstat.toString(), "--run", "long", "--repo", repo),
                List.of("chart", "long", "--tool", "mpstat", "--metric", "%usr", "--format", "png,svg", "-o", charts, "--repo", repo),
                List.of("report", run, "-o", dir.resolve("report.pdf").toString(), "--repo", repo),
                List.of("import", nmon.toString(), "--run", "nmon", "--repo", dir.resolve("repo-nmon").toString()));
    }

    private static void recordRepositoryTemplate(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (var paths = Files.walk(dir)) {
                for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) Files.delete(p);
            }
        }
        RepositoryTemplate.record(dir);
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
