package io.statlens.parse.builtin.sar;

import io.statlens.model.SummaryValue;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.TimeOptions;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every file of the sar corpus, with values read off the files by hand. */
class SarParserCorpusTest {
    private final SarParser parser = new SarParser();

    private CollectingSink parse(String file) {
        CollectingSink sink = ParserFixtures.parse(parser, "sar/" + file);
        assertTrue(sink.rows("sar").isEmpty(), "sar has no main data set, only sections");
        return sink;
    }

    private static double summary(CollectingSink sink, String dataset, String key, String label) {
        List<Double> found = sink.summaries().stream()
                .filter(s -> s.dataset().equals(dataset) && s.key().equals(key) && s.name().equals(label))
                .map(SummaryValue::value).toList();
        assertEquals(1, found.size(), dataset + " " + key + " " + label);
        return found.get(0);
    }

    private static List<String> keys(CollectingSink sink, String dataset) {
        return sink.rows(dataset).stream().map(r -> r.row().key()).distinct().toList();
    }

    private static SpecRow at(CollectingSink sink, String dataset, String key, String time) {
        Instant t = Instant.parse(time);
        return sink.rows(dataset, key).stream().filter(r -> r.row().time().equals(t)).findFirst().orElseThrow();
    }

    private CollectingSink parseEnIn(String file) {
        return ParserFixtures.parse(parser, "sar/" + file,
                ParserFixtures.context(file, TimeOptions.DEFAULT.withLocale(java.util.Locale.forLanguageTag("en-IN"))));
    }

    private static List<Instant> times(CollectingSink sink, String dataset) {
        return sink.rows(dataset).stream().map(r -> r.row().time()).toList();
    }

