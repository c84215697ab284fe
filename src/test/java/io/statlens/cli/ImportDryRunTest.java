package io.statlens.cli;

import io.statlens.parse.ParserFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code statlens import --dry-run}: which tool each file is, and the lines that decided it; nothing is written. */
class ImportDryRunTest {
    @TempDir
    Path dir;

    @Test
    void aQuotedPasteWithoutItsBannerIsDetectedFromItsHeaderAndSaysSo() throws IOException {
        String vmstat = ParserFixtures.text("vmstat/jc-centos77-vmstat-at.txt");
        Path quoted = dir.resolve("reply.txt");
        Files.writeString(quoted, "On Monday Ann wrote:\n" + vmstat.lines().map(l -> "> " + l).collect(Collectors.joining("\n")));
        Path repo = dir.resolve("repo");

        CliRun run = CliRun.in(repo, "import", "--run", "r", "--dry-run", quoted.toString());

        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().startsWith("reply.txt: vmstat 100%\n  read without its quote markers '>'\n"), run.out());
        assertTrue(run.out().contains("  line 2: procs -----------memory----------"), "the group line is evidence: " + run.out());
        assertTrue(run.out().contains("  line 3:  r  b   swpd   free  inact active"),
                "the label line is evidence, its leading blank kept under the group line as in the file: " + run.out());
        assertTrue(run.out().endsWith("nothing imported (--dry-run): 1 of 1 file(s) recognised\n"), run.out());
        assertFalse(Files.exists(repo), "a dry run opens no repository");
    }

    @Test
    void evidenceLinesKeepTheirColumnsWhenTheirNumbersDifferInWidth() throws IOException {
        String vmstat = ParserFixtures.text("vmstat/jc-centos77-vmstat-at.txt");
        Path late = dir.resolve("late.txt");
        Files.writeString(late, "notes\n".repeat(8) + vmstat);

        CliRun run = CliRun.in(dir.resolve("repo"), "import", "--dry-run", late.toString());

        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("\n  line  9: procs -----------memory----------"), run.out());
        assertTrue(run.out().contains("\n  line 10:  r  b   swpd   free  inact active"), run.out());
    }

    @Test
    void aFileNoParserKnowsIsSaidWithTheClosestParsers() throws IOException {
        Path notes = dir.resolve("notes.txt");
        Files.writeString(notes, "shopping list\nmilk\n");

        CliRun run = CliRun.in(dir.resolve("repo"), "import", "--run", "r", "--dry-run", notes.toString());

        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().startsWith("notes.txt: no parser recognises it (nothing in it looks like any known tool's output); give --tool"),
                run.out());
        assertTrue(run.out().endsWith("0 of 1 file(s) recognised\n"), run.out());
    }
}
