package io.statlens.cli;

import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Upgrades keep data: each repository written by a release ({@code src/test/resources/repositories/release-schemaN.zip},
 * made by {@link ReleaseRepository}) opens with this statlens, is migrated from its schema version N to this one's, and
 * holds everything it held (its {@link RepositorySnapshot}: runs, rows, statistics, notes, presets, dashboards); then
 * a query, a chart from the saved preset and the saved dashboard work on it as a user would use them.
 */
class ReleaseUpgradeTest {
    private static final Path FIXTURES = Path.of("src/test/resources/repositories");
    private static final Pattern RELEASE = Pattern.compile("release-schema(\\d+)\\.zip");

    static Stream<Path> releases() throws IOException {
        try (Stream<Path> files = Files.list(FIXTURES)) {
            return files.filter(f -> RELEASE.matcher(f.getFileName().toString()).matches()).sorted().toList().stream();
        }
    }

    @Test
    void thereIsARepositoryOfARelease() throws IOException {
        assertFalse(releases().toList().isEmpty(), "no release-schemaN.zip in " + FIXTURES);
    }

    @ParameterizedTest
    @MethodSource("releases")
    void aReleasesRepositoryOpensMigratedAndHoldsWhatItHeld(Path zip, @TempDir Path dir) throws Exception {
        Matcher name = RELEASE.matcher(zip.getFileName().toString());
        assertTrue(name.matches());
        int written = Integer.parseInt(name.group(1));
        unzip(zip, dir);
        Instant opened = Instant.now();
        int latest;
        try (Repository fresh = Repository.open(RepositoryLocation.memory("latest" + UUID.randomUUID()))) {
            latest = fresh.schemaVersion();
        }
        assertTrue(written <= latest, zip + " is of schema " + written + ", newer than this statlens's " + latest);
        try (Repository repo = Repository.open(RepositoryLocation.embedded(dir.resolve("repo")), false)) {
            assertEquals(latest, repo.schemaVersion());
            // The steps the fixture had were applied when it was made; the ones after it, now, by this open.
            List<Integer> before = new ArrayList<>();
            List<Integer> now = new ArrayList<>();
            try (Statement s = repo.connection().createStatement();
                 ResultSet rs = s.executeQuery("SELECT VERSION, APPLIED_AT FROM STATLENS_SCHEMA ORDER BY VERSION")) {
                while (rs.next()) (Repository.instant(rs.getTimestamp(2)).isBefore(opened) ? before : now).add(rs.getInt(1));
            }
            assertEquals(range(1, written), before, "the steps " + zip.getFileName() + " says it was written with");
            assertEquals(range(written + 1, latest), now, "the steps migrating it to this statlens's schema");

            Set<String> held = new LinkedHashSet<>(Files.readAllLines(snapshotOf(zip), StandardCharsets.UTF_8));
            assertTrue(held.stream().anyMatch(l -> l.startsWith("note\t")) && held.stream().anyMatch(l -> l.startsWith("preset\t"))
                    && held.stream().anyMatch(l -> l.startsWith("dashboard\t")) && held.stream().anyMatch(l -> l.startsWith("stats\t")),
                    "the snapshot has notes, presets, dashboards and statistics to compare");
            held.removeAll(RepositorySnapshot.of(repo));
            assertEquals(Set.of(), held, "what the repository held and no longer holds as it was");
            repo.endRead();
        }

        String repoDir = dir.resolve("repo").toString();
        String runs = cli("query", "SELECT RUN, COUNT(*) AS N FROM V_SAR_CPU WHERE ITEM = 'all' GROUP BY RUN ORDER BY RUN",
                "--repo", repoDir);
        assertEquals(List.of("RUN N", "cpu-2thr 45", "de-sar 30", "(2 rows)"),
                runs.lines().map(l -> l.strip().replaceAll("\\s+", " ")).toList());
        Path charts = dir.resolve("charts");
        cli("chart", "cpu-2thr", "--preset", "vmstat.busy", "-o", charts.toString(), "--repo", repoDir);
        assertTrue(Files.size(charts.resolve("cpu-2thr_vmstat.busy_line.png")) > 0);
        try (Repository repo = Repository.open(RepositoryLocation.embedded(dir.resolve("repo")), false)) {
            io.statlens.chart.DashboardCatalog dashboards = new io.statlens.chart.DashboardCatalog(repo);
            io.statlens.chart.Dashboard saved = dashboards.find("cpu-2thr overview").orElseThrow();
            assertEquals(List.of("cpu-2thr"), saved.runs());
            assertTrue(saved.charts().size() >= 3, "the saved dashboard's charts: " + saved.charts());
        }
    }

    private static String cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(out), new PrintWriter(err), args);
        assertEquals(ExitCodes.OK, code, "statlens " + String.join(" ", args) + ": " + err);
        return out.toString();
    }

    private static List<Integer> range(int from, int to) {
        List<Integer> out = new ArrayList<>();
        for (int v = from; v <= to; v++) out.add(v);
        return out;
    }

    private static Path snapshotOf(Path zip) {
        return zip.resolveSibling(zip.getFileName().toString().replace(".zip", ".snapshot.tsv"));
    }

    private static void unzip(Path zip, Path to) throws IOException {
        try (InputStream in = Files.newInputStream(zip); ZipInputStream z = new ZipInputStream(in)) {
            for (ZipEntry e; (e = z.getNextEntry()) != null; ) {
                Path target = to.resolve(e.getName()).normalize();
                if (!target.startsWith(to)) throw new IOException("zip entry outside the folder: " + e.getName());
                Files.createDirectories(target.getParent());
                Files.copy(z, target);
            }
        }
    }
}