    @Test
    void enInTimesWithTheirPrintedZoneSayThatZoneAsTheirSource() {
        // glibc 2.36 en_IN: t_fmt "%I:%M:%S %p %Z", d_fmt "%d//%m//%y"; 05:36:32 AM IST is 00:06:32Z on 4 December
        CollectingSink sink = parseEnIn("debian12-en_IN-sar-u-1-3-ist.txt");
        assertEquals(List.of(Instant.parse("2026-12-04T00:06:32Z"), Instant.parse("2026-12-04T00:06:33Z"),
                Instant.parse("2026-12-04T00:06:34Z")), times(sink, "sar.cpu"));
        assertEquals("banner date 2026-12-04 + time of day printed on each line, zone as printed (IST); each section rolls"
                + " over midnight on its own", sink.fact("time.source").orElseThrow());
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void enInTwelveAmAndTwelvePmAreMidnightAndNoon() {
        // sar -u 1 3 at 00:06 UTC prints 12:06:28 AM UTC; in Fiji (+12) at the same moment 12:16:55 PM +12
        CollectingSink midnight = parseEnIn("debian12-en_IN-sar-u-1-3-utc-midnight.txt");
        assertEquals(Instant.parse("2026-12-04T00:06:29Z"), times(midnight, "sar.cpu").get(0));
        assertEquals("banner date 2026-12-04 + time of day printed on each line, zone as printed (UTC); each section rolls"
                + " over midnight on its own", midnight.fact("time.source").orElseThrow());
        CollectingSink noon = parseEnIn("debian12-en_IN-sar-u-1-2-fiji-noon.txt");
        assertEquals(List.of(Instant.parse("2026-12-04T00:16:56Z"), Instant.parse("2026-12-04T00:16:57Z")),
                times(noon, "sar.cpu"));
        assertEquals("banner date 2026-12-04 + time of day printed on each line, zone as printed (+12); each section rolls"
                + " over midnight on its own", noon.fact("time.source").orElseThrow());
    }

    @Test
    void aCommandThatPrintsOnlyTheVersionSetsNoOptions() {
        // sar.c: -V prints the version (common.c, print_version) and exits; the report comes from the next command
        CollectingSink sink = parse("debian12-sar-V-then-u-1-3.txt");
        assertEquals("-u 1 3", sink.fact("options").orElseThrow());
        assertEquals(1, sink.facts().stream().filter(f -> f.name().equals("options")).count());
        assertEquals("12.6.1", sink.fact("tool.version").orElseThrow());
        assertEquals(List.of(), sink.warnings());
        assertEquals(3, sink.rows("sar.cpu").size());
    }

    @Test
    void sysstatAmPmWithAlternatingTcpAndEtcpSections() {
        CollectingSink sink = parse("judasn-centos7-sar-n-TCP-ETCP.txt");
        assertEquals(List.of("sar.net_tcp", "sar.net_etcp"), List.copyOf(sink.datasets().keySet()));
        assertEquals("", sink.spec("sar.net_tcp").keyLabel());
        List<SpecRow> tcp = sink.rows("sar.net_tcp");
        assertEquals(5, tcp.size());
        assertEquals(5, sink.rows("sar.net_etcp").size());
        // 12:05:48 PM is just past noon; each section numbers its own samples 0..4.
        assertEquals(Instant.parse("2018-07-17T12:05:48Z"), tcp.get(0).row().time());
        assertEquals(Instant.parse("2018-07-17T12:05:52Z"), tcp.get(4).row().time());
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L), tcp.stream().map(r -> r.row().sample()).toList());
        assertEquals(3.0, tcp.get(3).get("iseg/s"));
        assertEquals(1.0, tcp.get(1).get("oseg/s"));
        assertFalse(tcp.get(0).row().sinceBoot());
        assertEquals(1.40, summary(sink, "sar.net_tcp", "", "iseg/s"));
        assertEquals(1.20, summary(sink, "sar.net_tcp", "", "oseg/s"));
        assertEquals(0.0, summary(sink, "sar.net_etcp", "", "retrans/s"));
        assertEquals(9, sink.summaries().size());
        assertEquals("linux-sysstat", sink.variant());
        assertEquals("2", sink.fact("cpus").orElseThrow());
        assertTrue(sink.fact("time.source").orElseThrow().startsWith("banner date 2018-07-17"));
        assertTrue(sink.warnings().isEmpty(), sink.warnings().toString());
    }

    @Test
    void germanLocaleCommaDecimalsAndCommaClock() {
        CollectingSink cpu = parse("mb-de-sar-u.txt");
        List<SpecRow> rows = cpu.rows("sar.cpu", "all");
        assertEquals(30, rows.size());
        assertEquals("CPU", cpu.spec("sar.cpu").keyLabel());
        assertEquals(Instant.parse("2012-04-16T18:07:11Z"), rows.get(0).row().time());
        assertEquals(Instant.parse("2012-04-16T18:09:37Z"), rows.get(29).row().time());
        assertEquals(0.43, rows.get(0).get("%user"));
        assertEquals(98.19, rows.get(29).get("%idle"));
        assertEquals(29, rows.get(29).row().sample());
        assertTrue(cpu.warnings().isEmpty());

        CollectingSink io = parse("mb-de-sar-b.txt");
        List<SpecRow> ioRows = io.rows("sar.io");
        assertEquals(30, ioRows.size());
        assertEquals(276.80, ioRows.get(0).get("bread/s"));
        assertEquals(280.12, ioRows.get(29).get("bread/s"));
        assertEquals(300.34, ioRows.get(29).get("tps"));
        assertEquals("blocks/s", io.spec("sar.io").metrics().get(3).unit());
        assertTrue(io.warnings().isEmpty());
    }

    @Test
    void isoBannerWithRestartsAndComment() {
        CollectingSink sink = parse("sysstat-fixture-sar-ISO.txt");
        List<SpecRow> rows = sink.rows("sar.cpu", "all");
        assertEquals(5, rows.size());
        // The header after the restart continues the section and its sample numbering.
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L), rows.stream().map(r -> r.row().sample()).toList());
        assertEquals(Instant.parse("2019-04-18T13:20:19Z"), rows.get(0).row().time());
        assertEquals(Instant.parse("2019-04-18T13:54:35Z"), rows.get(4).row().time());
        assertEquals(19.49, rows.get(4).get("%nice"));
        assertEquals(List.of("2019-04-18T13:37:29Z (9 CPU)", "2019-04-18T13:54:09Z (10 CPU)"),
                sink.facts().stream().filter(f -> f.name().equals("restart")).map(f -> f.value()).toList());
        assertEquals("Testing sysstat!", sink.fact("comment").orElseThrow());
        // One average block per run between restarts.
        assertEquals(List.of(79.29, 73.34), sink.summaries().stream()
                .filter(s -> s.name().equals("%idle")).map(SummaryValue::value).toList());
        assertTrue(sink.summaries().stream().allMatch(s -> s.dataset().equals("sar.cpu") && s.key().equals("all")));
        assertTrue(sink.warnings().isEmpty());
    }

    @Test
    void sysstatEveryActivityOfARealMachine() {
        CollectingSink sink = parse("sysstat-data-9.1.6-kluane.txt");
        assertEquals(33, sink.datasets().size());
        assertEquals(List.of("sar.cpu", "sar.proc", "sar.intr", "sar.swap", "sar.paging", "sar.io", "sar.memory",
                "sar.swap_util", "sar.inode", "sar.load", "sar.disk", "sar.net_dev", "sar.net_edev", "sar.nfs",
                "sar.nfsd", "sar.sock", "sar.net_ip", "sar.net_eip", "sar.net_icmp", "sar.net_eicmp", "sar.net_tcp",
                "sar.net_etcp", "sar.net_udp", "sar.net_sock6", "sar.net_ip6", "sar.net_eip6", "sar.net_icmp6",
                "sar.net_eicmp6", "sar.net_udp6", "sar.cpufreq", "sar.fan", "sar.temp", "sar.hugepages"),
                List.copyOf(sink.datasets().keySet()));
        assertEquals(List.of("all", "0", "1", "2", "3", "4", "5", "6", "7"), keys(sink, "sar.cpu"));
        assertEquals(96.97, at(sink, "sar.cpu", "0", "2017-01-21T08:17:02Z").get("%idle"));

        assertEquals("INTR", sink.spec("sar.intr").keyLabel());
        assertEquals(257, sink.rows("sar.intr").size());
        assertEquals(409.0, sink.rows("sar.intr", "sum").get(0).get("all"));
        assertEquals(165.0, sink.rows("sar.intr", "35").get(0).get("all"));
        assertEquals(165.0, summary(sink, "sar.intr", "35", "all"));

        assertEquals("DEV", sink.spec("sar.disk").keyLabel());
        assertEquals(12, sink.rows("sar.disk").size());
        assertEquals(22.0, sink.rows("sar.disk", "sda8").get(0).get("await"));
        assertEquals("kB", sink.spec("sar.disk").metrics().get(sink.spec("sar.disk").indexOf("areq-sz")).unit());
        assertEquals(List.of("lo", "virbr0", "wlp5s0", "virbr0-nic", "enp6s0"), keys(sink, "sar.net_dev"));
        assertEquals(5647308.0, sink.rows("sar.memory").get(0).get("kbmemfree"));
        assertEquals("KiB", sink.spec("sar.memory").metrics().get(0).unit());
        assertEquals(5647308.0, summary(sink, "sar.memory", "", "kbmemfree"));
        assertEquals(842.0, sink.rows("sar.sock").get(0).get("totsck"));
        assertEquals(1599.85, sink.rows("sar.cpufreq", "0").get(0).get("MHz"));
        assertEquals(1620.0, sink.rows("sar.fan", "1").get(0).get("rpm"));
        // The sensor's DEVICE column is text: a fact per sensor, not a metric.
        assertEquals(List.of("degC", "%temp"), sink.spec("sar.temp").metrics().stream().map(m -> m.label()).toList());
        assertEquals(23.0, sink.rows("sar.temp", "2").get(0).get("degC"));
        assertEquals("coretemp-isa-0000", sink.fact("temp.2.device").orElseThrow());
        assertEquals("nouveau-pci-0100", sink.fact("fan.1.device").orElseThrow());

        assertEquals("2017-01-21T08:16:11Z (8 CPU)", sink.fact("restart").orElseThrow());
        assertEquals("Test sysstat 9.1.6", sink.fact("comment").orElseThrow());
        assertEquals("kluane.home", sink.fact("host").orElseThrow());
        assertTrue(sink.warnings().isEmpty(), sink.warnings().toString());
    }

    @Test
    void sysstat10FromADailyFileWith48Cpus() {
        CollectingSink sink = parse("ksar-linux-sysstat-10.1.5-48cpu.txt");
        List<String> cpus = Stream.concat(Stream.of("all"), IntStream.range(0, 48).mapToObj(Integer::toString)).toList();
        assertEquals(cpus, keys(sink, "sar.cpu"));
        assertEquals(36 * 49, sink.rows("sar.cpu").size());
        for (String cpu : List.of("all", "0", "47")) assertEquals(36, sink.rows("sar.cpu", cpu).size());
        // All CPU lines of one report share the sample number.
        assertTrue(sink.rows("sar.cpu").stream().filter(r -> r.row().sample() == 1)
                .allMatch(r -> r.row().time().equals(Instant.parse("2016-03-28T09:20:01Z"))));
        assertEquals(0.08, at(sink, "sar.cpu", "all", "2016-03-28T09:20:01Z").get("%iowait"));
        assertEquals(Instant.parse("2016-03-28T15:00:01Z"), sink.rows("sar.cpu", "47").get(35).row().time());
        assertEquals(99.97, summary(sink, "sar.cpu", "all", "%idle"));
        assertEquals(0.05, summary(sink, "sar.cpu", "47", "%guest"));
        assertEquals(417.79, summary(sink, "sar.proc", "", "cswch/s"));
        assertEquals(List.of("sar.cpu", "sar.proc", "sar.swap", "sar.paging", "sar.io", "sar.memory_pages"),
                List.copyOf(sink.datasets().keySet()));
        assertEquals(-4.74, sink.rows("sar.memory_pages").get(0).get("frmpg/s"));
        // The file is cut after 24 reports of this section.
        assertEquals(24, sink.rows("sar.memory_pages").size());
        assertEquals("2016-03-28T08:51:10Z", sink.fact("restart").orElseThrow());
        assertEquals("48", sink.fact("cpus").orElseThrow());
        assertTrue(sink.warnings().isEmpty(), sink.warnings().toString());
    }

    @Test
    void sysstat10LiveSarAllWith288Cpus() {
        CollectingSink sink = parse("ksar-linux-sysstat-10.2.1-288cpu.txt");
        assertEquals(36, sink.datasets().size());
        List<String> cpus = Stream.concat(Stream.of("all"), IntStream.range(0, 288).mapToObj(Integer::toString)).toList();
        List<SpecRow> first = sink.rows("sar.cpu").stream().filter(r -> r.row().sample() == 0).toList();
        assertEquals(cpus, first.stream().map(r -> r.row().key()).toList());
        assertTrue(first.stream().allMatch(r -> r.row().time().equals(Instant.parse("2016-04-19T16:09:00Z"))));
        // Every section is printed again for the next report; the file is cut within its CPU lines.
        List<SpecRow> second = sink.rows("sar.cpu").stream().filter(r -> r.row().sample() == 1).toList();
        assertEquals(90, second.size());
        assertEquals(Instant.parse("2016-04-19T16:09:10Z"), second.get(0).row().time());
        assertEquals(99.99, second.get(0).get("%idle"));
        assertEquals(0.30, at(sink, "sar.cpu", "1", "2016-04-19T16:09:00Z").get("%soft"));

        assertEquals(694.60, sink.rows("sar.intr", "sum").get(0).get("intr/s"));
        assertEquals(889.70, sink.rows("sar.proc").get(0).get("cswch/s"));
        assertEquals(6.10, sink.rows("sar.disk", "dev8-0").get(0).get("tps"));
        assertEquals(333.60, sink.rows("sar.disk", "dev8-0").get(0).get("wr_sec/s"));
        assertEquals("sectors/s", sink.spec("sar.disk").metrics().get(1).unit());
        assertEquals(3.80, sink.rows("sar.net_dev", "eth0").get(0).get("rxpck/s"));
        assertEquals(2623.07, sink.rows("sar.cpufreq", "0").get(0).get("MHz"));
        assertEquals(289, sink.rows("sar.cpufreq").size());
        assertEquals(44.0, sink.rows("sar.temp", "1").get(0).get("degC"));
        assertEquals("i350bb-pci-0100", sink.fact("temp.1.device").orElseThrow());
        // FILESYSTEM is printed last and is the key.
        assertEquals("FILESYSTEM", sink.spec("sar.filesystem").keyLabel());
        assertEquals(204.0, sink.rows("sar.filesystem", "/dev/sda1").get(0).get("MBfsfree"));
        assertEquals(0.56, sink.rows("sar.filesystem", "/dev/sda1").get(0).get("%Iused"));
        assertEquals(13, sink.rows("sar.filesystem").size());
        // USB: bus, vendor and product id make the key; the names are free text.
        assertEquals(List.of("maxpower"), sink.spec("sar.usb").metrics().stream().map(m -> m.label()).toList());
        assertEquals(200.0, sink.rows("sar.usb", "6:624:248").get(0).get("maxpower"));
        assertEquals(0.0, sink.rows("sar.usb", "3:8087:24").get(0).get("maxpower"));
        assertEquals("IBM RNDIS/Ethernet Gadget", sink.fact("usb.6:4b3:4010.device").orElseThrow());
        assertTrue(sink.summaries().isEmpty(), "the file is cut before its averages");
        assertTrue(sink.warnings().isEmpty(), sink.warnings().toString());
    }

    @Test
    void sysstat12HistoricalWithRepeatedHeaders() {
        CollectingSink sink = parse("ksar-linux-sysstat-12.0.2-iso.txt");
        assertEquals(List.of("sar.cpu", "sar.proc", "sar.intr"), List.copyOf(sink.datasets().keySet()));
        List<String> cpus = Stream.concat(Stream.of("all"), IntStream.range(0, 14).mapToObj(Integer::toString)).toList();
        assertEquals(cpus, keys(sink, "sar.cpu"));
        List<SpecRow> all = sink.rows("sar.cpu", "all");
        assertEquals(82, all.size());
        assertEquals(82 * 15, sink.rows("sar.cpu").size());
        assertEquals(Instant.parse("2018-12-18T00:10:01Z"), all.get(0).row().time());
        assertEquals(Instant.parse("2018-12-18T13:40:01Z"), all.get(81).row().time());
        // The header repeated before 01:50:01 does not restart the numbering.
        assertEquals(81, all.get(81).row().sample());
        assertEquals(1.76, summary(sink, "sar.cpu", "all", "%usr"));
        assertEquals(95.86, summary(sink, "sar.cpu", "0", "%idle"));
        assertEquals(6361.51, summary(sink, "sar.proc", "", "cswch/s"));
        assertEquals(6271.61, sink.rows("sar.proc").get(0).get("cswch/s"));
        assertEquals(3352.17, sink.rows("sar.intr", "sum").get(0).get("intr/s"));
        assertEquals("2018-12-18", sink.fact("date").orElseThrow());
        assertTrue(sink.warnings().isEmpty(), sink.warnings().toString());
    }

    @Test
    void solarisSarAll() {
        CollectingSink sink = parse("ksar-solaris-11.3.txt");
        assertEquals("solaris", sink.variant());
        assertEquals(List.of("sar.cpu", "sar.disk", "sar.load", "sar.buffer", "sar.swap", "sar.syscall",
                "sar.file_access", "sar.tty", "sar.table", "sar.ipc", "sar.pagein", "sar.pageout", "sar.memory",
                "sar.kmem"), List.copyOf(sink.datasets().keySet()));
        for (String ds : sink.datasets().keySet()) {
            assertEquals(30, sink.rows(ds).stream().map(r -> r.row().sample()).distinct().count(), ds);
        }
        List<SpecRow> cpu = sink.rows("sar.cpu");
        assertEquals(Instant.parse("2017-05-26T08:20:00Z"), cpu.get(0).row().time());
        assertEquals(92.0, at(sink, "sar.cpu", "", "2017-05-26T12:20:00Z").get("%idle"));
        assertEquals(98.0, summary(sink, "sar.cpu", "", "%idle"));

        // Device lines after the first carry no time: they belong to the first line's report.
        assertEquals("device", sink.spec("sar.disk").keyLabel());
        List<SpecRow> firstReport = sink.rows("sar.disk").stream().filter(r -> r.row().sample() == 0).toList();
        assertEquals(47, firstReport.size());
        assertTrue(firstReport.stream().allMatch(r -> r.row().time().equals(Instant.parse("2017-05-26T08:20:00Z"))));
        SpecRow sas3 = at(sink, "sar.disk", "mpt_sas3", "2017-05-26T08:20:00Z");
        assertEquals(4.0, sas3.get("%busy"));
        assertEquals(2700.0, sas3.get("blks/s"));
        assertEquals(3.1, sas3.get("avserv"));
        assertEquals(247.0, summary(sink, "sar.disk", "mpt_sas2", "blks/s"));
        assertEquals(3.2, summary(sink, "sar.disk", "mpt_sas7", "avserv"));

        SpecRow table = sink.rows("sar.table").get(0);
        assertEquals(84.0, table.get("proc-sz"));
        assertEquals(30000.0, table.get("proc-sz:size"));
        assertEquals(0.0, table.get("proc-sz:ov"));
        assertEquals(129797.0, table.get("inod-sz:size"));
        assertEquals(601.0, table.get("file-sz"));
        assertEquals(List.of("sml_mem", "sml_mem:alloc", "sml_mem:fail", "lg_mem", "lg_mem:alloc", "lg_mem:fail",
                "ovsz_alloc", "ovsz_alloc:fail"), sink.spec("sar.kmem").metrics().stream().map(m -> m.label()).toList());
        assertEquals(719775360.0, summary(sink, "sar.kmem", "", "lg_mem"));
        assertEquals(1.2, sink.rows("sar.load").get(0).get("runq-sz"));
        assertEquals(63.0, sink.rows("sar.load").get(0).get("%runocc"));
        assertEquals(369718.0, summary(sink, "sar.memory", "", "freemem"));
        assertEquals("5.11", sink.fact("os.release").orElseThrow());
        assertEquals("11.3", sink.fact("os.version").orElseThrow());
        assertEquals("sun4v", sink.fact("os.arch").orElseThrow());
        assertEquals("ala52s01", sink.fact("host").orElseThrow());
        assertTrue(sink.warnings().isEmpty(), sink.warnings().toString());
    }

    @Test
    void aixDayLongSectionsEachStartingAtMidnight() {
        CollectingSink sink = parse("ksar-aix-7.2.txt");
        assertEquals("aix", sink.variant());
        List<SpecRow> access = sink.rows("sar.file_access");
        assertEquals(1439, access.size());
        assertEquals(15902.0, access.get(0).get("lookuppn/s"));
        assertEquals(Instant.parse("2020-04-20T23:59:00Z"), access.get(1438).row().time());
        assertEquals(24023.0, summary(sink, "sar.file_access", "", "lookuppn/s"));
        // The next section starts from 00:01 again: the same day, not the next one.
        List<SpecRow> buffer = sink.rows("sar.buffer");
        assertEquals(549, buffer.size());
        assertEquals(Instant.parse("2020-04-20T00:01:00Z"), buffer.get(0).row().time());
        assertEquals(327.0, buffer.get(0).get("pread/s"));
        assertEquals("96", sink.fact("system.lcpu").orElseThrow());
        assertEquals("Capped", sink.fact("system.mode").orElseThrow());
        assertEquals(1, sink.facts().stream().filter(f -> f.name().equals("system.lcpu")).count());
        assertEquals("00F93CFF4C00", sink.fact("machine.id").orElseThrow());
        assertTrue(sink.warnings().isEmpty(), sink.warnings().toString());
    }

    @Test
    void hpuxCpuAndDisks() {
        CollectingSink sink = parse("ksar-hpux-11.31.txt");
        assertEquals("hp-ux", sink.variant());
        List<SpecRow> cpu = sink.rows("sar.cpu");
        assertEquals(132, cpu.size());
        assertEquals(Instant.parse("2018-03-21T00:05:01Z"), cpu.get(0).row().time());
        assertEquals(29.0, cpu.get(0).get("%wio"));
        assertEquals(Instant.parse("2018-03-21T11:00:00Z"), cpu.get(131).row().time());
        assertEquals(34.0, summary(sink, "sar.cpu", "", "%wio"));
        List<SpecRow> disk = sink.rows("sar.disk");
        assertEquals(8.35, disk.get(0).get("%busy"));
        assertEquals("disk3", disk.get(1).row().key());
        assertEquals(0, disk.get(1).row().sample());
        assertEquals(Instant.parse("2018-03-21T00:05:01Z"), disk.get(1).row().time());
        SpecRow last = disk.get(disk.size() - 1);
        assertEquals("disk211", last.row().key());
        assertEquals(0.30, last.get("avserv"));
        assertEquals(Instant.parse("2018-03-21T01:20:01Z"), last.row().time());
        assertEquals(15, last.row().sample());
        assertEquals("B.11.31", sink.fact("os.release").orElseThrow());
        assertTrue(sink.warnings().isEmpty(), sink.warnings().toString());
    }

    @Test
    void sniffClaimsEveryCorpusFile() {
        for (String file : List.of("judasn-centos7-sar-n-TCP-ETCP.txt", "ksar-aix-7.2.txt", "ksar-hpux-11.31.txt",
                "ksar-linux-sysstat-10.1.5-48cpu.txt", "ksar-linux-sysstat-10.2.1-288cpu.txt",
                "ksar-linux-sysstat-12.0.2-iso.txt", "ksar-solaris-11.3.txt", "mb-de-sar-b.txt", "mb-de-sar-u.txt",
                "sysstat-data-9.1.6-kluane.txt", "sysstat-fixture-sar-ISO.txt")) {
            assertTrue(parser.sniff(ParserFixtures.head("sar/" + file)) >= 0.9, file);
        }
    }
}
