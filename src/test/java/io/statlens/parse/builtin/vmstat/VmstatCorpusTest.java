package io.statlens.parse.builtin.vmstat;

import io.statlens.model.DatasetSpec;
import io.statlens.model.ParseWarning;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.Detection;
import io.statlens.parse.spi.TimeOptions;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every file of the vmstat corpus, with the values it must give. */
class VmstatCorpusTest {
    static final List<String> CORPUS = List.of(
            "getperf-ubuntu-vmstat-a.txt", "jc-centos77-vmstat-at.txt", "jc-centos77-vmstat-dt.txt",
            "jc-centos77-vmstat-w.txt", "jc-centos77-vmstat.txt", "jc-generic-vmstat-extra-wide.txt",
            "jc-ubuntu1804-vmstat-1-long.txt", "meeeejin-vmstat-1-double-prompt.txt", "procps4-gu-1TB-ragged.txt",
            "procps4-gu-ru-ctrlc.txt", "procps4-gu-vm-cs0.txt", "pt-freebsd-001.txt", "pt-linux-001.txt",
            "pt-linux-005.txt", "pt-netbsd-001.txt", "solaris-P315-epoch.txt", "ssup-ubuntu1804-vmstat-1-iowait.txt",
            "sysmon-aix-vmstat-Iwt.txt", "sysmon-aix-vmstat.txt",
            "ssup-ubuntu1804-vmstat-d.txt", "ssup-ubuntu1804-vmstat-single.txt",
            "pt-summary-sample-openbsd-001-vmstat.txt", "pt-summary-sample-linux-002-vmstat.txt",
            "pt-summary-sample-linux-003-vmstat.txt", "gh-issue-exadata36-exawatcher-vmstat-time-column-tabs.txt");
    private static final List<String> LINUX_ST = List.of("r", "b", "swpd", "free", "buff", "cache", "si", "so", "bi", "bo",
            "in", "cs", "us", "sy", "id", "wa", "st");
    private static final Instant EPOCH = Instant.EPOCH;

    private final VmstatParser parser = new VmstatParser();

    private CollectingSink parse(String file) {
        return ParserFixtures.parse(parser, "vmstat/" + file);
    }

    private static List<String> labels(DatasetSpec spec) {
        return spec.metrics().stream().map(m -> m.label()).toList();
    }

    private static void assertNoLineWarnings(CollectingSink sink) {
        List<ParseWarning> onLines = sink.warnings().stream().filter(w -> w.line() > 0).toList();
        assertTrue(onLines.isEmpty(), onLines.toString());
    }

    @Test
    void sniffsEveryCorpusFile() {
        for (String file : CORPUS) {
            double c = parser.sniff(ParserFixtures.head("vmstat/" + file));
            assertTrue(c >= Detection.THRESHOLD, file + " " + c);
        }
    }

    @Test
    void isRegisteredAndDetected() {
        var registry = io.statlens.parse.ParserCatalog.load(java.nio.file.Path.of("no-user-parsers"));
        assertTrue(registry.byTool("vmstat").orElseThrow() instanceof VmstatParser);
        assertEquals("vmstat", new io.statlens.parse.AutoDetectParser(registry).detect(ParserFixtures.head("vmstat/solaris-P315-epoch.txt"))
                .parser().orElseThrow().info().tool());
    }

    @Test
    void procpsNgPlainSingleSample() {
        CollectingSink sink = parse("jc-centos77-vmstat.txt");
        assertEquals("linux-procps-ng", sink.variant());
        assertEquals(LINUX_ST, labels(sink.spec("vmstat")));
        List<SpecRow> rows = sink.rows("vmstat");
        assertEquals(1, rows.size());
        SpecRow r = rows.get(0);
        assertTrue(r.row().sinceBoot());
        assertEquals(EPOCH, r.row().time());
        assertEquals(2794468, r.get("free"));
        assertEquals(741208, r.get("cache"));
        assertEquals(99, r.get("id"));
        assertEquals("KiB", sink.spec("vmstat").metrics().get(3).unit());
        assertEquals("derived: first sample at test default (1970-01-01T00:00:00Z)", sink.fact("time.source").orElseThrow(),
                "one sample: no interval placed anything");
        assertNoLineWarnings(sink);
    }

