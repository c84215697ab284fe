package io.statlens.cli;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code statlens findings} end to end: two real sysbench runs, as a table, CSV and JSON. */
class FindingsCommandTest {
    @TempDir
    Path dir;

    private CliRun run(String... args) {
        return CliRun.in(dir.resolve("repo"), args);
    }

    @BeforeEach
    void importRuns() {
        for (String[] r : new String[][]{{"sb16", "plantegg-1.0.20-oltp_rw-16thr.txt"}, {"sb8", "mb-0.5-mid-rw-8thr-5s.txt"}}) {
            CliRun imp = run("import", "src/test/resources/corpus/sysbench/" + r[1], "--run", r[0], "--start", "2024-03-01T10:00:00Z");
            assertEquals(0, imp.code(), imp.err());
        }
    }

    @Test
    void aTableOfSentencesPerRunAndComparisonWithTheChartOfEach() {
        CliRun r = run("findings", "sb16", "sb8");
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals("run sb16", lines.get(0));
        assertEquals("KIND      CHART         FINDING", lines.get(1));
        assertEquals("headline  sysbench.tps  sysbench oltp: 3,482 tps, 69,645 qps, latency p95 7.43 ms (16 threads, 30 s);"
                + " per interval 3,326 to 3,554 tps (CV 1.05 %).", lines.get(2));
        assertTrue(lines.contains("sb8 against sb16"), r.out());
        assertTrue(r.out().contains("change  sysbench.tps      tps (sysbench) fell 53.02 %, from 3,482 to 1,636/s (per-interval samples"
                + " beyond noise, p < 0.0001) against sb16."), r.out());
    }

    @Test
    void csvAndJsonKeepTheExactFigureBesideTheSentence() {
        CliRun csv = run("findings", "sb16", "--format", "csv");
        assertEquals(0, csv.code(), csv.err());
        List<String> lines = csv.out().lines().toList();
        assertEquals("run,base,kind,dataset,metric,key,value,unit,chart,finding", lines.get(0));
        assertTrue(lines.get(1).startsWith("sb16,,headline,sysbench,tps,,3482.24,1/s,sysbench.tps,\"sysbench oltp: 3,482 tps,"),
                lines.get(1));
        CliRun json = run("findings", "sb16", "sb8", "--format", "json", "--locale", "de-DE");
        assertEquals(0, json.code(), json.err());
        assertTrue(json.out().contains("\"value\" : 3482.24,"), json.out());
        assertTrue(json.out().contains("\"finding\" : \"sysbench oltp: 3.482 tps,"), "the sentence in the locale asked for: " + json.out());
        assertTrue(json.out().contains("\"base\" : \"sb16\""), json.out());
    }

    @Test
    void anUnknownRunIsAUserError() {
        CliRun r = run("findings", "nope");
        assertEquals(1, r.code());
        assertTrue(r.err().startsWith("statlens: no run named 'nope'"), r.err());
        CliRun twice = run("findings", "sb16", "sb16");
        assertEquals(1, twice.code());
        assertEquals("statlens: a run is named twice: [sb16, sb16]\n", twice.err());
    }
}
