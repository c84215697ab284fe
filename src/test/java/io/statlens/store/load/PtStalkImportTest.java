package io.statlens.store.load;

import io.statlens.model.Fact;
import io.statlens.parse.ImportPlanner;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real pt-stalk --dest folder (two captures, the host in Europe/Berlin) imported as one run: each file by its
 * parser, placed by the capture's time and the offset its TS lines show whatever --tz says, the rest skipped with
 * reasons (docs/tools/pt-stalk.md).
 */
class PtStalkImportTest {
    private static final Path CAPTURES = Path.of("src/test/resources/captures/pt-stalk/mariadb-10.11-two-captures");
    @TempDir
    Path dir;
    private Repository repo;
    private ImportService importer;

    @BeforeEach
    void open() {
        repo = Repository.open(RepositoryLocation.memory("stalk" + UUID.randomUUID()));
        importer = new ImportService(repo, ParserCatalog.load(dir.resolve("no-user-parsers")));
    }

    @AfterEach
    void close() {
        repo.close();
    }

    /** The capture's files without the fixture's SOURCES.txt, as pt-stalk leaves them. */
    private Path stalkFolder() throws IOException {
        return stalkFolder(CAPTURES);
    }

    private Path stalkFolder(Path captures) throws IOException {
        Path dest = Files.createDirectories(dir.resolve("pt-stalk"));
        try (var files = Files.list(captures)) {
            for (Path f : files.filter(f -> !f.getFileName().toString().equals("SOURCES.txt")).toList()) {
                Files.copy(f, dest.resolve(f.getFileName()));
            }
        }
        return dest;
    }

