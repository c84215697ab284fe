package io.statlens.parse.builtin.iostat;

import io.statlens.model.Metric;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.Detection;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.TimeOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every file of the iostat corpus, with values checked against the text. */
class IostatCorpusTest {
    private static final double EPS = 1e-9;
    private final IostatParser parser = new IostatParser();

    private CollectingSink parse(String file) {
        return ParserFixtures.parse(parser, "iostat/" + file);
    }

    private static SpecRow only(CollectingSink sink, String dataset, String key, long sample) {
        List<SpecRow> rows = sink.rows(dataset, key).stream().filter(r -> r.row().sample() == sample).toList();
        assertEquals(1, rows.size(), dataset + " " + key + " sample " + sample);
        return rows.get(0);
    }

    private static List<String> labels(CollectingSink sink, String dataset) {
        return sink.spec(dataset).metrics().stream().map(Metric::label).toList();
    }

    private static long sinceBootRows(CollectingSink sink, String dataset) {
        return sink.rows(dataset).stream().filter(r -> r.row().sinceBoot()).count();
    }

    @ParameterizedTest
    @ValueSource(strings = {"datadog-unix-agent-aix-iostat-tty-cpu-physc.txt", "getperf-solaris11-xn.txt", "illumos-man-iostat-Y.txt", "illumos-man-iostat-x-tc.txt",
            "illumos-man-iostat-xcnCXTdz.txt", "jc-centos77-iostat-1.txt", "jc-centos77-iostat-x.txt",
            "jc-ubuntu1804-iostat-x.txt", "jc-ubuntu2010-iostat-mx.txt", "jc-ubuntu2010-iostat.txt",
            "macos-iostat-disk0-prompt.txt", "macos-iostat-disk0.txt", "mb-facebook-maria2-de-xm.txt",
            "mb-lizard2-xm-r_await.txt", "mb-pitbull-3.1-de-xm.txt", "meeeejin-ko-locale-iostat-mx.txt",
            "metabrik-freebsd-10.2-iostat-C-c2.txt", "metabrik-freebsd-iostat-x-C-c2.txt", "sysmon-aix-iostat-disks.txt",
            "ssup-ubuntu1804-iostat-x.txt", "ssup-ubuntu1804-iostat.txt", "sysstat-fixture-iostat-ct.txt",
            "sysstat-fixture-iostat-x.txt", "sysstat-fixture-iostat-xs.txt", "vpsee-sysstat7-iostat-kx-seq.txt"})
    void everyCorpusFileIsDetectedAndParsesWithoutLineWarnings(String file) {
        assertTrue(parser.sniff(ParserFixtures.head("iostat/" + file)) >= Detection.THRESHOLD, file);
        CollectingSink sink = parse(file);
        assertTrue(sink.warnings().stream().allMatch(w -> w.line() == 0), file + ": " + sink.warnings());
        assertFalse(sink.rows("iostat.cpu").isEmpty() && sink.rows("iostat").isEmpty(), file);
        assertTrue(sink.fact("time.source").isPresent(), file);
        assertFalse(sink.variant().isEmpty(), file);
    }

