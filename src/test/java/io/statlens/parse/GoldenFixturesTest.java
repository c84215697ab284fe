package io.statlens.parse;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.Row;
import io.statlens.parse.Corpus.Fixture;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.Detection;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every corpus fixture against its golden file ({@link Golden}): detected among all parsers, parsed, and the
 * result compared line by line with {@code <fixture>.expected}. Adding a real file takes no Java: the file, its
 * SOURCES.tsv line, and a golden file written by this test and reviewed by a person:
 * <pre>./mvnw -q -B test -Dtest=GoldenFixturesTest -Dgolden.write=vmstat/new-file.txt</pre>
 * ({@code golden.write} takes fixture paths, folder prefixes such as {@code vmstat/} and {@code *} patterns, comma-separated,
 * {@code missing} for fixtures without a golden file, or {@code all}). A written file is reported as a skipped
 * test, never as a pass, until it is reviewed and the test runs without the property.
 */
class GoldenFixturesTest {
    private static final String WRITE = System.getProperty("golden.write", "").trim();
    private static final ParserCatalog CATALOG = ParserCatalog.load(Path.of("target", "no-user-parsers"));

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.statlens.parse.Corpus#fixtures")
    void parsesAsItsGoldenFileSays(Fixture fixture) throws IOException {
        comparesWithItsGoldenFile(fixture);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.statlens.parse.Corpus#filesOfParts")
    void aFileOfSeveralPartsParsesAsItsGoldenFileSays(Fixture fixture) throws IOException {
        comparesWithItsGoldenFile(fixture);
    }

    private static void comparesWithItsGoldenFile(Fixture fixture) throws IOException {
        Path source = Corpus.sourceRoot().resolve(fixture.path() + Corpus.GOLDEN_SUFFIX);
        Path golden = Files.exists(Corpus.sourceRoot()) ? source : fixture.golden();
        boolean exists = Files.exists(golden);
        String expected = exists ? Files.readString(golden) : "";
        String options = Golden.options(expected);
        String actual = parse(fixture, options);

        if (writes(fixture, exists)) {
            Files.writeString(source, actual);
            Assumptions.abort("wrote " + source + ": review it against the fixture, then run the test without -Dgolden.write");
        }
        if (!exists) {
            fail(fixture + ": no golden file " + fixture.path() + Corpus.GOLDEN_SUFFIX + "; write one with"
                    + " ./mvnw -q -B test -Dtest=GoldenFixturesTest -Dgolden.write=" + fixture.path() + " and review it");
        }
        List<String> want = Golden.compared(expected);
        List<String> got = Golden.compared(actual);
        if (!want.equals(got)) {
            assertEquals(String.join("\n", want), String.join("\n", got), fixture + ": differs from its golden file at "
                    + firstDifference(want, got) + "\nIf the change is intended, rewrite it with -Dgolden.write="
                    + fixture.path() + " and review the difference (git diff) before committing.");
        }
    }

    /** The fixture parsed as the golden file's options say, rendered as golden text. */
    static String parse(Fixture fixture, String options) throws IOException {
        return parse(fixture.path(), fixture.file(), options);
    }

    /**
     * The text of {@code file} parsed as fixture {@code path}'s golden file's options say, rendered as golden text: a file
     * that holds several tools' or hosts' output ({@link FileParts}) part by part, as the import reads it, each part's
     * result after a line {@code part <lines or host>}.
     */
    private static String parse(String path, Path file, String options) throws IOException {
        AutoDetectParser auto = new AutoDetectParser(CATALOG);
        List<FileParts.Detected> parts = new FileParts(auto).of(file);
        if (parts.isEmpty()) return parse(path, file, options, auto, null);
        StringBuilder out = new StringBuilder();
        for (FileParts.Detected part : parts) {
            String rendered = parse(path, file, options, auto, part.part())
                    .replaceFirst("(?m)^parser ", java.util.regex.Matcher.quoteReplacement("part " + part.part().label() + "\nparser "));
            // the header comment and the options line once, before the first part
            out.append(out.isEmpty() ? rendered : rendered.substring(rendered.indexOf("part ")));
        }
        return out.toString();
    }

    /** The whole file, or one part of it, parsed and rendered. */
    private static String parse(String path, Path file, String options, AutoDetectParser auto, FilePart part) throws IOException {
        ParseContext context = Golden.context(path, options);
        CollectingSink sink = new CollectingSink();
        String parser;
        try (LineSource lines = LineSource.of(path, Files.newInputStream(file))) {
            if (part != null) lines.select(part);
            Detection detection = auto.detect(lines.head());
            parser = detection.parser().map(Parser::info).map(i -> i.label()).orElse("(none: " + detection.closest() + ")");
            context.set(Detection.class, detection);
            auto.parse(lines, context, sink);
        }
        return Golden.render(path, options, parser, sink);
    }

    private static boolean writes(Fixture fixture, boolean exists) {
        if (WRITE.isEmpty()) return false;
        for (String item : WRITE.split(",")) {
            String it = item.trim();
            if (it.equals("all")) return true;
            if (it.equals("missing") && !exists) return true;
            if (it.equals(fixture.path()) || (it.endsWith("/") && fixture.path().startsWith(it))) return true;
            if (it.contains("*") && fixture.path().matches(java.util.regex.Pattern.quote(it).replace("*", "\\E.*\\Q"))) return true;
        }
        return false;
    }

    private static String firstDifference(List<String> want, List<String> got) {
        int i = 0;
        while (i < want.size() && i < got.size() && want.get(i).equals(got.get(i))) i++;
        String w = i < want.size() ? want.get(i) : "(end of file)";
        String g = i < got.size() ? got.get(i) : "(end of output)";
        return "compared line " + (i + 1) + ":\n  expected: " + w + "\n  actual:   " + g;
    }

    @Test
    void everyGoldenFileBelongsToAFixture() throws IOException {
        List<String> fixtures = Corpus.fixtures().map(Fixture::path).toList();
        List<String> orphans;
        try (var files = Files.walk(Corpus.root())) {
            orphans = files.map(p -> Corpus.root().relativize(p).toString().replace('\\', '/'))
                    .filter(Corpus::isGolden)
                    .filter(p -> !fixtures.contains(p.substring(0, p.length() - Corpus.GOLDEN_SUFFIX.length())))
                    .toList();
        }
        assertTrue(orphans.isEmpty(), "golden files without a fixture in SOURCES.tsv: " + orphans);
    }

    @Test
    void rowsSwappedWithinAKeyChangeTheGoldenText() {
        // The sums, minima and maxima stay the same when two middle rows of a key trade places: the row checksum does not.
        double[][] values = {{1, 5}, {2, 6}, {3, 7}, {4, 8}};
        String inOrder = Golden.compared(rendered(values)).toString();
        double[][] swapped = {values[0], values[2], values[1], values[3]};
        String moved = Golden.compared(rendered(swapped)).toString();
        assertTrue(!inOrder.equals(moved), "swapped middle rows must change the golden text");
        List<String> differing = Golden.compared(rendered(swapped)).stream()
                .filter(l -> !Golden.compared(rendered(values)).contains(l)).toList();
        assertEquals(1, differing.size(), "only the row checksum tells: " + differing);
        assertTrue(differing.get(0).startsWith("  rows crc32 cpu0="), differing.get(0));
    }

    @Test
    void aFixtureWithTwoMiddleRowsSwappedFailsItsGoldenFile(@TempDir Path dir) throws IOException {
        // vmstat's 2nd and 3rd interval reports trade places: rows, samples, times, first and last row, minima, maxima
        // and sums stay the same, so only the row checksum can tell that the parse differs from its golden file
        String path = "vmstat/jc-ubuntu1804-vmstat-1-long.txt";
        List<String> lines = new java.util.ArrayList<>(Files.readAllLines(Corpus.root().resolve(path), StandardCharsets.UTF_8));
        assertTrue(!lines.get(3).equals(lines.get(4)), "the two rows differ: " + lines.get(3));
        java.util.Collections.swap(lines, 3, 4);
        Path swapped = Files.write(dir.resolve("swapped.txt"), lines, StandardCharsets.UTF_8);
        String golden = Files.readString(Corpus.root().resolve(path + Corpus.GOLDEN_SUFFIX));
        List<String> want = Golden.compared(golden);
        List<String> got = Golden.compared(parse(path, swapped, Golden.options(golden)));
        assertEquals(want, Golden.compared(parse(path, Corpus.root().resolve(path), Golden.options(golden))), "unswapped, it matches");
        List<String> differing = got.stream().filter(l -> !want.contains(l)).toList();
        assertEquals(want.size(), got.size());
        assertEquals(1, differing.size(), "only the row checksum tells: " + differing);
        assertTrue(differing.get(0).startsWith("  rows crc32 "), differing.get(0));
    }

    /** A keyed data set whose key cpu0 has these rows, one a second, and key cpu1 one row. */
    private static String rendered(double[][] rowsOfCpu0) {
        CollectingSink sink = new CollectingSink();
        DatasetSpec spec = new DatasetSpec("t", "", "cpu", List.of(new Metric("a", "", ""), new Metric("b", "", "")));
        sink.dataset(spec);
        Instant t0 = Instant.parse("2024-03-01T10:00:00Z");
        for (int i = 0; i < rowsOfCpu0.length; i++) {
            sink.row(spec, new Row(i, t0.plusSeconds(i), "cpu0", false, rowsOfCpu0[i]));
            if (i == 0) sink.row(spec, new Row(i, t0, "cpu1", false, new double[]{9, 9}));
        }
        return Golden.render("t.txt", "", "t 1", sink);
    }

    @Test
    void optionsSetTheContext() {
        ParseContext c = Golden.context("f", "zone=Asia/Seoul start=2024-03-01T10:00:00Z interval=0.5 mtime=2024-03-01T11:00:00Z");
        var time = io.statlens.parse.spi.TimeOptions.in(c);
        assertEquals("Asia/Seoul", time.zone().getId());
        assertEquals("2024-03-01T10:00:00Z", time.start().orElseThrow().toString());
        assertEquals(500, time.interval().orElseThrow().toMillis());
        assertEquals("2024-03-01T11:00:00Z", io.statlens.parse.spi.FallbackStart.in(c).time().toString());
        assertEquals(List.of("options zone=UTC", "parser x"),
                Golden.compared("# comment\noptions zone=UTC\nparser x\n\n"));
        assertEquals("zone=UTC", Golden.options("# c\noptions zone=UTC\nparser x"));
        assertEquals("1234.5", Golden.number(1234.5));
        assertEquals("0.0001", Golden.number(1e-4));
        assertEquals("12000000000000000000000", Golden.number(1.2e22));
    }
}
