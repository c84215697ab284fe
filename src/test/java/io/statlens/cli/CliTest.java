package io.statlens.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The command line end to end, on an embedded repository in a temporary folder, with the scripted test parser. */
class CliTest {
    @TempDir
    Path dir;

    private CliRun run(String... args) {
        return CliRun.in(dir.resolve("repo"), args);
    }

    private Path scripted(String name, String... lines) throws Exception {
        return Files.writeString(dir.resolve(name), "#scripted\n" + String.join("\n", lines) + "\n");
    }

    @Test
    void exportPrintsNanosecondTimesAsTheToolPrintedThem() throws Exception {
        Path f = Files.writeString(dir.resolve("perf.txt"), """
                # started on Tue May  2 10:00:00 2023

                #           time             counts unit events
                     1.000000000              1,234      cycles
                     5.122814843              2,345      cycles
                """);
        assertEquals(0, run("import", f.toString(), "--run", "perf", "--tz", "UTC").code());
        CliRun csv = run("export", "perf");
        assertEquals(0, csv.code(), csv.err());
        // counted from the first sample; whole and fractional seconds added separately gave 4.1228148430000005
        List<String> elapsed = csv.out().lines().skip(1).map(l -> l.split(",")[1]).toList();
        assertEquals(List.of("0", "4.122814843"), elapsed, csv.out());
    }

    @Test
    void importRunsShowQueryExport() throws Exception {
        Path f = scripted("cpu.txt", "columns %usr lat(ms,95%)", "1700000000 cpu0 1.5 2", "1700000010 cpu0 2.5 3",
                "summary tps 120.5", "fact host db7");
        CliRun imp = run("import", f.toString(), "--run", "base", "--tag", "baseline");
        assertEquals(0, imp.code(), imp.err());
        assertTrue(imp.out().contains("cpu.txt  scripted  test        2         0"), imp.out());
        assertTrue(imp.out().contains("imported 2 rows from 1 file(s) into run 'base'"));

        CliRun runs = run("runs");
        assertTrue(runs.out().contains("base  db7   2023-11-14T22:13:20Z      1     2  baseline"), runs.out());

        CliRun show = run("show", "base");
        assertTrue(show.out().contains("lat(ms,95%)  LAT_MS_95_PCT  %"), show.out());
        assertTrue(show.out().contains("scripted       tps     121  1/s"), show.out());

        CliRun query = run("query", "SELECT RUN, ITEM, PCT_USR FROM V_SCRIPTED ORDER BY TS", "--format", "csv");
        assertEquals("RUN,ITEM,PCT_USR\nbase,cpu0,1.5\nbase,cpu0,2.5\n", query.out());

        CliRun csv = run("export", "base");
        assertEquals("time,elapsed_s,key,%usr,\"lat(ms,95%)\"\n2023-11-14T22:13:20Z,0,cpu0,1.5,2\n"
                + "2023-11-14T22:13:30Z,10,cpu0,2.5,3\n", csv.out());
        CliRun summary = run("export", "base", "--summary");
        assertEquals("name,value,unit\ntps,120.5,1/s\n", summary.out());
        CliRun json = run("export", "base", "--format", "json");
        assertTrue(json.out().contains("\"lat(ms,95%)\" : 3\n"), json.out());
    }

    @Test
    void aFileOfSummaryValuesOnlyIsSaidToHoldThem() throws Exception {
        Path f = scripted("bench.txt", "summary tps 120.5", "summary latency_p95_ms 3.2", "fact time.source none: no intervals printed");
        CliRun imp = run("import", f.toString(), "--run", "bench");
        assertEquals(0, imp.code(), imp.err());
        assertTrue(imp.out().contains("note: bench.txt holds 2 summary values, no time series: no intervals printed"), imp.out());
    }

    @Test
    void showSaysWhichTimesWereDerived() throws Exception {
        Path undated = Files.copy(Path.of("src/test/resources/corpus/vmstat/procps-4.0.2-C-vmstat.txt"), dir.resolve("vmstat.txt"));
        Files.setLastModifiedTime(undated, java.nio.file.attribute.FileTime.from(java.time.Instant.parse("2026-11-25T18:30:00Z")));
        assertEquals(0, run("import", undated.toString(), "--run", "u").code());
        CliRun show = run("show", "u");
        assertTrue(show.out().contains("times derived for vmstat (vmstat.txt has no time stamps): last sample at the file's"
                + " modification time (2026-11-25T18:30:00Z), first at 2026-11-25T18:29:58Z, assumed interval 1 s"), show.out());

        Path dateless = Files.copy(Path.of("src/test/resources/corpus/nicstat/ssup-nicstat-plain-docker0.txt"), dir.resolve("nicstat.txt"));
        Files.setLastModifiedTime(dateless, java.nio.file.attribute.FileTime.from(java.time.Instant.parse("2026-11-25T18:30:00Z")));
        assertEquals(0, run("import", dateless.toString(), "--run", "d", "--tz", "UTC").code());
        CliRun times = run("show", "d");
        assertTrue(times.out().contains("dates derived for nicstat (nicstat.txt prints no date): time of day in column 'Time' on the date"
                + " of the file's modification time (2026-11-25), zone UTC"), times.out());
    }