    @Test
    void wideAndExtraWideHeaders() {
        CollectingSink w = parse("jc-centos77-vmstat-w.txt");
        assertEquals(LINUX_ST, labels(w.spec("vmstat")));
        assertEquals(2794484, w.rows("vmstat").get(0).get("free"));
        assertEquals(2108, w.rows("vmstat").get(0).get("buff"));

        CollectingSink extra = parse("jc-generic-vmstat-extra-wide.txt");
        assertEquals(LINUX_ST, labels(extra.spec("vmstat")));
        SpecRow r = extra.rows("vmstat").get(0);
        assertEquals(22658240, r.get("cache"));
        assertEquals(96, r.get("id"));
        assertTrue(r.row().sinceBoot());
        assertNoLineWarnings(extra);
    }

    @Test
    void activeInactiveWithTimestampColumnInPrintedZone() {
        CollectingSink sink = parse("jc-centos77-vmstat-at.txt");
        assertEquals(List.of("r", "b", "swpd", "free", "inact", "active", "si", "so", "bi", "bo", "in", "cs",
                "us", "sy", "id", "wa", "st"), labels(sink.spec("vmstat")));
        List<SpecRow> rows = sink.rows("vmstat");
        assertEquals(4, rows.size());
        assertEquals(Instant.parse("2021-09-17T03:33:13Z"), rows.get(0).row().time(), "20:33:13 PDT");
        assertEquals(Instant.parse("2021-09-17T03:33:28Z"), rows.get(3).row().time());
        assertTrue(rows.get(0).row().sinceBoot());
        assertFalse(rows.get(1).row().sinceBoot());
        assertEquals(295968, rows.get(0).get("inact"));
        assertEquals(312752, rows.get(3).get("active"));
        assertEquals(100, rows.get(1).get("id"));
        assertEquals("vmstat -t timestamp column, zone PDT", sink.fact("time.source").orElseThrow());
        assertTrue(sink.warnings().isEmpty(), sink.warnings().toString());
    }

    @Test
    void printedZoneWinsOverTheContextZone() {
        CollectingSink sink = ParserFixtures.parse(parser, "vmstat/jc-centos77-vmstat-at.txt",
                ParserFixtures.context("at", TimeOptions.DEFAULT.withZone(java.time.ZoneId.of("Asia/Tokyo"))));
        assertEquals(Instant.parse("2021-09-17T03:33:13Z"), sink.rows("vmstat").get(0).row().time());
    }

    @Test
    void diskModeWithTimestamp() {
        CollectingSink sink = parse("jc-centos77-vmstat-dt.txt");
        assertEquals("linux-procps-disk", sink.variant());
        DatasetSpec spec = sink.spec("vmstat.disk");
        assertEquals("Disk", spec.keyLabel());
        assertEquals(List.of("reads total", "reads merged", "reads sectors", "reads ms", "writes total", "writes merged",
                "writes sectors", "writes ms", "IO cur", "IO sec"), labels(spec));
        assertEquals(List.of("count", "count", "sectors", "ms", "count", "count", "sectors", "ms", "count", "s"),
                spec.metrics().stream().map(m -> m.unit()).toList());
        assertTrue(sink.rows("vmstat").isEmpty());
        List<SpecRow> rows = sink.rows("vmstat.disk");
        assertEquals(List.of("sda", "sr0", "dm-0", "dm-1"), rows.stream().map(r -> r.row().key()).toList());
        for (SpecRow r : rows) {
            assertEquals(0, r.row().sample());
            assertEquals(Instant.parse("2021-09-16T20:32:28Z"), r.row().time());
            assertFalse(r.row().sinceBoot());
        }
        SpecRow sda = sink.rows("vmstat.disk", "sda").get(0);
        assertEquals(15257, sda.get("reads total"));
        assertEquals(1648657, sda.get("writes sectors"));
        assertEquals(146540, sda.get("writes ms"));
        assertEquals(44, sda.get("IO sec"));
        assertEquals(775075, sink.rows("vmstat.disk", "dm-0").get(0).get("reads sectors"));
        assertEquals("vmstat -t timestamp column, zone UTC", sink.fact("time.source").orElseThrow());
        assertTrue(sink.warnings().isEmpty(), sink.warnings().toString());
    }