    @Test
    void aFolderOfTwoCapturesIsOneRunInTimeWithTheRestSkipped() throws IOException {
        // --tz says Tokyo: the TS lines say UTC+01:00, and they win for the capture's files
        ImportResult result = importer.run(ImportRequest.of("stalk", ZoneId.of("Asia/Tokyo"), stalkFolder()), ImportProgress.NONE);

        Map<String, String> tools = new TreeMap<>();
        result.files().forEach(f -> tools.put(f.path().getFileName().toString(), f.tool()));
        assertEquals(Map.ofEntries(
                Map.entry("2026_12_02_04_58_08-df", "df"),
                Map.entry("2026_12_02_04_58_08-diskstats", "diskstats"),
                Map.entry("2026_12_02_04_58_08-innodbstatus1", "innodb-status"),
                Map.entry("2026_12_02_04_58_08-innodbstatus2", "innodb-status"),
                Map.entry("2026_12_02_04_58_08-iostat", "iostat"),
                Map.entry("2026_12_02_04_58_08-meminfo", "meminfo"),
                Map.entry("2026_12_02_04_58_08-mpstat", "mpstat"),
                Map.entry("2026_12_02_04_58_08-mysqladmin", "mysql-status"),
                Map.entry("2026_12_02_04_58_08-procstat", "procstat"),
                Map.entry("2026_12_02_04_58_08-variables", "mysql-variables"),
                Map.entry("2026_12_02_04_58_08-vmstat", "vmstat"),
                Map.entry("2026_12_02_04_58_16-innodbstatus1", "innodb-status"),
                Map.entry("2026_12_02_04_58_16-iostat", "iostat"),
                Map.entry("2026_12_02_04_58_16-mpstat", "mpstat"),
                Map.entry("2026_12_02_04_58_16-mysqladmin", "mysql-status"),
                Map.entry("2026_12_02_04_58_16-vmstat", "vmstat")), tools);

        Map<String, String> skipped = result.skipped().stream()
                .collect(Collectors.toMap(s -> s.file().getFileName().toString(), ImportPlanner.Skipped::reason));
        assertTrue(skipped.get("2026_12_02_04_58_08-processlist").startsWith("pt-stalk: not a time series"));
        assertTrue(skipped.get("2026_12_02_04_58_08-netstat_s").contains("no parser for them yet"));
        assertTrue(skipped.get("2026_12_02_04_58_08-vmstat-overall").contains("the per-second file is imported"));
        assertEquals("pt-stalk: empty (the server printed nothing)", skipped.get("2026_12_02_04_58_16-mutex-status1"));
        assertTrue(skipped.get("2026_12_02_04_58_16-variables").contains("the same bytes as an earlier capture's file"));
        assertEquals(42 - 16, result.skipped().size());
        // the capture's time in the file names places the output without time stamps: expected, so no warning about it
        assertTrue(result.files().stream().flatMap(f -> f.warnings().stream()).noneMatch(w -> w.message().contains("no time stamps")),
                result.files().toString());
        // the /proc snapshots are at their TS lines' times
        assertEquals("pt-stalk TS lines (or date(1) lines) before the snapshots", sources(result).get("2026_12_02_04_58_08-meminfo"));

        // mysqladmin has no time stamps: each capture's first snapshot at its name's time, 04:58:08 in Berlin
        Map<String, String> sources = new TreeMap<>();
        result.files().forEach(f -> sources.put(f.path().getFileName().toString(), f.timeSource()));
        assertEquals("derived: first sample at the pt-stalk capture's time in the file name (2026_12_02_04_58_08, UTC+01:00 "
                + "from its TS lines) (2026-12-02T03:58:08Z), pt-stalk's --sleep-collect, 1 s: the step of Uptime in "
                + "2026_12_02_04_58_08-mysqladmin", sources.get("2026_12_02_04_58_08-mysqladmin"));
        // vmstat and iostat print no interval either: pt-stalk ran them at the same --sleep-collect, which the capture shows
        assertTrue(sources.get("2026_12_02_04_58_16-vmstat").endsWith("pt-stalk's --sleep-collect, 1 s: the step of Uptime in "
                + "2026_12_02_04_58_16-mysqladmin"), sources.get("2026_12_02_04_58_16-vmstat"));
        assertEquals(List.of(), intervalWarnings(result));
        // the second capture was cut short before its TS files: the first capture's offset dates it
        assertTrue(sources.get("2026_12_02_04_58_16-mysqladmin").contains("(2026_12_02_04_58_16, UTC+01:00 from the TS lines of "
                + "capture 2026_12_02_04_58_08) (2026-12-02T03:58:16Z)"), sources.get("2026_12_02_04_58_16-mysqladmin"));
        // printed times of day (the InnoDB monitor's header 04:58:12) at the capture's offset, not Tokyo's
        assertEquals("the time each snapshot's header prints, zone +01:00", sources.get("2026_12_02_04_58_08-innodbstatus1"));

        RunCatalog.RunDetails run = new RunCatalog(repo).details("stalk");
        assertEquals(Instant.parse("2026-12-02T03:58:08Z"), run.run().start());
        assertEquals("vm", run.run().host());
        Map<String, String> facts = run.facts().stream().filter(f -> f.name().startsWith("mysql."))
                .collect(Collectors.toMap(Fact::name, Fact::value, (a, b) -> a));
        assertEquals("10.11.19-MariaDB-0+deb12u1", facts.get("mysql.version"));
        assertEquals("MariaDB", facts.get("mysql.server"));
        assertEquals("100663296", facts.get("mysql.redo_log_capacity"));
        assertEquals("67108864", facts.get("mysql.var.innodb_buffer_pool_size"));
        assertEquals("151", facts.get("mysql.var.max_connections"));
    }

    /** The warnings that an interval was assumed, by file. */
    private static List<String> intervalWarnings(ImportResult result) {
        return result.files().stream().flatMap(f -> f.warnings().stream()
                .filter(w -> w.message().contains("interval")).map(w -> f.path().getFileName() + ": " + w.message())).toList();
    }

