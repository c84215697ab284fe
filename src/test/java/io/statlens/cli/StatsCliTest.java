package io.statlens.cli;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** stats, top and note end to end, with the data of RunStatisticsTest (util of all, sd2, sd10 every 10 s). */
class StatsCliTest {
    @TempDir
    Path dir;

    private CliRun run(String... args) {
        return CliRun.in(dir.resolve("repo"), args);
    }

    @BeforeEach
    void importDisks() throws Exception {
        Path f = Files.writeString(dir.resolve("disks.txt"), String.join("\n", "#scripted", "columns util",
                "1700000000 sd10 9", "1700000000 all 5", "1700000000 sd2 1",
                "1700000010 sd10 8", "1700000010 all 6", "1700000010 sd2 2",
                "1700000020 sd10 10", "1700000020 all 7", "1700000020 sd2 3",
                "1700000030 sd10 2", "1700000030 all 8", "1700000030 sd2 4") + "\n");
        assertEquals(0, run("import", f.toString(), "--run", "r1").code());
    }

    @Test
    void statsPrintsEveryStatisticPerKey() {
        CliRun csv = run("stats", "r1", "--format", "csv", "--key", "sd2", "--key", "sd10");
        assertEquals(0, csv.code(), csv.err());
        assertEquals("dataset,key,metric,unit,n,min,max,mean,stddev,p50,p90,p95,p99\n"
                + "scripted,sd2,util,%,4,1,4,2.5,1.2909944487358056,2.5,3.7,3.8499999999999996,3.9699999999999998\n"
                + "scripted,sd10,util,%,4,2,10,7.25,3.593976442141304,8.5,9.7,9.85,9.969999999999999\n", csv.out());
        CliRun window = run("stats", "r1", "--metric", "util", "--key", "sd2", "--from", "10", "--to", "2023-11-14T22:13:40Z");
        assertEquals(0, window.code(), window.err());
        assertEquals("""
                window: 2023-11-14T22:13:30Z to 2023-11-14T22:13:40Z
                dataset   key  metric  unit  n  min  max  mean  stddev  p50  p90   p95   p99
                scripted  sd2  util    %     2    2    3   2.5    0.71  2.5  2.9  2.95  2.99
                (1 row)
                """, window.out());
    }

