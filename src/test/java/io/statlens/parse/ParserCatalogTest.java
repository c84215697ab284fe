package io.statlens.parse;

import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ParserCatalogTest {
    /** A parser that claims every file with a fixed confidence, or throws while sniffing. */
    record Fixed(String tool, double confidence) implements Parser {
        @Override
        public ParserInfo info() {
            return ParserInfo.builtIn(tool, "any");
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
    void aLaterParserWithTheSameToolReplacesTheEarlierOne() {
        var catalog = new ParserCatalog(List.of(new Fixed("a", 0.6), new Fixed("a", 0.7)));
        assertEquals(1, catalog.all().size());
        assertEquals(0.7, new AutoDetectParser(catalog).detect(HEAD).candidates().get(0).confidence());
    }

    @Test
    void builtInAndDeclarativeParsersAreLoadedAndAUserDefinitionOverridesABuiltIn(@TempDir Path home) throws Exception {
        List<String> builtIn = ParserCatalog.load(home.resolve("none")).tools();
        assertTrue(builtIn.containsAll(List.of("arcstat", "dbt2", "faban", "iostat", "mpstat", "nicstat", "prstat", "sar",
                "sysbench", "tpcc", "vmstat")), builtIn.toString());
        Files.writeString(home.resolve("vmstat.parser"), """
                tool = vmstat
                variants = site-specific
                detect = 0.9 ^MYVMSTAT
                header = ^\\s*r\\s+b
                """);
        Parser vmstat = ParserCatalog.load(home).byTool("vmstat").orElseThrow();
        assertEquals(List.of("site-specific"), vmstat.info().variants());
        assertEquals(home.resolve("vmstat.parser").toString(), vmstat.info().source());
    }

    @Test
    void aMalformedUserDefinitionIsAProblemWithFileAndLineAndTheOtherParsersStillLoad(@TempDir Path home) throws Exception {
        Path broken = home.resolve("broken.parser");
        Files.writeString(broken, "tool = broken\nthis line is not a key value pair\n");
        Files.writeString(home.resolve("qstat.parser"), """
                tool = qstat
                detect = 0.9 ^QUEUE\\s+DEPTH
                header = ^QUEUE\\s+DEPTH
                key = QUEUE
                """);

        ParserCatalog catalog = ParserCatalog.load(home);

        assertEquals(1, catalog.problems().size(), catalog.problems().toString());
        assertTrue(catalog.problems().get(0).startsWith(broken + ":2: "), catalog.problems().get(0));
        assertTrue(catalog.byTool("qstat").isPresent(), "the good user definition is loaded");
        assertTrue(catalog.tools().containsAll(List.of("vmstat", "iostat", "nicstat", "prstat")), catalog.tools().toString());
        assertTrue(catalog.byTool("broken").isEmpty());
    }

    @Test
    void theCatalogIsBuiltOncePerFolderStateAndAgainWhenTheFolderChanges(@TempDir Path home) throws Exception {
        assertSame(ParserCatalog.load(home.resolve("none")), ParserCatalog.load(home.resolve("also-none")),
                "folders without definitions share the catalog of the shipped parsers");
        Path definition = home.resolve("qstat.parser");
        Files.writeString(definition, "tool = qstat\ndetect = 0.9 ^QUEUE\nheader = ^QUEUE\n");
        ParserCatalog first = ParserCatalog.load(home);
        assertSame(first, ParserCatalog.load(home), "unchanged folder: same catalog");

        Files.writeString(definition, "tool = qstat\nversion = 2\ndetect = 0.9 ^QUEUE\nheader = ^QUEUE\n");
        Files.setLastModifiedTime(definition, FileTime.from(Instant.now().plusSeconds(5)));
        ParserCatalog second = ParserCatalog.load(home);
        assertNotSame(first, second, "an edited definition is read again");
        assertEquals("2", second.byTool("qstat").orElseThrow().info().version());
    }
}