    @Test
    void diskModeWithOverflowingValues() {
        CollectingSink sink = parse("ssup-ubuntu1804-vmstat-d.txt");
        List<SpecRow> rows = sink.rows("vmstat.disk");
        assertEquals(12, rows.size());
        assertEquals("loop0", rows.get(0).row().key());
        assertEquals("sdb", rows.get(11).row().key());
        assertTrue(rows.stream().allMatch(r -> r.row().sample() == 0 && r.row().time().equals(EPOCH)));
        SpecRow sda = sink.rows("vmstat.disk", "sda").get(0);
        assertEquals(613771, sda.get("reads total"));
        assertEquals(66065, sda.get("reads merged"));
        assertEquals(10319473, sda.get("reads sectors"));
        assertEquals(12671488, sda.get("reads ms"));
        assertEquals(4981677, sda.get("writes total"));
        assertEquals(7462940, sda.get("writes merged"));
        assertEquals(1628317680, sda.get("writes sectors"));
        assertEquals(348232712, sda.get("writes ms"));
        assertEquals(0, sda.get("IO cur"));
        assertEquals(94326, sda.get("IO sec"));
        assertEquals(1164, sink.rows("vmstat.disk", "fd0").get(0).get("reads ms"));
        assertEquals("-d", sink.fact("options").orElseThrow());
        assertNoLineWarnings(sink);
    }

    @Test
    void longRunWithARepeatedHeaderIsOneRun() {
        CollectingSink sink = parse("jc-ubuntu1804-vmstat-1-long.txt");
        List<SpecRow> rows = sink.rows("vmstat");
        assertEquals(37, rows.size());
        assertEquals(1, rows.stream().filter(r -> r.row().sinceBoot()).count());
        assertTrue(rows.get(0).row().sinceBoot());
        assertEquals(2509, rows.get(0).get("cs"));
        SpecRow afterHeader = rows.get(33);
        assertEquals(33, afterHeader.row().sample());
        assertFalse(afterHeader.row().sinceBoot());
        assertEquals(69, afterHeader.get("in"));
        assertEquals(Instant.parse("1970-01-01T00:00:33Z"), afterHeader.row().time());
        assertEquals(114, rows.get(36).get("cs"));
        assertNoLineWarnings(sink);
    }

    @Test
    void doublePromptAndWideInterruptAndContextSwitchValues() {
        CollectingSink sink = parse("meeeejin-vmstat-1-double-prompt.txt");
        List<SpecRow> rows = sink.rows("vmstat");
        assertEquals(6, rows.size());
        assertTrue(rows.get(0).row().sinceBoot());
        assertEquals(19874980, rows.get(0).get("free"));
        SpecRow merged = rows.get(4);
        assertEquals(28, merged.get("si"));
        assertEquals(57356, merged.get("bi"));
        assertEquals(56148, merged.get("bo"));
        assertEquals(10189, merged.get("in"));
        assertEquals(69357, merged.get("cs"));
        assertEquals(4, merged.get("us"));
        assertEquals(91, merged.get("id"));
        assertEquals(Instant.parse("1970-01-01T00:00:04Z"), merged.row().time());
        assertEquals("1", sink.fact("options").orElseThrow());
        assertEquals("derived: first sample at test default (1970-01-01T00:00:00Z), interval printed by the tool, 1 s",
                sink.fact("time.source").orElseThrow());
        assertTrue(sink.warnings().stream().noneMatch(w -> w.message().contains("interval")), sink.warnings().toString());
        assertNoLineWarnings(sink);
    }

