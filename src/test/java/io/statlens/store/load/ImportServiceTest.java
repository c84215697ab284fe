package io.statlens.store.load;

import io.statlens.store.OnEveryEngine;
import io.statlens.store.RepositoryEngine;
import io.statlens.model.UserException;
import io.statlens.parse.ParserCatalog;
import io.statlens.model.Cancellation;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.DataTables;
import io.statlens.store.schema.Repository;

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
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

@OnEveryEngine
class ImportServiceTest {
    private final RepositoryEngine engine;

    ImportServiceTest(RepositoryEngine engine) {
        this.engine = engine;
    }

    @TempDir
    Path dir;
    private Repository repo;
    private ImportService importer;

    @BeforeEach
    void open() {
        repo = Repository.open(engine.freshRepository());
        importer = new ImportService(repo, new ParserCatalog(List.of(new ScriptedParser())));
    }

    @AfterEach
    void close() {
        repo.close();
    }

    private Path file(String name, String... lines) throws IOException {
        return Files.writeString(dir.resolve(name), "#scripted\n" + String.join("\n", lines) + "\n");
    }

    private long count(String sql) throws SQLException {
        try (Statement s = repo.connection().createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** A plug-in whose detection is broken. */
    private static final class BrokenSniffer implements Parser {
        @Override
        public ParserInfo info() {
            return ParserInfo.builtIn("broken", "any");
        }

        @Override
        public double sniff(Head head) {
            throw new IllegalStateException("sniff bug");
        }

        @Override
        public void parse(LineSource lines, ParseContext context, RecordSink sink) {
        }
    }

    @Test
    void aParserThatThrowsWhileDetectingIsANoticeWithTheFileAndTheOthersStillDecide() throws Exception {
        ImportService withBroken = new ImportService(repo, new ParserCatalog(List.of(new ScriptedParser(), new BrokenSniffer())));
        String notice = "parser broken 1 failed while detecting and was not considered: java.lang.IllegalStateException: sniff bug";

        withBroken.run(ImportRequest.of("r", ZoneOffset.UTC, file("a.txt", "columns a", "1700000000 - 1")), ImportProgress.NONE);
        try (Statement s = repo.connection().createStatement();
             ResultSet rs = s.executeQuery("SELECT LINE_NO, KIND, MESSAGE FROM WARNINGS")) {
            assertTrue(rs.next());
            assertEquals(List.of("0", "notice", notice), List.of(rs.getString(1), rs.getString(2), rs.getString(3)));
        }

        Path unknown = Files.writeString(dir.resolve("u.txt"), "hello\n");
        UserException e = assertThrows(UserException.class,
                () -> withBroken.run(ImportRequest.of("r2", ZoneOffset.UTC, unknown), ImportProgress.NONE));
        assertEquals(unknown + ": no parser recognises this file (nothing in it looks like any known tool's output); give --tool"
                + " to choose one; " + notice, e.getMessage());
    }

    @Test
    void labelsThatAreKeywordsOfAnEngineOrColumnsOfTheViewGetNamesOfTheirOwn() throws Exception {
        // dstat prints "out" (paging) and "run" (procs): a keyword of Derby's parser and a column of the table's view
        Path f = file("a.txt", "columns out run host tool dataset", "1700000000 - 1 2 3 4 5");
        importer.run(ImportRequest.of("r1", ZoneOffset.UTC, f), ImportProgress.NONE);

        assertEquals(List.of("DATASET_ID", "SAMPLE", "TS", "ELAPSED_S", "ITEM", "SINCE_BOOT", "OUT_", "RUN_", "HOST_", "TOOL_",
                "DATASET_"), repo.tables().table("SCRIPTED").orElseThrow().allColumns());
        assertEquals(2, count("SELECT RUN_ FROM V_SCRIPTED WHERE RUN = 'r1'"));
    }

    @Test
    void importsRowsIntoAWideTableWithElapsedTimesAndAView() throws Exception {
        Path f = file("a.txt", "columns %usr r/s in", "1700000000 cpu0 1 2 3", "1700000010 cpu0 4 5 6",
                "summary tps 99.5", "fact host db1");
        ImportResult result = importer.run(ImportRequest.of("r1", ZoneOffset.UTC, f), ImportProgress.NONE);

        assertEquals(2, result.rows());
        assertEquals(List.of("DATASET_ID", "SAMPLE", "TS", "ELAPSED_S", "ITEM", "SINCE_BOOT", "PCT_USR", "R_S", "IN_"),
                repo.tables().table("SCRIPTED").orElseThrow().allColumns());
        assertEquals(10, count("SELECT MAX(ELAPSED_S) FROM SCRIPTED"));
        assertEquals(5, count("SELECT R_S FROM V_SCRIPTED WHERE RUN = 'r1' AND ELAPSED_S = 10"));
        var run = new RunCatalog(repo).run("r1");
        assertEquals("db1", run.host(), "host taken from the file's facts");
        assertEquals(Instant.ofEpochSecond(1700000000), run.start());
        var details = new RunCatalog(repo).details("r1");
        assertEquals(99.5, details.summary().get(0).value());
        assertEquals(List.of("cpu0"), details.datasets().get(0).keys());
    }

    @Test
    void whileTheTablesKeepTheirShapesAnImportThatNeedsANewTableOrColumnIsRefusedAndUndone() throws Exception {
        repo.tables().keepShapes(true);
        Path first = file("a.txt", "columns a b", "1700000000 - 1 2");
        DataTables.ShapeChangeRefused noTable = assertThrows(DataTables.ShapeChangeRefused.class,
                () -> importer.run(ImportRequest.of("r0", ZoneOffset.UTC, first), ImportProgress.NONE));
        assertEquals("data set scripted needs a new table SCRIPTED", noTable.getMessage());
        assertEquals(0, count("SELECT COUNT(*) FROM RUNS"));
        assertTrue(repo.tables().table("SCRIPTED").isEmpty());

        repo.tables().keepShapes(false);
        importer.run(ImportRequest.of("r1", ZoneOffset.UTC, first), ImportProgress.NONE);
        repo.tables().keepShapes(true);
        importer.run(ImportRequest.of("r2", ZoneOffset.UTC, file("b.txt", "columns b", "1700000001 - 3")), ImportProgress.NONE);
        Path wider = file("c.txt", "columns a", "1700000002 - 4", "columns a c", "1700000003 - 5 6");
        DataTables.ShapeChangeRefused noColumn = assertThrows(DataTables.ShapeChangeRefused.class,
                () -> importer.run(ImportRequest.of("r3", ZoneOffset.UTC, wider), ImportProgress.NONE));

        assertEquals("data set scripted needs a new column in table SCRIPTED", noColumn.getMessage());
        assertEquals(2, count("SELECT COUNT(*) FROM RUNS"), "r1 and r2; r3 undone with its first header's rows");
        assertEquals(2, count("SELECT COUNT(*) FROM METRICS"));
        assertEquals(List.of("DATASET_ID", "SAMPLE", "TS", "ELAPSED_S", "ITEM", "SINCE_BOOT", "A", "B"),
                repo.tables().table("SCRIPTED").orElseThrow().allColumns());
    }

    @Test
    void newHeaderColumnsGrowTheTableAndOldRowsKeepNulls() throws Exception {
        Path f = file("a.txt", "columns a b", "1700000000 - 1 2", "columns a b c", "1700000001 - 4 5 6");
        importer.run(ImportRequest.of("r1", ZoneOffset.UTC, f), ImportProgress.NONE);
        assertEquals(1, count("SELECT COUNT(*) FROM SCRIPTED WHERE C IS NULL"));
        assertEquals(6, count("SELECT C FROM SCRIPTED WHERE C IS NOT NULL"));
    }

    @Test
    void anEarlierFileMovesTheRunStartAndShiftsElapsedTimes() throws Exception {
        importer.run(ImportRequest.of("r1", ZoneOffset.UTC, file("late.txt", "columns a", "1700000100 - 1")), ImportProgress.NONE);
        importer.run(ImportRequest.of("r1", ZoneOffset.UTC, file("early.txt", "columns a", "1700000000 - 2")), ImportProgress.NONE);
        assertEquals(100, count("SELECT ELAPSED_S FROM SCRIPTED WHERE A = 1"));
        assertEquals(0, count("SELECT ELAPSED_S FROM SCRIPTED WHERE A = 2"));
    }

    @Test
    void badLinesAreWarningsByDefaultAndFailTheImportWhenStrict() throws Exception {
        Path f = file("a.txt", "columns a", "1700000000 - 1", "garbage here", "1700000001 - 2");
        ImportResult lenient = importer.run(ImportRequest.of("r1", ZoneOffset.UTC, f), ImportProgress.NONE);
        assertEquals(2, lenient.rows());
        assertEquals(1, lenient.files().get(0).warningCount());
        assertEquals(4, lenient.files().get(0).warnings().get(0).line());

        UserException e = assertThrows(UserException.class,
                () -> importer.run(ImportRequest.of("r2", ZoneOffset.UTC, f).strictly(), ImportProgress.NONE));
        assertTrue(e.getMessage().contains("a.txt:4: unexpected line"), e.getMessage());
        assertEquals(0, count("SELECT COUNT(*) FROM RUNS WHERE NAME = 'r2'"), "strict failure leaves nothing behind");
    }

    @Test
    void aChosenParserThatFindsOnlyFactsImportsThem() throws Exception {
        // A server's settings (mysql-variables): facts of the run, no rows; chosen with --tool, not refused as empty.
        Path settings = file("vars.txt", "fact mysql.version 10.11.19-MariaDB");
        ImportResult result = importer.run(new ImportRequest(List.of(settings), "r1", java.util.Optional.empty(), List.of(),
                java.util.Optional.of("scripted"), java.util.Optional.empty(), java.util.Optional.empty(), ZoneOffset.UTC,
                false, false, false), ImportProgress.NONE);
        assertEquals(1, result.files().size());
        assertEquals(1, count("SELECT COUNT(*) FROM FACTS WHERE NAME = 'mysql.version'"));
    }

    @Test
    void aFailingParserRollsBackEveryFileOfTheImport() throws Exception {
        Path good = file("1.txt", "columns a", "1700000000 - 1");
        Path bad = file("2.txt", "columns x", "1700000000 - 1", "throw broken");
        UserException e = assertThrows(UserException.class, () -> importer.run(new ImportRequest(List.of(good, bad), "r1",
                java.util.Optional.empty(), List.of(), java.util.Optional.empty(), java.util.Optional.empty(),
                java.util.Optional.empty(), ZoneOffset.UTC, false, false, false), ImportProgress.NONE));
        assertEquals(bad + ":4: parser scripted 1 failed: java.lang.IllegalStateException: broken; nothing was imported"
                + " (a parser bug: please report it with this file)", e.getMessage(), "which parser, which version, which file and line");
        assertEquals(0, count("SELECT COUNT(*) FROM RUNS"));
        assertEquals(0, count("SELECT COUNT(*) FROM DATASETS"));
        assertTrue(repo.tables().table("SCRIPTED").isEmpty(), "the table created by the failed import is gone");
        // and the repository still works
        importer.run(ImportRequest.of("r1", ZoneOffset.UTC, good), ImportProgress.NONE);
        assertEquals(1, count("SELECT COUNT(*) FROM SCRIPTED"));
    }

    /**
     * A table keeps one unit per column: a file whose metric comes in another unit of the same quantity (MiB where the
     * column holds KiB) would be shown in the column's unit, off by a factor, beside the other runs. It is refused, and
     * the whole import with it, whether the column came from an earlier import or from a file of the same one.
     */
    @Test
    void aMetricInAnotherScaleThanItsColumnIsRefusedAndTheRepositoryIsUnchanged() throws Exception {
        Path kib = file("kib.txt", "columns free[KiB] r[count]", "1700000000 - 2048 1");
        Path mib = file("mib.txt", "columns free[MiB] r[count]", "1700000000 - 2 1");
        UserException together = assertThrows(UserException.class, () -> importer.run(new ImportRequest(List.of(kib, mib), "r1",
                java.util.Optional.empty(), List.of(), java.util.Optional.empty(), java.util.Optional.empty(),
                java.util.Optional.empty(), ZoneOffset.UTC, false, false, false), ImportProgress.NONE));
        assertEquals("mib.txt:2: metric free of scripted is in MiB here but the repository's column holds KiB; a column keeps"
                + " one unit, so the file is not imported", together.getMessage());
        assertEquals(0, count("SELECT COUNT(*) FROM RUNS"));
        assertTrue(repo.tables().table("SCRIPTED").isEmpty(), "the table the first file created went with the import");

        importer.run(ImportRequest.of("r1", ZoneOffset.UTC, kib), ImportProgress.NONE);
        UserException later = assertThrows(UserException.class,
                () -> importer.run(ImportRequest.of("r2", ZoneOffset.UTC, mib), ImportProgress.NONE));
        assertTrue(later.getMessage().startsWith("mib.txt:2: metric free of scripted is in MiB here"), later.getMessage());
        assertEquals(1, count("SELECT COUNT(*) FROM RUNS"));
        assertEquals(2048, count("SELECT FREE FROM V_SCRIPTED WHERE RUN = 'r1'"));
        assertEquals("KiB", repo.tables().table("SCRIPTED").orElseThrow().metrics().get(0).unit());
    }

    /** Another quantity under one label (AIX vmstat's fre in pages, BSD's in KiB) is no other scale: not refused. */
    @Test
    void aMetricOfAnotherQuantityThanItsColumnIsNotRefused() throws Exception {
        importer.run(ImportRequest.of("r1", ZoneOffset.UTC, file("bsd.txt", "columns fre[KiB]", "1700000000 - 4096")), ImportProgress.NONE);
        importer.run(ImportRequest.of("r2", ZoneOffset.UTC, file("aix.txt", "columns fre[pages]", "1700000000 - 1024")), ImportProgress.NONE);
        assertEquals(2, count("SELECT COUNT(*) FROM SCRIPTED"));
    }

    @Test
    void cancellingAnImportLeavesTheRepositoryUnchanged() throws Exception {
        List<String> lines = new ArrayList<>(List.of("columns a"));
        for (int i = 0; i < 100_000; i++) lines.add((1700000000 + i) + " - " + i);
        Path f = file("big.txt", lines.toArray(String[]::new));
        Cancellation cancel = new Cancellation();
        ImportProgress cancelAfterFirstMegabyte = new ImportProgress() {
            @Override
            public void advanced(Path file, long bytesRead, long sizeBytes, long rows) {
                cancel.cancel();
            }
        };
        UserException e = assertThrows(UserException.class,
                () -> importer.run(ImportRequest.of("r1", ZoneOffset.UTC, f), cancelAfterFirstMegabyte, cancel));
        assertTrue(e.getMessage().contains("cancelled"));
        assertEquals(0, count("SELECT COUNT(*) FROM RUNS"));
    }

    @Test
    void theSameFileTwiceIsRefusedUnlessReplaced() throws Exception {
        Path f = file("a.txt", "columns a", "1700000000 - 1");
        importer.run(ImportRequest.of("r1", ZoneOffset.UTC, f), ImportProgress.NONE);
        UserException e = assertThrows(UserException.class, () -> importer.run(ImportRequest.of("r1", ZoneOffset.UTC, f), ImportProgress.NONE));
        assertTrue(e.getMessage().contains("already holds this file"), e.getMessage());
        importer.run(ImportRequest.of("r1", ZoneOffset.UTC, f).replacing(), ImportProgress.NONE);
        assertEquals(1, count("SELECT COUNT(*) FROM SCRIPTED"));
        assertEquals(1, count("SELECT COUNT(*) FROM SOURCE_FILES"));
    }

    /** The compiled inserts of blocks Derby's statement cache holds: the first statement of a bulk load on Derby. */
    private static final String BLOCK_INSERTS = "SELECT COUNT(*) FROM SYSCS_DIAG.STATEMENT_CACHE WHERE SQL_TEXT LIKE 'INSERT INTO BLOCKS%'";

    @Test
    void aRefusedDuplicateNeverReachesTheBulkLoad() throws Exception {
        assumeTrue(repo.dialect().storesBlocks(), "PostgreSQL keeps no statement cache a client can read");
        Path f = file("a.txt", "columns a", "1700000000 - 1");
        importer.run(ImportRequest.of("r1", ZoneOffset.UTC, f), ImportProgress.NONE);
        try (Statement s = repo.connection().createStatement()) {
            s.execute("CALL SYSCS_UTIL.SYSCS_EMPTY_STATEMENT_CACHE()");
        }
        assertThrows(UserException.class, () -> importer.run(ImportRequest.of("r1", ZoneOffset.UTC, f), ImportProgress.NONE));
        assertEquals(0, count(BLOCK_INSERTS), "the duplicate was refused before any of its rows was loaded");
        importer.run(ImportRequest.of("r1", ZoneOffset.UTC, file("b.txt", "columns a", "1700000001 - 2")), ImportProgress.NONE);
        assertTrue(count(BLOCK_INSERTS) > 0, "another file's load prepares the insert: the check sees it");
    }

    @Test
    void unknownFilesAreNamedWithTheClosestCandidates() throws Exception {
        Path f = Files.writeString(dir.resolve("mystery.log"), "hello\n");
        UserException e = assertThrows(UserException.class, () -> importer.run(ImportRequest.of("r1", ZoneOffset.UTC, f), ImportProgress.NONE));
        assertEquals(f + ": no parser recognises this file (nothing in it looks like any known tool's output); give --tool to choose one",
                e.getMessage());
    }

    @Test
    void deletingARunRemovesItsRows() throws Exception {
        importer.run(ImportRequest.of("r1", ZoneOffset.UTC, file("a.txt", "columns a", "1700000000 - 1")), ImportProgress.NONE);
        importer.run(ImportRequest.of("r2", ZoneOffset.UTC, file("b.txt", "columns a", "1700000000 - 2")), ImportProgress.NONE);
        new RunLedger(repo).deleteRun("r1");
        assertEquals(1, count("SELECT COUNT(*) FROM SCRIPTED"));
        assertEquals(2, count("SELECT A FROM V_SCRIPTED WHERE RUN = 'r2'"));
        assertThrows(UserException.class, () -> new RunLedger(repo).deleteRun("r1"));
    }
}
