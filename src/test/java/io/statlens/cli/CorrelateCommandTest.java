package io.statlens.cli;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code statlens correlate} end to end on an embedded repository, with the scripted test parser. */
class CorrelateCommandTest {
    @TempDir
    Path dir;

    private CliRun run(String... args) {
        return CliRun.in(dir.resolve("repo"), args);
    }

    /** tps every second; "lat (ms)" falls as tps rises; disk util every 2 s: sda rises with tps, sdb does not, sdc is flat. */
    @BeforeEach
    void importRun() throws Exception {
        List<String> lines = new ArrayList<>(List.of("#scripted", "dataset bench", "columns tps lat.ms"));
        double[] tps = {100, 110, 120, 130, 140, 150, 160, 170, 180, 195};
        for (int s = 0; s < 10; s++) lines.add((1_700_000_000L + s) + " - " + tps[s] + " " + (300 - tps[s]));
        lines.addAll(List.of("dataset disk Device", "columns util"));
        double[] sdb = {50, 10, 40, 20, 30};
        for (int i = 0; i < 5; i++) {
            long t = 1_700_000_001L + 2L * i;
            lines.add(t + " sda " + (10 + 10 * i));
            lines.add(t + " sdb " + sdb[i]);
            lines.add(t + " sdc 5");
        }
        Path file = Files.writeString(dir.resolve("run.txt"), String.join("\n", lines) + "\n");
        CliRun imp = run("import", file.toString(), "--run", "r1");
        assertEquals(0, imp.code(), imp.err());
    }

    @Test
    void csvListsTheStrongestFirstWithRNPAndStep() {
        CliRun r = run("correlate", "r1", "--metric", "scripted.bench.tps", "--include-own", "--format", "csv");
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals("rank,dataset,metric,key,r,n,p,step_s", lines.get(0));
        assertEquals(4, lines.size(), r.out());
        assertTrue(lines.get(1).matches("1,scripted\\.bench,lat\\.ms,,-1,10,0,1"), lines.get(1));
        assertTrue(lines.get(2).matches("2,scripted\\.disk,util,sda,(1|0\\.99999999999999\\d+),5,0,2"), lines.get(2));
        assertTrue(lines.get(3).matches("3,scripted\\.disk,util,sdb,-0\\.3\\d*,5,0\\.6238\\d+,2"), lines.get(3));
    }

    @Test
    void theTableSaysWhatWasCorrelatedAndWhatWasSkipped() {
        CliRun r = run("correlate", "r1", "--metric", "scripted.bench.tps", "-n", "2", "--include-own");
        assertEquals(0, r.code(), r.err());
        assertEquals("""
                run r1: series correlated with scripted.bench tps (10 samples, every 1 s)
                method pearson, lag 0 s, grid step the larger typical interval of each pair, at least 5 common points; \
                p: two-sided, t distribution

                rank  dataset         metric  key   r   n        p  step_s
                   1  scripted.bench  lat.ms       -1  10  <0.0001       1
                   2  scripted.disk   util    sda   1   5  <0.0001       2
                (2 rows)
                1 more correlated series (-n 3 shows them)
                strongest per data set: scripted.bench lat.ms -1; scripted.disk util [sda] 1
                skipped 1 series:
                  scripted.disk util [sdc]: constant
                """, r.out());
    }

    @Test
    void theTargetsOwnDataSetIsLeftOutByDefault() {
        CliRun r = run("correlate", "r1", "--metric", "scripted.bench.tps");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("""
                rank  dataset        metric  key     r  n        p  step_s
                   1  scripted.disk  util    sda     1  5  <0.0001       2
                   2  scripted.disk  util    sdb  -0.3  5     0.62       2
                (2 rows)
                left out: 1 other series of scripted.bench, the target's own data set (--include-own ranks them too)
                """), r.out());
    }

    @Test
    void jsonAndSpearmanAndAFilter() {
        CliRun r = run("correlate", "r1", "--metric", "scripted.bench.tps", "--with", "scripted.disk.util",
                "--method", "spearman", "--format", "json");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\"metric\" : \"util\""), r.out());
        assertTrue(r.out().contains("\"key\" : \"sdb\",\n  \"r\" : -0.3"), r.out());
        assertTrue(!r.out().contains("lat.ms"), "--with leaves the benchmark's other metric out");
    }

    @Test
    void badInputExitsWithOneAndSaysWhatWasExpected() {
        CliRun keyed = run("correlate", "r1", "--metric", "scripted.disk.util");
        assertEquals(1, keyed.code());
        assertEquals("statlens: scripted.disk.util has one series per Device; choose one with --key: sda, sdb, sdc\n",
                keyed.err());

        CliRun metric = run("correlate", "r1", "--metric", "scripted.bench.qps");
        assertEquals(1, metric.code());
        assertEquals("statlens: 'scripted.bench.qps': data set 'scripted.bench' has no metric 'qps'; it has: tps, lat.ms\n",
                metric.err());

        CliRun method = run("correlate", "r1", "--metric", "scripted.bench.tps", "--method", "kendall");
        assertEquals(1, method.code());
        assertTrue(method.err().contains("expected one of [pearson, spearman]"), method.err());

        CliRun limit = run("correlate", "r1", "--metric", "scripted.bench.tps", "-n", "0");
        assertEquals(1, limit.code());
        assertEquals("statlens: -n 0: expected a positive number of series to show\n", limit.err());

        CliRun points = run("correlate", "r1", "--metric", "scripted.bench.tps", "--min-points", "2");
        assertEquals(1, points.code());
        assertTrue(points.err().startsWith("statlens: --min-points 2: expected 3 or more"), points.err());

        CliRun noRun = run("correlate", "nope", "--metric", "scripted.bench.tps");
        assertEquals(1, noRun.code());
        assertEquals("statlens: no run named 'nope'; runs: r1\n", noRun.err());

        CliRun missing = run("correlate", "r1");
        assertEquals(1, missing.code());
        assertTrue(missing.err().contains("Missing required option: '--metric=M'"), missing.err());
    }

    @Test
    void aLagShiftsTheOtherSeries() {
        // disk samples at 1 3 5 7 9 s, moved to 3 5 7 9 11 s, pair with tps averaged over 3-4, 5-6, 7-8 and 9 s
        CliRun r = run("correlate", "r1", "--metric", "scripted.bench.tps", "--with", "scripted.disk", "--lag", "2",
                "--min-points", "3", "--format", "csv");
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(3, lines.size(), r.out());
        assertTrue(lines.get(1).matches("1,scripted\\.disk,util,sda,(1|0\\.99999999999999\\d+),4,0,2"), lines.get(1));
        // x = 0..3 against 50 10 40 20: sxy = -30, sxx = 5, syy = 1000
        assertTrue(lines.get(2).startsWith("2,scripted.disk,util,sdb,-0.424264068711928"), lines.get(2));
        assertTrue(lines.get(2).contains(",4,"), lines.get(2));
    }
}
