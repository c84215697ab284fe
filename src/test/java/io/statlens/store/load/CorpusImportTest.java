package io.statlens.store.load;

import io.statlens.parse.AutoDetectParser;
import io.statlens.parse.Corpus;
import io.statlens.parse.Corpus.Fixture;
import io.statlens.parse.ImportPlanner;
import io.statlens.parse.ParserCatalog;
import io.statlens.parse.spi.Detection;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.Parser;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static java.util.Map.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every file listed in a {@code SOURCES.tsv} under {@code src/test/resources/corpus/}, end to end:
 * detected among all registered parsers (and claimed by no other), imported through {@link ImportService}
 * as a run of its own into an in-memory repository, and recorded in {@code SOURCE_FILES}. The parsers'
 * own corpus tests check values; this one checks that detection and import hold together over the
 * whole corpus. A new corpus folder needs an entry in {@link Corpus#TOOL_OF_FOLDER}.
 */
class CorpusImportTest {
    /** Folders that may be missing on a branch (their parser is merged separately). */
    static final Set<String> OPTIONAL_FOLDERS = Set.of("iostat");

    /**
     * Files that legitimately give neither rows nor summary values, with a piece of the warning that
     * must say why. Every other file must give data, so a regression that drops it fails.
     */
    static final Map<String, String> NO_DATA = Map.ofEntries(
            entry("innodb-mutex/mariadb-10.11-show-engine-innodb-mutex-vvv-empty.txt", "the server listed no mutexes"),
            entry("vmstat/ssup-ubuntu1804-vmstat-single.txt", "no vmstat data: the header at line 3 is not followed by any sample"),
            entry("vmstat/smartos-tips-vmstat-runtogether.txt", "the header's positions do not tell which of them are extra"));

    @TempDir
    static Path tmp;
    /**
     * One repository for the class, each file a run of its own: opening a fresh in-memory repository
     * took about 150 ms and dropping one about 500 ms, several times the import of most corpus files
     * (a repository per file made the class 80 s instead of 25 s).
     */
    private static final String REPO_NAME = "corpus-" + UUID.randomUUID();
    private static ParserCatalog registry;
    private static Repository repo;

    @BeforeAll
    static void open() {
        registry = ParserCatalog.load(tmp.resolve("no-such-parser-folder"));
        repo = Repository.open(RepositoryLocation.memory(REPO_NAME));
    }

    @AfterAll
    static void close() {
        if (repo != null) repo.close();
        drop(REPO_NAME);
    }

    @Test
    void everyCorpusFolderIsKnownAndItsSourcesListExactlyItsFiles() throws IOException {
        List<String> problems = new ArrayList<>();
        for (String folder : Corpus.folders()) {
            if (!Corpus.TOOL_OF_FOLDER.containsKey(folder)) {
                problems.add("corpus folder '" + folder + "' has no expected tool in Corpus.TOOL_OF_FOLDER (src/test/java/io/statlens/parse/Corpus.java)");
                continue;
            }
            if (registry.byTool(Corpus.TOOL_OF_FOLDER.get(folder)).isEmpty()) {
                problems.add("corpus folder '" + folder + "': no parser registered for tool '" + Corpus.TOOL_OF_FOLDER.get(folder) + "'");
            }
            Path dir = Corpus.root().resolve(folder);
            if (!Files.exists(dir.resolve("SOURCES.tsv"))) {
                problems.add(folder + ": no SOURCES.tsv");
                continue;
            }
            Set<String> listed = new TreeSet<>();
            for (String[] cols : Corpus.sources(folder)) {
                if (cols.length < 2) {
                    problems.add(folder + "/SOURCES.tsv: malformed row " + String.join("\\t", cols));
                    continue;
                }
                if (!cols[0].startsWith(folder + "/")) problems.add(cols[0] + ": listed in " + folder + "/SOURCES.tsv");
                if (!cols[1].equals(folder)) problems.add(cols[0] + ": tool column '" + cols[1] + "', expected '" + folder + "'");
                if (!Files.isRegularFile(Corpus.root().resolve(cols[0]))) problems.add(cols[0] + ": listed but missing");
                if (!listed.add(cols[0])) problems.add(cols[0] + ": listed twice");
            }
            try (Stream<Path> s = Files.list(dir)) {
                s.map(p -> folder + "/" + p.getFileName())
                        .filter(p -> !p.equals(folder + "/SOURCES.tsv") && !Corpus.isGolden(p) && !listed.contains(p))
                        .forEach(p -> problems.add(p + ": not listed in SOURCES.tsv"));
            }
        }
        for (String folder : Corpus.TOOL_OF_FOLDER.keySet()) {
            if (!OPTIONAL_FOLDERS.contains(folder) && !Corpus.folders().contains(folder)) problems.add("corpus folder '" + folder + "' is missing");
        }
        Set<String> all = Corpus.fixtures().map(Fixture::path).collect(Collectors.toSet());
        for (String path : NO_DATA.keySet()) {
            if (!all.contains(path) && !OPTIONAL_FOLDERS.contains(path.substring(0, path.indexOf('/')))) {
                problems.add(path + ": in NO_DATA but not a corpus file");
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.statlens.parse.Corpus#fixtures")
    void detectsAndImports(Fixture fixture) throws Exception {
        Path file = fixture.file();

        // (1) detection among every registered parser picks this folder's tool, and not by a tie
        Head head = ImportPlanner.head(file);
        Detection detection = new AutoDetectParser(registry).detect(head);
        List<Detection.Candidate> ranked = detection.candidates();
        String ranking = ranked.stream().limit(3)
                .map(c -> c.parser().info().tool() + String.format(" %.2f", c.confidence())).collect(Collectors.joining(", "));
        assertEquals(List.of(), detection.notices(), fixture + ": no parser throws while detecting");
        assertEquals(fixture.tool(), detection.parser().map(p -> p.info().tool()).orElse("(none)"),
                fixture + ": detected tool; ranking " + ranking);
        assertTrue(ranked.size() < 2 || ranked.get(1).confidence() < ranked.get(0).confidence(),
                fixture + ": detection is a tie; ranking " + ranking);

        // (2) import, as a run of its own, into the class's repository
        ImportResult result = new ImportService(repo, registry)
                .run(ImportRequest.of(fixture.path(), ZoneOffset.UTC, file), ImportProgress.NONE);
        assertEquals(1, result.files().size());
        ImportResult.FileResult fr = result.files().get(0);
        assertEquals(fixture.tool(), fr.tool(), fixture + ": tool the import chose");

        // (3) SOURCE_FILES holds the file's SHA-256 and the parser's name
        long fileId;
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT F.ID, F.PATH, F.SHA256, F.PARSER, F.ROW_COUNT,"
                + " F.WARNING_COUNT FROM SOURCE_FILES F JOIN RUNS R ON R.ID = F.RUN_ID WHERE R.NAME = ?")) {
            ps.setString(1, fixture.path());
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next(), fixture + ": no SOURCE_FILES row");
                fileId = rs.getLong(1);
                assertEquals(file.toAbsolutePath().normalize().toString(), rs.getString(2));
                assertEquals(sha256(file), rs.getString(3), fixture + ": SHA-256 in SOURCE_FILES");
                assertEquals(fixture.tool(), rs.getString(4), fixture + ": PARSER in SOURCE_FILES");
                assertEquals(fr.rows(), rs.getLong(5), fixture + ": ROW_COUNT in SOURCE_FILES");
                assertEquals(fr.warningCount(), rs.getLong(6), fixture + ": WARNING_COUNT in SOURCE_FILES");
                assertFalse(rs.next(), fixture + ": more than one SOURCE_FILES row");
            }
        }

        // (4) it gave data, or it is a known no-data file and a warning says why
        long rows = storedRows(fileId, fixture);
        assertEquals(fr.rows(), rows, fixture + ": rows reported vs rows in the data tables");
        long summaries = count("SELECT COUNT(*) FROM SUMMARY WHERE FILE_ID = ?", fileId);
        // a settings file's data are its facts (mysql-variables: mysql.version, mysql.var.NAME)
        long settings = count("SELECT COUNT(*) FROM FACTS WHERE FILE_ID = ? AND NAME LIKE 'mysql.var.%'", fileId);
        List<String> warnings = warnings(fileId);
        String report = fixture + ": " + rows + " rows, " + summaries + " summary values, " + fr.warningCount()
                + " warnings, variant '" + fr.variant() + "', first warnings " + warnings.stream().limit(5).toList();
        String reason = NO_DATA.get(fixture.path());
        if (reason == null) {
            assertTrue(rows + summaries + settings > 0, report + " (not listed in NO_DATA, so it must give data)");
        } else {
            assertEquals(0, rows + summaries, report + " (listed in NO_DATA; remove it from there if it now gives data)");
            assertTrue(warnings.stream().anyMatch(w -> w.contains(reason)), report + ": no warning contains '" + reason + "'");
        }
    }

    @Test
    void noParserClaimsAnotherToolsFixture() {
        List<String> offenders = new ArrayList<>();
        List<Fixture> all = Corpus.fixtures().toList();
        for (Fixture fixture : all) {
            Head head = ImportPlanner.head(fixture.file());
            for (Parser p : registry.all()) {
                String tool = p.info().tool();
                if (tool.equals(fixture.tool())) continue;
                try {
                    double c = p.sniff(head);
                    if (!(c < Detection.THRESHOLD)) {
                        offenders.add(String.format("%s sniffs %.2f on %s (a %s fixture)", tool, c, fixture, fixture.tool()));
                    }
                } catch (RuntimeException e) {
                    offenders.add(tool + " throws on " + fixture + ": " + e);
                }
            }
        }
        assertFalse(all.isEmpty(), "no corpus fixtures found");
        assertTrue(offenders.isEmpty(), offenders.size() + " cross-claim(s):\n" + String.join("\n", offenders));
    }

    // ---- support

    /** Rows of the file's data sets, counted in the data tables and checked against DATASETS.ROW_COUNT. */
    private static long storedRows(long fileId, Fixture fixture) throws SQLException {
        long total = 0;
        try (PreparedStatement ps = repo.connection().prepareStatement(
                "SELECT ID, TABLE_NAME, ROW_COUNT FROM DATASETS WHERE FILE_ID = ?")) {
            ps.setLong(1, fileId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    long inTable = count("SELECT COUNT(*) FROM " + rs.getString(2) + " WHERE DATASET_ID = ?", rs.getLong(1));
                    assertEquals(rs.getLong(3), inTable, fixture + ": DATASETS.ROW_COUNT vs rows in " + rs.getString(2));
                    total += inTable;
                }
            }
        }
        return total;
    }

    private static long count(String sql, long id) throws SQLException {
        try (PreparedStatement ps = repo.connection().prepareStatement(sql)) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static List<String> warnings(long fileId) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = repo.connection().prepareStatement(
                "SELECT LINE_NO, MESSAGE FROM WARNINGS WHERE FILE_ID = ? ORDER BY LINE_NO")) {
            ps.setLong(1, fileId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.add(rs.getLong(1) + ": " + rs.getString(2));
            }
        }
        return out;
    }

    private static String sha256(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Frees an in-memory repository; Derby keeps it until dropped. */
    private static void drop(String name) {
        try {
            DriverManager.getConnection("jdbc:derby:memory:" + name + ";drop=true").close();
        } catch (SQLException expected) {
            // Derby reports a successful drop as SQLState 08006.
        }
    }

}
