package io.statlens.parse.builtin.iostat;

import io.statlens.model.ParseWarning;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.TimeOptions;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Documented output forms the corpus lacks, written as the tools print them. */
class IostatSyntheticTest {
    private static final double EPS = 1e-9;
    private static final String BANNER = "Linux 5.4.0-42-generic (db01) \t09/16/2019 \t_x86_64_\t(4 CPU)\n\n";
    private static final String CPU_HEADER = "avg-cpu:  %user   %nice %system %iowait  %steal   %idle\n";
    private static final String BASIC_HEADER = "Device             tps    kB_read/s    kB_wrtn/s    kB_read    kB_wrtn\n";
    private final IostatParser parser = new IostatParser();

    private CollectingSink parse(String text) {
        return parse(text, ParseContext.simple("synthetic.txt"));
    }

    private CollectingSink parse(String text, ParseContext context) {
        return ParserFixtures.parseText(parser, text, context);
    }

    private static SpecRow only(CollectingSink sink, String dataset, String key, long sample) {
        List<SpecRow> rows = sink.rows(dataset, key).stream().filter(r -> r.row().sample() == sample).toList();
        assertEquals(1, rows.size(), dataset + " " + key + " sample " + sample);
        return rows.get(0);
    }

    @Test
    void twelveHourTimestampsAcrossMidnightAndMinusYOmitsTheSinceBootReport() {
        String report = CPU_HEADER + "           1.00    0.00    0.50    0.10    0.00   98.40\n\n" + BASIC_HEADER
                + "sda               TPS         5.24         1.10     203305      42533\n\n";
        CollectingSink sink = parse("$ iostat -ty 5 2\n" + BANNER + "09/16/2019 11:59:58 PM\n" + report.replace("TPS", "0.24")
                + "09/17/2019 12:00:03 AM\n" + report.replace("TPS", "0.50"));
        assertEquals(Instant.parse("2019-09-16T23:59:58Z"), only(sink, "iostat", "sda", 0).row().time());
        assertEquals(Instant.parse("2019-09-17T00:00:03Z"), only(sink, "iostat", "sda", 1).row().time());
        assertEquals(0.50, only(sink, "iostat", "sda", 1).get("tps"), EPS);
        assertTrue(sink.rows("iostat").stream().noneMatch(r -> r.row().sinceBoot()));
        assertTrue(sink.rows("iostat.cpu").stream().noneMatch(r -> r.row().sinceBoot()));
        assertEquals("-ty", sink.fact("options").orElseThrow());
        assertTrue(sink.warnings().isEmpty(), sink.warnings().toString());
    }

    @Test
    void isoTimestampsCarryTheirOffset() {
        CollectingSink sink = parse(BANNER + "2019-09-16T16:58:06+0200\n" + BASIC_HEADER
                + "sda               0.24         5.24         1.10     203305      42533\n\n"
                + "2019-09-16T16:58:07+0200\n" + BASIC_HEADER
                + "sda               0.00         0.00         0.00          0          0\n");
        assertEquals(Instant.parse("2019-09-16T14:58:06Z"), only(sink, "iostat", "sda", 0).row().time());
        assertEquals(Instant.parse("2019-09-16T14:58:07Z"), only(sink, "iostat", "sda", 1).row().time());
        assertTrue(only(sink, "iostat", "sda", 0).row().sinceBoot());
        assertTrue(sink.fact("time.source").orElseThrow().contains("ISO 8601"));
    }

    @Test
    void germanTimestampsAndCommaDecimalsInTheUsersZone() {
        CollectingSink sink = parse("Linux 3.1.0 (pitbull) \t16.09.2019 \t_x86_64_\t(24 CPU)\n\n16.09.2019 16:58:06\n"
                + CPU_HEADER + "           1,15    0,00    0,27    0,23    0,00   98,34\n",
                ParserFixtures.context("de.txt", TimeOptions.DEFAULT.withZone(ZoneId.of("Europe/Berlin"))));
        SpecRow cpu = only(sink, "iostat.cpu", "", 0);
        assertEquals(Instant.parse("2019-09-16T14:58:06Z"), cpu.row().time());
        assertEquals(98.34, cpu.get("%idle"), EPS);
        assertTrue(sink.fact("time.source").orElseThrow().contains("Europe/Berlin"));
    }

