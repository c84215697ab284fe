package io.statlens.cli;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Named time windows end to end: saved with {@code statlens window} (from times and notes), listed, taken by stats,
 * compare (each run's own window) and report, deleted; mistakes said. Two runs of util samples every 10 s, on other
 * days: r1 5 6 7 8, r2 15 16 17 18 (a steady state of 10 s to 20 s: r1 6 7, r2 16 17).
 */
class WindowCliTest {
    @TempDir
    static Path dir;

    private static CliRun run(String... args) {
        return CliRun.in(dir.resolve("repo"), args);
    }

    private static void importRun(String name, long start, int base) throws Exception {
        StringBuilder text = new StringBuilder("#scripted\ncolumns util\n");
        for (int i = 0; i < 4; i++) text.append(start + 10L * i).append(" all ").append(base + i).append('\n');
        Path f = Files.writeString(dir.resolve(name + ".txt"), text.toString());
        CliRun imported = run("import", f.toString(), "--run", name);
        assertEquals(0, imported.code(), imported.err());
    }

    @BeforeAll
    static void twoRuns() throws Exception {
        importRun("r1", 1_700_000_000L, 5);
        importRun("r2", 1_700_100_000L, 15);
        assertEquals(0, run("note", "r2", "--at", "10", "warmup done").code());
    }

    private static void ok(CliRun r) {
        assertEquals(0, r.code(), r.err());
    }

    @Test
    void windowsAreSavedAndTakenByStatsCompareAndReport() throws Exception {
        CliRun saved = run("window", "r1", "steady", "--from", "10", "--to", "20");
        ok(saved);
        assertEquals("saved window 'steady' of run 'r1': 2023-11-14T22:13:30Z (+10 s) to 2023-11-14T22:13:40Z (+20 s)\n", saved.out());
        ok(run("window", "r2", "steady", "--from", "warmup done", "--to", "20"));
        ok(run("window", "r1", "cool-down", "--from", "30"));
        CliRun list = run("window", "r1", "--list", "--format", "csv");
        ok(list);
        assertEquals("name,from,to,from_s,to_s\nsteady,2023-11-14T22:13:30Z,2023-11-14T22:13:40Z,10,20\n"
                + "cool-down,2023-11-14T22:13:50Z,,30,\n", list.out());

        CliRun stats = run("stats", "r1", "--metric", "util", "--window", "steady", "--format", "csv");
        ok(stats);
        assertTrue(stats.out().contains("scripted,all,util,%,2,6,7,6.5,"), stats.out());

        // In the windows: r1 6 7, r2 16 17 (p95 6.95 and 16.95, max 7 and 17); the whole runs reach 8 and 18.
        CliRun compare = run("compare", "r1", "r2", "--window", "steady", "--format", "csv");
        ok(compare);
        assertTrue(compare.out().contains("series,scripted,util,%,all,r2,6.5,16.5,10,153.84615384615387,6.95,16.95,7,17,"),
                "steady state against steady state: " + compare.out());
        CliRun whole = run("compare", "r1", "r2", "--format", "csv");
        assertTrue(whole.out().contains(",all,r2,6.5,16.5,10,153.84615384615387,7.85,17.85,8,18,"), whole.out());

        Path html = dir.resolve("steady.html");
        ok(run("report", "r1", "r2", "--window", "steady", "--section", "statistics", "--section", "comparison",
                "-o", html.toString()));
        String report = Files.readString(html);
        assertTrue(report.contains("statlens report: r1, r2 (time window steady)"), "the report says its window");

        CliRun deleted = run("window", "r1", "--delete", "cool-down");
        ok(deleted);
        assertEquals("deleted window 'cool-down' of run 'r1'\n", deleted.out());
    }

    @Test
    void mistakesAreSaid() {
        assertError(run("window", "r1"), "statlens: give one of NAME --from X --to Y, --list or --delete NAME");
        assertError(run("window", "r1", "steady"), "statlens: window steady: give --from X, --to Y or both");
        assertError(run("stats", "r1", "--window", "nope"), "statlens: --window nope: run 'r1' has no time window of that name");
        assertError(run("stats", "r1", "--window", "steady", "--from", "10"),
                "statlens: --window steady names the times itself; leave out --from and --to");
        assertError(run("window", "r2", "x", "--from", "20", "--to", "10"), "statlens: --to 10");
    }

    private static void assertError(CliRun r, String start) {
        assertEquals(1, r.code(), r.out());
        assertTrue(r.err().startsWith(start), r.err());
    }
}