    @Test
    void aCaptureWithAnotherSleepCollectStepsItsToolsByIt() throws IOException, SQLException {
        // pt-stalk --sleep-collect 2: mysqladmin, vmstat and iostat print no interval; Uptime steps by 2 in -mysqladmin
        Path capture = Path.of("src/test/resources/captures/pt-stalk/mariadb-10.11-sleep-collect-2");
        ImportResult result = importer.run(ImportRequest.of("every2", ZoneId.of("UTC"), stalkFolder(capture)), ImportProgress.NONE);

        assertEquals(List.of(), intervalWarnings(result));
        assertEquals("derived: first sample at the pt-stalk capture's time in the file name (2026_12_02_19_56_56, UTC+00:00 "
                + "from its TS lines) (2026-12-02T19:56:56Z), pt-stalk's --sleep-collect, 2 s: the step of Uptime in "
                + "2026_12_02_19_56_56-mysqladmin", sources(result).get("2026_12_02_19_56_56-vmstat"));
        assertEquals(List.of("2026-12-02T19:56:56Z", "2026-12-02T19:56:58Z", "2026-12-02T19:57:00Z", "2026-12-02T19:57:02Z"),
                times("SELECT DISTINCT TS FROM V_VMSTAT WHERE RUN = 'every2' ORDER BY TS"));
        assertEquals(List.of("2026-12-02T19:56:56Z", "2026-12-02T19:56:58Z", "2026-12-02T19:57:00Z", "2026-12-02T19:57:02Z"),
                times("SELECT DISTINCT TS FROM V_IOSTAT WHERE RUN = 'every2' ORDER BY TS"));
        // a counter's rate is its increase over the 2 s between snapshots
        try (Statement st = repo.connection().createStatement();
             ResultSet rs = st.executeQuery("SELECT \"VALUE\", PER_S FROM V_MYSQL_STATUS WHERE RUN = 'every2' AND ITEM = 'Questions' ORDER BY TS")) {
            List<Double> rates = new ArrayList<>();
            List<Double> expected = new ArrayList<>();
            double previous = Double.NaN;
            while (rs.next()) {
                double value = rs.getDouble(1);
                if (!Double.isNaN(previous)) {
                    expected.add((value - previous) / 2);
                    rates.add(rs.getDouble(2));
                }
                previous = value;
            }
            assertEquals(3, rates.size());
            assertEquals(expected, rates);
        }
    }

    /**
     * mpstat's and iostat's banners print the day month first in two digits ({@code 12/02/26}); the capture's file names
     * state the day (2026_12_02), so reading it is no guess to warn or tell about.
     */
    @Test
    void theCapturesDayDatesMpstatAndIostatWithoutAWarning() throws IOException, SQLException {
        Path capture = Path.of("src/test/resources/captures/pt-stalk/mariadb-10.11-sleep-collect-2");
        ImportResult result = importer.run(ImportRequest.of("dated", ZoneId.of("UTC"), stalkFolder(capture)), ImportProgress.NONE);
        List<String> said = result.files().stream().filter(f -> f.tool().equals("mpstat") || f.tool().equals("iostat"))
                .flatMap(f -> f.warnings().stream().map(w -> f.path().getFileName() + ": " + w.message())).toList();
        assertEquals(List.of(), said);
        assertEquals(List.of("2026-12-02T19:57:01Z"), times("SELECT MIN(TS) FROM V_MPSTAT WHERE RUN = 'dated'"));
    }

