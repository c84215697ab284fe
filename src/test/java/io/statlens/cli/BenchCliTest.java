package io.statlens.cli;

import io.statlens.bench.ChildProcess;
import io.statlens.bench.ServerReportBench;
import io.statlens.store.RepositoryEngine;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * statlens bench (the import benchmark) end to end on a tiny input: what it prints, never how fast anything is; against
 * the test JVM's PostgreSQL too, where psql is on the PATH.
 */
class BenchCliTest {
    @TempDir
    Path dir;

    @Test
    void importStepsAndQueriesAreRepeatedInTurnWithCpuTimesAndRatios() {
        CliRun r = CliRun.in(dir.resolve("unused"), "bench", "--cpus", "1", "--seconds", "20", "--repeat", "2",
                "--dir", dir.resolve("work").toString());
        assertEquals(0, r.code(), r.err());
        String out = r.out();
        assertTrue(out.startsWith("machine: load average "), out);
        assertTrue(out.contains("CPU S MIN / MED") && out.contains("THREAD CPU S MIN / MED"), out);
        // 20 reports of the all row and one CPU: 40 rows, every step run twice; a step this small may take less CPU
        // time than the clock tells, and then its ratio says so
        for (String step : new String[]{"parse only", "statlens import \\(parse \\+ store\\)", "Derby SYSCS_IMPORT_TABLE of CSV"}) {
            assertTrue(out.lines().anyMatch(l -> l.matches(step + " +40 +2 .*")), step + "\n" + out);
        }
        assertTrue(out.lines().anyMatch(l -> l.matches("Derby SYSCS_IMPORT_TABLE of CSV .* (1.00x / 1.00x|too short to tell)")), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("stats RUN --from 1 \\(from the rows\\) +40 +2 .* ([0-9.]+x / [0-9.]+x|too short to tell)")), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("stats RUN --from 0 \\(whole run: stored\\) +40 +2 .*")), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("query: AVG/MIN/MAX ... GROUP BY ITEM +40 +2 .* (1.00x / 1.00x|too short to tell)")), out);
        assertTrue(out.contains("s CPU per million rows"), out);
        assertTrue(r.err().contains("statlens import (parse + store), run 2 of 2: "), r.err());
        if (ChildProcess.supported()) {
            // start-up: --help and runs of the imported run against the bare JVM, whole processes in turn
            assertTrue(out.lines().anyMatch(l -> l.matches("statlens --help +2 +[0-9.]+ / [0-9.]+ +[0-9.]+ / [0-9.]+ +.*")), out);
            assertTrue(out.lines().anyMatch(l -> l.matches("statlens runs \\(a repository of one run\\) +2 .*")), out);
            assertTrue(out.lines().anyMatch(l -> l.matches("the JVM alone \\(java -version\\) +2 .* (1.00x / 1.00x|too short to tell)")), out);
        }
        assertTrue(out.strip().lines().reduce((a, b) -> b).orElseThrow().startsWith("machine: load average "), out);
    }

    @Test
    void iostatWorkloadComparesParsingAloneWithTheImport() {
        CliRun r = CliRun.in(dir.resolve("unused"), "bench", "--workload", "iostat", "--devices", "3", "--seconds", "5",
                "--repeat", "2", "--dir", dir.resolve("work").toString());
        assertEquals(0, r.code(), r.err());
        String out = r.out();
        // 5 reports of 3 devices and the avg-cpu row: 20 rows, read without a warning (the parse step fails otherwise)
        assertTrue(out.contains("input: iostat-x-t.txt, 20 rows"), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("parse only \\(iostat parser, all rows\\) +20 +2 .*")), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("statlens import \\(parse \\+ store\\) +20 +2 .* (1.00x / 1.00x|too short to tell)")), out);
    }

    @Test
    void nmonWorkloadComparesParsingAloneWithTheImport() {
        CliRun r = CliRun.in(dir.resolve("unused"), "bench", "--workload", "nmon", "--cpus", "2", "--devices", "3",
                "--seconds", "30", "--repeat", "1", "--dir", dir.resolve("work").toString());
        assertEquals(0, r.code(), r.err());
        String out = r.out();
        // 3 snapshots: 2 CPUs + CPU_ALL, MEM, VM, PROC + 4 interfaces twice + 4 file systems + 3 disks in 5 sections,
        // and 10 TOP processes from the second on: 3 x 33 + 2 x 10 rows
        assertTrue(out.contains("input: bench.nmon, 119 rows"), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("parse only \\(nmon parser, all rows\\) +119 +1 .*")), out);
    }

    @Test
    void sarWorkloadIsMeasuredRowForRowAgainstTheMpstatImport() {
        CliRun r = CliRun.in(dir.resolve("unused"), "bench", "--workload", "sar", "--cpus", "2", "--devices", "3",
                "--seconds", "60", "--repeat", "1", "--dir", dir.resolve("work").toString());
        assertEquals(0, r.code(), r.err());
        String out = r.out();
        // 6 samples of (all + 2 CPUs) + 8 one-row sections + 3 disks + 8 interfaces twice; mpstat: one report of 257 rows
        assertTrue(out.contains("input: sar-A.txt, 180 rows"), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("parse only \\(sar parser, all rows\\) +180 +1 .*")), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("mpstat import \\(parse \\+ store\\), the anchor +257 +1 .* (1.00x / 1.00x|too short to tell)")), out);
        assertTrue(out.contains("CPU per row vs mpstat import"), out);
    }

    @Test
    void aPeerProgramRunsInTurnWithStatlensImportAsWholeProcesses() throws Exception {
        Assumptions.assumeTrue(ChildProcess.supported(), "whole processes are measured through Linux's /proc and /bin/sh");
        Path seen = dir.resolve("peer-read.txt");
        CliRun r = CliRun.in(dir.resolve("unused"), "bench", "--workload", "iostat", "--devices", "3", "--seconds", "5",
                "--repeat", "1", "--dir", dir.resolve("work").toString(), "--peer", "wc -l < {} > " + seen);
        assertEquals(0, r.code(), r.err());
        String out = r.out();
        assertTrue(out.contains("whole processes: iostat-x-t.txt, 20 rows; each command run in turn"), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("statlens import, whole process +20 +1 .*")), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("statlens import into a repository holding an earlier run +20 +1 .*")), out);
        // the repositories the imports went into, the one prepared beforehand too, are gone afterwards
        try (var left = Files.list(dir.resolve("work"))) {
            assertEquals(java.util.List.of(), left.filter(p -> p.getFileName().toString().startsWith("repo-peer")).toList());
        }
        assertTrue(out.lines().anyMatch(l -> l.matches("peer: wc -l < \\{} > .* +20 +1 .* (1.00x / 1.00x|too short to tell)")), out);
        // the peer was handed the generated file itself: 5 reports of an avg-cpu block and 3 devices, with headers
        assertTrue(Files.isRegularFile(seen), "the peer ran");
        assertTrue(Assertions.assertDoesNotThrow(() -> Integer.parseInt(Files.readString(seen).strip())) > 20, seen.toString());
    }

    @Test
    void aBoundedHeapImportRunsAsAWholeProcessAndSaysItsPeakResidentMemory() {
        Assumptions.assumeTrue(ChildProcess.supported(), "whole processes are measured through Linux's /proc and /bin/sh");
        CliRun r = CliRun.in(dir.resolve("unused"), "bench", "--workload", "mysqladmin", "--seconds", "2", "--repeat", "1",
                "--heap", "96m", "--dir", dir.resolve("work").toString());
        assertEquals(0, r.code(), r.err());
        String out = r.out();
        // two tables of the capture's 562 variables, imported by a JVM of its own limited to 96 MiB
        assertTrue(out.contains("input: mysqladmin-ext-r-i1.txt, 1124 rows"), out);
        java.util.regex.Matcher row = java.util.regex.Pattern.compile("statlens import, heap 96m, whole process +1,124 +1 .* ([\\d.]+) MiB\n")
                .matcher(out);
        assertTrue(row.find(), out);
        // a JVM that ran an import holds tens of MiB, and the high-water mark is the child's, not this test's JVM
        double mib = Double.parseDouble(row.group(1));
        assertTrue(mib > 20 && mib < 1024, out);
        assertTrue(out.contains("completed within a heap of 96m every time"), out);
    }

    @Test
    void aHeapLimitIsASizeAsXmxTakesIt() {
        CliRun r = CliRun.in(dir.resolve("unused"), "bench", "--workload", "mysqladmin", "--heap", "lots");
        assertEquals(1, r.code(), r.out());
        assertTrue(r.err().contains("--heap takes a size as -Xmx does (128m, 1g), not lots"), r.err());
    }

    @Test
    void aPeerCommandMustSayWhereTheFileGoes() {
        CliRun r = CliRun.in(dir.resolve("unused"), "bench", "--workload", "iostat", "--peer", "wc -l");
        assertEquals(1, r.code(), r.out());
        assertTrue(r.err().contains("--peer: put {} where the generated file goes"), r.err());
    }

    @Test
    void againstPostgresqlThePsqlOnlyBenchTimesTheImportAgainstPsqlAloneAndTheDeletions() {
        Assumptions.assumeTrue(Stream.of(System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator))
                .anyMatch(d -> Files.isExecutable(Path.of(d, "psql"))), "PostgreSQL's psql is not on the PATH");
        CliRun r = CliRun.in(dir.resolve("unused"), "bench", "--db", RepositoryEngine.POSTGRES.freshRepository().jdbcUrl(),
                "--psql-only", "--cpus", "1", "--seconds", "20", "--repeat", "2");
        assertEquals(0, r.code(), r.err());
        String out = r.out();
        assertTrue(out.lines().anyMatch(l -> l.matches("statlens import \\(parse \\+ store\\) +40 +2 .*")), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("psql \\\\copy of CSV \\(PostgreSQL's own client\\) +40 +2 .*")), out);
        assertFalse(out.contains("JDBC batches (1000 rows) of CSV ") || out.contains("statlens bulk path of CSV"), out);
        assertTrue(out.contains("import vs psql \\copy, CPU of client and server per row: "), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("deleting an imported run \\(40 rows\\): [0-9.]+ / [0-9.]+ s wall to its commit \\(min / median\\);"
                + " its tables dropped after it, not waited for: [0-9.]+ / [0-9.]+ s; server CPU of both: [0-9.]+ / [0-9.]+ s")), out);
        // the report of the same rows from the server against embedded Derby, whole processes, each repository's run left behind
        assertTrue(out.lines().anyMatch(l -> l.matches("statlens report, from the server +2 +[0-9.]+ / [0-9.]+ +[0-9.]+ / [0-9.]+ +[0-9.]+ / [0-9.]+ +[0-9.]+ / [0-9.]+")), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("statlens report, from embedded Derby +2 +[0-9.]+ / [0-9.]+ +[0-9.]+ / [0-9.]+ +[0-9.]+ / [0-9.]+")), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("report from the server vs from embedded Derby: CPU \\(client \\+ server\\) [0-9.]+x / [0-9.]+x,"
                + " wall [0-9.]+x / [0-9.]+x .*")), out);
    }

    @Test
    void aPasswordInTheUrlIsNotPutOnTheReportProcessesCommandLines() {
        assertTrue(ServerReportBench.refusal("jdbc:postgresql://127.0.0.1:5432/statlens?user=ann&password=secret").orElseThrow()
                .contains("give it in PGPASSWORD"));
        Assumptions.assumeTrue(ChildProcess.supported(), "whole processes are measured with Linux's /proc");
        assertTrue(ServerReportBench.refusal("jdbc:postgresql://127.0.0.1:5432/statlens?user=ann").isEmpty());
    }

    @Test
    void psqlOnlyGoesWithAServerRepository() {
        CliRun r = CliRun.in(dir.resolve("unused"), "bench", "--psql-only");
        assertEquals(1, r.code(), r.out());
        assertTrue(r.err().contains("--psql-only goes with --db"), r.err());
    }

    /** The window bench's repeats are charts of other metrics in one window: mpstat has ten, refused before anything starts. */
    @Test
    void theWindowBenchRepeatsAtMostTenCharts() {
        CliRun r = CliRun.in(dir.resolve("unused"), "bench", "--gui", "--repeat", "11");
        assertEquals(1, r.code(), r.out());
        assertTrue(r.err().contains("--repeat with --gui charts that many metrics, one after the other: at most 10"), r.err());
        assertFalse(Files.exists(dir.resolve("unused")), "nothing generated");
    }

    @Test
    void iostatWorkloadIsForTheImportBenchmarkOnly() {
        CliRun r = CliRun.in(dir.resolve("unused"), "bench", "--workload", "iostat", "--charts");
        assertEquals(1, r.code(), r.out());
        assertTrue(r.err().contains("--workload iostat goes with the import benchmark only"), r.err());
    }
}