    @Test
    void centos7BasicReportRepeatsCpuAndDeviceBlocks() {
        CollectingSink sink = parse("jc-centos77-iostat-1.txt");
        assertEquals("linux-sysstat", sink.variant());
        assertEquals(List.of("tps", "kB_read/s", "kB_wrtn/s", "kB_read", "kB_wrtn"), labels(sink, "iostat"));
        assertEquals("Device", sink.spec("iostat").keyLabel());
        assertEquals("kB/s", sink.spec("iostat").metrics().get(1).unit());
        assertEquals("kB", sink.spec("iostat").metrics().get(3).unit());
        assertEquals(3, sink.rows("iostat.cpu").size());
        assertEquals(9, sink.rows("iostat").size());
        assertEquals(List.of("sda", "dm-0", "dm-1"), sink.rows("iostat").stream().limit(3).map(r -> r.row().key()).toList());
        SpecRow sda = only(sink, "iostat", "sda", 0);
        assertTrue(sda.row().sinceBoot());
        assertEquals(203305, sda.get("kB_read"), EPS);
        assertEquals(5.24, sda.get("kB_read/s"), EPS);
        assertEquals(99.70, only(sink, "iostat.cpu", "", 0).get("%idle"), EPS);
        assertEquals(100.00, only(sink, "iostat.cpu", "", 2).get("%idle"), EPS);
        assertEquals(3, sinceBootRows(sink, "iostat"));
        assertEquals(1, sinceBootRows(sink, "iostat.cpu"));
        assertEquals("", sink.spec("iostat.cpu").keyLabel());
        // No time of day anywhere: SampleClock from the fallback start, the banner date kept as a fact.
        assertEquals(Instant.EPOCH.plusSeconds(2), only(sink, "iostat", "dm-1", 2).row().time());
        assertEquals("2021-11-30", sink.fact("date").orElseThrow());
        assertEquals("localhost.localdomain", sink.fact("host").orElseThrow());
        assertTrue(sink.fact("time.source").orElseThrow().startsWith("derived:"));
    }

    @Test
    void sampleClockHonoursStartAndIntervalGivenByTheUser() {
        ParseContext context = ParserFixtures.context("x", TimeOptions.DEFAULT.withStart(Instant.parse("2021-11-30T10:00:00Z"))
                .withInterval(Duration.ofSeconds(10)));
        CollectingSink sink = ParserFixtures.parse(parser, "iostat/jc-centos77-iostat-1.txt", context);
        assertEquals(Instant.parse("2021-11-30T10:00:20Z"), only(sink, "iostat.cpu", "", 2).row().time());
        assertTrue(sink.warnings().isEmpty(), sink.warnings().toString());
    }

    @Test
    void centos7ExtendedWithColonAndAwaitSplit() {
        CollectingSink sink = parse("jc-centos77-iostat-x.txt");
        assertEquals("linux-sysstat-x", sink.variant());
        assertEquals(13, sink.spec("iostat").metrics().size());
        SpecRow dm0 = only(sink, "iostat", "dm-0", 0);
        assertEquals(44.30, dm0.get("avgrq-sz"), EPS);
        assertEquals(1.27, dm0.get("w_await"), EPS);
        assertEquals("sectors", sink.spec("iostat").metrics().get(sink.spec("iostat").indexOf("avgrq-sz")).unit());
        assertEquals("requests", sink.spec("iostat").metrics().get(sink.spec("iostat").indexOf("avgqu-sz")).unit());
        assertEquals("ms", sink.spec("iostat").metrics().get(sink.spec("iostat").indexOf("svctm")).unit());
        assertTrue(dm0.row().sinceBoot());
    }

    @Test
    void ubuntu1804Sysstat11ExtendedWithManyLoopDevices() {
        CollectingSink sink = parse("jc-ubuntu1804-iostat-x.txt");
        assertEquals("linux-sysstat-11-x", sink.variant());
        assertEquals(List.of("r/s", "w/s", "rkB/s", "wkB/s", "rrqm/s", "wrqm/s", "%rrqm", "%wrqm", "r_await", "w_await",
                "aqu-sz", "rareq-sz", "wareq-sz", "svctm", "%util"), labels(sink, "iostat"));
        assertEquals(20, sink.rows("iostat").size());
        SpecRow sda = only(sink, "iostat", "sda", 0);
        assertEquals(12457.33, sda.get("wkB/s"), EPS);
        assertEquals(185.52, sda.get("wareq-sz"), EPS);
        assertEquals(15.14, sda.get("%util"), EPS);
        assertEquals("kB", sink.spec("iostat").metrics().get(sink.spec("iostat").indexOf("rareq-sz")).unit());
        assertEquals(17.51, only(sink, "iostat.cpu", "", 0).get("%idle"), EPS);
        assertEquals(1, sink.rows("iostat", "loop15").size());
    }