    private List<String> times(String sql) throws SQLException {
        List<String> times = new ArrayList<>();
        try (Statement st = repo.connection().createStatement(); ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) times.add(Repository.instant(rs.getTimestamp(1)).toString());
        }
        return times;
    }

    private static Map<String, String> sources(ImportResult result) {
        Map<String, String> sources = new TreeMap<>();
        result.files().forEach(f -> sources.put(f.path().getFileName().toString(), f.timeSource()));
        return sources;
    }

    /**
     * A sysbench run's own vmstat and mpstat beside a pt-stalk capture's taken meanwhile, each in its folder: two vmstat
     * series over the same seconds, drawn apart by folder, but one machine. Its name comes from what the files say (the
     * mpstat banners' {@code (vm)}, which vmstat's output lacks), not from the folders {@code run} and {@code stalk}.
     */
    @Test
    void aRunBesideAPtStalkCaptureIsOfTheHostTheFilesName() throws IOException {
        Path run = Files.createDirectories(dir.resolve("run"));
        Path stalk = Files.createDirectories(dir.resolve("stalk"));
        Path own = Path.of("src/test/resources/captures/sysbench-mariadb-pt-stalk-run");
        Path captured = Path.of("src/test/resources/captures/pt-stalk/mariadb-10.11-sleep-collect-2");
        List<Path> files = List.of(Files.copy(own.resolve("vmstat-1-28.txt"), run.resolve("vmstat-1-28.txt")),
                Files.copy(own.resolve("mpstat-P-ALL-1-28.txt"), run.resolve("mpstat-P-ALL-1-28.txt")),
                Files.copy(captured.resolve("2026_12_02_19_56_56-vmstat"), stalk.resolve("2026_12_02_19_56_56-vmstat")),
                Files.copy(captured.resolve("2026_12_02_19_56_56-mpstat"), stalk.resolve("2026_12_02_19_56_56-mpstat")));
        importer.run(new ImportRequest(files, "beside", java.util.Optional.empty(), List.of(), java.util.Optional.empty(),
                java.util.Optional.empty(), java.util.Optional.empty(), ZoneId.of("UTC"), false, false, false), ImportProgress.NONE);
        assertEquals("vm", new RunCatalog(repo).run("beside").host());
    }

    @Test
    void oneCaptureByItsFilesIsARunOfItsOwn() throws IOException {
        Path folder = stalkFolder();
        List<Path> second;
        try (var files = Files.list(folder)) {
            second = files.filter(f -> f.getFileName().toString().startsWith("2026_12_02_04_58_16-")).sorted().toList();
        }
        ImportResult result = importer.run(new ImportRequest(second, "second", java.util.Optional.empty(), List.of(),
                java.util.Optional.empty(), java.util.Optional.empty(), java.util.Optional.empty(), ZoneId.of("UTC"), false, false,
                false), ImportProgress.NONE);
        assertEquals(6, result.files().size());
        assertEquals(Instant.parse("2026-12-02T04:58:16Z"), new RunCatalog(repo).run("second").start(),
                "no TS line among the files given: --tz (UTC) is the capture's zone");
    }

    @Test
    void aCaptureFileIsTheToolsOwnOutputNeverATerminalsWrap() throws IOException, SQLException {
        // Every snapshot's longest df row is 99 characters: the width of nothing but df's own columns.
        Path df = Path.of("src/test/resources/captures/pt-stalk/mariadb-10.11-long-df-line/2026_12_02_13_01_27-df");
        Path copy = Files.copy(df, Files.createDirectories(dir.resolve("stalk")).resolve(df.getFileName()));
        ImportResult result = importer.run(ImportRequest.of("df", ZoneId.of("UTC"), copy), ImportProgress.NONE);
        assertEquals(0, result.files().get(0).warningCount(), result.files().get(0).warnings().toString());
        try (Statement st = repo.connection().createStatement();
             ResultSet rs = st.executeQuery("SELECT DISTINCT ITEM FROM V_DF WHERE RUN = 'df' ORDER BY ITEM")) {
            List<String> mounts = new ArrayList<>();
            while (rs.next()) mounts.add(rs.getString(1));
            assertEquals(List.of("/", "/dev", "/dev/shm", "/srv/builds/nightly/toolchains/x86_64-gcc", "/sys/fs/cgroup"), mounts);
        }
    }

    @Test
    void aToolChosenForACaptureFileKeepsTheCapturesTime() throws IOException {
        // The GUI's import plan chooses a tool for every ticked file: the capture still places output without time stamps.
        Path mysqladmin = stalkFolder().resolve("2026_12_02_04_58_16-mysqladmin");
        ImportResult result = importer.run(ImportRequest.of("chosen", ZoneId.of("UTC"), mysqladmin)
                .choosingTools(Map.of(mysqladmin, "mysql-status")), ImportProgress.NONE);
        assertEquals(Instant.parse("2026-12-02T04:58:16Z"), new RunCatalog(repo).run("chosen").start(), result.files().toString());
    }
}
