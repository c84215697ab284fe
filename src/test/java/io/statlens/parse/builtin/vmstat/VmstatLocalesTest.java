package io.statlens.parse.builtin.vmstat;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * procps-ng 4.0.2's vmstat captured in every language it translates its header to (the corpus files
 * {@code vmstat/procps-4.0.2-<language>-<command>.txt}): each gives the same data set, labels and units as the C
 * locale's, keeps what it printed, and draws no warning.
 */
class VmstatLocalesTest {
    static final List<String> LANGUAGES = List.of("de", "es", "fr", "ko", "pl", "pt_BR", "ro", "sv", "uk", "vi", "zh_CN");
    static final List<String> COMMANDS = List.of("vmstat", "vmstat-a", "vmstat-wt", "vmstat-d");

    private static CollectingSink parse(String language, String command) {
        return ParserFixtures.parse(new VmstatParser(), "vmstat/procps-4.0.2-" + language + "-" + command + ".txt");
    }

    private static DatasetSpec only(CollectingSink sink) {
        assertEquals(1, sink.datasets().size(), sink.datasets().keySet().toString());
        return sink.datasets().values().iterator().next();
    }

    private static List<String> labelsAndUnits(DatasetSpec spec) {
        return spec.metrics().stream().map(m -> m.label() + " [" + m.unit() + "]").toList();
    }

    static Stream<String[]> everyCapture() {
        return LANGUAGES.stream().flatMap(l -> COMMANDS.stream().map(c -> new String[] {l, c}));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("everyCapture")
    void readsAsTheCLocaleDoes(String language, String command) {
        CollectingSink c = parse("C", command);
        CollectingSink translated = parse(language, command);
        DatasetSpec expected = only(c);
        DatasetSpec spec = only(translated);
        assertEquals(expected.qualifiedName(), spec.qualifiedName());
        assertEquals(labelsAndUnits(expected), labelsAndUnits(spec));
        assertEquals(c.variant(), translated.variant());
        assertEquals(List.of(), translated.warnings(), "no line is taken for something else than vmstat");
        assertEquals(c.rows(spec.qualifiedName()).size(), translated.rows(spec.qualifiedName()).size());
    }

    @Test
    void keepsTheLabelsAsPrinted() {
        Map<String, String> german = printed(parse("de", "vmstat"));
        assertEquals(Map.of("free", "frei", "cache", "Cache"), german);
        assertEquals(Map.of("free", "libre", "buff", "tampon"), printed(parse("fr", "vmstat")));
        // Korean prints the same word for si and bi, and for so and bo: their place tells them apart
        assertEquals("입", printed(parse("ko", "vmstat")).get("si"));
        assertEquals("입", printed(parse("ko", "vmstat")).get("bi"));
        // Polish translates r, b and the CPU columns; wa is printed 'io'
        Map<String, String> polish = printed(parse("pl", "vmstat-wt"));
        assertEquals("dz", polish.get("r"));
        assertEquals("io", polish.get("wa"));
        assertEquals("go", polish.get("gu"));
        // a translation holding blanks: Brazilian Portuguese vmstat -d prints 'DRDOS/s (FAT12)' for sec
        assertEquals("DRDOS/s (FAT12)", printed(parse("pt_BR", "vmstat-d")).get("IO sec"));
        // Vietnamese translates the group titles only
        assertEquals(Map.of(), printed(parse("vi", "vmstat")));
    }

    @Test
    void valuesAndTimesAreRead() {
        CollectingSink de = parse("de", "vmstat-wt");
        var rows = de.rows("vmstat");
        assertEquals(21614480, rows.get(0).get("free"));
        assertEquals(1833172, rows.get(0).get("cache"));
        assertEquals(java.time.Instant.parse("2026-11-25T18:01:15Z"), rows.get(0).row().time(), "the -t stamp in UTC");
        assertTrue(rows.get(0).row().sinceBoot());
        assertEquals("de", de.fact("header.language").orElseThrow());

        CollectingSink sv = parse("sv", "vmstat");
        assertEquals(8, sv.rows("vmstat").get(0).get("r"), "'k' is r");
        assertEquals(1494, sv.rows("vmstat").get(0).get("cs"), "'ktxb' is cs");

        CollectingSink ptDisk = parse("pt_BR", "vmstat-d");
        var vda = ptDisk.rows("vmstat.disk", "vda").get(0);
        assertFalse(Double.isNaN(vda.get("IO sec")));
        assertEquals(10, ptDisk.rows("vmstat.disk").size());
    }

    @Test
    void theFrenchGroupLineIsAHeader() {
        assertTrue(VmstatHeader.isGroupLine("procs ----------mémoire---------- -échange- -----io---- -système- ------cpu-----"));
        assertTrue(VmstatHeader.isGroupLine("disq- -----------lectures----- ---- -----------écritures--------- -----ES------"));
        // the Polish time stamp title runs into the cpu title
        assertTrue(VmstatHeader.isGroupLine("--proc.-- -----------------------pamięć---------------------- ---swap-- ---we/wy---"
                + " -system-- ----------cpu------------------czas--------"));
        assertFalse(VmstatHeader.isGroupLine("procs ----------something else---------- -----io----"));
    }

    private static Map<String, String> printed(CollectingSink sink) {
        Map<String, String> out = new java.util.TreeMap<>();
        for (Metric m : only(sink).metrics()) {
            if (m.translated()) out.put(m.label(), m.printed());
        }
        return out;
    }
}
