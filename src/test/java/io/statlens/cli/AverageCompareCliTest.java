package io.statlens.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code statlens average} and {@code statlens compare} end to end, with the scripted test parser. */
class AverageCompareCliTest {
    @TempDir
    Path dir;

    private CliRun run(String... args) {
        return CliRun.in(dir.resolve("repo"), args);
    }

    private void importRun(String name, String... lines) throws Exception {
        Path f = Files.writeString(dir.resolve(name + ".txt"), "#scripted\n" + String.join("\n", lines) + "\n");
        CliRun r = run("import", f.toString(), "--run", name);
        assertEquals(0, r.code(), r.err());
    }

    private void threeRuns() throws Exception {
        importRun("r1", "columns a", "1700000000 - 10", "1700000001 - 12", "1700000002 - 10", "1700000003 - 12",
                "summary tps 100");
        importRun("r2", "columns a", "1700050000 - 14", "1700050001 - 16", "1700050002 - 14", "1700050003 - 16",
                "summary tps 120");
        importRun("r3", "columns a", "1700090000 - 30", "1700090001 - 32", "1700090002 - 30", "1700090003 - 32",
                "summary tps 300");
    }

    @Test
    void averageBuildsARunThatCanBeExportedAndCompared() throws Exception {
        threeRuns();
        CliRun avg = run("average", "r1", "r2", "--as", "avg");
        assertEquals(0, avg.code(), avg.err());
        assertEquals("""
                DATA SET  INTERVAL S  KEYS  ROWS
                scripted           1     1     4
                averaged 2 runs (r1, r2) into run 'avg': 1 data set(s), 1 summary value(s); \
                facts from r1 (tps 100 closest to the median 110)
                """, avg.out());

        CliRun both = run("export", "avg");
        assertEquals("statlens: run 'avg' holds several data sets; choose one with --tool: scripted, scripted.stddev\n",
                both.err());
        CliRun csv = run("export", "avg", "--tool", "scripted");
        assertEquals("""
                time,elapsed_s,key,a
                2023-11-14T22:13:20Z,0,,12
                2023-11-14T22:13:21Z,1,,14
                2023-11-14T22:13:22Z,2,,12
                2023-11-14T22:13:23Z,3,,14
                """, csv.out());
        CliRun spread = run("export", "avg", "--tool", "scripted.stddev");
        assertTrue(spread.out().startsWith("time,elapsed_s,key,a,n\n2023-11-14T22:13:20Z,0,,2.8284271247461903,2\n"),
                spread.out());
        CliRun summary = run("export", "avg", "--summary");
        assertEquals("name,value,unit\ntps,110,1/s\ntps_stddev,14.142135623730951,1/s\n", summary.out());

        CliRun again = run("average", "avg", "r3", "--as", "avg2", "--interval", "2");
        assertEquals(0, again.code(), again.err());
        // 2-second points centred on elapsed 0, 2, 4 hold the samples at 0 | 1, 2 | 3.
        assertTrue(again.out().contains("scripted           2     1     3"), again.out());
        assertTrue(again.out().endsWith("facts from avg (tps 110 closest to the median 205)\n"), "a tie goes to the first run");
        assertEquals("time,elapsed_s,key,a\n2023-11-14T22:13:20Z,0,,21\n2023-11-14T22:13:22Z,2,,22\n"
                        + "2023-11-14T22:13:24Z,4,,23\n",
                run("export", "avg2", "--tool", "scripted").out(), "avg (12, 13, 14) and r3 (30, 31, 32) on the 2-second grid");
    }

    @Test
    void compareWritesTableCsvAndJsonSortedByTheLargestSignificantChange() throws Exception {
        threeRuns();
        CliRun csv = run("compare", "r1", "r2", "r3", "--format", "csv");
        assertEquals(0, csv.code(), csv.err());
        String[] lines = csv.out().split("\n");
        assertEquals("kind,dataset,metric,unit,key,run,base_mean,mean,change,change_pct,base_p95,p95,base_max,max,p_value,"
                        + "significant",
                lines[0]);
        // a: r1 10,12,10,12 (mean 11); r3 mean 31, r2 mean 15. Alternating series have r1 < 0, so n_eff = n = 4.
        assertTrue(lines[1].startsWith("series,scripted,a,%,,r3,11,31,20,181.8181818181818,12,32,12,32,"),
                lines[1]);
        assertTrue(lines[1].endsWith(",yes"), lines[1]);
        assertTrue(lines[2].startsWith("series,scripted,a,%,,r2,11,15,4,36.36363636363637,"), lines[2]);
        assertEquals("summary,scripted,tps,1/s,,r3,100,300,200,200,,,,,,", lines[3],
                "untested: after the significant ones");
        assertEquals("summary,scripted,tps,1/s,,r2,100,120,20,20,,,,,,", lines[4]);
        assertEquals(5, lines.length);

        CliRun json = run("compare", "r1", "r3", "--metric", "a", "--format", "json");
        assertTrue(json.out().contains("\"change\" : 20,"), json.out());
        assertTrue(json.out().contains("\"significant\" : \"yes\""), json.out());

        CliRun table = run("compare", "r1", "r2", "--metric", "tps");
        assertEquals("""
                kind     dataset   metric  unit  key  run  base_mean  mean  change  change_pct  base_p95  p95  base_max  max  \
                p_value  significant
                summary  scripted  tps     1/s        r2         100   120     +20        +20%
                (1 row)
                """, table.out());
    }

    @Test
    void unknownRunsMetricsAndExistingNamesExitWithOne() throws Exception {
        threeRuns();
        CliRun unknownRun = run("compare", "r1", "nope");
        assertEquals(1, unknownRun.code());
        assertTrue(unknownRun.err().startsWith("statlens: no run named 'nope'"), unknownRun.err());
        CliRun unknownMetric = run("compare", "r1", "r2", "--metric", "zz");
        assertEquals(1, unknownMetric.code());
        assertEquals("statlens: --metric zz: not found in both r1 and r2; there are: a, tps\n", unknownMetric.err());
        CliRun oneRun = run("compare", "r1");
        assertEquals(1, oneRun.code(), "picocli: OTHER is required");

        assertEquals(0, run("average", "r1", "r2", "--as", "avg").code());
        CliRun exists = run("average", "r1", "r2", "--as", "avg");
        assertEquals(1, exists.code());
        assertEquals("statlens: run 'avg' already exists; use --replace to overwrite it\n", exists.err());
        assertEquals(0, run("average", "r1", "r3", "--as", "avg", "--replace").code());
        CliRun badInterval = run("average", "r1", "r2", "--as", "x", "--interval", "-1");
        assertEquals(1, badInterval.code());
        assertEquals("statlens: --interval: expected seconds > 0, got -1.0\n", badInterval.err());
        CliRun badTextFrom = run("average", "r1", "r2", "--as", "x", "--text-from", "r3");
        assertEquals(1, badTextFrom.code());
        assertEquals("statlens: --text-from r3: expected one of the runs being averaged (r1, r2)\n", badTextFrom.err());
        CliRun unknownSource = run("average", "r1", "zz", "--as", "x");
        assertEquals(1, unknownSource.code());
    }

    @Test
    void bothCommandsHaveHelp() {
        for (String cmd : List.of("average", "compare")) {
            StringWriter out = new StringWriter();
            assertEquals(0, Main.execute(new PrintWriter(out), new PrintWriter(new StringWriter()), cmd, "--help"));
            assertTrue(out.toString().startsWith("Usage: statlens " + cmd), out.toString());
        }
    }
}