    @Test
    void ubuntu2010Sysstat12MegabytesWithDiscardAndFlushColumns() {
        CollectingSink sink = parse("jc-ubuntu2010-iostat-mx.txt");
        assertEquals("linux-sysstat-12-x", sink.variant());
        assertEquals(22, sink.spec("iostat").metrics().size());
        assertEquals("MB/s", sink.spec("iostat").metrics().get(sink.spec("iostat").indexOf("dMB/s")).unit());
        assertEquals("ms", sink.spec("iostat").metrics().get(sink.spec("iostat").indexOf("f_await")).unit());
        SpecRow sda = only(sink, "iostat", "sda", 0);
        assertEquals(19.71, sda.get("%rrqm"), EPS);
        assertEquals(61.04, sda.get("%wrqm"), EPS);
        assertEquals(45.83, sda.get("wareq-sz"), EPS);
        assertEquals(14, sink.rows("iostat").size());
    }

    @Test
    void ubuntu2010BasicWithDiscardTotals() {
        CollectingSink sink = parse("jc-ubuntu2010-iostat.txt");
        assertEquals(List.of("tps", "kB_read/s", "kB_wrtn/s", "kB_dscd/s", "kB_read", "kB_wrtn", "kB_dscd"),
                labels(sink, "iostat"));
        SpecRow sda = only(sink, "iostat", "sda", 0);
        assertEquals(693732, sda.get("kB_wrtn"), EPS);
        assertEquals(0, sda.get("kB_dscd"), EPS);
        assertEquals(14, sink.rows("iostat").size());
    }

    @Test
    void sysstat127FixtureHasTwoReportsTheFirstSinceBoot() {
        CollectingSink sink = parse("sysstat-fixture-iostat-x.txt");
        assertEquals(10, sink.rows("iostat").size());
        SpecRow sdq = only(sink, "iostat", "sdq", 0);
        assertEquals(1.20, sdq.get("d/s"), EPS);
        assertEquals(25.21, sdq.get("dkB/s"), EPS);
        assertEquals(14.24, sdq.get("d_await"), EPS);
        assertTrue(sdq.row().sinceBoot());
        SpecRow sdr1 = only(sink, "iostat", "sdr", 1);
        assertFalse(sdr1.row().sinceBoot());
        assertEquals(40.00, sdr1.get("w_await"), EPS);
        assertEquals(6.42, sdr1.get("%util"), EPS);
        assertEquals(82.89, only(sink, "iostat.cpu", "", 1).get("%idle"), EPS);
        assertEquals("SYSSTAT.TEST", sink.fact("host").orElseThrow());
        assertEquals("9", sink.fact("cpus").orElseThrow());
    }

    @Test
    void sysstatShortExtendedReport() {
        CollectingSink sink = parse("sysstat-fixture-iostat-xs.txt");
        assertEquals("linux-sysstat-xs", sink.variant());
        assertEquals(List.of("tps", "kB/s", "rqm/s", "await", "areq-sz", "aqu-sz", "%util"), labels(sink, "iostat"));
        assertEquals(16, sink.rows("iostat").size());
        assertEquals(3, sink.rows("iostat.cpu").size());
        // sdd only appears in the third report.
        assertEquals(List.of(2L), sink.rows("iostat", "sdd").stream().map(r -> r.row().sample()).toList());
        assertEquals(67.48, only(sink, "iostat", "sdd", 2).get("kB/s"), EPS);
        assertEquals(5, sinceBootRows(sink, "iostat"));
    }

