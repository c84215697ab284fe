package io.statlens.parse.builtin.mpstat;

import io.statlens.model.ParseWarning;
import io.statlens.model.SummaryValue;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.Detection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every file of the mpstat corpus, with the values it holds. */
class MpstatCorpusTest {
    private final MpstatParser parser = new MpstatParser();

    private CollectingSink parse(String file) {
        return ParserFixtures.parse(parser, "mpstat/" + file);
    }

    private static SpecRow only(CollectingSink sink, String dataset, String key) {
        List<SpecRow> rows = sink.rows(dataset, key);
        assertEquals(1, rows.size(), dataset + " rows for key " + key);
        return rows.get(0);
    }

    private static double summary(CollectingSink sink, String dataset, String key, String name) {
        Optional<SummaryValue> found = sink.summaries().stream()
                .filter(s -> s.dataset().equals(dataset) && s.key().equals(key) && s.name().equals(name)).findFirst();
        return found.orElseThrow(() -> new AssertionError("no summary " + dataset + "/" + key + "/" + name)).value();
    }

    @ParameterizedTest
    @ValueSource(strings = {"illumos-man-mpstat-ap.txt", "jc-centos77-mpstat-A.txt", "jc-centos77-mpstat.txt",
            "jc-ubuntu1804-mpstat-A.txt", "judasn-centos7-mpstat-P0-ampm-average.txt", "moler-armv7l-sysstat10.txt",
            "omaha-sandbox-sysstat8-offline-cpu.txt", "solaris-M9000-datestamped-first2000.txt",
            "solaris-x64-8cpu-datestamped.txt", "ssup-ubuntu1804-mpstat-P-ALL.txt", "sysstat-fixture-mpstat-A.txt",
            "ubuntuforums-de-locale-comma-sysstat8.txt"})
    void claimsEveryCorpusFile(String file) {
        assertTrue(parser.sniff(ParserFixtures.head("mpstat/" + file)) >= Detection.THRESHOLD, file);
    }

    @Test
    void singleSinceBootReportWithTwelveHourClock() {
        CollectingSink sink = parse("jc-centos77-mpstat.txt");
        assertEquals("linux-sysstat", sink.variant());
        SpecRow all = only(sink, "mpstat", "all");
        assertEquals(Instant.parse("2022-03-11T15:14:20Z"), all.row().time(), "03:14:20 PM");
        assertTrue(all.row().sinceBoot());
        assertEquals(0, all.row().sample());
        assertEquals(0.23, all.get("%usr"));
        assertEquals(99.39, all.get("%idle"));
        assertEquals("CPU", sink.spec("mpstat").keyLabel());
        assertEquals("%", sink.spec("mpstat").metrics().get(0).unit());
        assertEquals(Optional.of("localhost"), sink.fact("host"));
        assertTrue(sink.fact("time.source").orElseThrow().startsWith("banner date 2022-03-11"));
        assertEquals(List.of(), sink.warnings());
    }

    @ParameterizedTest
    @ValueSource(strings = {"gh-issue-stressng269-mpstat-pdsh-node-prefix.txt",
            "gh-issue-sysstat354-mpstat-pdsh-node-prefix-single-blanks.txt"})
    void pdshHostPrefixIsTakenOffAndNamesTheHost(String file) {
        assertTrue(new io.statlens.parse.AutoDetectParser(io.statlens.parse.ParserCatalog.load(java.nio.file.Path.of("none")))
                .detect(ParserFixtures.head("mpstat/" + file)).parser().orElseThrow() instanceof MpstatParser, file);
        CollectingSink sink = parse(file);
        SpecRow all = only(sink, "mpstat", "all");
        assertEquals(Instant.parse("1970-01-01T11:19:24Z"), all.row().time());
        assertTrue(all.row().sinceBoot());
        assertEquals(2.09, all.get("%usr"));
        assertEquals(97.91, all.get("%idle"));
        assertEquals(Optional.of("node008"), sink.fact("host"));
        // the two lines of prose around the output, and nothing else
        assertEquals(List.of(1L, 6L), sink.warnings().stream().map(ParseWarning::line).filter(l -> l > 0).toList());
    }