    @Test
    void columnsOnlyASinceBootReportFilledAreShownAndExportedWithTheSinceBootRows() throws Exception {
        // a page's `iostat 5` then `iostat -x`: the -x report is since boot, so its columns have no statistics
        Path f = Files.writeString(dir.resolve("iostat.txt"), """
                # iostat 5
                Linux 2.6.32-504.el6.x86_64 (server.example.com)  2015年01月15日  _x86_64_  (2 CPU)

                Device:            tps   Blk_read/s   Blk_wrtn/s   Blk_read   Blk_wrtn
                sda               1.89        44.02       116.93    2720092    7225892

                Device:            tps   Blk_read/s   Blk_wrtn/s   Blk_read   Blk_wrtn
                sda               0.00         0.00         0.00          0          0

                # iostat -x
                Linux 2.6.32-504.el6.x86_64 (server.example.com)  2015年01月15日  _x86_64_  (2 CPU)

                Device:         rrqm/s   wrqm/s     r/s     w/s   rsec/s   wsec/s avgrq-sz avgqu-sz   await  svctm  %util
                sda               0.83     4.90    0.83    1.06    44.00   116.88    85.16     0.00    0.57   0.30   0.06
                """);
        assertEquals(0, run("import", f.toString(), "--run", "x", "--tz", "UTC").code());
        CliRun show = run("show", "x");
        assertTrue(show.out().contains("%util"), show.out());
        CliRun all = run("export", "x", "--tool", "iostat", "--include-since-boot");
        assertEquals(0, all.code(), all.err());
        String header = all.out().lines().findFirst().orElseThrow();
        assertTrue(header.endsWith(",rrqm/s,wrqm/s,r/s,w/s,rsec/s,wsec/s,avgrq-sz,avgqu-sz,await,svctm,%util"), all.out());
        assertTrue(all.out().contains(",0.83,4.9,0.83,1.06,44,116.88,85.16,0,0.57,0.3,0.06"), all.out());
        // without the flag the data set keeps its columns (as one of since-boot rows only does) and loses those rows
        List<String> interval = run("export", "x", "--tool", "iostat").out().lines().toList();
        assertEquals(header, interval.get(0));
        assertEquals(2, interval.size(), String.join("\n", interval));
        assertTrue(interval.get(1).endsWith(",sda,0,0,0,0,0,,,,,,,,,,,"), interval.get(1));
    }

    @Test
    void queriesThatWouldChangeTheRepositoryAreRefused() throws Exception {
        assertEquals(0, run("import", scripted("one.txt", "columns a", "1700000000 - 1").toString(), "--run", "r").code());
        for (String sql : List.of("DELETE FROM RUNS", "DROP TABLE RUNS", "SELECT 1 FROM RUNS; DELETE FROM RUNS",
                "CALL SYSCS_UTIL.SYSCS_COMPRESS_TABLE('APP','RUNS',1)")) {
            CliRun r = run("query", sql);
            assertEquals(1, r.code(), sql);
            assertTrue(r.err().startsWith("statlens: "), r.err());
            assertFalse(r.err().contains("\tat "), "no stack trace");
        }
        CliRun ok = run("query", "VALUES 1 + 1");
        assertEquals(0, ok.code());
    }

    @Test
    void userErrorsExitWithOneAndAShortMessage() throws Exception {
        CliRun noRepository = run("show", "nope");
        assertEquals(1, noRepository.code());
        assertTrue(noRepository.err().startsWith("statlens: no repository at "), noRepository.err());
        assertFalse(Files.exists(dir.resolve("repo")), "reading commands do not create a repository");

        Path bad = scripted("bad.txt", "columns a", "1700000000 - 1", "what is this");
        CliRun strict = run("import", bad.toString(), "--run", "x", "--strict");
        assertEquals(1, strict.code());
        assertTrue(strict.err().contains("bad.txt:4: unexpected line (--strict"), strict.err());
        assertTrue(run("runs").out().startsWith("no runs"), "strict failure imported nothing");
        CliRun unknownRun = run("show", "nope");
        assertEquals(1, unknownRun.code());
        assertEquals("statlens: no run named 'nope'; the repository has no runs yet (statlens import ... --run NAME)\n",
                unknownRun.err());

        CliRun missingOption = run("import", bad.toString());
        assertEquals(1, missingOption.code());
        assertTrue(missingOption.err().contains("Missing required option: '--run=NAME'"), missingOption.err());
        // a dry run imports into no run: it needs none
        CliRun dryRun = run("import", "--dry-run", bad.toString());
        assertEquals(0, dryRun.code(), dryRun.err());
        assertTrue(dryRun.out().contains("nothing imported (--dry-run)"), dryRun.out());

        CliRun badStart = run("import", bad.toString(), "--run", "x", "--start", "yesterday");
        assertEquals(1, badStart.code());
        assertTrue(badStart.err().contains("--start yesterday: expected an ISO date-time"), badStart.err());
    }