    @Test
    void sysstatCpuOnlyWithTimestampLines() {
        CollectingSink sink = parse("sysstat-fixture-iostat-ct.txt");
        assertEquals("linux-sysstat-cpu", sink.variant());
        assertTrue(sink.rows("iostat").isEmpty());
        List<SpecRow> cpu = sink.rows("iostat.cpu");
        assertEquals(2, cpu.size());
        assertEquals(Instant.parse("2020-06-01T12:53:20Z"), cpu.get(0).row().time());
        assertEquals(Instant.parse("2020-06-01T12:53:21Z"), cpu.get(1).row().time());
        assertTrue(cpu.get(0).row().sinceBoot());
        assertFalse(cpu.get(1).row().sinceBoot());
        assertEquals(39.91, cpu.get(0).get("%nice"), EPS);
        assertTrue(sink.fact("time.source").orElseThrow().contains("iostat -t"));
        assertTrue(sink.warnings().isEmpty(), sink.warnings().toString());
    }

    @Test
    void timestampLinesAreReadInTheUsersZone() {
        ParseContext berlin = ParserFixtures.context("x", TimeOptions.DEFAULT.withZone(ZoneId.of("Europe/Berlin")));
        CollectingSink sink = ParserFixtures.parse(parser, "iostat/sysstat-fixture-iostat-ct.txt", berlin);
        assertEquals(Instant.parse("2020-06-01T10:53:20Z"), sink.rows("iostat.cpu").get(0).row().time());
    }

    @Test
    void germanLocaleCommaDecimalsWithMdRaidDevices() {
        CollectingSink sink = parse("mb-pitbull-3.1-de-xm.txt");
        assertEquals("linux-sysstat-x", sink.variant());
        assertEquals(61, sink.rows("iostat.cpu").size());
        assertEquals(61 * 9, sink.rows("iostat").size());
        assertEquals(61, sink.rows("iostat", "md2").size());
        SpecRow md2 = only(sink, "iostat", "md2", 1);
        assertEquals(4649.80, md2.get("w/s"), EPS);
        assertEquals(35.67, md2.get("wMB/s"), EPS);
        assertEquals(97.17, only(sink, "iostat", "scd0", 0).get("await"), EPS);
        SpecRow lastCpu = only(sink, "iostat.cpu", "", 60);
        assertEquals(4.10, lastCpu.get("%user"), EPS);
        assertEquals(94.54, lastCpu.get("%idle"), EPS);
        assertEquals(4585.90, only(sink, "iostat", "md2", 60).get("w/s"), EPS);
        assertEquals(9, sinceBootRows(sink, "iostat"));
        assertEquals("2012-02-22", sink.fact("date").orElseThrow());
        assertEquals("24", sink.fact("cpus").orElseThrow());
    }

    @Test
    void germanLocaleSingleDiskOldKernel() {
        CollectingSink sink = parse("mb-facebook-maria2-de-xm.txt");
        assertEquals(241, sink.rows("iostat.cpu").size());
        assertEquals(241, sink.rows("iostat", "sda").size());
        SpecRow sda = only(sink, "iostat", "sda", 119);
        assertEquals(101.20, sda.get("wrqm/s"), EPS);
        assertEquals(26.00, sda.get("w/s"), EPS);
        assertEquals(1.04, sda.get("wMB/s"), EPS);
        assertEquals(5.38, only(sink, "iostat.cpu", "", 119).get("%user"), EPS);
        assertEquals(0.16, only(sink, "iostat", "sda", 240).get("%util"), EPS);
        assertEquals("2.6.37.6-0.20-desktop", sink.fact("os.kernel").orElseThrow());
        assertEquals("2013-02-03", sink.fact("date").orElseThrow());
    }

    @Test
    void lizard2WithReadAndWriteAwait() {
        CollectingSink sink = parse("mb-lizard2-xm-r_await.txt");
        assertEquals(61, sink.rows("iostat.cpu").size());
        assertEquals(122, sink.rows("iostat").size());
        SpecRow sda = only(sink, "iostat", "sda", 0);
        assertEquals(127.21, sda.get("await"), EPS);
        assertEquals(10.63, sda.get("r_await"), EPS);
        assertEquals(129.44, sda.get("w_await"), EPS);
        assertEquals(7.60, only(sink, "iostat", "sdb", 60).get("w/s"), EPS);
        assertEquals("64", sink.fact("cpus").orElseThrow());
    }

