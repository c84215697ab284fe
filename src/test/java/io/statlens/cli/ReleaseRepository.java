package io.statlens.cli;

import io.statlens.chart.DashboardCatalog;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Makes a release's repository for {@link ReleaseUpgradeTest}: a small embedded repository written by this statlens as
 * a user's is after some work (two runs imported, a note, a saved chart preset, a saved dashboard), zipped as
 * {@code release-schemaN.zip}, and beside it {@code release-schemaN.snapshot.tsv}, what it holds
 * ({@link RepositorySnapshot}). N is the schema version this statlens writes. Run at each release whose schema is newer
 * than the newest fixture's (src/test/resources/repositories/README.md):
 *
 * <pre>
 * ./mvnw -q -B test-compile &amp;&amp; ./mvnw -q -B package -DskipTests
 * java -cp target/statlens.jar:target/test-classes io.statlens.cli.ReleaseRepository src/test/resources/repositories
 * </pre>
 *
 * Everything but the dashboard is done by the commands a user types; the dashboard is saved as the window's
 * <em>Save</em> saves it (the run's default dashboard, named).
 */
final class ReleaseRepository {
    static final String CAPTURE = "src/test/resources/captures/cpu-2thr/";
    static final String GERMAN_SAR = "src/test/resources/corpus/sar/mb-de-sar-u.txt";
    /** A preset of the user's own: what a saved preset's query answers after an upgrade. */
    static final String PRESET = """
            title = Busy CPU time (vmstat)
            description = 100 - idle, in per cent
            kind = line
            sql = SELECT TS, 100 - ID AS "busy" FROM V_VMSTAT WHERE RUN = :run
            unit = %
            """;

    private ReleaseRepository() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) throw new IllegalArgumentException("usage: ReleaseRepository FOLDER (src/test/resources/repositories)");
        Path folder = Path.of(args[0]);
        Path work = Files.createTempDirectory("statlens-release");
        Path repo = work.resolve("repo");
        // Derby's default log file size (1 MB, not the 32 MB statlens asks for large imports): the zip stays small.
        System.setProperty("derby.storage.logSwitchInterval", Integer.toString(1 << 20));
        cli("import", CAPTURE + "sysbench-cpu-2thr.txt", CAPTURE + "vmstat-t-2.txt", CAPTURE + "mpstat-P-ALL-2.txt",
                CAPTURE + "sar-uqrbwd-nDEV.txt", "--run", "cpu-2thr", "--start", "2026-11-25T20:08:43Z", "--tag", "capture",
                "--repo", repo.toString());
        cli("import", GERMAN_SAR, "--run", "de-sar", "--tz", "Europe/Berlin", "--repo", repo.toString());
        cli("note", "cpu-2thr", "dd writes 400 MiB with oflag=direct", "--at", "30", "--repo", repo.toString());
        Path preset = work.resolve("busy.chart");
        Files.writeString(preset, PRESET);
        cli("presets", "save", "vmstat.busy", "--from-file", preset.toString(), "--repo", repo.toString());
        int version;
        List<String> snapshot;
        try (Repository r = Repository.open(RepositoryLocation.embedded(repo), false)) {
            DashboardCatalog dashboards = new DashboardCatalog(r);
            dashboards.save("cpu-2thr overview", dashboards.defaultFor(List.of("cpu-2thr")));
            version = r.schemaVersion();
            snapshot = RepositorySnapshot.of(r);
        }
        Path zip = folder.resolve("release-schema" + version + ".zip");
        if (Files.exists(zip)) throw new IllegalStateException(zip + " exists: a release of this schema has its repository already");
        zip(repo, zip);
        Files.write(folder.resolve("release-schema" + version + ".snapshot.tsv"), snapshot, StandardCharsets.UTF_8);
        delete(work);
        System.out.println("wrote " + zip + " (schema version " + version + ") and its snapshot");
    }

    private static void cli(String... args) {
        StringWriter out = new StringWriter();
        int code = Main.execute(new PrintWriter(out), new PrintWriter(out), args);
        if (code != ExitCodes.OK) throw new IllegalStateException("statlens " + String.join(" ", args) + ": " + out);
    }

    /** The repository folder as {@code repo/...}, entries in a fixed order. */
    private static void zip(Path repo, Path zip) throws IOException {
        try (OutputStream out = Files.newOutputStream(zip); ZipOutputStream z = new ZipOutputStream(out);
             Stream<Path> files = Files.walk(repo)) {
            for (Path p : files.filter(Files::isRegularFile).sorted().toList()) {
                z.putNextEntry(new ZipEntry("repo/" + repo.relativize(p).toString().replace('\\', '/')));
                Files.copy(p, z);
                z.closeEntry();
            }
        }
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}