    /**
     * glibc's en_IN before 2.29: {@code %x} is {@code %A %d %B %Y} and {@code %X} {@code %I:%M:%S  %Z}, a 12-hour clock
     * without AM or PM, so iostat -t prints {@code Thursday 04 September 2014 01:42:28  IST} (sysstat's iostat.c: {@code %x
     * %X}). Each stamp is the next time on the half-day dial after the one before (12:59:58 then 01:00:03 is five seconds
     * later), in India's zone as printed.
     */
    @Test
    void oldGlibcEnInStampsWithTheirZoneOnATwelveHourDial() {
        String report = CPU_HEADER + "          36.52    0.00    3.02    0.00    0.00   60.45\n\n" + BASIC_HEADER
                + "sda               TPS         5.24         1.10     203305      42533\n\n";
        CollectingSink sink = parse("Linux 3.11.0-23-generic (tecmint.com) \tThursday 04 September 2014 \t_i686_\t(2 CPU)\n\n"
                + "Thursday 04 September 2014 12:59:58  IST\n" + report.replace("TPS", "0.24")
                + "Thursday 04 September 2014 01:00:03  IST\n" + report.replace("TPS", "0.50")
                + "Thursday 04 September 2014 01:00:08  IST\n" + report.replace("TPS", "0.75"));
        assertEquals(List.of(Instant.parse("2014-09-04T07:29:58Z"), Instant.parse("2014-09-04T07:30:03Z"),
                Instant.parse("2014-09-04T07:30:08Z")), sink.rows("iostat", "sda").stream().map(r -> r.row().time()).toList());
        assertEquals(0.75, only(sink, "iostat", "sda", 2).get("tps"), EPS);
        String source = sink.fact("time.source").orElseThrow();
        assertFalse(source.contains("Etc/UTC") || source.contains("zone Z"), source);
        assertTrue(source.contains("as printed"), source);
        assertTrue(sink.warnings().isEmpty(), sink.warnings().toString());
    }

    @Test
    void koreanTimestamps() {
        CollectingSink sink = parse("2019년 09월 16일 오후 04시 58분 06초\n" + CPU_HEADER
                + "          10.41    0.00    5.03   21.70    0.00   62.85\n");
        assertEquals(Instant.parse("2019-09-16T16:58:06Z"), only(sink, "iostat.cpu", "", 0).row().time());
    }