    @Test
    void koreanBannerDateAndPromptWithInterval() {
        CollectingSink sink = parse("meeeejin-ko-locale-iostat-mx.txt");
        assertEquals("2019-09-16", sink.fact("date").orElseThrow());
        assertEquals("iostat -mx 1", sink.fact("command").orElseThrow());
        assertEquals("-mx", sink.fact("options").orElseThrow());
        assertEquals(10, sink.rows("iostat").size());
        SpecRow nvme = only(sink, "iostat", "nvme0n1", 0);
        assertEquals(24513.00, nvme.get("r/s"), EPS);
        assertEquals(95.75, nvme.get("rMB/s"), EPS);
        assertEquals(100.00, nvme.get("%util"), EPS);
        assertEquals(13.33, only(sink, "iostat", "sdb", 1).get("svctm"), EPS);
        // The interval comes from the pasted command: no assumption to warn about.
        assertEquals(Instant.EPOCH.plusSeconds(1), only(sink, "iostat", "sdb", 1).row().time());
        assertTrue(sink.fact("time.source").orElseThrow().contains("interval printed by the tool, 1 s"));
        assertTrue(sink.warnings().stream().noneMatch(w -> w.message().contains("interval")), sink.warnings().toString());
    }

    @Test
    void ubuntu1804PromptedBasicAndExtended() {
        CollectingSink basic = parse("ssup-ubuntu1804-iostat.txt");
        assertEquals(674772928, only(basic, "iostat", "sda", 0).get("kB_wrtn"), EPS);
        assertEquals("iostat", basic.fact("command").orElseThrow());
        assertTrue(basic.fact("options").isEmpty());
        CollectingSink extended = parse("ssup-ubuntu1804-iostat-x.txt");
        assertEquals(211.00, only(extended, "iostat", "sda", 0).get("wareq-sz"), EPS);
        assertEquals(5, extended.rows("iostat").size());
        assertEquals("2019-09-28", extended.fact("date").orElseThrow());
    }

    @Test
    void sysstat7WithoutBannerAndUtilisationAbove100() {
        CollectingSink sink = parse("vpsee-sysstat7-iostat-kx-seq.txt");
        assertEquals(2, sink.rows("iostat").size());
        SpecRow second = only(sink, "iostat", "sdb", 1);
        assertEquals(100.10, second.get("%util"), EPS);
        assertEquals(54272.00, second.get("wkB/s"), EPS);
        assertFalse(second.row().sinceBoot());
        assertTrue(only(sink, "iostat", "sdb", 0).row().sinceBoot());
        assertTrue(sink.fact("os.name").isEmpty());
    }

    @Test
    void solaris11ExtendedDescriptiveNamesTwelveReports() {
        CollectingSink sink = parse("getperf-solaris11-xn.txt");
        assertEquals("solaris-xn", sink.variant());
        assertEquals(List.of("r/s", "w/s", "kr/s", "kw/s", "wait", "actv", "wsvc_t", "asvc_t", "%w", "%b"),
                labels(sink, "iostat"));
        assertEquals(12 * 27, sink.rows("iostat").size());
        String wwn = "c0t60060E8021534B005060534B00000307d0";
        assertEquals(12, sink.rows("iostat", wwn).size());
        SpecRow first = only(sink, "iostat", "c1t3FDEE532AE271114d0", 0);
        assertEquals(226.7, first.get("kr/s"), EPS);
        assertEquals(27.5, first.get("asvc_t"), EPS);
        assertTrue(first.row().sinceBoot());
        SpecRow second = only(sink, "iostat", wwn, 1);
        assertEquals(93.2, second.get("w/s"), EPS);
        assertEquals(370.2, second.get("kw/s"), EPS);
        assertFalse(second.row().sinceBoot());
        assertEquals(27, sinceBootRows(sink, "iostat"));
        assertTrue(sink.rows("iostat.cpu").isEmpty());
    }

