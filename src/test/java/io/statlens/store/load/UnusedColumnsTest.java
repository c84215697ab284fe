package io.statlens.store.load;

import io.statlens.model.UserException;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.OnEveryEngine;
import io.statlens.store.RepositoryEngine;
import io.statlens.store.read.ActiveCollects;
import io.statlens.store.schema.Repository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 31 item 2: the columns a run added go when the run is deleted and no other run uses them. A junk header of 900
 * labels left its columns in the tool's table for good, and from then on a real file adding 150
 * labels was refused (a table holds at most 1,000 metrics), even after the junk run was deleted.
 */
@OnEveryEngine
class UnusedColumnsTest {
    private final RepositoryEngine engine;

    UnusedColumnsTest(RepositoryEngine engine) {
        this.engine = engine;
    }

    @TempDir
    Path dir;

    /** An arcstat header of time, read and {@code labels} more labels, then {@code rows} rows of values. */
    private Path arcstat(String name, int labels, String prefix, int rows) throws Exception {
        StringBuilder header = new StringBuilder("time read");
        StringBuilder row = new StringBuilder(" 100");
        for (int i = 0; i < labels; i++) {
            header.append(' ').append(prefix).append(i);
            row.append(' ').append(i + 0.5);
        }
        StringBuilder text = new StringBuilder(header).append('\n');
        for (int r = 0; r < rows; r++) text.append(String.format("12:00:%02d", r)).append(row).append('\n');
        return Files.writeString(dir.resolve(name), text);
    }

    /** An arcstat header of time, read and these labels, then {@code rows} rows of values (the i-th label's is i + 0.5). */
    private Path arcstat(String name, List<String> labels, int rows) throws Exception {
        StringBuilder text = new StringBuilder("time read ").append(String.join(" ", labels)).append('\n');
        for (int r = 0; r < rows; r++) {
            text.append(String.format("%02d:%02d:%02d 100", 12 + r / 3600, r / 60 % 60, r % 60));
            for (int i = 0; i < labels.size(); i++) text.append(' ').append(i + 0.5);
            text.append('\n');
        }
        return Files.writeString(dir.resolve(name), text);
    }

    private static ImportRequest arcstatRun(String run, Path file) {
        return new ImportRequest(List.of(file), run, java.util.Optional.empty(), List.of(), java.util.Optional.of("arcstat"),
                java.util.Optional.empty(), java.util.Optional.empty(), ZoneOffset.UTC, false, false, false);
    }

    @Test
    void deletingAJunkRunDropsItsColumnsAndARealFileThenFits() throws Exception {
        try (Repository repo = Repository.open(engine.freshRepository())) {
            ImportService importer = new ImportService(repo, ParserCatalog.load(dir.resolve("no-user-parsers")));
            importer.run(arcstatRun("kept", arcstat("kept.txt", 3, "ok", 2)), ImportProgress.NONE);
            // one row: with --tool a file of no rows is refused as the wrong tool's output
            importer.run(arcstatRun("junk", arcstat("junk.txt", 899, "junk", 1)), ImportProgress.NONE);
            assertEquals(903, metrics(repo).size(), "read, ok0..ok2 and 899 junk labels");
            Path real = arcstat("real.txt", 150, "real", 3);
            assertThrows(UserException.class, () -> importer.run(arcstatRun("real", real), ImportProgress.NONE),
                    "the junk run's columns leave no room for 150 more");

            new RunLedger(repo).deleteRun("junk");

            assertEquals(List.of("READ_", "OK0", "OK1", "OK2"), metrics(repo), "only the kept run's columns are left");
            importer.run(arcstatRun("real", real), ImportProgress.NONE);
            assertEquals(154, metrics(repo).size());
            assertEquals(List.of("kept 100.0 1.5", "kept 100.0 1.5"), values(repo, "kept", "OK1"), "the kept run reads as before");
            assertEquals(List.of("real 100.0 149.5", "real 100.0 149.5", "real 100.0 149.5"), values(repo, "real", "REAL149"));

            new RunLedger(repo).deleteRun("real");
            assertEquals(List.of("READ_", "OK0", "OK1", "OK2"), metrics(repo), "the real run's own columns went with it");
            new RunLedger(repo).deleteRun("kept");
            assertEquals(List.of(), metrics(repo), "a table no run uses goes whole");
            importer.run(arcstatRun("again", arcstat("again.txt", 2, "ok", 1)), ImportProgress.NONE);
            assertEquals(List.of("again 100.0 1.5"), values(repo, "again", "OK1"), "and is made again by the next import");
        }
    }

