package io.statlens.parse.declarative;

import io.statlens.parse.AutoDetectParser;
import io.statlens.parse.ParserCatalog;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserDefinitionException;
import io.statlens.parse.spi.ParserProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DeclarativeParserProviderTest {
    private static final String QSTAT = """
            tool = qstat
            detect = 0.9 ^QUEUE\\s+DEPTH
            header = ^QUEUE\\s+DEPTH
            key = QUEUE
            unit.DEPTH = count
            """;

    @Test
    void isRegisteredAsAServiceAndLoadsTheShippedDefinitionsByName() {
        List<ParserProvider> providers = ServiceLoader.load(ParserProvider.class).stream()
                .map(ServiceLoader.Provider::get).toList();
        assertTrue(providers.stream().anyMatch(p -> p instanceof DeclarativeParserProvider));
        List<Parser> parsers = new DeclarativeParserProvider().parsers(Path.of("does-not-exist"), DeclarativeParserProviderTest::fail);
        List<String> tools = parsers.stream().map(p -> p.info().tool()).toList();
        assertEquals(tools.stream().sorted().toList(), tools, "shipped definitions load in file name order");
        assertTrue(tools.containsAll(List.of("nicstat", "prstat")), tools.toString());
        DeclarativeParser nicstat = assertInstanceOf(DeclarativeParser.class, parsers.get(tools.indexOf("nicstat")));
        assertEquals("statlens/parsers/nicstat.parser", nicstat.definition().source());
        assertTrue(nicstat.info().variants().contains("extended"));
        assertEquals("statlens/parsers/nicstat.parser", nicstat.info().source());
    }

    @Test
    void aUserFolderAddsToolsAndOverridesShippedOnes(@TempDir Path userDir) throws IOException {
        Files.writeString(userDir.resolve("qstat.parser"), QSTAT);
        Files.writeString(userDir.resolve("nicstat.parser"), """
                tool = nicstat
                version = 99
                detect = 0.95 ^Time\\s+Int
                header = ^Time\\s+Int
                key = Int
                text.columns = Time
                """);
        Files.writeString(userDir.resolve("notes.txt"), "not a definition");
        List<Parser> parsers = new DeclarativeParserProvider().parsers(userDir, DeclarativeParserProviderTest::fail);
        ParserCatalog registry = new ParserCatalog(parsers);
        Parser nicstat = registry.byTool("nicstat").orElseThrow();
        assertEquals("99", nicstat.info().version(), "the user's definition replaces the shipped one");
        assertTrue(registry.byTool("prstat").isPresent());
        Parser qstat = registry.byTool("qstat").orElseThrow();
        CollectingSink sink = ParserFixtures.parseText(qstat, "QUEUE DEPTH\norders 12\nbilling 0\n",
                ParseContext.simple("q.txt"));
        assertEquals(List.of("orders", "billing"), sink.rows("qstat").stream().map(r -> r.row().key()).toList());
        assertEquals(12.0, sink.rows("qstat", "orders").get(0).get("DEPTH"));
        assertEquals("count", sink.spec("qstat").metrics().get(0).unit());
        assertEquals(qstat, new AutoDetectParser(registry).detect(ShippedDefinitions.head("QUEUE   DEPTH\norders 1")).parser().orElseThrow());
    }

    @Test
    void aMalformedUserDefinitionNamesFileAndLineAndTheOthersStillLoad(@TempDir Path userDir) throws IOException {
        Path file = userDir.resolve("broken.parser");
        Files.writeString(file, "tool = broken\n# detect comes next\ndetect = 0.9 ^A(\nheader = ^A\n");
        Files.writeString(userDir.resolve("qstat.parser"), QSTAT);
        List<ParserDefinitionException> problems = new ArrayList<>();
        List<Parser> parsers = new DeclarativeParserProvider().parsers(userDir, problems::add);
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).getMessage().startsWith(file + ":3: invalid regular expression '^A('"), problems.get(0).getMessage());
        assertEquals(List.of("dtrace", "lockstat", "nicstat", "plockstat", "prstat", "vm_stat", "qstat"), parsers.stream().map(p -> p.info().tool()).toList());
    }

    @Test
    void listsDefinitionsInsideAJar(@TempDir Path dir) throws IOException {
        Path withDirectories = jar(dir.resolve("with.jar"), true);
        try (URLClassLoader loader = new URLClassLoader(new URL[]{withDirectories.toUri().toURL()}, null)) {
            List<Parser> parsers = new DeclarativeParserProvider(loader).parsers(null, DeclarativeParserProviderTest::fail);
            assertEquals(List.of("a_tool", "qstat"), parsers.stream().map(p -> p.info().tool()).toList());
            assertEquals("statlens/parsers/qstat.parser", ((DeclarativeParser) parsers.get(1)).definition().source());
        }
        Path withoutDirectories = jar(dir.resolve("without.jar"), false);
        try (URLClassLoader loader = new URLClassLoader(new URL[]{withoutDirectories.toUri().toURL()}, null)) {
            assertEquals(List.of(), ClasspathFolder.list(loader, "statlens/parsers", ".parser", List.of()),
                    "a jar without directory entries has no resource for the folder");
            List<ClasspathFolder.File> files = ClasspathFolder.list(loader, "statlens/parsers", ".parser",
                    List.of(withoutDirectories.toUri().toURL()));
            assertEquals(List.of("a_tool.parser", "qstat.parser"), files.stream().map(ClasspathFolder.File::name).toList());
        }
    }

    private static Path jar(Path path, boolean directoryEntries) throws IOException {
        try (OutputStream out = Files.newOutputStream(path); JarOutputStream jar = new JarOutputStream(out)) {
            if (directoryEntries) {
                jar.putNextEntry(new JarEntry("statlens/"));
                jar.putNextEntry(new JarEntry("statlens/parsers/"));
            }
            entry(jar, "statlens/parsers/qstat.parser", QSTAT);
            entry(jar, "statlens/parsers/a_tool.parser", QSTAT.replace("qstat", "a_tool"));
            entry(jar, "statlens/parsers/README.md", "not a definition");
            entry(jar, "statlens/parsers/deeper/x.parser", "tool = nested\n");
        }
        return path;
    }

    private static void entry(JarOutputStream jar, String name, String text) throws IOException {
        jar.putNextEntry(new JarEntry(name));
        jar.write(text.getBytes(StandardCharsets.UTF_8));
        jar.closeEntry();
    }

    /** For loads that must find nothing wrong. */
    private static void fail(ParserDefinitionException problem) {
        throw new AssertionError("unexpected problem: " + problem.getMessage(), problem);
    }
}