    @Test
    void illumosControllerAggregationWithDateLinesAndCpuBlock() {
        CollectingSink sink = parse("illumos-man-iostat-xcnCXTdz.txt");
        assertEquals("solaris-xn", sink.variant());
        assertEquals("-xcnCXTdz", sink.fact("options").orElseThrow());
        assertEquals(List.of("us", "sy", "dt", "id"), labels(sink, "iostat.cpu"));
        assertEquals("kw", labels(sink, "iostat").get(3));
        assertEquals("kB/s", sink.spec("iostat").metrics().get(3).unit());
        List<SpecRow> cpu = sink.rows("iostat.cpu");
        assertEquals(2, cpu.size());
        assertEquals(Instant.parse("2003-11-24T14:58:36Z"), cpu.get(0).row().time());
        assertEquals(Instant.parse("2003-11-24T14:58:41Z"), cpu.get(1).row().time());
        assertEquals(31, cpu.get(0).get("sy"), EPS);
        assertEquals(1, cpu.get(1).get("dt"), EPS);
        assertTrue(cpu.get(0).row().sinceBoot());
        SpecRow c12 = only(sink, "iostat", "c12", 0);
        assertEquals(12577.6, c12.get("kr/s"), EPS);
        assertEquals(91.3, c12.get("wait"), EPS);
        assertEquals(Instant.parse("2003-11-24T14:58:36Z"), c12.row().time());
        assertEquals(99, only(sink, "iostat", "d10", 1).get("%b"), EPS);
        assertEquals(Instant.parse("2003-11-24T14:58:41Z"), only(sink, "iostat", "d10", 1).row().time());
        assertTrue(sink.fact("time.source").orElseThrow().startsWith("date(1)"));
        assertTrue(sink.warnings().isEmpty(), sink.warnings().toString());
    }

    @Test
    void illumosOldExtendedWithTtyAndCpuOnTheFirstDeviceLine() {
        CollectingSink sink = parse("illumos-man-iostat-x-tc.txt");
        assertEquals("solaris-x", sink.variant());
        assertEquals(List.of("r/s", "w/s", "kr/s", "kw/s", "wait", "actv", "svc_t", "%w", "%b"), labels(sink, "iostat"));
        assertEquals(10, sink.rows("iostat").size());
        assertEquals(35.6, only(sink, "iostat", "nfs2", 0).get("svc_t"), EPS);
        assertEquals(List.of("tin", "tout"), labels(sink, "iostat.tty"));
        assertEquals(155, only(sink, "iostat.tty", "", 1).get("tout"), EPS);
        assertEquals(99, only(sink, "iostat.cpu", "", 0).get("id"), EPS);
        assertEquals(100, only(sink, "iostat.cpu", "", 1).get("id"), EPS);
        assertTrue(only(sink, "iostat.tty", "", 0).row().sinceBoot());
        // "iostat -x tc 5 2": the interval operand spaces the reports.
        assertEquals(Instant.EPOCH.plusSeconds(5), only(sink, "iostat", "sd0", 1).row().time());
        assertEquals("iostat -x tc 5 2", sink.fact("command").orElseThrow());
    }

    @Test
    void illumosMultipathTargetPortNames() {
        CollectingSink sink = parse("illumos-man-iostat-Y.txt");
        assertEquals(List.of("ssd22", "ssd22.t2", "ssd22.t2.fp0", "ssd22.t2.fp1", "ssd22.t2.fp2", "ssd22.t2.fp3"),
                sink.rows("iostat").stream().map(r -> r.row().key()).toList());
        assertEquals(0.7, only(sink, "iostat", "ssd22", 0).get("svc_t"), EPS);
        assertTrue(sink.rows("iostat").stream().allMatch(r -> r.row().sinceBoot()));
    }