    @Test
    void procps4WithTerabyteFreeMemoryAndDriftedColumns() {
        CollectingSink sink = parse("procps4-gu-1TB-ragged.txt");
        assertEquals("linux-procps-ng-gu", sink.variant());
        assertEquals("gu", labels(sink.spec("vmstat")).get(17));
        List<SpecRow> rows = sink.rows("vmstat");
        assertEquals(3, rows.size());
        SpecRow first = rows.get(0);
        assertTrue(first.row().sinceBoot());
        assertEquals(1038427168, first.get("free"));
        assertEquals(0, first.get("buff"));
        assertEquals(8613568, first.get("cache"));
        assertEquals(23399, first.get("in"));
        assertEquals(4, first.get("cs"));
        assertEquals(93, first.get("id"));
        SpecRow second = rows.get(1);
        assertFalse(second.row().sinceBoot());
        assertEquals(1038363828, second.get("free"));
        assertEquals(18716, second.get("bo"));
        assertEquals(17241, second.get("in"));
        assertEquals(44736, second.get("cs"));
        assertEquals(1, second.get("us"));
        assertEquals(1, second.get("sy"));
        assertEquals(98, second.get("id"));
        assertEquals(0, second.get("gu"));
        assertEquals(24520, rows.get(2).get("cs"));
        assertEquals(0, rows.get(2).get("sy"));
        assertNoLineWarnings(sink);
    }

    @Test
    void fancyPromptAndControlC() {
        CollectingSink sink = parse("procps4-gu-ru-ctrlc.txt");
        List<SpecRow> rows = sink.rows("vmstat");
        assertEquals(6, rows.size());
        assertTrue(rows.get(0).row().sinceBoot());
        assertEquals(25880824, rows.get(0).get("free"));
        assertEquals(13, rows.get(0).get("cs"));
        assertEquals(19, rows.get(5).get("sy"));
        assertEquals(Instant.parse("1970-01-01T00:00:05Z"), rows.get(5).row().time());
        assertNoLineWarnings(sink);
    }

    @Test
    void sinceBootRowWithZeroContextSwitches() {
        CollectingSink sink = parse("procps4-gu-vm-cs0.txt");
        List<SpecRow> rows = sink.rows("vmstat");
        assertEquals(5, rows.size());
        assertTrue(rows.get(0).row().sinceBoot());
        assertEquals(0, rows.get(0).get("cs"));
        assertEquals(1439, rows.get(0).get("in"));
        assertEquals(984, rows.get(4).get("in"));
        assertEquals(4, rows.get(4).get("bo"));
        assertNoLineWarnings(sink);
    }

    @Test
    void oldProcpsWithoutSteal() {
        CollectingSink sink = parse("pt-linux-001.txt");
        assertEquals("linux-procps-3.2", sink.variant());
        assertEquals(LINUX_ST.subList(0, 16), labels(sink.spec("vmstat")));
        List<SpecRow> rows = sink.rows("vmstat");
        assertEquals(5, rows.size());
        assertEquals(2284, rows.get(1).get("cs"));
        assertEquals(3, rows.get(3).get("wa"));
        assertTrue(Double.isNaN(rows.get(0).get("st")), "no such column");

        CollectingSink ng = parse("pt-linux-005.txt");
        assertEquals(5, ng.rows("vmstat").size());
        assertEquals(1724, ng.rows("vmstat").get(1).get("in"));
        assertEquals(0, ng.rows("vmstat").get(1).get("st"));
    }

    @Test
    void highIowaitRun() {
        CollectingSink sink = parse("ssup-ubuntu1804-vmstat-1-iowait.txt");
        List<SpecRow> rows = sink.rows("vmstat");
        assertEquals(5, rows.size());
        assertEquals(48, rows.get(0).get("wa"));
        assertEquals(13628, rows.get(4).get("bo"));
        assertEquals(40, rows.get(4).get("wa"));
        assertNoLineWarnings(sink);
    }

    @Test
    void activeInactiveWithHeadersEveryScreenful() {
        CollectingSink sink = parse("getperf-ubuntu-vmstat-a.txt");
        List<SpecRow> rows = sink.rows("vmstat");
        assertEquals(61, rows.size());
        assertEquals(1, rows.stream().filter(r -> r.row().sinceBoot()).count());
        assertEquals(3693480, rows.get(0).get("free"));
        assertEquals(2313560, rows.get(20).get("active"), "last row before the second header");
        assertEquals(2313588, rows.get(21).get("active"), "first row after the second header");
        assertFalse(rows.get(21).row().sinceBoot());
        assertEquals(760, rows.get(27).get("cs"));
        assertEquals(2313980, rows.get(60).get("active"));
        assertEquals(60, rows.get(60).row().sample());
        assertNoLineWarnings(sink);
    }

