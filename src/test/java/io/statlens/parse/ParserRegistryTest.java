package io.statlens.parse;

import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.RecordSink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ParserRegistryTest {
    /** A parser that claims every file with a fixed confidence, or throws while sniffing. */
    private record Fixed(String tool, double confidence) implements Parser {
        @Override
        public List<String> variants() {
            return List.of("any");
        }

        @Override
        public double sniff(Head head) {
            if (confidence < 0) throw new IllegalStateException("broken plug-in");
            return confidence;
        }

        @Override
        public void parse(LineSource lines, ParseContext context, RecordSink sink) {
        }
    }

    private static final Head HEAD = new Head("f", List.of("x"));

    @Test
    void theSurestParserWinsAndABrokenOneDoesNotStopDetection() {
        var registry = new ParserRegistry(List.of(new Fixed("a", 0.6), new Fixed("b", 0.9), new Fixed("c", -1)));
        assertEquals("b", registry.detect(HEAD).orElseThrow().tool());
        assertEquals(List.of("b", "a", "c"), registry.rank(HEAD).stream().map(c -> c.parser().tool()).toList());
    }

    @Test
    void unsureOrTiedDetectionPicksNobody() {
        assertTrue(new ParserRegistry(List.of(new Fixed("a", 0.4))).detect(HEAD).isEmpty());
        assertTrue(new ParserRegistry(List.of(new Fixed("a", 0.8), new Fixed("b", 0.8))).detect(HEAD).isEmpty());
    }

    @Test
    void aLaterParserWithTheSameToolReplacesTheEarlierOne() {
        var registry = new ParserRegistry(List.of(new Fixed("a", 0.6), new Fixed("a", 0.7)));
        assertEquals(1, registry.all().size());
        assertEquals(0.7, registry.rank(HEAD).get(0).confidence());
    }

    @Test
    void builtInAndDeclarativeParsersAreLoadedAndAUserDefinitionOverridesABuiltIn(@TempDir Path home) throws Exception {
        List<String> builtIn = ParserRegistry.load(home.resolve("none")).all().stream().map(Parser::tool).toList();
        assertTrue(builtIn.containsAll(List.of("arcstat", "dbt2", "faban", "iostat", "mpstat", "nicstat", "prstat", "sar",
                "sysbench", "tpcc", "vmstat")), builtIn.toString());
        Files.writeString(home.resolve("vmstat.parser"), """
                tool = vmstat
                variants = site-specific
                detect = 0.9 ^MYVMSTAT
                header = ^\\s*r\\s+b
                """);
        Parser vmstat = ParserRegistry.load(home).byTool("vmstat").orElseThrow();
        assertEquals(List.of("site-specific"), vmstat.variants());
    }
}