    @Test
    void dashAOfSysstat10GivesOneDataSetPerTable() {
        CollectingSink sink = parse("jc-centos77-mpstat-A.txt");
        assertEquals(List.of("mpstat", "mpstat.intr", "mpstat.irq", "mpstat.softirq"), List.copyOf(sink.datasets().keySet()));
        assertEquals(2, sink.rows("mpstat").size());
        assertEquals(37.61, only(sink, "mpstat.intr", "all").get("intr/s"));
        assertEquals(33.15, only(sink, "mpstat.intr", "0").get("intr/s"));
        SpecRow irq = only(sink, "mpstat.irq", "0");
        assertEquals(65, irq.spec().metrics().size());
        assertEquals(1.14, irq.get("17/s"));
        assertEquals(32.69, irq.get("LOC/s"));
        assertEquals("1/s", irq.spec().metrics().get(irq.spec().indexOf("NMI/s")).unit());
        SpecRow softirq = only(sink, "mpstat.softirq", "0");
        assertEquals(21.26, softirq.get("TIMER/s"));
        assertEquals(9.39, softirq.get("RCU/s"));
        assertEquals(0.0, softirq.get("BLOCK_IOPOLL/s"));
        for (String dataset : sink.datasets().keySet()) {
            for (SpecRow r : sink.rows(dataset)) {
                assertTrue(r.row().sinceBoot(), dataset);
                assertEquals(Instant.parse("2022-03-11T15:15:06Z"), r.row().time());
            }
        }
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void dashAOfSysstat11HasTheNodeTable() {
        CollectingSink sink = parse("jc-ubuntu1804-mpstat-A.txt");
        assertEquals(List.of("mpstat", "mpstat.node", "mpstat.intr", "mpstat.irq", "mpstat.softirq"),
                List.copyOf(sink.datasets().keySet()));
        assertEquals("NODE", sink.spec("mpstat.node").keyLabel());
        assertEquals(26.15, only(sink, "mpstat.node", "all").get("%usr"));
        assertEquals(29.09, only(sink, "mpstat.node", "0").get("%idle"));
        assertEquals(1973.00, only(sink, "mpstat.intr", "0").get("intr/s"));
        SpecRow softirq = only(sink, "mpstat.softirq", "0");
        assertEquals(470.58, softirq.get("NET_RX/s"));
        assertEquals(0.0, softirq.get("IRQ_POLL/s"));
        assertEquals(Instant.parse("2022-03-14T08:50:55Z"), softirq.row().time(), "08:50:55 AM");
        assertTrue(softirq.row().sinceBoot());
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void intervalRunWithAverageIsNotSinceBoot() {
        CollectingSink sink = parse("judasn-centos7-mpstat-P0-ampm-average.txt");
        List<SpecRow> rows = sink.rows("mpstat", "0");
        assertEquals(5, rows.size());
        for (int i = 0; i < rows.size(); i++) {
            assertEquals(i, rows.get(i).row().sample());
            assertFalse(rows.get(i).row().sinceBoot());
            assertEquals(Instant.parse("2018-06-23T11:44:53Z").plusSeconds(i), rows.get(i).row().time());
        }
        assertEquals(1.00, rows.get(1).get("%usr"));
        assertEquals(1.00, rows.get(3).get("%sys"));
        assertEquals(10, sink.summaries().size());
        assertEquals(0.20, summary(sink, "mpstat", "0", "%usr"));
        assertEquals(99.60, summary(sink, "mpstat", "0", "%idle"));
        assertEquals("%", sink.summaries().get(0).unit());
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void armSysstat10HasGuestButNoGnice() {
        CollectingSink sink = parse("moler-armv7l-sysstat10.txt");
        assertEquals("linux-sysstat-guest", sink.variant());
        assertEquals(9, sink.spec("mpstat").metrics().size());
        assertEquals(-1, sink.spec("mpstat").indexOf("%gnice"));
        SpecRow all = only(sink, "mpstat", "all");
        assertEquals(95.49, all.get("%idle"));
        assertEquals(0.0, all.get("%guest"));
        assertEquals(Instant.parse("2018-05-10T11:07:06Z"), all.row().time());
        assertTrue(all.row().sinceBoot());
        assertEquals(Optional.of("armv7l"), sink.fact("os.arch"));
        assertEquals(List.of(), sink.warnings(), "the shell prompt lines are noise");
    }

    @Test
    void offlineCpuRowOfZerosIsKeptWithANote() {
        CollectingSink sink = parse("omaha-sandbox-sysstat8-offline-cpu.txt");
        assertEquals("linux-sysstat-old", sink.variant());
        assertEquals(3, sink.rows("mpstat").size());
        assertEquals(2091.79, only(sink, "mpstat", "all").get("intr/s"));
        assertEquals(56.16, only(sink, "mpstat", "0").get("%sys"));
        SpecRow offline = only(sink, "mpstat", "1");
        assertEquals(0.0, offline.get("%idle"));
        assertEquals(Instant.parse("2009-03-13T14:45:28Z"), offline.row().time(), "02:45:28 PM");
        assertTrue(offline.row().sinceBoot());
        assertEquals(List.of(new ParseWarning(6,
                "CPU 1 reports 0 in every column (0.00 %idle): offline or unused CPU; row kept")), sink.notices());
        assertEquals(Optional.of("1"), sink.fact("cpus.all_zero"));
    }

    @Test
    void solarisM9000CutInTheMiddleOfAReport() {
        CollectingSink sink = parse("solaris-M9000-datestamped-first2000.txt");
        assertEquals("solaris", sink.variant());
        List<SpecRow> rows = sink.rows("mpstat");
        assertEquals(15 * 128 + 48, rows.size());
        assertEquals(128, rows.stream().filter(r -> r.row().sinceBoot()).count());
        SpecRow first = rows.get(0);
        assertEquals(Instant.parse("2013-12-02T16:00:00Z"), first.row().time(), "11:00:00 EST");
        assertEquals(214.0, first.get("intr"));
        assertEquals(100.0, first.get("idl"));
        SpecRow line1000 = rows.stream().filter(r -> r.row().sample() == 7 && r.row().key().equals("151"))
                .findFirst().orElseThrow();
        assertEquals(215.0, line1000.get("intr"));
        assertEquals(Instant.parse("2013-12-02T16:00:07Z"), line1000.row().time());
        SpecRow last = rows.get(rows.size() - 1);
        assertEquals(15, last.row().sample());
        assertEquals("79", last.row().key());
        assertEquals(5.0, last.get("sys"));
        assertEquals(List.of(new ParseWarning(2000, "the input ends inside the report of line 1952: 48 rows instead of 128"
                + " as in the report before; the rows are kept")), sink.warnings());
    }

    @Test
    void solarisX64WithDateLines() {
        CollectingSink sink = parse("solaris-x64-8cpu-datestamped.txt");
        List<SpecRow> rows = sink.rows("mpstat");
        assertEquals(120, rows.size());
        assertEquals("CPU", sink.spec("mpstat").keyLabel());
        assertEquals("1/s", sink.spec("mpstat").metrics().get(sink.spec("mpstat").indexOf("syscl")).unit());
        SpecRow cpu0 = rows.get(0);
        assertTrue(cpu0.row().sinceBoot());
        assertEquals(Instant.parse("2013-11-17T22:01:05Z"), cpu0.row().time());
        assertEquals(2345.0, cpu0.get("syscl"));
        assertEquals(95.0, cpu0.get("idl"));
        SpecRow cpu6 = sink.rows("mpstat", "6").get(1);
        assertFalse(cpu6.row().sinceBoot());
        assertEquals(1, cpu6.row().sample());
        assertEquals(8959.0, cpu6.get("syscl"));
        SpecRow last = rows.get(rows.size() - 1);
        assertEquals(14, last.row().sample());
        assertEquals(Instant.parse("2013-11-17T22:01:19Z"), last.row().time());
        assertEquals(77841.0, last.get("syscl"));
        assertTrue(sink.fact("time.source").orElseThrow().startsWith("date(1)"));
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void illumosProcessorSetsWithoutBlankLinesBetweenReports() {
        CollectingSink sink = parse("illumos-man-mpstat-ap.txt");
        assertEquals("solaris-pset", sink.variant());
        assertEquals(List.of("mpstat.pset"), List.copyOf(sink.datasets().keySet()));
        assertEquals("SET", sink.spec("mpstat.pset").keyLabel());
        List<SpecRow> rows = sink.rows("mpstat.pset");
        assertEquals(8, rows.size());
        assertEquals(List.of("0", "1", "2", "3", "0", "1", "2", "3"), rows.stream().map(r -> r.row().key()).toList());
        assertTrue(rows.get(3).row().sinceBoot());
        assertFalse(rows.get(4).row().sinceBoot());
        SpecRow set1 = sink.rows("mpstat.pset", "1").get(1);
        assertEquals(7086.0, set1.get("syscl"));
        assertEquals(2.0, set1.get("sze"));
        assertEquals("count", set1.spec().metrics().get(set1.spec().indexOf("sze")).unit());
        assertEquals(Optional.of("-ap 5 2"), sink.fact("options"));
        // no date lines: the interval comes from the echoed command, the start from the context
        assertEquals(Instant.EPOCH, rows.get(0).row().time());
        assertEquals(Instant.EPOCH.plusSeconds(5), set1.row().time());
        assertEquals(List.of(), sink.warnings());
        assertEquals(1, sink.notices().size());
        assertEquals(0, sink.notices().get(0).line());
        assertTrue(sink.notices().get(0).message().contains("no time stamps"));
    }

    @Test
    void dashPAllSinceBoot() {
        CollectingSink sink = parse("ssup-ubuntu1804-mpstat-P-ALL.txt");
        assertEquals(3, sink.rows("mpstat").size());
        SpecRow cpu0 = only(sink, "mpstat", "0");
        assertEquals(24.25, cpu0.get("%iowait"));
        assertEquals(Instant.parse("2019-10-09T13:00:37Z"), cpu0.row().time());
        assertTrue(cpu0.row().sinceBoot());
        assertEquals(Optional.of("-P ALL"), sink.fact("options"));
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void sysstat12DashAWithAverages() {
        CollectingSink sink = parse("sysstat-fixture-mpstat-A.txt");
        assertEquals(36, sink.rows("mpstat").size());
        assertEquals(12, sink.rows("mpstat.node").size());
        assertEquals(36, sink.rows("mpstat.intr").size());
        assertEquals(32, sink.rows("mpstat.irq").size());
        assertEquals(32, sink.rows("mpstat.softirq").size());
        assertEquals(43, sink.spec("mpstat.irq").metrics().size());
        assertTrue(sink.rows("mpstat").stream().noneMatch(r -> r.row().sinceBoot()));
        // CPU 6 is missing from the second and third report, CPU 8 appears in the third
        assertEquals(List.of(0L, 3L), sink.rows("mpstat", "6").stream().map(r -> r.row().sample()).toList());
        assertEquals(List.of(2L, 3L), sink.rows("mpstat", "8").stream().map(r -> r.row().sample()).toList());
        SpecRow cpu8 = sink.rows("mpstat", "8").get(1);
        assertEquals(Instant.parse("2020-06-01T12:53:24Z"), cpu8.row().time(), "row time, not the header's 12:53:23");
        assertEquals(4.50, cpu8.get("%steal"));
        assertEquals(6.75, cpu8.get("%guest"));
        assertEquals(1.13, cpu8.get("%gnice"));
        assertEquals(Instant.parse("2020-06-01T12:53:21Z"), sink.rows("mpstat.softirq").get(0).row().time());
        assertEquals(2886.00, sink.rows("mpstat.softirq", "8").get(0).get("TIMER/s"));
        assertEquals(2825.25, sink.rows("mpstat.irq", "4").get(0).get("LOC/s"));
        assertEquals(130 + 387 + 100, sink.summaries().size());
        assertEquals(79.29, summary(sink, "mpstat", "all", "%idle"));
        assertEquals(3.89, summary(sink, "mpstat.node", "1", "%usr"));
        assertEquals(911.44, summary(sink, "mpstat.intr", "8", "intr/s"));
        assertEquals(155.84, summary(sink, "mpstat.irq", "6", "34/s"));
        assertEquals(5135.75, summary(sink, "mpstat.irq", "6", "LOC/s"));
        assertEquals(909.25, summary(sink, "mpstat.softirq", "8", "TIMER/s"));
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void germanLocaleWithCommaDecimalsAndQuotedPrompt() {
        CollectingSink sink = parse("ubuntuforums-de-locale-comma-sysstat8.txt");
        assertEquals("linux-sysstat-old", sink.variant());
        SpecRow all = only(sink, "mpstat", "all");
        assertEquals(9.87, all.get("%user"));
        assertEquals(75.08, all.get("%idle"));
        assertEquals(569.76, all.get("intr/s"));
        assertEquals(Instant.parse("2008-08-27T21:22:49Z"), all.row().time(), "banner date 27.08.2008");
        assertTrue(all.row().sinceBoot());
        assertEquals(List.of(), sink.warnings());
    }
}
