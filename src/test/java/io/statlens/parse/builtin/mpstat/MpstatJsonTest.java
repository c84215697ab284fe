package io.statlens.parse.builtin.mpstat;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.ParseContext;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code mpstat -o JSON} of sysstat 12.6.1: the data sets, labels and units of the text form, in any locale. */
class MpstatJsonTest {
    private final MpstatParser parser = new MpstatParser();

    private CollectingSink parse(String file) {
        return ParserFixtures.parse(parser, "mpstat/" + file);
    }

    private static List<String> labelsAndUnits(DatasetSpec spec) {
        return spec.metrics().stream().map(m -> m.label() + " [" + m.unit() + "]").toList();
    }

    @Test
    void jsonLandsWhereTheTextFormDoes() {
        CollectingSink text = parse("sysstat-12.6.1-C-mpstat-P-ALL.txt");
        CollectingSink json = parse("sysstat-12.6.1-C-mpstat-P-ALL-o-JSON.json");
        assertEquals(labelsAndUnits(text.spec("mpstat")), labelsAndUnits(json.spec("mpstat")), "usr is stored as %usr");
        assertEquals("CPU", json.spec("mpstat").keyLabel());
        List<SpecRow> rows = json.rows("mpstat");
        assertEquals(6, rows.size());
        assertEquals("all", rows.get(0).row().key());
        assertEquals(86.57, rows.get(0).get("%usr"));
        assertEquals(Instant.parse("2026-11-25T18:00:22Z"), rows.get(0).row().time());
        assertEquals(Instant.parse("2026-11-25T18:00:23Z"), rows.get(5).row().time());
        assertFalse(rows.get(0).row().sinceBoot(), "two samples: an interval run");
        assertEquals(List.of(), json.warnings());
    }

    @Test
    void localeTimesAreRead() {
        SpecRow pm = parse("sysstat-12.6.1-en_US-mpstat-P-ALL-o-JSON.json").rows("mpstat").get(0);
        assertEquals(18, pm.row().time().atZone(java.time.ZoneOffset.UTC).getHour(), "06:00:34 PM");
        SpecRow korean = parse("sysstat-12.6.1-ko-mpstat-P-ALL-o-JSON.json").rows("mpstat").get(0);
        assertEquals(Instant.parse("2026-11-25T18:04:00Z"), korean.row().time(), "2026년 11월 25일, 18시 04분 00초");
    }

    @Test
    void aSingleSampleAveragesSinceBootAndInterruptTablesAreRead() {
        String text = """
                {"sysstat": {"hosts": [{"nodename": "db7", "sysname": "Linux", "release": "5.15.0", "machine": "x86_64",
                "number-of-cpus": 2, "date": "03/01/24", "statistics": [
                {"timestamp": "10:00:05",
                 "cpu-load": [{"cpu": "all", "usr": 1.0, "nice": 0.0, "sys": 1.0, "iowait": 0.0, "irq": 0.0, "soft": 0.0,
                               "steal": 0.0, "guest": 0.0, "gnice": 0.0, "idle": 98.0}],
                 "sum-interrupts": [{"cpu": "all", "intr": 250.5}, {"cpu": "0", "intr": 125.0}],
                 "individual-interrupts": [{"cpu": "0", "intr": [{"name": "0", "value": 1.0}, {"name": "LOC", "value": 90.5}]}],
                 "soft-interrupts": [{"cpu": "0", "intr": [{"name": "TIMER", "value": 12.0}, {"name": "NET_RX", "value": 3.0}]}]}
                ]}]}}
                """;
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("one.json"));
        assertTrue(sink.rows("mpstat").get(0).row().sinceBoot());
        assertEquals(250.5, sink.rows("mpstat.intr", "all").get(0).get("intr/s"));
        assertEquals(90.5, sink.rows("mpstat.irq", "0").get(0).get("LOC/s"));
        assertEquals(3.0, sink.rows("mpstat.softirq", "0").get(0).get("NET_RX/s"));
        assertEquals(Instant.parse("2024-03-01T10:00:05Z"), sink.rows("mpstat").get(0).row().time());
        assertEquals(List.of(), sink.warnings());
    }
}