    @Test
    void sysstat12HumanReadableSplitsTheExtendedReportIntoParts() {
        String parts = """
                     r/s     rkB/s   rrqm/s  %%rrqm r_await rareq-sz Device
                    0.33      8.2k     0.08  18.4%%    0.47    24.7k nvme0n1
                    1.00      1.5M     0.00   0.0%%    1.00     1.5M sda

                     w/s     wkB/s   wrqm/s  %%wrqm w_await wareq-sz Device
                    2.00     16.0k     1.00  33.3%%    0.50     8.0k nvme0n1
                    0.00      0.0k     0.00   0.0%%    0.00     0.0k sda

                     d/s     dkB/s   drqm/s  %%drqm d_await dareq-sz Device
                    0.00      0.0k     0.00   0.0%%    0.00     0.0k nvme0n1
                    0.00      0.0k     0.00   0.0%%    0.00     0.0k sda

                     f/s f_await  aqu-sz  %%util Device
                    0.00    0.00    0.01   %s nvme0n1
                    0.00    0.00    0.00   0.0%% sda

                """;
        String cpu = CPU_HEADER + "           2.0%    0.0%    1.0%    0.1%    0.0%   96.9%\n\n";
        CollectingSink sink = parse("$ iostat -xh 1 2\n" + BANNER + cpu + parts.formatted("1.2%")
                + cpu + parts.formatted("7.5%"));
        assertEquals("linux-sysstat-12-x", sink.variant());
        assertEquals(22, sink.spec("iostat").metrics().size());
        assertEquals(1, sink.datasets().values().stream().filter(s -> s.name().isEmpty()).count());
        assertEquals(4, sink.rows("iostat").size());
        SpecRow nvme = only(sink, "iostat", "nvme0n1", 0);
        assertEquals(8.2, nvme.get("rkB/s"), EPS);
        assertEquals(24.7, nvme.get("rareq-sz"), EPS);
        assertEquals(18.4, nvme.get("%rrqm"), EPS);
        assertEquals(2.00, nvme.get("w/s"), EPS);
        assertEquals(1.2, nvme.get("%util"), EPS);
        assertTrue(nvme.row().sinceBoot());
        assertEquals(1.5 * 1024, only(sink, "iostat", "sda", 0).get("rkB/s"), EPS);
        assertEquals(7.5, only(sink, "iostat", "nvme0n1", 1).get("%util"), EPS);
        assertFalse(only(sink, "iostat", "nvme0n1", 1).row().sinceBoot());
        assertEquals(96.9, only(sink, "iostat.cpu", "", 0).get("%idle"), EPS);
        assertTrue(sink.warnings().stream().allMatch(w -> w.line() == 0), sink.warnings().toString());
    }

    @Test
    void sysstat12HumanReadableBasicReportScalesSizes() {
        CollectingSink sink = parse(BANNER
                + "      tps    kB_read/s    kB_wrtn/s    kB_dscd/s    kB_read    kB_wrtn    kB_dscd Device\n"
                + "     7.57        43.6k       126.2k         0.0k      18.6G      53.8G       0.0k nvme0n1\n");
        SpecRow nvme = only(sink, "iostat", "nvme0n1", 0);
        assertEquals(7.57, nvme.get("tps"), EPS);
        assertEquals(43.6, nvme.get("kB_read/s"), EPS);
        assertEquals(18.6 * 1024 * 1024, nvme.get("kB_read"), 1e-6);
    }

    @Test
    void longDeviceNamesOnALineOfTheirOwnBeforeSysstat12() {
        CollectingSink sink = parse("""
                Device:         rrqm/s   wrqm/s     r/s     w/s    rkB/s    wkB/s avgrq-sz avgqu-sz   await  svctm  %util
                sda               0.00     0.02    0.13    0.11     5.27     1.10    52.53     0.00    0.88   0.52   0.01
                VolGroup00-LogVol00
                                  0.00     0.00    0.12    0.13     4.41     1.05    44.30     0.00    0.92   0.50   0.02
                mpath-lonely
                """);
        assertEquals(0.02, only(sink, "iostat", "VolGroup00-LogVol00", 0).get("%util"), EPS);
        assertEquals(List.of(new ParseWarning(5, "device name 'mpath-lonely' is not followed by a line of values")),
                sink.warnings().stream().filter(w -> w.line() > 0).toList());
    }

    @Test
    void nfsBlockOfSysstat9IsItsOwnDataSetInTheSameReport() {
        CollectingSink sink = parse(BANNER + BASIC_HEADER
                + "sda               0.24         5.24         1.10     203305      42533\n\n"
                + "Device:                  rBlk_nor/s   wBlk_nor/s   rBlk_dir/s   wBlk_dir/s   rBlk_svr/s   wBlk_svr/s"
                + "     ops/s    rops/s    wops/s\n"
                + "fileserver:/export/home       24.00         8.00         0.00         0.00        24.00         8.00"
                + "      3.00      1.50      0.50\n\n");
        assertEquals("Filesystem", sink.spec("iostat.nfs").keyLabel());
        SpecRow home = only(sink, "iostat.nfs", "fileserver:/export/home", 0);
        assertEquals(24.00, home.get("rBlk_nor/s"), EPS);
        assertEquals("sectors/s", sink.spec("iostat.nfs").metrics().get(0).unit());
        assertEquals(0.50, home.get("wops/s"), EPS);
        assertEquals(home.row().time(), only(sink, "iostat", "sda", 0).row().time());
        assertTrue(home.row().sinceBoot());
    }

