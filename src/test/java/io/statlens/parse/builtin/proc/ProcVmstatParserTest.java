package io.statlens.parse.builtin.proc;

import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** pt-stalk's real -procvmstat file: four snapshots of /proc/vmstat between TS lines, 6 to 7 s apart. */
class ProcVmstatParserTest {
    private static final String FILE = "procvmstat/pt-stalk-3.2.1-procvmstat-linux-6.txt";
    private final ProcVmstatParser parser = new ProcVmstatParser();

    @Test
    void countersGetRatesBetweenTheTsLinesAndLevelsDoNot() {
        CollectingSink sink = ParserFixtures.parse(parser, FILE);
        assertEquals(List.of(), sink.warnings());
        List<SpecRow> faults = sink.rows("procvmstat", "pgfault");
        assertEquals(4, faults.size());
        assertEquals(Instant.parse("2026-12-02T13:01:53.365324052Z"), faults.get(1).row().time());
        assertEquals(390_125_224, faults.get(1).get("value"));
        // (390,125,224 - 390,058,680) / (13.365324052 - 06.464867683 s)
        assertEquals(66_544 / 6.900456369, faults.get(1).get("per_s"), 1e-6);
        assertTrue(Double.isNaN(faults.get(0).get("per_s")), "nothing to take the first snapshot's increase from");
        assertTrue(Double.isNaN(sink.rows("procvmstat", "nr_free_pages").get(1).get("per_s")), "a level");
        assertEquals((38_034_710 - 38_022_539) / 6.900456369, sink.rows("procvmstat", "nr_dirtied").get(1).get("per_s"), 1e-6,
                "nr_dirtied counts pages dirtied");
    }

    @Test
    void theKernelsLevelsAreTheNrFieldsButItsEventCounts() {
        assertTrue(ProcVmstatParser.isGauge("nr_dirty"));
        assertTrue(ProcVmstatParser.isGauge("nr_dirty_threshold"));
        assertTrue(ProcVmstatParser.isGauge("workingset_nodes"));
        assertEquals(false, ProcVmstatParser.isGauge("nr_written"));
        assertEquals(false, ProcVmstatParser.isGauge("workingset_refault_file"));
        assertEquals(false, ProcVmstatParser.isGauge("pgscan_direct"));
    }

    @Test
    void detection() {
        assertTrue(parser.sniff(ParserFixtures.head(FILE)) >= 0.85);
        assertEquals(0, parser.sniff(ParserFixtures.head("meminfo/pt-stalk-3.2.1-meminfo-linux-6.txt")));
        assertEquals(0, new MeminfoParser().sniff(ParserFixtures.head(FILE)));
    }
}
