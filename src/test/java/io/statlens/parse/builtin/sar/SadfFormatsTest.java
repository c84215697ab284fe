package io.statlens.parse.builtin.sar;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.ParseContext;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One sar data file (sysstat 12.6.1, {@code sadc -S XALL 1 4}) in its three forms: {@code sar -A} text,
 * {@code sadf -d} and {@code sadf -j}. The machine formats land in the same data sets, under the same labels and
 * units, with the same keys, times and values as the text, so that they compare.
 */
class SadfFormatsTest {
    private final SarParser parser = new SarParser();

    private CollectingSink parse(String file) {
        return ParserFixtures.parse(parser, "sar/" + file);
    }

    /** sadf -j prints the disk activity's older fields too, which sar 12.6's text no longer shows. */
    private static final Set<String> OLDER_DISK_LABELS = Set.of("rd_sec/s", "wr_sec/s", "dc_sec/s", "avgrq-sz", "avgqu-sz");

    @Test
    void sadfDAndSadfJGiveWhatTheTextGives() {
        CollectingSink text = parse("sysstat-12.6.1-C-sar-A.txt");
        for (String file : List.of("sysstat-12.6.1-sadf-d-A.txt", "sysstat-12.6.1-sadf-j-A.json")) {
            CollectingSink sadf = parse(file);
            assertEquals(List.of(), sadf.warnings(), file);
            assertEquals("linux-sysstat-sadf", sadf.variant());
            assertEquals(text.datasets().keySet(), sadf.datasets().keySet(), file + ": the same data sets");
            for (String dataset : text.datasets().keySet()) {
                DatasetSpec expected = text.spec(dataset);
                DatasetSpec spec = sadf.spec(dataset);
                assertEquals(expected.keyLabel(), spec.keyLabel(), file + " " + dataset);
                Set<String> extra = new TreeSet<>(labelsAndUnits(spec));
                extra.removeAll(labelsAndUnits(expected));
                Set<String> missing = new TreeSet<>(labelsAndUnits(expected));
                missing.removeAll(labelsAndUnits(spec));
                assertEquals(Set.of(), missing, file + " " + dataset + ": labels and units of the text form");
                if (file.endsWith(".json") && dataset.equals("sar.disk")) {
                    assertEquals(OLDER_DISK_LABELS, labelsOf(extra), file + " " + dataset);
                } else {
                    assertEquals(Set.of(), extra, file + " " + dataset);
                }
                assertEquals(values(text.rows(dataset), expected), values(sadf.rows(dataset), expected), file + " " + dataset + ": values");
            }
        }
    }

    @Test
    void readsTheMachineFormatsOfOneActivity() {
        CollectingSink d = parse("sysstat-12.6.1-sadf-d-u-P-ALL.txt");
        CollectingSink j = parse("sysstat-12.6.1-sadf-j-u-P-ALL.json");
        for (CollectingSink sink : List.of(d, j)) {
            List<SpecRow> rows = sink.rows("sar.cpu");
            assertEquals(9, rows.size());
            assertEquals(List.of("%user", "%nice", "%system", "%iowait", "%steal", "%idle"),
                    sink.spec("sar.cpu").metrics().stream().map(Metric::label).toList());
            SpecRow all = rows.get(3);
            assertEquals("all", all.row().key(), "sadf -d prints -1 for all CPUs");
            assertEquals(Instant.parse("2026-11-25T18:00:10Z"), all.row().time());
            assertEquals(79.59, all.get("%user"));
            assertEquals(13.78, all.get("%idle"));
            assertEquals(1, all.row().sample());
            assertEquals("vm", sink.fact("host").orElseThrow());
        }
        assertEquals("time stamp of each line, zone UTC", d.fact("time.source").orElseThrow());
        assertEquals("date and time of each sample, UTC", j.fact("time.source").orElseThrow());
        assertEquals("6.18.44-fc-v669", j.fact("os.kernel").orElseThrow());
    }

