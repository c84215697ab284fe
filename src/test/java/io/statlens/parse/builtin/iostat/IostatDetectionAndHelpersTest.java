package io.statlens.parse.builtin.iostat;

import io.statlens.parse.time.DateOrder;
import io.statlens.parse.time.ZoneAbbreviations;
import io.statlens.parse.spi.Detection;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.transcript.Transcript;
import io.statlens.parse.transcript.TranscriptLine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Detection against other tools' output, registration, and the small helpers. */
class IostatDetectionAndHelpersTest {
    private final IostatParser parser = new IostatParser();

    /** The iostat command on a line, read as a transcript reads it, above an output that is not BSD's. */
    private static Optional<IostatCommand> command(String line) {
        return command(line, false);
    }

    private static Optional<IostatCommand> command(String line, boolean bsd) {
        TranscriptLine read = Transcript.line(line, IostatCommand.SYNTAX);
        return read.is(TranscriptLine.Kind.COMMAND) ? Optional.of(IostatCommand.of(read.command(), bsd)) : Optional.empty();
    }

    private double sniff(String text) {
        return parser.sniff(new Head("x", List.of(text.split("\n"))));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            // mpstat
            "Linux 5.4.0 (db01) \t09/16/2019 \t_x86_64_\t(4 CPU)\n\n"
                    + "04:58:06 PM  CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle\n"
                    + "04:58:07 PM  all    1.00    0.00    0.50    0.10    0.00    0.00    0.00    0.00    0.00   98.40",
            // sar -d and sar -u
            "Linux 5.4.0 (db01) \t09/16/2019 \t_x86_64_\t(4 CPU)\n\n"
                    + "12:00:01 AM       DEV       tps     rkB/s     wkB/s   areq-sz    aqu-sz     await     svctm     %util\n"
                    + "12:10:01 AM       sda      1.00      2.00      3.00      4.00      0.00      1.00      0.50      0.10",
            "12:00:01 AM     CPU     %user     %nice   %system   %iowait    %steal     %idle\n"
                    + "Average:        all      1.00      0.00      0.50      0.10      0.00     98.40",
            // Linux and Solaris vmstat
            "procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----\n"
                    + " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st\n"
                    + " 1  0      0 812345  12345 234567    0    0     1     2   30   40  1  0 99  0  0",
            " kthr      memory            page            disk          faults      cpu\n"
                    + " r b w   swap  free  re  mf pi po fr de sr s0 s1 s2 s3   in   sy   cs us sy id\n"
                    + " 0 0 0 1234567 234567 1 2 0 0 0 0 0 0 0 0 0 300 400 500 1 1 98",
            // pidstat, Solaris sar -d, nfsiostat from nfs-utils, sysbench
            "04:58:06 PM   UID       PID    %usr %system  %guest   %wait    %CPU   CPU  Command",
            "00:00:01   device        %busy   avque   r+w/s  blks/s  avwait  avserv\n"
                    + "           sd0             1     0.0       1      10     0.0     5.0",
            "fileserver:/export mounted on /mnt:\n\n           ops/s       rpc bklog\n           3.000           0.000",
            "[ 1s ] thds: 8 tps: 1000.87 qps: 20040.36 (r/w/o: 14031.16/4002.47/2006.73) lat (ms,95%): 12.30 err/s: 0.00"})
    void otherToolsAreNotClaimed(String text) {
        assertTrue(sniff(text) < Detection.THRESHOLD, text);
    }

    @Test
    void iostatHeadersAreClaimedOnTheirOwn() {
        assertTrue(sniff("avg-cpu:  %user   %nice %system %iowait  %steal   %idle") >= Detection.THRESHOLD);
        assertTrue(sniff("Device:  rrqm/s   wrqm/s   r/s   w/s    rkB/s") >= Detection.THRESHOLD);
        assertTrue(sniff("      tps    kB_read/s    kB_wrtn/s    kB_dscd/s    kB_read    kB_wrtn    kB_dscd Device")
                >= Detection.THRESHOLD);
        assertTrue(sniff("    r/s    w/s   kr/s   kw/s wait actv wsvc_t asvc_t  %w  %b device") >= Detection.THRESHOLD);
        assertTrue(sniff("   tty        sd0           cpu\n tin tout kps tps serv   us sy wt id") >= Detection.THRESHOLD);
    }

    @Test
    void registeredAsAService() {
        assertTrue(ServiceLoader.load(Parser.class).stream().anyMatch(p -> p.type() == IostatParser.class));
        assertEquals("iostat", parser.info().tool());
    }

    @Test
    void commandLinesFromPromptsAndManPages() {
        IostatCommand plain = command("$ iostat -mx 1").orElseThrow();
        assertEquals("-mx", plain.options());
        assertEquals(Optional.of(Duration.ofSeconds(1)), plain.interval());
        assertFalse(plain.omitsSinceBoot());
        IostatCommand root = command("[root@db01 ~]# sudo /usr/bin/iostat -p ALL -xy 5 3 > io.log").orElseThrow();
        assertEquals("/usr/bin/iostat -p ALL -xy 5 3", root.command());
        assertEquals("-p ALL -xy", root.options());
        assertEquals(Optional.of(Duration.ofSeconds(5)), root.interval());
        assertTrue(root.omitsSinceBoot());
        IostatCommand troff = command("example% \\fBiostat\\fR \\fB-xcnCXTdz\\fR \\fB5\\fR").orElseThrow();
        assertEquals("iostat -xcnCXTdz 5", troff.command());
        assertEquals(Optional.of(Duration.ofSeconds(10)), command("# iostat -T d 10").orElseThrow().interval());
        assertEquals(Optional.of(Duration.ofSeconds(2)), command("$ iostat -p 2").orElseThrow().interval());
        // FreeBSD and macOS: the wait is -w's value; the number after their -c is the count
        IostatCommand mac = command("❯ iostat -w 1 disk0").orElseThrow();
        assertEquals("-w 1", mac.options());
        assertEquals(Optional.of(Duration.ofSeconds(1)), mac.interval());
        assertEquals(Optional.of(Duration.ofSeconds(2)), command("$ iostat -c 10 -w 2").orElseThrow().interval());
        assertEquals(Optional.of(Duration.ofSeconds(60)), command("$ iostat -d -C -n 999 -w 60").orElseThrow().interval());
        // Above a BSD output -c takes a count and -n a number of devices; a count alone repeats every second
        assertEquals(Optional.of(Duration.ofSeconds(5)), command("$ iostat -c 5").orElseThrow().interval(), "Linux: -c is the CPU report, 5 the interval");
        assertEquals(Optional.of(Duration.ofSeconds(1)), command("$ iostat -c 5", true).orElseThrow().interval());
        assertEquals(Optional.of(Duration.ofSeconds(1)), command("$ iostat -dCc 3", true).orElseThrow().interval());
        assertEquals(Optional.of(Duration.ofSeconds(1)), command("$ iostat -n0 -c2 -d -C", true).orElseThrow().interval());
        assertEquals(Optional.of(Duration.ofSeconds(5)), command("$ iostat -n 2 5", true).orElseThrow().interval(), "the traditional wait operand");
        assertEquals(Optional.of(Duration.ofSeconds(2)), command("$ iostat -x ada0 2 10", true).orElseThrow().interval());
        assertEquals(Optional.of(Duration.ofMillis(100)), command("$ iostat -C -c 2 -w0.1 -x", true).orElseThrow().interval());
        assertEquals(Optional.empty(), command("$ iostat -x", true).orElseThrow().interval(), "one report: no interval");
        assertTrue(command("sda 0.00 iostat").isEmpty());
        assertTrue(command("Device: rrqm/s wrqm/s").isEmpty());
    }

    @Test
    void timestampLinesInEveryForm() {
        ZoneOffset utc = ZoneOffset.UTC;
        assertEquals(Instant.parse("2019-09-16T16:58:06Z"),
                ReportTimestamp.parse("09/16/2019 04:58:06 PM", utc, DateOrder.MONTH_FIRST, ZoneAbbreviations::lookup, null).orElseThrow().time());
        assertEquals(Instant.parse("2020-06-01T12:53:20Z"), ReportTimestamp.parse("06/01/20 12:53:20", utc, DateOrder.MONTH_FIRST, ZoneAbbreviations::lookup, null).orElseThrow().time());
        assertEquals(Instant.parse("2019-09-16T14:58:06Z"),
                ReportTimestamp.parse("2019-09-16T16:58:06+0200", utc, DateOrder.MONTH_FIRST, ZoneAbbreviations::lookup, null).orElseThrow().time());
        assertEquals(Instant.parse("2019-09-16T16:58:06Z"),
                ReportTimestamp.parse("2019년 09월 16일 오후 04시 58분 06초", utc, DateOrder.MONTH_FIRST, ZoneAbbreviations::lookup, null).orElseThrow().time());
        ReportTimestamp zzz = ReportTimestamp.parse("zzz ***Mon Sep 16 16:58:06 CEST 2019", utc, DateOrder.MONTH_FIRST, ZoneAbbreviations::lookup, null).orElseThrow();
        assertEquals(Instant.parse("2019-09-16T14:58:06Z"), zzz.time());
        assertTrue(zzz.newInvocation());
        assertFalse(ReportTimestamp.parse("Mon Nov 24 14:58:36 2003", utc, DateOrder.MONTH_FIRST, ZoneAbbreviations::lookup, null).orElseThrow().newInvocation());
        assertEquals(Instant.ofEpochSecond(1069685916), ReportTimestamp.parse("1069685916", utc, DateOrder.MONTH_FIRST, ZoneAbbreviations::lookup, null).orElseThrow().time());
        assertTrue(ReportTimestamp.parse("Linux 5.4.0 (db01) \t09/16/2019 \t_x86_64_", utc, DateOrder.MONTH_FIRST, ZoneAbbreviations::lookup, null).isEmpty());
        assertTrue(ReportTimestamp.parse("09/16/2019 04:58:06 PM sda 1.0", utc, DateOrder.MONTH_FIRST, ZoneAbbreviations::lookup, null).isEmpty());
    }

    @Test
    void cellsWithCommaDecimalsHumanSizesAndPercentSigns() {
        assertEquals(4649.80, CellValue.parse("4649,80", "1/s"), 1e-9);
        assertEquals(1.2, CellValue.parse("1.2%", "%"), 1e-9);
        assertEquals(1536, CellValue.parse("1.5M", "kB/s"), 1e-9);
        assertEquals(0.5, CellValue.parse("512.0k", "MB"), 1e-9);
        assertEquals(2, CellValue.parse("1.0k", "sectors/s"), 1e-9);
        assertEquals(1, CellValue.parse("1024B", "kB"), 1e-9);
        assertTrue(Double.isNaN(CellValue.parse("1.5M", "1/s")), "a size suffix on a rate of requests is not a number");
        assertTrue(Double.isNaN(CellValue.parse("sda", "")));
    }

    @Test
    void groupedHeadersNeedKnownGroupsOrDiskNames() {
        String[] vmstatGroups = " kthr      memory            page            disk          faults      cpu".trim().split("\\s+");
        String[] vmstatLabels = "r b w   swap  free  re  mf pi po fr de sr s0 s1 s2 s3   in   sy   cs us sy id".split("\\s+");
        assertTrue(GroupedHeader.parse(vmstatGroups, vmstatLabels).isEmpty());
        GroupedHeader solaris = GroupedHeader.parse("tty sd0 sd1 cpu".split(" "),
                "tin tout kps tps serv kps tps serv us sy wt id".split(" ")).orElseThrow();
        assertEquals(List.of("tty", "", "", "cpu"), solaris.groups().stream().map(GroupedHeader.Group::dataset).toList());
        assertEquals(List.of("", "sd0", "sd1", ""), solaris.groups().stream().map(GroupedHeader.Group::key).toList());
        assertEquals(12, solaris.width());
    }
}