    /**
     * A run's columns in the middle of its table go too: on Derby a column's values are found in the blocks by its
     * position, so the columns after it move up in the blocks of the runs that stay, which read as before (issue 31
     * item 2: only the unused columns after the last used one went there).
     */
    @Test
    void theColumnsARunAddedInTheMiddleGoWithIt() throws Exception {
        try (Repository repo = Repository.open(engine.freshRepository())) {
            ImportService importer = new ImportService(repo, ParserCatalog.load(dir.resolve("no-user-parsers")));
            importer.run(arcstatRun("first", arcstat("first.txt", 2, "ok", 2)), ImportProgress.NONE);
            importer.run(arcstatRun("junk", arcstat("junk.txt", 3, "junk", 1)), ImportProgress.NONE);
            importer.run(arcstatRun("later", arcstat("later.txt", List.of("ok1", "late0", "late1"), 600)), ImportProgress.NONE);
            assertEquals(List.of("READ_", "OK0", "OK1", "JUNK0", "JUNK1", "JUNK2", "LATE0", "LATE1"), metrics(repo));

            new RunLedger(repo).deleteRun("junk");

            assertEquals(List.of("READ_", "OK0", "OK1", "LATE0", "LATE1"), metrics(repo), "the junk run's columns in the middle are gone");
            assertEquals(List.of("first 100.0 1.5", "first 100.0 1.5"), values(repo, "first", "OK1"));
            assertEquals(List.of("first 100.0 0.0", "first 100.0 0.0"), values(repo, "first", "LATE1"), "no value");
            List<String> late = values(repo, "later", "LATE1");
            assertEquals(600, late.size(), "two blocks of 512 and 88 rows");
            assertEquals(List.of("later 100.0 2.5"), late.stream().distinct().toList());
            assertEquals(List.of("later 100.0 0.5"), values(repo, "later", "OK1").stream().distinct().toList());
            importer.run(arcstatRun("again", arcstat("again.txt", 3, "junk", 1)), ImportProgress.NONE);
            assertEquals(List.of("READ_", "OK0", "OK1", "LATE0", "LATE1", "JUNK0", "JUNK1", "JUNK2"), metrics(repo));
            assertEquals(List.of("again 100.0 2.5"), values(repo, "again", "JUNK2"));
            assertEquals(List.of("later 100.0 0.0"), values(repo, "later", "JUNK2").stream().distinct().toList(),
                    "a column added again holds no value of the runs before it");
        }
    }

    /**
     * While a collect writes into the table, its columns keep their positions (a collect maps labels to positions once
     * and writes blocks by them from commit to commit): the junk run's columns in the middle stay until it has ended,
     * on Derby; PostgreSQL's rows name their columns, and drop them as before.
     */
    @Test
    void whileACollectWritesIntoTheTableNoColumnMoves() throws Exception {
        try (Repository repo = Repository.open(engine.freshRepository())) {
            ImportService importer = new ImportService(repo, ParserCatalog.load(dir.resolve("no-user-parsers")));
            importer.run(arcstatRun("junk", arcstat("junk.txt", 2, "junk", 1)), ImportProgress.NONE);
            importer.run(arcstatRun("collected", arcstat("collected.txt", List.of("late0"), 2)), ImportProgress.NONE);
            ActiveCollects collects = new ActiveCollects(repo);
            collects.begin("collected", java.time.Instant.now(), 1, "test");

            new RunLedger(repo).deleteRun("junk");

            List<String> expected = engine == RepositoryEngine.POSTGRES ? List.of("READ_", "LATE0")
                    : List.of("READ_", "JUNK0", "JUNK1", "LATE0");
            assertEquals(expected, metrics(repo), "no column before the collected run's moves while it is collected");
            assertEquals(List.of("collected 100.0 0.5", "collected 100.0 0.5"), values(repo, "collected", "LATE0"));
            collects.end("collected");
            importer.run(arcstatRun("other", arcstat("other.txt", 1, "other", 1)), ImportProgress.NONE);
            new RunLedger(repo).deleteRun("other");
            assertEquals(List.of("READ_", "LATE0"), metrics(repo), "once it has ended, the next delete takes them");
            assertEquals(List.of("collected 100.0 0.5", "collected 100.0 0.5"), values(repo, "collected", "LATE0"));
        }
    }