    @Test
    void perCpuInterruptColumnsAreNamedAsInTheText() {
        CollectingSink d = parse("sysstat-12.6.1-sadf-d-A.txt");
        assertEquals(List.of("all", "CPU0", "CPU1"), d.spec("sar.intr").metrics().stream().map(Metric::label).toList());
        SpecRow sum = d.rows("sar.intr", "sum").get(1);
        assertEquals(2235, sum.get("all"));
        assertEquals(1184, sum.get("CPU1"));
    }

    @Test
    void usbRowsAreReadInTheOrderSadfWritesThemNotItsHeaders() {
        // activity.c's hdr_line for USB names manufact and product first; render_pwr_usb_stats writes them last
        // (sysstat's tests/expected.sadf-d, lines 561-567)
        CollectingSink d = ParserFixtures.parseText(parser, """
                # hostname;interval;timestamp;manufact;product;BUS;idvendor;idprod;maxpower
                SYSSTAT.TEST;31;2019-04-18 13:20:29 UTC;1;3f0;862;196;HP;HP Wireless Keyboard Mouse Kit
                SYSSTAT.TEST;22;2019-04-18 13:20:49 UTC;1;3f0;862;196;HP;HP Wireless Keyboard Mouse Kit
                SYSSTAT.TEST;22;2019-04-18 13:20:49 UTC;3;5e3;608;200;;USB2.0 Hub
                """, ParseContext.simple("usb.txt"));
        assertEquals(List.of(), d.warnings());
        assertEquals(List.of("maxpower"), d.spec("sar.usb").metrics().stream().map(Metric::label).toList());
        assertEquals(196.0, d.rows("sar.usb", "1:3f0:862").get(1).get("maxpower"));
        assertEquals(200.0, d.rows("sar.usb", "3:5e3:608").get(0).get("maxpower"));
        assertEquals("HP HP Wireless Keyboard Mouse Kit", d.fact("usb.1:3f0:862.device").orElseThrow());
        assertEquals("USB2.0 Hub", d.fact("usb.3:5e3:608.device").orElseThrow());
    }

    @Test
    void batteryRowsLandInTheBatteryDataSetKeyedByBattery() {
        // sar -m BAT (sysstat's tests/expected.sadf-d, lines 554-560); the status column is text, still stored as missing
        CollectingSink d = ParserFixtures.parseText(parser, """
                # hostname;interval;timestamp;BAT;%cap;cap/min;status
                SYSSTAT.TEST;31;2019-04-18 13:20:19 UTC;0;100;0.00;Full
                SYSSTAT.TEST;31;2019-04-18 13:20:19 UTC;1;83;-3.85;Unknown
                """, ParseContext.simple("bat.txt"));
        assertEquals(Set.of("sar.battery"), d.datasets().keySet());
        assertEquals(100.0, d.rows("sar.battery", "0").get(0).get("%cap"));
        assertEquals(-3.85, d.rows("sar.battery", "1").get(0).get("cap/min"));
    }

    private static Set<String> labelsAndUnits(DatasetSpec spec) {
        Set<String> out = new TreeSet<>();
        for (Metric m : spec.metrics()) out.add(m.label() + " [" + m.unit() + "]");
        return out;
    }

    private static Set<String> labelsOf(Set<String> labelsAndUnits) {
        Set<String> out = new TreeSet<>();
        for (String s : labelsAndUnits) out.add(s.substring(0, s.indexOf(" [")));
        return out;
    }

    /** Per time and key, the values of the text form's labels. */
    private static Map<String, List<Double>> values(List<SpecRow> rows, DatasetSpec labels) {
        Map<String, List<Double>> out = new TreeMap<>();
        for (SpecRow r : rows) {
            List<Double> v = new ArrayList<>();
            for (Metric m : labels.metrics()) v.add(r.get(m.label()));
            out.put(r.row().time() + " " + r.row().key() + " #" + r.row().sample(), v);
        }
        return out;
    }
}