    @Test
    void osWatcherSnapshotsEachStartAnInvocation() {
        String report = CPU_HEADER + "           1.22    0.00    0.52    0.04    0.00   98.21\n\n"
                + "Device:         rrqm/s   wrqm/s     r/s     w/s    rkB/s    wkB/s avgrq-sz avgqu-sz   await  svctm  %util\n"
                + "sda               0.00     0.10    0.08    1.08     3.42    12.09    26.88     0.00    1.77   0.62   UTIL\n\n";
        String snapshot = report.replace("UTIL", "0.07") + report.replace("UTIL", "0.50") + report.replace("UTIL", "0.90");
        CollectingSink sink = parse("Linux OSWbb v8.3.2 racnode1\nSNAP_INTERVAL 30\nCPU_CORES 2 VCPUS 4\n"
                + "OSWBB_ARCHIVE_DEST /u01/oswbb/archive\n"
                + "zzz ***Mon Sep 16 16:58:06 CEST 2019\n" + snapshot + "zzz ***Mon Sep 16 16:58:36 CEST 2019\n" + snapshot);
        List<SpecRow> sda = sink.rows("iostat", "sda");
        assertEquals(6, sda.size());
        assertEquals(List.of(Instant.parse("2019-09-16T14:58:06Z"), Instant.parse("2019-09-16T14:58:07Z"),
                Instant.parse("2019-09-16T14:58:08Z"), Instant.parse("2019-09-16T14:58:36Z"),
                Instant.parse("2019-09-16T14:58:37Z"), Instant.parse("2019-09-16T14:58:38Z")),
                sda.stream().map(r -> r.row().time()).toList());
        assertEquals(List.of(true, false, false, true, false, false), sda.stream().map(r -> r.row().sinceBoot()).toList());
        assertEquals(0.90, sda.get(5).get("%util"), EPS);
        assertTrue(sink.fact("time.source").orElseThrow().startsWith("OSWatcher"));
        assertEquals(1, sink.warnings().size(), sink.warnings().toString());
        assertEquals(0, sink.warnings().get(0).line());
        assertTrue(sink.warnings().get(0).message().contains("give --interval"));
    }

    @Test
    void solarisPlainFormatWithEpochLines() {
        CollectingSink sink = parse("""
                $ iostat -T u 5 2
                1069685916
                   tty        sd0           sd1           nfs1            cpu
                 tin tout kps tps serv  kps tps serv  kps tps serv   us sy wt id
                   0    1   3   0   41    0   0    0    0   0    0    0  1  0 99
                1069685921
                   0   20  12   2    5    0   0    0    0   0    0    2  3  0 95
                """);
        assertEquals("solaris", sink.variant());
        assertEquals(6, sink.rows("iostat").size());
        SpecRow sd0 = only(sink, "iostat", "sd0", 1);
        assertEquals(12, sd0.get("kps"), EPS);
        assertEquals(5, sd0.get("serv"), EPS);
        assertEquals(Instant.ofEpochSecond(1069685921), sd0.row().time());
        assertFalse(sd0.row().sinceBoot());
        assertTrue(only(sink, "iostat", "nfs1", 0).row().sinceBoot());
        assertEquals(Instant.ofEpochSecond(1069685916), only(sink, "iostat", "nfs1", 0).row().time());
        assertEquals(20, only(sink, "iostat.tty", "", 1).get("tout"), EPS);
        assertEquals(95, only(sink, "iostat.cpu", "", 1).get("id"), EPS);
        assertTrue(sink.fact("time.source").orElseThrow().startsWith("epoch"));
        assertTrue(sink.warnings().isEmpty(), sink.warnings().toString());
    }