    /** A column another run still uses stays, whichever run added it. */
    @Test
    void aColumnAnotherRunUsesStays() throws Exception {
        try (Repository repo = Repository.open(engine.freshRepository())) {
            ImportService importer = new ImportService(repo, ParserCatalog.load(dir.resolve("no-user-parsers")));
            importer.run(arcstatRun("first", arcstat("first.txt", 4, "m", 1)), ImportProgress.NONE);
            importer.run(arcstatRun("second", arcstat("second.txt", 2, "m", 1)), ImportProgress.NONE);
            new RunLedger(repo).deleteRun("first");
            assertEquals(List.of("READ_", "M0", "M1"), metrics(repo), "the columns only the deleted run used are gone");
            assertEquals(List.of("second 100.0 1.5"), values(repo, "second", "M1"));
        }
    }

    /**
     * {@code import --replace} of a file that another tool reads now (the first import named the wrong {@code --tool}):
     * the replaced file's data sets go, and so do the columns, here a whole table, that no run uses any more.
     */
    @Test
    void aReplacedFileTakesTheColumnsNoRunUsesNowWithIt() throws Exception {
        Path status = Path.of("src/test/resources/corpus/mysql-status/percona-toolkit-summary-temp002-mysql-status.txt");
        try (Repository repo = Repository.open(engine.freshRepository())) {
            ImportService importer = new ImportService(repo, ParserCatalog.load(dir.resolve("no-user-parsers")));
            importer.run(withTool("r", status, "mysql-status", false), ImportProgress.NONE);
            assertTrue(!columns(repo, "MYSQL_STATUS").isEmpty(), "the status table's columns");

            importer.run(withTool("r", status, "mysql-variables", true), ImportProgress.NONE);

            assertEquals(List.of(), columns(repo, "MYSQL_STATUS"), "no data set uses the status table any more: it goes whole");
        }
    }

    private static ImportRequest withTool(String run, Path file, String tool, boolean replace) {
        return new ImportRequest(List.of(file), run, java.util.Optional.empty(), List.of(), java.util.Optional.of(tool),
                java.util.Optional.empty(), java.util.Optional.empty(), ZoneOffset.UTC, false, replace, false);
    }

    /** An import refused after its first file added columns is undone, the columns with it, on every engine. */
    @Test
    void aRefusedImportTakesTheColumnsItAddedBackWithIt() throws Exception {
        try (Repository repo = Repository.open(engine.freshRepository())) {
            ImportService importer = new ImportService(repo, ParserCatalog.load(dir.resolve("no-user-parsers")));
            importer.run(arcstatRun("kept", arcstat("kept.txt", 3, "ok", 1)), ImportProgress.NONE);
            Path fresh = arcstat("fresh.txt", 5, "fresh", 1);
            Path wide = arcstat("wide.txt", 1_000, "x", 1);
            ImportRequest both = new ImportRequest(List.of(fresh, wide), "both", java.util.Optional.empty(), List.of(),
                    java.util.Optional.of("arcstat"), java.util.Optional.empty(), java.util.Optional.empty(), ZoneOffset.UTC, false,
                    false, false);
            assertThrows(UserException.class, () -> importer.run(both, ImportProgress.NONE), "a header of 1,001 labels is refused");
            assertEquals(List.of("READ_", "OK0", "OK1", "OK2"), metrics(repo), "the first file's columns went with the import");
            assertEquals(List.of("kept 100.0 1.5"), values(repo, "kept", "OK1"), "the table and its view are as they were");
        }
    }

    private static List<String> metrics(Repository repo) throws SQLException {
        return columns(repo, "ARCSTAT");
    }

    private static List<String> columns(Repository repo, String table) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = repo.connection().prepareStatement(
                "SELECT COLUMN_NAME FROM METRICS WHERE TABLE_NAME = ? ORDER BY POSITION")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.add(rs.getString(1));
            }
        }
        return out;
    }

    private static List<String> values(Repository repo, String run, String column) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = repo.connection().prepareStatement(
                "SELECT RUN, READ_, " + column + " FROM V_ARCSTAT WHERE RUN = ? ORDER BY TS")) {
            ps.setString(1, run);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.add(rs.getString(1) + " " + rs.getDouble(2) + " " + rs.getDouble(3));
            }
        }
        return out;
    }
}
