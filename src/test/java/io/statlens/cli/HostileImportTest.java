package io.statlens.cli;

import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.LineSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Input a hostile user or a fuzzer would feed: each case is one the import once ended with an internal
 * error (exit 2) or with a false success. Now the bad part of the file becomes a {@code file:line}
 * warning and the rest is imported, or the file is refused with exit 1 and one line saying why.
 */
class HostileImportTest {
    private static final String VMSTAT_HEADER = """
            procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----
             r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st
            """;

    private static final String SAR_WITH_PASSIVE = "judasn-centos7-sar-n-TCP-ETCP.txt";

    @TempDir
    Path dir;

    private CliRun run(String... args) {
        return CliRun.in(dir.resolve("repo"), args);
    }

    private Path file(String name, String text) throws Exception {
        return Files.writeString(dir.resolve(name), text);
    }

    @Test
    void anOverflowingNumberEmptiesItsCellAndTheRestOfTheImportStands() throws Exception {
        Path vmstat = file("vm.txt", VMSTAT_HEADER + """
                 1  0 0 2794716 295968 312724 0 0 1 3 29 57 0 0 99 0 0
                 1  0 0 2794716 295968 312724 0 0 1 3 29 57 0 0 1e999 0 0
                 1  0 0 2794716 295968 312724 0 0 1 3 29 57 -1e400 0 +Infinity 0 0
                 1  0 0 2794716 295968 312724 0 0 1 3 29 57 0 0 98 0 0
                """);
        Path other = file("ok.txt", VMSTAT_HEADER + " 1  0 0 2794716 295968 312724 0 0 1 3 29 57 0 0 97 0 0\n");
        CliRun imp = run("import", vmstat.toString(), other.toString(), "--run", "r", "--start", "2024-01-01T00:00:00Z");
        assertEquals(0, imp.code(), imp.err());
        assertTrue(imp.out().contains("vm.txt:4: value out of range for id"), imp.out());
        assertTrue(imp.out().contains("vm.txt:5: value out of range for us"), imp.out());
        assertTrue(imp.out().contains("vm.txt:5: value out of range for id"), imp.out());
        CliRun q = run("query", "SELECT SAMPLE, US, ID FROM V_VMSTAT WHERE SINCE_BOOT = FALSE OR SAMPLE = 0 ORDER BY TS, ID",
                "--format", "csv");
        assertEquals("SAMPLE,US,ID\n0,0,97\n0,0,99\n1,0,\n2,,\n3,0,98\n", q.out());
    }

    @Test
    void aDamagedVmstatDiskHeaderWithTabsIsReadNotAnInternalError() throws Exception {
        String text = ParserFixtures.text("vmstat/ssup-ubuntu1804-vmstat-d.txt");
        String[] lines = text.split("\n", -1);
        lines[2] = lines[2].strip().replaceAll(" +", "\t");
        assertImported(file("vmstat-d-tabs.txt", String.join("\n", lines)));
    }

    @Test
    void anIostatHeaderWithAControlCharacterForALabelIsReadNotAnInternalError() throws Exception {
        String text = ParserFixtures.text("iostat/jc-centos77-iostat-x.txt").replace("r_await", "\u001F");
        assertImported(file("iostat-control.txt", text));
    }

    @Test
    void pastedCommandsWithIntervalsBeyondAnyClockAreReadNotInternalErrors() throws Exception {
        assertImported(file("iostat-huge.txt", "$ iostat -kx 9223372036854775808\n"
                + ParserFixtures.text("iostat/jc-centos77-iostat-x.txt")));
        String vmstat = ParserFixtures.text("vmstat/ssup-ubuntu1804-vmstat-1-iowait.txt").replace("$ vmstat 1", "$ vmstat 9999999999");
        assertImported(file("vmstat-huge.txt", vmstat));
    }

    @Test
    void labelsLongerThanARepositoryHoldsAreShortenedNotAnInternalError() throws Exception {
        String sar = ParserFixtures.text("sar/" + SAR_WITH_PASSIVE).replace("passive/s", "p".repeat(300) + "/s");
        Path file = file("sar-long-label.txt", sar);
        CliRun imp = run("import", file.toString(), "--run", "long");
        assertEquals(0, imp.code(), imp.out() + imp.err());
        assertTrue(imp.out().contains("names longer than a repository holds are shortened"), imp.out());
    }

    @Test
    void aLineLongerThanTheLimitIsReportedAndSkipped() throws Exception {
        Path vmstat = file("long.txt", VMSTAT_HEADER + " 1  0 0 2794716 295968 312724 0 0 1 3 29 57 0 0 99 0 0\n"
                + " 1".repeat(LineSource.MAX_LINE_LENGTH) + "\n 1  0 0 2794716 295968 312724 0 0 1 3 29 57 0 0 98 0 0\n");
        CliRun imp = run("import", vmstat.toString(), "--run", "r");
        assertEquals(0, imp.code(), imp.err());
        assertTrue(imp.out().contains("long.txt:4: line of 131,072 characters skipped"), imp.out());
        assertTrue(imp.out().contains("imported 2 rows"), imp.out());
    }

    @Test
    void aForcedToolThatFindsNoDataRefusesTheFileAndWritesNothing() throws Exception {
        Path vmstat = file("vmstat.txt", ParserFixtures.text("vmstat/jc-centos77-vmstat.txt"));
        CliRun imp = run("import", vmstat.toString(), "--tool", "iostat", "--run", "wrong");
        assertEquals(1, imp.code(), imp.out() + imp.err());
        assertEquals(1, imp.err().strip().lines().count(), imp.err());
        assertTrue(imp.err().contains("vmstat.txt: the iostat parser found no iostat data in this file"), imp.err());
        assertTrue(imp.err().contains("closest: vmstat"), imp.err());
        assertFalse(run("runs").out().contains("wrong"), "no run was left behind");

        CliRun right = run("import", vmstat.toString(), "--tool", "vmstat", "--run", "right");
        assertEquals(0, right.code(), right.err());
    }

    private void assertImported(Path file) {
        CliRun imp = run("import", file.toString(), "--run", file.getFileName().toString());
        assertEquals(0, imp.code(), imp.out() + imp.err());
        assertFalse(imp.out().contains("imported 0 rows"), imp.out());
    }
}
