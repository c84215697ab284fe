package io.statlens.parse.builtin;

import io.statlens.parse.ParserFixtures;
import io.statlens.parse.builtin.iostat.IostatParser;
import io.statlens.parse.builtin.mpstat.MpstatParser;
import io.statlens.parse.builtin.pidstat.PidstatParser;
import io.statlens.parse.spi.CollectingSink;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code -V} before a report: every sysstat command prints its version at -V and exits (common.c, print_version), so
 * the options are the next command's and the version is a fact (as sar's, SarParserCorpusTest).
 */
class SysstatVersionOnlyCommandTest {

    private static List<String> facts(CollectingSink sink, String name) {
        return sink.facts().stream().filter(f -> f.name().equals(name)).map(f -> f.value()).toList();
    }

    private static void versionThenReport(CollectingSink sink, String options) {
        assertEquals(List.of(options), facts(sink, "options"));
        assertEquals(List.of("12.6.1"), facts(sink, "tool.version"));
        // lines 2 and 3 are the version and the copyright line
        assertTrue(sink.warnings().stream().noneMatch(w -> w.line() == 2 || w.line() == 3), sink.warnings().toString());
    }

    @Test
    void mpstat() {
        CollectingSink sink = ParserFixtures.parse(new MpstatParser(), "mpstat/debian12-mpstat-V-then-1-2.txt");
        versionThenReport(sink, "1 2");
        assertEquals(2, sink.rows("mpstat").size());
    }

    @Test
    void pidstat() {
        CollectingSink sink = ParserFixtures.parse(new PidstatParser(), "pidstat/debian12-pidstat-V-then-u-1-1.txt");
        versionThenReport(sink, "-u 1 1");
        assertFalse(sink.datasets().keySet().stream().allMatch(d -> sink.rows(d).isEmpty()));
    }

    @Test
    void iostat() {
        CollectingSink sink = ParserFixtures.parse(new IostatParser(), "iostat/debian12-iostat-V-then-d-1-2.txt");
        versionThenReport(sink, "-d");
        assertEquals(List.of("iostat -d 1 2"), facts(sink, "command"));
    }
}