    @Test
    void aParserThatFailsRefusesTheFileWithItsLineAndShowsTheTraceOnlyWithDebug() throws Exception {
        // no input may end an import with an internal error (exit 2): a parser's failure refuses the file
        Path boom = scripted("boom.txt", "columns a", "throw kaputt");
        CliRun plain = run("import", boom.toString(), "--run", "x");
        assertEquals(1, plain.code());
        assertTrue(plain.err().contains("boom.txt:3: parser scripted 1 failed") && plain.err().contains("nothing was imported"),
                plain.err());
        assertFalse(plain.err().contains("\tat "));
        CliRun debug = run("import", boom.toString(), "--run", "x", "--debug");
        assertEquals(1, debug.code());
        assertTrue(debug.err().contains("\tat "), "stack trace with --debug");
    }

    @Test
    void aBrokenUserParserDefinitionIsAWarningWithFileAndLineAndTheOtherParsersStillWork() throws Exception {
        Path home = dir.resolve("home");
        Path parsers = java.nio.file.Files.createDirectories(home.resolve("parsers"));
        Path broken = Files.writeString(parsers.resolve("broken.parser"), "tool = broken\nthis line is not a key value pair\n");
        String before = System.getProperty("statlens.home");
        System.setProperty("statlens.home", home.toString());
        try {
            String warning = "statlens: warning: " + broken + ":2: ";
            CliRun r = run("parsers");
            assertEquals(0, r.code(), r.err());
            assertTrue(r.err().startsWith(warning) && r.err().contains("(this parser is left out)"), r.err());
            assertTrue(r.out().lines().anyMatch(l -> l.matches("vmstat +1 +built-in +linux-procps.*")), r.out());
            assertTrue(r.out().lines().anyMatch(l -> l.matches("nicstat +1 +statlens/parsers/nicstat.parser +default;.*")), r.out());
            assertTrue(r.out().lines().noneMatch(l -> l.startsWith("broken")), r.out());

            CliRun imp = run("import", scripted("one.txt", "columns a", "1700000000 - 1").toString(), "--run", "r");
            assertEquals(0, imp.code(), imp.err());
            assertTrue(imp.err().startsWith(warning), imp.err());
            assertTrue(imp.out().contains("imported 1 rows from 1 file(s) into run 'r'"), imp.out());
        } finally {
            if (before == null) System.clearProperty("statlens.home");
            else System.setProperty("statlens.home", before);
        }
    }

    @Test
    void demoImportsTheBundledSamplesAndCanRunAgain() throws Exception {
        for (int i = 0; i < 2; i++) {
            CliRun demo = run("demo");
            assertEquals(0, demo.code(), demo.err());
            assertTrue(demo.out().contains("imported 1,932 rows from 1 file(s) into run 'rhel7-sar-48cpu'"), demo.out());
            assertTrue(demo.out().contains("imported 120 rows from 1 file(s) into run 'solaris-x64'"), demo.out());
            assertTrue(demo.out().contains("reports of the bundled runs:\n  " + dir.resolve("report.html").toAbsolutePath().normalize()
                    + "\n  " + dir.resolve("report.pdf").toAbsolutePath().normalize()), demo.out());
        }
        assertTrue(Files.exists(dir.resolve("samples/rhel7-sar-48cpu/ksar-linux-sysstat-10.1.5-48cpu.txt")),
                "the imported files stay beside the repository");
        assertTrue(Files.size(dir.resolve("report.pdf")) > 10_000 && Files.size(dir.resolve("report.html")) > 10_000);
        CliRun runs = run("runs");
        assertEquals(6, runs.out().lines().count() - 1, runs.out());
    }

    @Test
    void everyCommandHasHelp() {
        for (String cmd : List.of("import", "runs", "show", "parsers", "delete", "query", "export", "demo", "bench", "report")) {
            StringWriter out = new StringWriter();
            int code = Main.execute(new PrintWriter(out), new PrintWriter(new StringWriter()), cmd, "--help");
            assertEquals(0, code, cmd);
            assertTrue(out.toString().startsWith("Usage: statlens " + cmd), out.toString());
        }
    }
}
