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
    void sadfDhOfOneActivityGivesTheRowsSadfDGives() {
        // LC_ALL=C sadf -d sa.data -- -u -P ALL of the data file of the -h fixture, first sample
        CollectingSink d = ParserFixtures.parseText(parser, """
                # hostname;interval;timestamp;CPU;%user;%nice;%system;%iowait;%steal;%idle
                vm;1;2026-12-05 06:40:36 UTC;-1;90.64;0.00;7.88;0.00;0.00;1.48
                vm;1;2026-12-05 06:40:36 UTC;0;91.09;0.00;6.93;0.00;0.00;1.98
                vm;1;2026-12-05 06:40:36 UTC;1;90.20;0.00;8.82;0.00;0.00;0.98
                """, ParseContext.simple("d.txt"));
        // the same sample under the -h header '...;%idle[...]': one line, the three CPUs' cells one after another
        CollectingSink h = parse("sysstat-12.6.1-sadf-d-h-u-P-ALL.txt");
        assertEquals(List.of(), h.warnings());
        assertEquals(9, h.rows("sar.cpu").size());
        for (String cpu : List.of("all", "0", "1")) {
            SpecRow expected = d.rows("sar.cpu", cpu).get(0);
            SpecRow got = h.rows("sar.cpu", cpu).get(0);
            assertEquals(expected.row().time(), got.row().time(), cpu);
            assertEquals(List.copyOf(expected.spec().metrics()), List.copyOf(got.spec().metrics()), cpu);
            assertEquals(expected.get("%system"), got.get("%system"), cpu);
            assertEquals(expected.get("%idle"), got.get("%idle"), cpu);
        }
        // vm;1;2026-12-05 06:40:38 UTC;...;eth0;0.00;...: each interface's cells after its name
        CollectingSink dev = parse("sysstat-12.6.1-sadf-d-h-n-DEV.txt");
        assertEquals(List.of(), dev.warnings());
        assertEquals(List.of("eth0", "ifb0", "ifb1", "lo"),
                dev.rows("sar.net_dev").stream().map(r -> r.row().key()).distinct().sorted().toList());
        assertEquals(12, dev.rows("sar.net_dev").size());
    }

    private static String shown(SpecRow r) {
        return r.row().time() + " " + r.row().key() + " " + java.util.Arrays.toString(r.row().values());
    }

    @Test
    void sadfDhOfActivitiesPrintedOnceASampleGivesTheirDataSetsAsSadfDDoes() {
        // one header of 28 activities back to back (proc/s;cswch/s;pswpin/s;...;%smem-10): each to its own data set
        CollectingSink d = parse("sysstat-12.6.1-sadf-d-once-a-sample.txt");
        CollectingSink h = parse("sysstat-12.6.1-sadf-d-h-once-a-sample.txt");
        assertEquals(List.of(), h.warnings());
        assertTrue(d.datasets().keySet().containsAll(List.of("sar.memory", "sar.load", "sar.tty", "sar.filesystem")));
        assertEquals(d.datasets().keySet(), h.datasets().keySet());
        for (String dataset : d.datasets().keySet()) {
            assertEquals(List.copyOf(d.spec(dataset).metrics()), List.copyOf(h.spec(dataset).metrics()), dataset);
            assertEquals(d.rows(dataset).stream().map(SadfFormatsTest::shown).toList(),
                    h.rows(dataset).stream().map(SadfFormatsTest::shown).toList(), dataset);
        }
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

    /** sysstat's data.tmp, {@code sar -m BAT} (tests/expected.sar-dec's layout with two decimals, expected.sadf-d, lines 554-560, expected.sadf-j). */
    private static final String BATTERY_TEXT = """
            Linux 1.2.3-TEST (SYSSTAT.TEST) \t04/18/19 \t_x86_64_\t(9 CPU)

            13:20:09          BAT      %cap   cap/min    status
            13:20:19            0       100     +0.00         \u2191
            13:20:19            1        83     -3.85         ?
            13:20:29            0        70    -57.62         ?
            13:20:29            1        80     -5.76         \u2198
            13:20:39            0        75     +7.79         \u2197
            13:20:49            0        77     +5.36         \u2192
            Average:            0     80.50    -11.19
            """;
    private static final String BATTERY_SADF_D = """
            # hostname;interval;timestamp;BAT;%cap;cap/min;status
            SYSSTAT.TEST;31;2019-04-18 13:20:19 UTC;0;100;0.00;Full
            SYSSTAT.TEST;31;2019-04-18 13:20:19 UTC;1;83;-3.85;Unknown
            SYSSTAT.TEST;31;2019-04-18 13:20:29 UTC;0;70;-57.62;Unknown
            SYSSTAT.TEST;31;2019-04-18 13:20:29 UTC;1;80;-5.76;Discharging
            SYSSTAT.TEST;39;2019-04-18 13:20:39 UTC;0;75;7.79;Charging
            SYSSTAT.TEST;22;2019-04-18 13:20:49 UTC;0;77;5.36;NotCharging
            """;

    @Test
    void batteryStatusIsOneWordPerStateWhetherSarPrintsAnArrowOrSadfAWord() {
        // pr_stats.c prints the state as an arrow (? unknown, \u2197 charging, \u2198 discharging, \u2192 not charging,
        // \u2191 full) and no state in the average; sadf.c's bat_status[] names the same states in words
        CollectingSink text = ParserFixtures.parseText(parser, BATTERY_TEXT, ParseContext.simple("bat.txt"));
        CollectingSink d = ParserFixtures.parseText(parser, BATTERY_SADF_D, ParseContext.simple("bat.csv"));
        for (CollectingSink sink : List.of(text, d)) {
            assertEquals(List.of(), sink.warnings());
            assertEquals(Set.of("sar.battery"), sink.datasets().keySet());
            assertEquals(List.of("%cap", "cap/min"), sink.spec("sar.battery").metrics().stream().map(Metric::label).toList());
            assertEquals(100.0, sink.rows("sar.battery", "0").get(0).get("%cap"));
            assertEquals(-3.85, sink.rows("sar.battery", "1").get(0).get("cap/min"));
            assertEquals(List.of("0 Full", "1 Unknown", "0 Unknown", "1 Discharging", "0 Charging", "0 NotCharging"),
                    sink.facts().stream().filter(f -> f.name().endsWith(".status"))
                            .map(f -> f.name().replace("battery.", "").replace(".status", "") + " " + f.value()).toList());
        }
        assertEquals(80.5, text.summaries().stream().filter(v -> v.key().equals("0") && v.name().equals("%cap"))
                .findFirst().orElseThrow().value());
    }

    @Test
    void sadfJsonBatteriesLandInTheBatteryDataSetAsSadfDsDo() {
        // sysstat's tests/expected.sadf-j and expected.sadf-d: the same data file (data.tmp), sadf -j and sadf -d -- -A
        CollectingSink d = parse("sysstat-tests-expected-sadf-d.txt");
        CollectingSink j = parse("sysstat-tests-expected-sadf-j.json");
        DatasetSpec battery = d.spec("sar.battery");
        assertEquals(battery, j.spec("sar.battery"));
        assertEquals(6, j.rows("sar.battery").size());
        assertEquals(values(d.rows("sar.battery"), battery), values(j.rows("sar.battery"), battery));
        assertEquals(d.facts().stream().filter(f -> f.name().startsWith("battery.")).toList(),
                j.facts().stream().filter(f -> f.name().startsWith("battery.")).toList());
    }

    @Test
    void sadfJGivesWhatSadfDGivesOfTheSameDataFile() {
        // sysstat's tests/expected.sadf-j and expected.sadf-d (data.tmp, -C -- -A): fields json_stats.c prints that
        // sysstat 12.6's did not (pgprom, pgdem, shared, retrseg), fchosts under network, an empty manufacturer, comments
        CollectingSink d = parse("sysstat-tests-expected-sadf-d.txt");
        CollectingSink j = parse("sysstat-tests-expected-sadf-j.json");
        assertEquals(List.of(), j.warnings());
        assertEquals(d.datasets().keySet(), j.datasets().keySet());
        for (String dataset : d.datasets().keySet()) {
            // sadf -d's INTR;CPU* cells name no CPU and leave an offline one out (rndr_stats.c, render_irq_stats)
            if (dataset.equals("sar.intr")) continue;
            DatasetSpec spec = d.spec(dataset);
            Set<String> missing = new TreeSet<>(labelsAndUnits(spec));
            missing.removeAll(labelsAndUnits(j.spec(dataset)));
            assertEquals(Set.of(), missing, dataset);
            assertEquals(values(d.rows(dataset), spec), values(j.rows(dataset), spec), dataset);
        }
        Set<String> facts = new TreeSet<>(j.facts().stream().map(f -> f.name() + " = " + f.value()).toList());
        for (var f : d.facts()) {
            if (!f.name().equals("time.source")) assertTrue(facts.contains(f.name() + " = " + f.value()), f + " in " + facts);
        }
    }

    @Test
    void sarHumanGivesSadfDsValuesToThePrecisionItPrints() {
        // sysstat's tests/expected.sar-human (sar --human -A) and expected.sadf-d (sadf -d -- -A) of one data file:
        // --human prints sizes with the letter of their unit (1.4G kB of kbmemfree, 705.2M of MBfsfree, 0.0B of rxkB/s)
        // and per cents with their sign, one decimal each (common.c, cprintf_unit and cprintf_xpc)
        CollectingSink human = parse("sysstat-tests-expected-sar-human.txt");
        CollectingSink d = parse("sysstat-tests-expected-sadf-d.txt");
        assertEquals(List.of(), human.warnings());
        assertEquals(1468006.4, human.rows("sar.memory").get(0).get("kbmemfree"), 1e-6, "1.4G in a kB column");
        assertEquals(705.2, human.rows("sar.filesystem", "/dev/sda9").get(0).get("MBfsfree"), 1e-9, "705.2M in an MB column");
        assertEquals(46.1, human.rows("sar.memory").get(0).get("%memused"));
        int compared = 0;
        for (String dataset : d.datasets().keySet()) {
            // sadf -d leaves an offline CPU out of its INTR;CPU* cells, which name no CPU (rndr_stats.c,
            // render_irq_stats): with CPU6 offline its cells cannot be told from the text's, which names them
            if (dataset.equals("sar.intr")) continue;
            DatasetSpec spec = d.spec(dataset);
            Map<String, List<Double>> expected = values(d.rows(dataset), spec);
            Map<String, List<Double>> read = values(human.rows(dataset), spec);
            assertEquals(expected.keySet(), read.keySet(), dataset + ": times and keys");
            for (String row : expected.keySet()) {
                for (int i = 0; i < spec.metrics().size(); i++) {
                    double want = expected.get(row).get(i);
                    double got = read.get(row).get(i);
                    if (Double.isNaN(want)) {
                        assertTrue(Double.isNaN(got), dataset + " " + row + " " + spec.metrics().get(i).label());
                        continue;
                    }
                    // one decimal of the unit letter printed: within 0.05 of a value below 1, else 5 % of it
                    assertEquals(want, got, Math.max(0.0501, 0.0501 * Math.abs(want)),
                            dataset + " " + row + " " + spec.metrics().get(i).label());
                    compared++;
                }
            }
        }
        assertTrue(compared > 1000, compared + " values compared");
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