    @Test
    void solarisErrorsMegabytesNfsNamesAndStateChanges() {
        CollectingSink sink = parse("""
                                    extended device statistics       ---- errors ---
                    r/s    w/s   Mr/s   Mw/s wait actv wsvc_t asvc_t  %w  %b s/w h/w trn tot device
                    0.2    0.0    0.2    0.0  0.0  0.0    0.1   27.5   0   0   0   1   0   1 c1t0d0
                    0.0    0.0    0.0    0.0  0.0  0.0    0.0    0.6   0   0   0   0   0   0 fuji:/export/home/user3
                <<device added: sd3>>
                                    extended device statistics       ---- errors ---
                    r/s    w/s   Mr/s   Mw/s wait actv wsvc_t asvc_t  %w  %b s/w h/w trn tot device
                    1.0    0.0    0.5    0.0  0.0  0.0    0.1   27.5   0   0   0   1   0   1 c1t0d0
                """);
        assertEquals("solaris-xn", sink.variant());
        assertEquals("MB/s", sink.spec("iostat").metrics().get(2).unit());
        assertEquals("count", sink.spec("iostat").metrics().get(sink.spec("iostat").indexOf("h/w")).unit());
        assertEquals(0.6, only(sink, "iostat", "fuji:/export/home/user3", 0).get("asvc_t"), EPS);
        assertEquals(0.5, only(sink, "iostat", "c1t0d0", 1).get("Mr/s"), EPS);
        assertTrue(sink.warnings().stream().allMatch(w -> w.line() == 0), sink.warnings().toString());
    }

    @Test
    void macosSeveralDisksAndARepeatedHeader() {
        CollectingSink sink = parse("""
                user@mac ~ % iostat -w 1 -c 3
                              disk0               disk2       cpu    load average
                    KB/t  tps  MB/s     KB/t  tps  MB/s  us sy id   1m   5m   15m
                   19.85   37  0.72    12.00    2  0.02   3  1 96  1.78 1.90 1.69
                    4.00    5  0.02     0.00    0  0.00   5  2 93  1.80 1.90 1.69
                              disk0               disk2       cpu    load average
                    KB/t  tps  MB/s     KB/t  tps  MB/s  us sy id   1m   5m   15m
                    8.00   10  0.08     0.00    0  0.00   4  2 94  1.81 1.90 1.69
                """);
        assertEquals(6, sink.rows("iostat").size());
        assertEquals(3, sink.rows("iostat.cpu").size());
        assertEquals(12.00, only(sink, "iostat", "disk2", 0).get("KB/t"), EPS);
        assertEquals(0.08, only(sink, "iostat", "disk0", 2).get("MB/s"), EPS);
        assertEquals(1.81, only(sink, "iostat.load", "", 2).get("1m"), EPS);
        assertEquals(List.of(true, false, false), sink.rows("iostat.cpu").stream().map(r -> r.row().sinceBoot()).toList());
        assertEquals(Instant.EPOCH.plusSeconds(2), only(sink, "iostat.cpu", "", 2).row().time());
        assertEquals("iostat -w 1 -c 3", sink.fact("command").orElseThrow());
    }

