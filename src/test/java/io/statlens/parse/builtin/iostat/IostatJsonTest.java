package io.statlens.parse.builtin.iostat;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.ParseWarning;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.TimeOptions;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code iostat -o JSON} of sysstat 12.6.1: the data sets, labels and units of the text form. */
class IostatJsonTest {
    private final IostatParser parser = new IostatParser();

    private CollectingSink parse(String file) {
        return ParserFixtures.parse(parser, "iostat/" + file);
    }

    private static Set<String> labelsAndUnits(DatasetSpec spec) {
        Set<String> out = new TreeSet<>();
        for (Metric m : spec.metrics()) out.add(m.label() + " [" + m.unit() + "]");
        return out;
    }

    @Test
    void jsonLandsWhereTheTextFormDoes() {
        CollectingSink text = parse("sysstat-12.6.1-C-iostat-x.txt");
        CollectingSink json = parse("sysstat-12.6.1-C-iostat-x-o-JSON.json");
        assertEquals(text.datasets().keySet(), json.datasets().keySet());
        for (String dataset : text.datasets().keySet()) {
            assertEquals(labelsAndUnits(text.spec(dataset)), labelsAndUnits(json.spec(dataset)), dataset);
            assertEquals(text.spec(dataset).keyLabel(), json.spec(dataset).keyLabel(), dataset);
        }
        assertEquals(List.of(), json.warnings());
        assertEquals("linux-sysstat-json", json.variant());
        assertEquals("vm", json.fact("host").orElseThrow());
        assertEquals("2026-11-25", json.fact("date").orElseThrow());
    }

    @Test
    void aGroupIsKeyedByItsNameWithoutTheBlankIostatPutsBeforeIt() {
        // "disk_device": " GRP" (iostat.c: " %s"); the text form's rows of the group are keyed GRP
        CollectingSink json = parse("sysstat-12.6.1-C-iostat-o-JSON-x-g-GRP-vda.json");
        assertEquals(List.of(), json.warnings());
        assertEquals(Set.of("vda", "GRP"), Set.copyOf(json.rows("iostat").stream().map(r -> r.row().key()).toList()));
        List<SpecRow> group = json.rows("iostat", "GRP");
        assertEquals(2, group.size());
        assertEquals(59.26, group.get(0).get("r/s"));
        assertEquals(5.18, group.get(0).get("%util"));
    }

    @Test
    void valuesAndTheSinceBootReport() {
        CollectingSink json = parse("sysstat-12.6.1-C-iostat-x-o-JSON.json");
        List<SpecRow> cpu = json.rows("iostat.cpu");
        assertEquals(31.13, cpu.get(0).get("%user"), "user is stored as %user");
        assertTrue(cpu.get(0).row().sinceBoot());
        assertFalse(cpu.get(1).row().sinceBoot());
        SpecRow vda = json.rows("iostat", "vda").get(0);
        assertEquals(1.27, vda.get("%util"), "util is stored as %util");
        assertEquals(17.81, vda.get("%rrqm"));
        assertEquals(2810.68, vda.get("rkB/s"));
        assertEquals(14.85, vda.get("f/s"));
        // the German locale changes only the date
        assertEquals("2026-11-25", parse("sysstat-12.6.1-de-iostat-x-o-JSON.json").fact("date").orElseThrow());
    }

    @Test
    void epochSecondsOfMinusUPlaceEachSampleInTextAndJson() {
        // sysstat 12.7.8's iostat -U (commit e7f9af50): -t's stamp line, written by common.c's write_sample_timestamp
        // as mktime() with "%ld", in text alone on its line (as tests/expected.cifsiostat-U shows) and in JSON as the
        // "timestamp" string; no expected.iostat-U exists, so both are built to that function
        String text = """
                $ iostat -U -d 1 2
                Linux 1.2.3-TEST (SYSSTAT.TEST) \t06/01/20 \t_x86_64_\t(9 CPU)

                1591016000
                Device             tps    kB_read/s    kB_wrtn/s    kB_dscd/s    kB_read    kB_wrtn    kB_dscd
                sda               1.00         2.00         3.00         0.00          2          3          0

                1591016001
                Device             tps    kB_read/s    kB_wrtn/s    kB_dscd/s    kB_read    kB_wrtn    kB_dscd
                sda               4.00         5.00         6.00         0.00          5          6          0
                """;
        String json = """
                {"sysstat": {
                \t"hosts": [
                \t\t{
                \t\t\t"nodename": "SYSSTAT.TEST", "sysname": "Linux", "release": "1.2.3-TEST", "machine": "x86_64",
                \t\t\t"number-of-cpus": 9, "date": "06/01/20",
                \t\t\t"statistics": [
                \t\t\t\t{"timestamp": "1591016000",
                \t\t\t\t "disk": [{"disk_device": "sda", "tps": 1.0, "kB_read/s": 2.0, "kB_wrtn/s": 3.0, "kB_dscd/s": 0, "kB_read": 2, "kB_wrtn": 3, "kB_dscd": 0}]},
                \t\t\t\t{"timestamp": "1591016001",
                \t\t\t\t "disk": [{"disk_device": "sda", "tps": 4.0, "kB_read/s": 5.0, "kB_wrtn/s": 6.0, "kB_dscd/s": 0, "kB_read": 5, "kB_wrtn": 6, "kB_dscd": 0}]}
                \t\t\t]
                \t\t}
                \t]
                }}
                """;
        for (CollectingSink sink : List.of(ParserFixtures.parseText(parser, text, ParseContext.simple("U.txt")),
                ParserFixtures.parseText(parser, json, ParseContext.simple("U.json")))) {
            List<SpecRow> sda = sink.rows("iostat", "sda");
            assertEquals(List.of(Instant.parse("2020-06-01T12:53:20Z"), Instant.parse("2020-06-01T12:53:21Z")),
                    sda.stream().map(r -> r.row().time()).toList());
            assertEquals(4.0, sda.get(1).get("tps"));
            assertEquals(List.of(), sink.warnings(), sink.warnings().toString());
            // 1591016000 is 2020-06-01 in every zone: 06/01/20 is month first, so no notice asks which
            assertTrue(sink.notices().stream().noneMatch(n -> n.message().contains("read month first")), sink.notices().toString());
            assertEquals("2020-06-01", sink.fact("date").orElseThrow());
        }
    }