    @Test
    void aixTtyAndCpuOnOneLineAndDisksWithABlankAfterThePercentSign() {
        CollectingSink sink = parse("datadog-unix-agent-aix-iostat-tty-cpu-physc.txt");
        assertEquals("aix", sink.variant());
        assertEquals(List.of("tin", "tout"), labels(sink, "iostat.tty"));
        assertEquals(List.of("%user", "%sys", "%idle", "%iowait", "physc", "%entc"), labels(sink, "iostat.cpu"));
        assertEquals(List.of("%tm_act", "Kbps", "tps", "Kb_read", "Kb_wrtn"), labels(sink, "iostat"));
        assertEquals(0.8, only(sink, "iostat.tty", "", 0).get("tout"), EPS);
        assertEquals(100.0, only(sink, "iostat.cpu", "", 0).get("%idle"), EPS);
        assertEquals(0.1, only(sink, "iostat.cpu", "", 0).get("%entc"), EPS);
        assertEquals(14296158.0, only(sink, "iostat", "hdisk11", 0).get("Kb_wrtn"), EPS);
        assertEquals(java.util.Optional.of("lcpu=8 drives=1 ent=0.40 paths=2 vdisks=2"), sink.fact("system.configuration"));
        CollectingSink disks = parse("sysmon-aix-iostat-disks.txt");
        assertEquals(List.of("cd0", "hdisk0"), disks.rows("iostat").stream().map(r -> r.row().key()).toList());
        assertEquals(752.0, only(disks, "iostat", "hdisk0", 0).get("Kbps"), EPS);
    }

    @Test
    void freeBsdOneLinePerReportAndExtendedWithTheCpuOnTheFirstDevice() {
        CollectingSink sink = parse("metabrik-freebsd-10.2-iostat-C-c2.txt");
        assertEquals(List.of("ada0", "ada1", "pass0"), sink.rows("iostat").stream().map(r -> r.row().key()).distinct().toList());
        assertEquals(List.of("us", "ni", "sy", "in", "id"), labels(sink, "iostat.cpu"));
        assertEquals(1151.0, only(sink, "iostat.tty", "", 0).get("tout"), EPS);
        assertEquals(29.14, only(sink, "iostat", "ada1", 1).get("KB/t"), EPS);
        CollectingSink extended = parse("metabrik-freebsd-iostat-x-C-c2.txt");
        assertEquals(10, extended.rows("iostat").size());
        assertEquals(248.0, only(extended, "iostat", "pass1", 0).get("svc_t"), EPS);
        assertEquals(96.0, only(extended, "iostat.cpu", "", 1).get("id"), EPS);
    }

    @Test
    void macosDiskCpuAndLoadAverage() {
        for (String file : List.of("macos-iostat-disk0.txt", "macos-iostat-disk0-prompt.txt")) {
            CollectingSink sink = parse(file);
            assertEquals("macos", sink.variant());
            assertEquals(List.of("KB/t", "tps", "MB/s"), labels(sink, "iostat"));
            assertEquals(List.of("us", "sy", "id"), labels(sink, "iostat.cpu"));
            assertEquals(List.of("1m", "5m", "15m"), labels(sink, "iostat.load"));
            assertEquals(1, sink.rows("iostat").size());
            assertEquals("disk0", sink.rows("iostat").get(0).row().key());
            assertTrue(sink.rows("iostat").get(0).row().sinceBoot());
        }
        CollectingSink sink = parse("macos-iostat-disk0.txt");
        assertEquals(24.40, only(sink, "iostat", "disk0", 0).get("KB/t"), EPS);
        assertEquals(1.60, only(sink, "iostat", "disk0", 0).get("MB/s"), EPS);
        assertEquals(90, only(sink, "iostat.cpu", "", 0).get("id"), EPS);
        assertEquals(4.15, only(sink, "iostat.load", "", 0).get("15m"), EPS);
        assertEquals(0.72, only(parse("macos-iostat-disk0-prompt.txt"), "iostat", "disk0", 0).get("MB/s"), EPS);
    }
}
