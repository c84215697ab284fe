package io.statlens.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The output pdsh gathered from two hosts in one file (src/test/resources/parts/), imported a part per host, as a user
 * sees it afterwards: each part's own size in {@code show}, each row's host in {@code export} and in SQL.
 */
class FilePartsCliTest {
    private static final String PDSH = "captured-pdsh-ssh-two-hosts-vmstat-1-3.txt";

    @TempDir
    Path dir;

    private CliRun run(String... args) {
        return CliRun.in(dir.resolve("repo"), args);
    }

    private static Path fixture() throws Exception {
        return Path.of(FilePartsCliTest.class.getResource("/parts/" + PDSH).toURI());
    }

    private void importPdsh() throws Exception {
        CliRun imported = run("import", fixture().toString(), "--run", "pdsh", "--start", "2026-12-03T17:53:37Z", "--tz", "UTC");
        assertEquals(0, imported.code(), imported.err());
    }

    /** The bytes of a host's lines and of the lines of no host, each with its line feed: what its part holds. */
    private static long bytesOf(String host) throws Exception {
        long bytes = 0;
        for (String line : Files.readAllLines(fixture())) {
            if (!line.contains(": ") || line.startsWith(host + ": ")) bytes += line.getBytes(StandardCharsets.UTF_8).length + 1;
        }
        return bytes;
    }

    @Test
    void showGivesEachHostsPartItsOwnSize() throws Exception {
        importPdsh();
        CliRun show = run("show", "pdsh");
        assertEquals(0, show.code(), show.err());
        long localhost = bytesOf("localhost");
        long loopback = bytesOf("127.0.0.1");
        // the file is 938 bytes: its two hosts' lines, 469 each
        assertEquals(Files.size(fixture()), localhost + loopback);
        assertTrue(show.out().contains(PDSH + ":localhost  " + localhost + " B  vmstat"), show.out());
        assertTrue(show.out().contains(PDSH + ":127.0.0.1  " + loopback + " B  vmstat"), show.out());
    }

    @Test
    void exportAndQueryTellTheHostsApart() throws Exception {
        importPdsh();
        CliRun csv = run("export", "pdsh", "--tool", "vmstat");
        assertEquals(0, csv.code(), csv.err());
        // a host's rows after one another, each named by its host (the since-boot sample left out as always)
        assertEquals(List.of(
                "time,elapsed_s,host,key,r,b,swpd,free,buff,cache,si,so,bi,bo,in,cs,us,sy,id,wa,st",
                "2026-12-03T17:53:38Z,1,localhost,,8,0,0,11980592,91712,9387972,0,0,8,104,1043,5134,92,9,0,0,0",
                "2026-12-03T17:53:39Z,2,localhost,,15,0,0,11980592,91712,9387972,0,0,0,112,894,5578,90,10,0,0,0",
                "2026-12-03T17:53:38Z,1,127.0.0.1,,12,0,0,11974488,91712,9388028,0,0,8,112,1048,4120,92,8,0,0,0",
                "2026-12-03T17:53:39Z,2,127.0.0.1,,10,0,0,11974488,91712,9388028,0,0,4,148,876,6208,91,8,0,0,0"),
                csv.out().lines().toList());
        CliRun json = run("export", "pdsh", "--tool", "vmstat", "--format", "json");
        assertTrue(json.out().contains("\"host\" : \"127.0.0.1\""), json.out());

        CliRun query = run("query", "SELECT HOST, AVG(FREE) AS FREE FROM V_VMSTAT WHERE RUN = 'pdsh' GROUP BY HOST ORDER BY HOST",
                "--format", "csv");
        assertEquals("HOST,FREE\n127.0.0.1,11974488\nlocalhost,11980592\n", query.out());
    }

    @Test
    void summaryValuesOfSeveralHostsAreEachNamedByTheirHost() throws Exception {
        // mpstat -P ALL 1 2 through pdsh: each host prints its own Average: lines
        Path mpstat = Path.of(FilePartsCliTest.class.getResource("/parts/captured-pdsh-ssh-two-hosts-mpstat-P-ALL-1-2.txt").toURI());
        CliRun imported = run("import", mpstat.toString(), "--run", "mp", "--tz", "UTC");
        assertEquals(0, imported.code(), imported.err());
        CliRun csv = run("export", "mp", "--summary");
        assertEquals(0, csv.code(), csv.err());
        List<String> lines = csv.out().lines().toList();
        assertEquals("host,name,value,unit", lines.get(0));
        assertEquals(61, lines.size(), csv.out());
        assertEquals("localhost,mpstat[all].%usr,90.5,%", lines.get(1));
        assertTrue(lines.contains("localhost,mpstat[1].%steal,0.5,%"), csv.out());
        assertTrue(lines.contains("127.0.0.1,mpstat[all].%usr,90.35,%"), csv.out());
        assertTrue(lines.contains("127.0.0.1,mpstat[1].%steal,0.99,%"), csv.out());
    }
}