    @Test
    void headerWithoutDataIsReported() {
        CollectingSink sink = parse("ssup-ubuntu1804-vmstat-single.txt");
        assertTrue(sink.rows("vmstat").isEmpty());
        assertEquals(List.of(new ParseWarning(0, "no vmstat data: the header at line 3 is not followed by any sample")),
                sink.warnings());
        assertEquals("none: no samples", sink.fact("time.source").orElseThrow());
    }

    @Test
    void solarisWithEpochLinesAndSamplesBeforeTheHeader() {
        CollectingSink sink = parse("solaris-P315-epoch.txt");
        assertEquals("solaris", sink.variant());
        // Solaris's pi po fr are KiB/s, the BSDs' and AIX's pages/s: stored under labels of their own
        assertEquals(List.of("r", "b", "w", "swap", "free", "re", "mf", "pi KiB/s", "po KiB/s", "fr KiB/s", "de", "sr", "m0", "m1",
                "m2", "m3", "in", "faults sy", "cs", "us", "sy", "id"), labels(sink.spec("vmstat")));
        DatasetSpec spec = sink.spec("vmstat");
        assertEquals("1/s", spec.metrics().get(spec.indexOf("m0")).unit());
        assertEquals("KiB/s", spec.metrics().get(spec.indexOf("pi KiB/s")).unit());
        List<SpecRow> rows = sink.rows("vmstat");
        assertEquals(4, rows.size());
        assertTrue(rows.stream().noneMatch(r -> r.row().sinceBoot()), "the capture began mid-run");
        assertEquals(Instant.ofEpochSecond(1418763773), rows.get(0).row().time());
        assertEquals(Instant.ofEpochSecond(1418763775), rows.get(2).row().time(), "epoch line before the header");
        assertEquals(Instant.ofEpochSecond(1418763776), rows.get(3).row().time());
        SpecRow first = rows.get(0);
        assertEquals(518404400, first.get("swap"));
        assertEquals(224813328, first.get("free"));
        assertEquals(295, first.get("m0"));
        assertEquals(266906, first.get("faults sy"));
        assertEquals(3, first.get("sy"));
        assertEquals(93, first.get("id"));
        assertEquals(14973, rows.get(2).get("mf"));
        assertEquals(518361952, rows.get(3).get("swap"));
        assertEquals("epoch lines before the samples", sink.fact("time.source").orElseThrow());
        assertTrue(sink.warnings().isEmpty(), sink.warnings().toString());
    }

    @Test
    void aixWithItsSystemConfigurationAndTheTimeOfDayOfMinusT() {
        CollectingSink plain = parse("sysmon-aix-vmstat.txt");
        assertEquals("aix", plain.variant());
        assertEquals(List.of("r", "b", "avm", "fre", "re", "pi", "po", "fr", "sr", "cy", "in", "faults sy", "cs", "us", "sy",
                "id", "wa"), labels(plain.spec("vmstat")));
        assertEquals(java.util.Optional.of("lcpu=8 mem=4096MB"), plain.fact("system.configuration"));
        // 623244 pages of 4 KiB
        assertEquals(2_492_976.0, plain.rows("vmstat").get(0).get("avm"));
        CollectingSink clocked = parse("sysmon-aix-vmstat-Iwt.txt");
        assertEquals(List.of("r", "b", "p", "avm", "fre", "fi", "fo", "pi", "po", "fr", "sr", "in", "faults sy", "cs", "us",
                "sy", "id", "wa", "pc", "ec"), labels(clocked.spec("vmstat")));
        assertEquals(java.time.Instant.parse("1970-01-01T07:53:28Z"), clocked.rows("vmstat").get(0).row().time());
        assertEquals(0.1, clocked.rows("vmstat").get(0).get("ec"));
        assertTrue(clocked.warnings().isEmpty(), clocked.warnings().toString());
    }