    @Test
    void timeStampsOfMinusTPlaceEachSample() {
        String text = """
                $ iostat -t -o JSON 5 2
                {"sysstat": {
                \t"hosts": [
                \t\t{
                \t\t\t"nodename": "db7", "sysname": "Linux", "release": "5.15.0", "machine": "x86_64",
                \t\t\t"number-of-cpus": 8, "date": "03/01/24",
                \t\t\t"statistics": [
                \t\t\t\t{"timestamp": "03/01/24 10:00:05", "avg-cpu": {"user": 1.5, "nice": 0, "system": 2, "iowait": 0, "steal": 0, "idle": 96.5},
                \t\t\t\t "disk": [{"disk_device": "sda", "tps": 3.0, "kB_read/s": 1.0, "kB_wrtn/s": 2.0, "kB_dscd/s": 0, "kB_read": 10, "kB_wrtn": 20, "kB_dscd": 0}]},
                \t\t\t\t{"timestamp": "03/01/24 10:00:10", "avg-cpu": {"user": 2.5, "nice": 0, "system": 2, "iowait": 0, "steal": 0, "idle": 95.5},
                \t\t\t\t "disk": [{"disk_device": "sda", "tps": 4.0, "kB_read/s": 1.0, "kB_wrtn/s": 2.0, "kB_dscd/s": 0, "kB_read": 10, "kB_wrtn": 20, "kB_dscd": 0}]}
                """;
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("cut.json"));
        List<SpecRow> sda = sink.rows("iostat", "sda");
        assertEquals(Instant.parse("2024-03-01T10:00:05Z"), sda.get(0).row().time());
        assertEquals(Instant.parse("2024-03-01T10:00:10Z"), sda.get(1).row().time());
        assertEquals(4.0, sda.get(1).get("tps"));
        assertEquals("kB/s", sink.spec("iostat").metrics().get(1).unit());
        assertEquals(new ParseWarning(1, "1 line(s) before the JSON document skipped"), sink.notices().get(0));
        // nothing in the document tells the order of 03/01/24 (a 24-hour clock is printed in both): month first, said once
        assertEquals(2, sink.notices().size(), sink.notices().toString());
        assertEquals(6, sink.notices().get(1).line());
        assertTrue(sink.notices().get(1).message().startsWith(
                "the date 03/01/24 is 2024-03-01 read month first, 2024-01-03 read day first, and the file does not tell which"),
                sink.notices().get(1).message());
        assertEquals(1, sink.warnings().size(), "the document is cut short: " + sink.warnings());
        assertTrue(sink.warnings().get(0).message().contains("what came before is kept"), sink.warnings().toString());
    }

    @Test
    void fileLocaleDecidesASlashedDateOfTheDocument() {
        String file = "capture-fr_FR-sysstat12.6-iostat-t-x-o-JSON-02-12.json";
        // nothing in the document tells 02/12/2026 (a 24-hour clock is printed in both orders): month first, with a notice
        CollectingSink alone = parse(file);
        assertEquals("2026-02-12", alone.fact("date").orElseThrow());
        assertTrue(alone.notices().get(0).message().contains("give --file-locale"), alone.notices().toString());
        CollectingSink told = ParserFixtures.parse(parser, "iostat/" + file,
                ParserFixtures.context(file, TimeOptions.DEFAULT.withLocale(Locale.FRANCE)));
        assertEquals("2026-12-02", told.fact("date").orElseThrow());
        assertEquals(Instant.parse("2026-12-02T09:50:22Z"), told.rows("iostat", "vda").get(0).row().time());
        assertTrue(told.notices().stream().noneMatch(n -> n.message().startsWith("the date")), told.notices().toString());
    }
}
