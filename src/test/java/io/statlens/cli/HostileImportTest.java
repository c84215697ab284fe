package io.statlens.cli;

import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.LineSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

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
    void aLargeFiniteNumberIsStoredAndTheImportsStatisticsStayFinite() throws Exception {
        Path vmstat = file("vm.txt", VMSTAT_HEADER + """
                 1  0      0 2794716 295968 312724    0    0     1     3   29   57  0  0 99  0  0
                 1  0      0 2794716 295968 312724    0    0     1     3   29   57  0  0 1e200  0  0
                 1  0      0 2794716 295968 312724    0    0     1     3   29   57  0  0 98  0  0
                """);
        CliRun imp = run("import", vmstat.toString(), "--run", "r", "--start", "2024-01-01T00:00:00Z");
        assertEquals(0, imp.code(), imp.out() + imp.err());
        assertTrue(imp.out().contains("imported 3 rows"), imp.out());
        // the first sample is since boot, left out of the statistics
        double[] stats = csvRow(run("query", "SELECT N, MIN_V, MAX_V, MEAN_V, STDDEV_V, P50, P99 FROM V_STATS WHERE LABEL = 'id'",
                "--format", "csv"));
        assertEquals(2, stats[0]);
        assertEquals(98, stats[1]);
        assertEquals(1e200, stats[2]);
        assertEquals(5e199, stats[3], 1e186);
        assertEquals(1e200 / Math.sqrt(2), stats[4], 1e186, "the spread of 1e200 and 98");
        assertEquals(5e199, stats[5], 1e186);
        assertEquals(0.99e200, stats[6], 1e186);
        assertEquals(0, run("stats", "r").code());
    }

    /** The largest doubles of both signs: a standard deviation beyond a double is stored as empty, the rest stands. */
    @Test
    void statisticsBeyondADoubleAreStoredEmpty() throws Exception {
        Path vmstat = file("vm.txt", VMSTAT_HEADER + """
                 1  0 0 2794716 295968 312724 0 0 1 3 29 57 0 0 99 0 0
                 1  0 0 2794716 295968 312724 0 0 1 3 29 57 0 0 1.7e308 0 0
                 1  0 0 2794716 295968 312724 0 0 1 3 29 57 0 0 -1.7e308 0 0
                """);
        CliRun imp = run("import", vmstat.toString(), "--run", "r", "--start", "2024-01-01T00:00:00Z");
        assertEquals(0, imp.code(), imp.out() + imp.err());
        CliRun q = run("query", "SELECT N, MIN_V, MAX_V, MEAN_V, STDDEV_V FROM V_STATS WHERE LABEL = 'id'", "--format", "csv");
        double[] stats = csvRow(q);
        assertEquals(2, stats[0]);
        assertEquals(-1.7e308, stats[1]);
        assertEquals(1.7e308, stats[2]);
        assertEquals(0, stats[3]);
        assertTrue(Double.isNaN(stats[4]), "sqrt(2) * 1.7e308 is beyond a double, stored empty: " + q.out());
        CliRun computed = run("stats", "r", "--since-boot", "--metric", "id", "--format", "csv");
        assertEquals(0, computed.code(), computed.err());
    }

    /** Issue 31: a huge number in one cell of each tool's output aborted the whole import (the statistics overflowed). */
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            iostat/sysstat-12.6.1-C-iostat-x.txt                 | ' 63.37 '      | ' 1e200 '
            vmstat/jc-centos77-vmstat-dt.txt                     | ' 15257 '      | ' 1e200 '
            mpstat/sysstat-12.6.1-C-mpstat-P-ALL-o-JSON.json     | '"usr": 86.57' | '"usr": 1e200'
            sar/sysstat-12.6.1-C-sar-A.txt                       | ' 79.59 '      | ' 1e200 '
            sysbench/capture-1.0.20-threads-rate.txt             | 'eps: 14.76'   | 'eps: 1DIGITS'
            """)
    void aHugeNumberInAnyToolsOutputIsImported(String fixture, String cell, String huge) throws Exception {
        String digits = "0".repeat(200);
        String text = ParserFixtures.text(fixture);
        assertTrue(text.contains(cell), cell);
        Path file = file(Path.of(fixture).getFileName().toString(),
                text.replaceFirst(Pattern.quote(cell), huge.replace("DIGITS", digits)));
        CliRun imp = run("import", file.toString(), "--run", "huge");
        assertEquals(0, imp.code(), imp.out() + imp.err());
        CliRun stored = run("query", "SELECT COUNT(*) FROM V_STATS WHERE MAX_V >= 1e200", "--format", "csv");
        assertEquals("1", stored.out().lines().skip(1).findFirst().orElseThrow(), "a stored maximum of 1e200");
        CliRun computed = run("stats", "huge", "--since-boot", "--format", "csv");
        assertEquals(0, computed.code(), computed.err());
        assertTrue(computed.out().contains("1" + digits), computed.out());
    }

    /**
     * Runs holding the largest doubles of both signs go through average (a mean of them overflows a naive sum), compare
     * and correlate: an answer or a refusal, never an internal error, and the averaged run's statistics are finite.
     */
    @Test
    void hugeValuesAreAveragedComparedAndCorrelated() throws Exception {
        String rows = "";
        for (int i = 0; i < 6; i++) {
            String id = i % 2 == 0 ? "1.7e308" : "-1.7e308";
            rows += " 1  0 0 2794716 295968 312724 0 0 1 3 29 57 " + (i * 1e300) + " 0 " + id + " 0 0\n";
        }
        Path a = file("a.txt", VMSTAT_HEADER + rows);
        Path b = file("b.txt", VMSTAT_HEADER + rows.replace("-1.7e308", "1.7e308"));
        assertEquals(0, run("import", a.toString(), "--run", "a", "--start", "2024-01-01T00:00:00Z").code());
        assertEquals(0, run("import", b.toString(), "--run", "b", "--start", "2024-01-01T00:00:00Z").code());
        CliRun avg = run("average", "a", "b", "--as", "avg");
        assertEquals(0, avg.code(), avg.out() + avg.err());
        CliRun mean = run("query", "SELECT ID FROM V_VMSTAT WHERE RUN = 'avg' ORDER BY TS", "--format", "csv");
        assertEquals(0, mean.code(), mean.err());
        assertTrue(mean.out().contains("\n17" + "0".repeat(307) + "\n"), "the mean of 1.7e308 and 1.7e308: " + mean.out());
        for (String[] args : List.of(new String[]{"compare", "a", "b"}, new String[]{"compare", "a", "b", "avg"},
                new String[]{"correlate", "a", "--metric", "vmstat.id"}, new String[]{"stats", "avg"},
                new String[]{"findings", "a", "b"}, new String[]{"top", "a", "--metric", "id"})) {
            CliRun r = run(args);
            assertTrue(r.code() == 0 || r.code() == 1, String.join(" ", args) + ": " + r.out() + r.err());
        }
    }

    /** An arcstat header of time, read and {@code labels} more labels, and two rows of values. */
    private static String wideArcstat(int labels, String prefix) {
        StringBuilder header = new StringBuilder("time read");
        StringBuilder row = new StringBuilder(" 100");
        for (int i = 0; i < labels; i++) {
            header.append(' ').append(prefix).append(i);
            row.append(" 1.5");
        }
        return header + "\n12:00:00" + row + "\n12:00:01" + row + "\n";
    }

    private String arcstatMetrics() {
        CliRun q = run("query", "SELECT COUNT(*) FROM METRICS WHERE TABLE_NAME = 'ARCSTAT'", "--format", "csv");
        assertEquals(0, q.code(), q.err());
        return q.out();
    }

    /** Issue 31: a header of 1,000 or more labels failed the import with exit 2 (Derby's limit on a SELECT list). */
    @Test
    void aHeaderPastTheCapIsRefusedAtItsLineAndTheRepositoryIsUnchanged() throws Exception {
        Path ok = file("ok.txt", wideArcstat(3, "ok"));
        assertEquals(0, run("import", ok.toString(), "--tool", "arcstat", "--run", "ok").code());
        String metrics = arcstatMetrics();
        Path wide = file("wide.txt", wideArcstat(1_000, "x"));
        // time is no metric: read and 1,000 more are 1,001
        CliRun imp = run("import", wide.toString(), "--tool", "arcstat", "--run", "wide");
        assertEquals(1, imp.code(), imp.out() + imp.err());
        assertTrue(imp.err().contains("wide.txt:1: a header of 1,001 labels for arcstat; a data set has at most 1,000 metrics"),
                imp.err());
        assertFalse(run("runs").out().contains("wide"), "no run was left behind");
        assertEquals(metrics, arcstatMetrics(), "the table gained no metric");
        // a first file that adds metrics, then the refused one: the import is undone, the added metrics with it
        Path fresh = file("fresh.txt", wideArcstat(5, "fresh"));
        CliRun both = run("import", fresh.toString(), wide.toString(), "--tool", "arcstat", "--run", "both");
        assertEquals(1, both.code(), both.out() + both.err());
        assertEquals(metrics, arcstatMetrics(), "the first file's metrics were undone with the import");
        assertEquals(0, run("query", "SELECT * FROM V_ARCSTAT", "--format", "csv").code(), "the table's view still works");
    }

    /** A table full of one run's metrics refuses, before any change, a data set that would take it past the cap. */
    @Test
    void aDataSetThatWouldOverfillItsTableIsRefusedBeforeTheTableChanges() throws Exception {
        Path junk = file("junk.txt", wideArcstat(899, "junk"));
        CliRun first = run("import", junk.toString(), "--tool", "arcstat", "--run", "junk");
        assertEquals(0, first.code(), first.out() + first.err());
        Path more = file("more.txt", wideArcstat(150, "more"));
        CliRun imp = run("import", more.toString(), "--tool", "arcstat", "--run", "more");
        assertEquals(1, imp.code(), imp.out() + imp.err());
        assertTrue(imp.err().contains("more.txt:1: data set arcstat would add 150 metrics to table ARCSTAT, which holds 900 of at"
                + " most 1,000"), imp.err());
        assertFalse(run("runs").out().contains("more"), "no run was left behind");
        assertEquals(0, run("query", "SELECT * FROM V_ARCSTAT", "--format", "csv").code(), "the table's view still works");
    }

    /** Issue 31: a JSON parse error showed Jackson's internals (its source location, StreamReadFeature names). */
    @Test
    void malformedJsonIsReportedAtItsLineInOurWords() throws Exception {
        String json = ParserFixtures.text("mpstat/sysstat-12.6.1-C-mpstat-P-ALL-o-JSON.json");
        String[] lines = json.split("\n", -1);
        lines[14] = lines[14].replace("\"usr\": 77.00", "usr: 77.00");
        Path broken = file("broken.json", String.join("\n", lines));
        CliRun imp = run("import", broken.toString(), "--run", "broken");
        assertEquals(0, imp.code(), imp.out() + imp.err());
        assertTrue(imp.out().contains("broken.json:15: malformed JSON: unexpected character 'u' (expected double-quote to start"
                + " field name); what came before is kept"), imp.out());
        Path cut = file("cut.json", json.substring(0, json.indexOf("\"usr\": 77.00")));
        CliRun cutShort = run("import", cut.toString(), "--run", "cut");
        assertEquals(0, cutShort.code(), cutShort.out() + cutShort.err());
        assertTrue(cutShort.out().contains("cut.json:15: the JSON document ends here, cut short: expected the rest of an object;"
                + " what came before is kept"), cutShort.out());
        for (String out : List.of(imp.out(), cutShort.out())) {
            assertFalse(out.contains("Source") || out.contains("StreamReadFeature") || out.contains("code 117"), out);
        }
    }

    /**
     * Issue 31: each bad row under a header of thousands of labels gave a warning listing them all (90 KB each); a
     * warning is cut to a few hundred characters, its start saying what is wrong.
     */
    @Test
    void aBadRowUnderAWideHeaderGivesAShortWarning() throws Exception {
        StringBuilder header = new StringBuilder("# hostname;interval;timestamp;CPU;%user");
        StringBuilder good = new StringBuilder("vm;1;2026-11-25 18:00:09 UTC;-1;2.00");
        for (int i = 0; i < 900; i++) {
            header.append(";%x").append(i);
            good.append(";1.00");
        }
        String bad = "vm;1;2026-11-25 18:00:10 UTC;-1;2.00;1.00\n";
        Path sadf = file("wide-sadf.txt", header + "\n" + good + "\n" + bad.repeat(3));
        CliRun imp = run("import", sadf.toString(), "--run", "wide", "--tool", "sar");
        assertEquals(0, imp.code(), imp.out() + imp.err());
        List<String> warnings = imp.out().lines().filter(l -> l.contains("wide-sadf.txt:3")).toList();
        assertEquals(1, warnings.size(), imp.out());
        assertTrue(warnings.get(0).contains("expected 902 values for CPU %user %x0 %x1"), warnings.get(0));
        assertTrue(warnings.get(0).length() < 700 && warnings.get(0).contains(" more characters)"), warnings.get(0));
    }

    /** The first row of a query's CSV output as numbers, an empty cell as NaN. */
    private static double[] csvRow(CliRun q) {
        assertEquals(0, q.code(), q.err());
        String[] cells = q.out().lines().skip(1).findFirst().orElseThrow().split(",", -1);
        return Arrays.stream(cells).mapToDouble(c -> c.isEmpty() ? Double.NaN : Double.parseDouble(c)).toArray();
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

    /**
     * A dtrace printa whose time stamps read as the year 8839 (found by the twelfth long fuzz run): placing the undated
     * file's times at its modification time moved them back by centuries, a shift that overflowed a count of
     * nanoseconds (exit 2). Its times span millennia, more than the years a repository holds once placed at the file's
     * date (they started in the year -4786): the file is refused, naming why.
     */
    @Test
    void timesPlacedCenturiesBackAreRefused() throws Exception {
        byte[] saved = Files.readAllBytes(Path.of(
                "src/test/resources/io/statlens/store/load/ImportFuzzTestInputs/importIntoKnownTables/derived-times-placed-centuries-back"));
        Path printa = Files.write(dir.resolve("centuries.txt"), java.util.Arrays.copyOfRange(saved, 1, saved.length));
        CliRun imp = run("import", printa.toString(), "--run", "centuries");
        assertEquals(1, imp.code(), imp.out() + imp.err());
        assertTrue(imp.err().contains("centuries.txt: its times span 6,8"), imp.err());
        assertTrue(imp.err().contains("outside the years 1 to 9999 a repository holds"), imp.err());
        assertFalse(run("runs").out().contains("centuries"), "no run was left behind");
    }

    /** The pasted command's options say how the output was made; they are no data of the tool (left3's finding). */
    @Test
    void aForcedToolThatFindsOnlyItsPastedCommandRefusesTheFile() throws Exception {
        Path averages = file("averages.txt", "$ pidstat -u -t -p 6463 1 30\n"
                + "Durchschn.:      1000      6463         -    0,20    0,07    0,00    0,00    0,27     -  firefox\n");
        CliRun imp = run("import", averages.toString(), "--tool", "pidstat", "--run", "averages");
        assertEquals(1, imp.code(), imp.out() + imp.err());
        assertTrue(imp.err().contains("averages.txt: the pidstat parser found no pidstat data in this file"), imp.err());
        assertFalse(run("runs").out().contains("averages"), "no run was left behind");
    }

    private void assertImported(Path file) {
        CliRun imp = run("import", file.toString(), "--run", file.getFileName().toString());
        assertEquals(0, imp.code(), imp.out() + imp.err());
        assertFalse(imp.out().contains("imported 0 rows"), imp.out());
    }
}