    @Test
    void exaWatcherWithItsTimeOfDayBeforeTheValuesAndATabAtEachRowsEnd() {
        CollectingSink sink = parse("gh-issue-exadata36-exawatcher-vmstat-time-column-tabs.txt");
        assertEquals("linux-procps-ng", sink.variant());
        assertEquals(LINUX_ST, labels(sink.spec("vmstat")));
        List<SpecRow> rows = sink.rows("vmstat");
        assertEquals(10, rows.size());
        assertEquals(Instant.parse("1970-01-01T18:16:32Z"), rows.get(0).row().time());
        assertEquals(Instant.parse("1970-01-01T18:17:03Z"), rows.get(6).row().time());
        assertEquals(22659696.0, rows.get(0).get("free"));
        assertEquals(166357.0, rows.get(0).get("cs"));
        assertEquals(0.0, rows.get(9).get("st"));
        // each row is the second report of one `vmstat 5 2` (the gaps of 6 s): none averages since boot
        assertTrue(rows.stream().noneMatch(r -> r.row().sinceBoot()));
        assertEquals(List.of(), sink.warnings().stream().filter(w -> w.line() > 1).toList());
    }

    @Test
    void freeBsd() {
        CollectingSink sink = parse("pt-freebsd-001.txt");
        assertEquals("bsd", sink.variant());
        assertEquals(List.of("r", "b", "w", "avm", "fre", "flt", "re", "pi", "po", "fr", "sr", "ad0", "da0", "in",
                "faults sy", "cs", "us", "sy", "id"), labels(sink.spec("vmstat")));
        List<SpecRow> rows = sink.rows("vmstat");
        assertEquals(5, rows.size());
        assertTrue(rows.get(0).row().sinceBoot());
        assertEquals(63720, rows.get(0).get("avm"));
        assertEquals(339504, rows.get(0).get("fre"));
        assertEquals(1201, rows.get(0).get("faults sy"));
        assertEquals(15, rows.get(0).get("sy"));
        assertEquals(4, rows.get(1).get("ad0"));
        assertEquals(3, rows.get(1).get("da0"));
        assertEquals(95, rows.get(4).get("id"));
        assertNoLineWarnings(sink);
    }

    @Test
    void netBsd() {
        CollectingSink sink = parse("pt-netbsd-001.txt");
        List<SpecRow> rows = sink.rows("vmstat");
        assertEquals(5, rows.size());
        assertEquals(6, rows.get(0).get("w0"));
        assertEquals(12425, rows.get(1).get("flt"));
        assertEquals(6208, rows.get(1).get("faults sy"));
        assertEquals(84, rows.get(1).get("sy"));
        assertEquals(0, rows.get(4).get("sy"));
        assertEquals(100, rows.get(4).get("id"));
        assertEquals("bsd", sink.variant());
        assertNoLineWarnings(sink);
    }

    /** OpenBSD's vmstat.c heads its interrupt columns {@code traps} and names them {@code int sys cs}. */
    @Test
    void openBsdNamesItsInterruptsAndSystemCallsIntAndSys() {
        CollectingSink sink = parse("pt-summary-sample-openbsd-001-vmstat.txt");
        assertEquals("bsd", sink.variant());
        DatasetSpec spec = sink.spec("vmstat");
        assertEquals(List.of("r", "b", "w", "avm", "fre", "flt", "re", "pi", "po", "fr", "sr", "wd0", "cd0", "int", "sys",
                "cs", "us", "sy", "id"), labels(spec));
        assertEquals("1/s", spec.metrics().get(spec.indexOf("int")).unit());
        assertEquals("1/s", spec.metrics().get(spec.indexOf("sys")).unit());
        List<SpecRow> rows = sink.rows("vmstat");
        assertEquals(14726, rows.get(1).get("sys"));
        assertEquals(234, rows.get(1).get("int"));
        assertEquals(90, rows.get(1).get("sy"));
        assertNoLineWarnings(sink);
    }
}