    @Test
    void malformedLinesAreWarnedWithTheirLineNumbersAndSkipped() {
        CollectingSink sink = parse(BANNER                                                    // lines 1-2
                + CPU_HEADER                                                                  // 3
                + "           1.00    0.00    0.50    0.10    0.00\n\n"                       // 4-5
                + BASIC_HEADER                                                                // 6
                + "sda               0.24         5.24         1.10     203305      42533\n"  // 7
                + "sdb               0.24         5.24         1.10     203305\n"             // 8
                + "garbage that is no iostat line at all\n"                                   // 9
                + "sdc               0.24         5,24         1.10     203305      42533\n\n" // 10-11
                + CPU_HEADER + "\n");                                                         // 12-13
        assertEquals(List.of(
                new ParseWarning(4, "expected 6 numeric columns as in the avg-cpu header at line 3, found 5"),
                new ParseWarning(8, "expected 5 numeric columns as in the header at line 6, found 4"),
                new ParseWarning(9, "unrecognised line: expected an iostat header, a row of values, the banner or a time stamp"),
                new ParseWarning(12, "avg-cpu header is not followed by a line of values")),
                sink.warnings().stream().filter(w -> w.line() > 0).toList());
        assertEquals(List.of("sda", "sdc"), sink.rows("iostat").stream().map(r -> r.row().key()).toList());
        assertEquals(5.24, only(sink, "iostat", "sdc", 0).get("kB_read/s"), EPS);
        assertTrue(sink.rows("iostat.cpu").isEmpty());
    }

    @Test
    void noiseIsSkippedSilently() {
        CollectingSink sink = parse("```text\n$ sudo iostat -d 2 | tee io.log\n" + BANNER + BASIC_HEADER
                + "sda               0.24         5.24         1.10     203305      42533\n\n...\n^C\n```\n");
        assertEquals(1, sink.rows("iostat").size());
        assertEquals("iostat -d 2", sink.fact("command").orElseThrow());
        assertTrue(sink.warnings().stream().allMatch(w -> w.line() == 0), sink.warnings().toString());
    }

    @Test
    void aFileWithoutReportsSaysSo() {
        CollectingSink sink = parse("Linux 5.4.0 (h) \t09/16/2019 \t_x86_64_\t(4 CPU)\n\n");
        assertTrue(sink.datasets().isEmpty());
        assertEquals(1, sink.warnings().size());
        assertTrue(sink.warnings().get(0).message().startsWith("no iostat report found"));
    }

    @Test
    void shortBasicReportEndsWithWritesAndDiscardsTogether() {
        // iostat -s (sysstat 12.x, iostat.c write_basic_stat_header): kB_w+d/s and kB_w+d are the written and
        // discarded kB together, the last column of the short basic header; -m prints MB_w+d
        CollectingSink sink = parse("$ iostat -s -p ALL 1 2\n" + BANNER
                + "Device             tps    kB_read/s     kB_w+d/s    kB_read     kB_w+d\n"
                + "sda               8.59       222.14        57.08    1597749     410544\n\n"
                + "Device             tps    MB_read/s     MB_w+d/s    MB_read     MB_w+d\n"
                + "sda               1.00         0.10         2.50          0          2\n");
        assertEquals(List.of(), sink.warnings().stream().filter(w -> w.line() > 0).toList());
        assertEquals(57.08, only(sink, "iostat", "sda", 0).get("kB_w+d/s"), EPS);
        assertEquals(410544, only(sink, "iostat", "sda", 0).get("kB_w+d"), EPS);
        assertEquals(2.5, only(sink, "iostat", "sda", 1).get("MB_w+d/s"), EPS);
    }

    @Test
    void duplicateDeviceInOneReportIsWarned() {
        CollectingSink sink = parse(BASIC_HEADER + "sda 1 2 3 4 5\nsda 6 7 8 9 10\n");
        assertEquals(List.of(new ParseWarning(3, "Device 'sda' appears twice in one report; keeping the later values")),
                sink.warnings().stream().filter(w -> w.line() > 0).toList());
        assertEquals(6, only(sink, "iostat", "sda", 0).get("tps"), EPS);
    }

