package io.statlens.cli;

import io.statlens.store.read.ReadOnlyQuery;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import io.statlens.store.read.RunCatalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The SQL console against runaway and hostile questions: time limits, bounded output, LOBs, internals, Ctrl-C. */
class QueryConsoleTest {
    /** Billions of rows from the system catalog: runs for hours unless stopped. */
    static final String RUNAWAY = "SELECT COUNT(*) FROM SYS.SYSCOLUMNS A, SYS.SYSCOLUMNS B, SYS.SYSCOLUMNS C, SYS.SYSCOLUMNS D";

    @TempDir
    Path dir;

    private CliRun run(String... args) {
        return CliRun.in(dir.resolve("repo"), args);
    }

    private void importSomething() throws Exception {
        Path f = Files.writeString(dir.resolve("one.txt"), "#scripted\ncolumns a\n1700000000 - 1\nwhat is this\n");
        assertEquals(0, run("import", f.toString(), "--run", "r").code());
    }

    @Test
    void aRunawayQueryStopsAtItsTimeLimitWithAReason() throws Exception {
        importSomething();
        long start = System.nanoTime();
        CliRun r = run("query", RUNAWAY, "--timeout", "2");
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains("query stopped after its time limit of 2 s (--timeout)"), r.err());
        assertFalse(r.out().contains("rows)"), "no row count that reads as the whole answer: " + r.out());
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(60), "stopped, not run to the end");
        assertTrue(run("query", "--help").out().contains("--timeout"));
    }

    @Test
    void theTableShowsTheFirstRowsAndSaysHowToGetAllWhileCsvStreamsThemAll() throws Exception {
        importSomething();
        String big = "SELECT A.COLUMNNAME FROM SYS.SYSCOLUMNS A, SYS.SYSCOLUMNS B";
        CliRun table = run("query", big, "--max-rows", "5");
        assertEquals(0, table.code(), table.err());
        assertTrue(table.out().contains("(5 rows)"), table.out());
        assertTrue(table.out().contains("the result has more: --format csv or json streams all of them"), table.out());
        long all = Long.parseLong(run("query", "SELECT COUNT(*) FROM SYS.SYSCOLUMNS A, SYS.SYSCOLUMNS B", "--format", "csv")
                .out().lines().skip(1).findFirst().orElseThrow());
        assertTrue(all > QueryCommand.TABLE_ROWS, "enough rows to pass the table's default limit: " + all);
        CliRun defaultTable = run("query", big);
        assertTrue(defaultTable.out().contains("(" + QueryCommand.TABLE_ROWS + " rows)"), "the table is bounded by default");
        CliRun csv = run("query", big, "--format", "csv");
        assertEquals(all + 1, csv.out().lines().count(), "CSV streams every row and the header");
    }

    @Test
    void theTableRefusesToHoldAllRowsOfAResultAndPointsToTheStreamedFormats() throws Exception {
        importSomething();
        String big = "SELECT A.COLUMNNAME FROM SYS.SYSCOLUMNS A, SYS.SYSCOLUMNS B";
        for (String rows : List.of("0", String.valueOf(QueryCommand.TABLE_MAX_ROWS + 1))) {
            CliRun all = run("query", big, "--max-rows", rows);
            assertEquals(1, all.code(), all.out());
            assertEquals("", all.out(), "no table, whole or partial");
            assertTrue(all.err().contains("the table format holds its rows in memory to align them, at most 100,000"
                    + " (--max-rows); --format csv or json streams any number"), all.err());
        }
        CliRun csv = run("query", "SELECT A.COLUMNNAME FROM SYS.SYSCOLUMNS A FETCH FIRST 3 ROWS ONLY", "--max-rows", "0",
                "--format", "csv");
        assertEquals(4, csv.out().lines().count(), csv.err());
    }

    @Test
    void aTableThatRunsOutOfMemoryIsNotPrintedAsAWholeOne() throws Exception {
        importSomething();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // Three new texts of about 40 characters a row, 100,000 rows: more than a 24 MiB heap holds as a table.
        Process query = new ProcessBuilder(java, "-Xmx24m", "-Dderby.stream.error.file=" + dir.resolve("derby-m.log"), "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "query",
                "SELECT A.COLUMNNAME || B.COLUMNNAME || C.COLUMNNAME, B.COLUMNNAME || A.COLUMNNAME || C.COLUMNNAME || 'abcdefghij',"
                        + " C.COLUMNNAME || B.COLUMNNAME || A.COLUMNNAME || 'abcdefghijklmnopqrst'"
                        + " FROM SYS.SYSCOLUMNS A, SYS.SYSCOLUMNS B, SYS.SYSCOLUMNS C",
                "--max-rows", String.valueOf(QueryCommand.TABLE_MAX_ROWS), "--repo", dir.resolve("repo").toString())
                .redirectError(dir.resolve("m.err").toFile()).redirectOutput(dir.resolve("m.out").toFile()).start();
        assertTrue(query.waitFor(120, TimeUnit.SECONDS), "ends");
        assertEquals(2, query.exitValue(), Files.readString(dir.resolve("m.err")));
        assertTrue(Files.readString(dir.resolve("m.err")).contains("statlens: out of memory"), Files.readString(dir.resolve("m.err")));
        assertEquals("", Files.readString(dir.resolve("m.out")), "no partial table");
    }

    @Test
    void largeObjectsReadAsTextAndHexadecimal() throws Exception {
        importSomething();
        CliRun clob = run("query", "SELECT MESSAGE FROM WARNINGS WHERE MESSAGE LIKE '%unexpected%'", "--format", "csv");
        assertEquals(0, clob.code(), clob.err());
        assertTrue(clob.out().contains("unexpected line"), clob.out());
        assertFalse(clob.out().contains("EmbedClob"), clob.out());
        CliRun values = run("query", "VALUES (CAST('sar -A' AS CLOB), CAST(X'CAFE' AS BLOB))", "--format", "csv");
        assertEquals("1,2\nsar -A,0xcafe\n", values.out());
    }

    @Test
    void ctrlCStopsAQueryAndLeavesTheRepositoryAsItWas() throws Exception {
        importSomething();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process query = new ProcessBuilder(java, "-Dderby.stream.error.file=" + dir.resolve("derby-q.log"), "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "query", RUNAWAY, "--timeout", "0",
                "--repo", dir.resolve("repo").toString()).redirectErrorStream(true).redirectOutput(dir.resolve("query.out").toFile()).start();
        Thread.sleep(3000);
        assertTrue(query.isAlive(), "the query runs");
        query.destroy(); // SIGTERM: the JVM shuts down as on Ctrl-C (SIGINT)
        assertTrue(query.waitFor(30, TimeUnit.SECONDS), "Ctrl-C ends the query promptly");
        String printed = Files.readString(dir.resolve("query.out"));
        assertFalse(printed.contains("\tat "), printed);
        try (Repository repo = Repository.open(RepositoryLocation.embedded(dir.resolve("repo")), false)) {
            assertEquals(List.of("r"), new RunCatalog(repo).runs().stream().map(RunCatalog.RunInfo::name).toList());
            List<Object> one = new java.util.ArrayList<>();
            new ReadOnlyQuery(repo).run("VALUES 1", Map.of(), new ReadOnlyQuery.Handler() {
                @Override
                public void columns(List<String> names, List<Boolean> numeric) {
                }

                @Override
                public void row(List<Object> values) {
                    one.addAll(values);
                }
            });
            assertEquals(List.of(1), one);
        }
    }
}