    @Test
    void numbersFollowTheLocaleAskedForNotTheJvmDefault() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            CliRun plain = run("stats", "r1", "--metric", "util", "--key", "sd10");
            assertTrue(plain.out().contains("scripted  sd10  util    %     4    2   10  7.25    3.59  8.5  9.7  9.85  9.97"),
                    plain.out());
            CliRun german = run("stats", "r1", "--metric", "util", "--key", "sd10", "--locale", "de-DE");
            assertTrue(german.out().contains("scripted  sd10  util    %     4    2   10  7,25    3,59  8,5  9,7  9,85  9,97"),
                    german.out());
            CliRun csv = run("stats", "r1", "--metric", "util", "--key", "sd10", "--locale", "de-DE", "--format", "csv");
            assertTrue(csv.out().endsWith(",4,2,10,7.25,3.593976442141304,8.5,9.7,9.85,9.969999999999999\n"), csv.out());
        } finally {
            Locale.setDefault(before);
        }
        assertError(run("stats", "r1", "--locale", "de DE"), "statlens: locale 'de DE': expected a language tag");
    }

    @Test
    void topRanksTheKeys() {
        CliRun top = run("top", "r1", "--metric", "util", "--by", "max", "--format", "csv");
        assertEquals(0, top.code(), top.err());
        assertEquals("rank,dataset,key,metric,unit,min,avg,p50,p90,p95,p99,max,n\n"
                + "1,scripted,sd10,util,%,2,7.25,8.5,9.7,9.85,9.969999999999999,10,4\n"
                + "2,scripted,sd2,util,%,1,2.5,2.5,3.7,3.8499999999999996,3.9699999999999998,4,4\n", top.out());
        CliRun table = run("top", "r1", "--metric", "util", "--by", "avg", "-n", "1", "--ascending");
        assertTrue(table.out().startsWith("lowest 1 by avg of util\nrank  dataset   key"), table.out());
        assertTrue(table.out().contains("   1  scripted  sd2  util"), table.out());
    }

    @Test
    void userErrorsExitWithOneAndSayWhatWasExpected() {
        assertError(run("stats", "nope"), "statlens: no run named 'nope'; runs: r1");
        assertError(run("top", "r1", "--metric", "util", "--by", "p42"),
                "statlens: --by p42: expected one of min, avg, max, p50");
        assertError(run("top", "r1"), "statlens: Missing required option: '--metric=M'");
        assertError(run("stats", "r1", "--from", "soon"),
                "statlens: --from soon: expected elapsed seconds since the run's start");
        assertError(run("stats", "r1", "--tz", "Mars/Olympus", "--from", "10:00:00"),
                "statlens: --tz Mars/Olympus: not a time zone");
        assertError(run("note", "r1"), "statlens: give one of --at TIME \"text\", --file F, --list or --delete ID");
        assertError(run("note", "r1", "hello"), "statlens: a message goes with --at TIME");
        assertError(run("note", "r1", "--at", "10"), "statlens: --at 10: the message is missing");
        assertError(run("note", "r1", "--delete", "99"), "statlens: run 'r1' has no annotation 99");
    }

    private static void assertError(CliRun r, String start) {
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.err().startsWith(start), r.err());
    }

    @Test
    void notesAreAddedImportedListedExportedShownAndDeleted() throws Exception {
        CliRun at = run("note", "r1", "--at", "10", "warmup", "done");
        assertEquals(0, at.code(), at.err());
        assertEquals("annotated run 'r1' at 2023-11-14T22:13:30Z (+10 s): warmup done\n", at.out());

        Path bad = Files.writeString(dir.resolve("bad.txt"), "+15 ok\nno time here\n");
        CliRun rejected = run("note", "r1", "--file", bad.toString());
        assertEquals(1, rejected.code());
        assertTrue(rejected.err().contains("bad.txt:2: expected a time at the start of the line"), rejected.err());
        Path good = Files.writeString(dir.resolve("good.txt"), "# load log\n22:13:45 checkpoint\n+30 end of test\n");
        CliRun imported = run("note", "r1", "--file", good.toString(), "--tz", "UTC");
        assertEquals(0, imported.code(), imported.err());

        CliRun list = run("note", "r1", "--list", "--format", "csv");
        assertEquals("id,time,elapsed_s,text,source\n1,2023-11-14T22:13:30Z,10,warmup done,note\n"
                + "2,2023-11-14T22:13:45Z,25,checkpoint,good.txt\n3,2023-11-14T22:13:50Z,30,end of test,good.txt\n",
                list.out());

        CliRun export = run("export", "r1");
        assertEquals("""
                time,elapsed_s,key,util,annotation
                2023-11-14T22:13:20Z,0,all,5,
                2023-11-14T22:13:20Z,0,sd10,9,
                2023-11-14T22:13:20Z,0,sd2,1,
                2023-11-14T22:13:30Z,10,all,6,warmup done
                2023-11-14T22:13:30Z,10,sd10,8,
                2023-11-14T22:13:30Z,10,sd2,2,
                2023-11-14T22:13:40Z,20,all,7,
                2023-11-14T22:13:40Z,20,sd10,10,
                2023-11-14T22:13:40Z,20,sd2,3,
                2023-11-14T22:13:50Z,30,all,8,checkpoint; end of test
                2023-11-14T22:13:50Z,30,sd10,2,
                2023-11-14T22:13:50Z,30,sd2,4,
                """, export.out());

        CliRun show = run("show", "r1");
        assertTrue(show.out().contains("annotations\nID  TIME (UTC)            ELAPSED_S  TEXT         SOURCE\n"
                + " 1  2023-11-14T22:13:30Z         10  warmup done  note\n"), show.out());

        CliRun window = run("stats", "r1", "--key", "sd2", "--from", "warmup", "--to", "checkpoint", "--format", "csv");
        // 10 s to 25 s: the samples at 10 and 20 s
        assertTrue(window.out().endsWith("\nscripted,sd2,util,%,2,2,3,2.5,0.7071067811865476,2.5,2.9,2.95,2.99\n"),
                window.out());

        assertEquals(0, run("note", "r1", "--delete", "2").code());
        assertEquals(2, run("note", "r1", "--list", "--format", "json").out().split("\"id\"").length - 1);
    }

    @Test
    void everyNewCommandHasHelp() {
        for (String cmd : List.of("stats", "top", "note")) {
            StringWriter out = new StringWriter();
            int code = Main.execute(new PrintWriter(out), new PrintWriter(new StringWriter()), cmd, "--help");
            assertEquals(0, code, cmd);
            assertTrue(out.toString().startsWith("Usage: statlens " + cmd), out.toString());
        }
    }
}