    @Test
    void unknownNewColumnsBecomeMetricsWithInferredUnits() {
        CollectingSink sink = parse("Device            r/s   x_await  xkB/s  %xyz  widgets\nsda 1 2 3 4 5\n");
        var metrics = sink.spec("iostat").metrics();
        assertEquals(List.of("1/s", "ms", "kB/s", "%", ""), metrics.stream().map(m -> m.unit()).toList());
        assertEquals(5, only(sink, "iostat", "sda", 0).get("widgets"), EPS);
    }

    @Test
    void rowsReadStraightFromTheLineMatchTheGeneralPathCellForCell() {
        // plain cells take the fast path; a row with an exponent, a suffix or a stray word goes the general way
        CollectingSink sink = parse(BANNER + BASIC_HEADER
                + "sda\u00a0\u00a0\u00a00,24\t-5.24\u2007+1.10     203305      42533\n"
                + "sdb               1e2          .5           5.     1.2M         12\n"
                + "sdc               0.00         0.00         0.00          0          0 extra\n"
                + "sdd               99999999999999999 0.00    0.00          0          0\n");
        SpecRow sda = only(sink, "iostat", "sda", 0);
        assertEquals(0.24, sda.get("tps"), EPS);
        assertEquals(-5.24, sda.get("kB_read/s"), EPS);
        assertEquals(1.10, sda.get("kB_wrtn/s"), EPS);
        assertEquals(42533, sda.get("kB_wrtn"), EPS);
        SpecRow sdb = only(sink, "iostat", "sdb", 0);
        assertEquals(100, sdb.get("tps"), EPS);
        assertEquals(0.5, sdb.get("kB_read/s"), EPS);
        assertEquals(5, sdb.get("kB_wrtn/s"), EPS);
        assertEquals(1.2 * 1024, sdb.get("kB_read"), EPS);
        assertEquals(1e17, only(sink, "iostat", "sdd", 0).get("tps"), 1);
        assertTrue(sink.rows("iostat", "sdc").isEmpty());
        assertEquals(1, sink.warnings().size(), sink.warnings().toString());
        assertEquals(6, sink.warnings().get(0).line(), "the line with a word too many");
    }

    /**
     * FreeBSD's current {@code iostat -x -C -T -c 2} as usr.sbin/iostat/iostat.c prints it: the cpu block before each
     * report, the tty columns after {@code %b} on the first device line only ({@code "%-8.8s %7d %7d %8.1Lf %8.1Lf %5d %5d
     * %5d %5d %4d %3.0Lf "} then {@code "%4.0Lf%5.0Lf"}), the first report since boot; a count without -w is one second
     * apart. The values are made up.
     */
    @Test
    void freeBsdExtendedWithItsCpuBlockAndTtyColumns() {
        String report = """
                      cpu
                 us ni sy in id
                  US  0  2  0 95

                                        extended device statistics        tty\s
                device       r/s     w/s     kr/s     kw/s  ms/r  ms/w  ms/o  ms/t qlen  %b  tin  tout\s
                ada0           3      19    237.2    749.4     4     3     0     3    0   7    0 1151
                ada1           3      19    236.2    749.5     4     3     0     3    0   7\s
                """;
        CollectingSink sink = parse("$ iostat -x -C -T -c 2\n" + report.replace("US", " 3") + report.replace("US", "12"));
        assertEquals(List.of(), sink.warnings());
        assertEquals("freebsd-x", sink.variant());
        assertEquals(749.5, only(sink, "iostat", "ada1", 0).get("kw/s"), EPS);
        assertEquals(3, only(sink, "iostat", "ada0", 1).get("ms/t"), EPS);
        assertTrue(only(sink, "iostat", "ada0", 0).row().sinceBoot());
        assertEquals(1151, only(sink, "iostat.tty", "", 0).get("tout"), EPS);
        assertEquals(12, only(sink, "iostat.cpu", "", 1).get("us"), EPS);
        assertEquals(Duration.ofSeconds(1), Duration.between(only(sink, "iostat", "ada0", 0).row().time(),
                only(sink, "iostat", "ada0", 1).row().time()));
    }
}
