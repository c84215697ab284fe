package io.statlens.parse;

import io.statlens.model.ParseWarning;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.Detection;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 12 item 4, golden pairs: every capture under {@code captures/folded/} beside its {@code fold -w N} copies
 * (a terminal of N columns; lines of iostat -x, mpstat -A and sar -A go over two to six pieces). Detected among all
 * parsers and parsed, each folded copy must give exactly what its original gives, with one notice more: the lines
 * rejoined. Adding a pair needs no Java: put the two files in the folder (PROVENANCE.txt says how they were made).
 */
class FoldedCapturesTest {
    private static final String FOLDER = "/captures/folded/";
    private static final Pattern FOLDED = Pattern.compile("(.+)-fold(\\d+)\\.txt");
    private static final ParserCatalog CATALOG = ParserCatalog.load(Path.of("target", "no-user-parsers"));

    static Stream<String> foldedCopies() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("src/test/resources" + FOLDER))) {
            List<String> names = files.map(p -> p.getFileName().toString()).filter(n -> FOLDED.matcher(n).matches()).sorted().toList();
            assertTrue(names.size() >= 10, "folded copies: " + names);
            return names.stream();
        }
    }

    @ParameterizedTest
    @MethodSource("foldedCopies")
    void aFoldedCaptureGivesWhatItsOriginalGives(String folded) {
        Matcher m = FOLDED.matcher(folded);
        assertTrue(m.matches());
        String original = m.group(1) + ".txt";
        CollectingSink want = parse(original);
        CollectingSink got = parse(folded);

        assertEquals(want.variant(), got.variant(), "variant");
        assertEquals(want.datasets(), got.datasets(), "data sets");
        assertTrue(!want.datasets().isEmpty(), "the original has data");
        for (String dataset : want.datasets().keySet()) {
            List<SpecRow> wantRows = want.rows(dataset);
            List<SpecRow> gotRows = got.rows(dataset);
            assertEquals(wantRows.size(), gotRows.size(), dataset + " rows");
            for (int i = 0; i < wantRows.size(); i++) {
                String where = dataset + " row " + i;
                assertEquals(wantRows.get(i).row().time(), gotRows.get(i).row().time(), where);
                assertEquals(wantRows.get(i).row().key(), gotRows.get(i).row().key(), where);
                assertEquals(wantRows.get(i).row().sinceBoot(), gotRows.get(i).row().sinceBoot(), where);
                assertArrayEquals(wantRows.get(i).row().values(), gotRows.get(i).row().values(), where);
            }
        }
        assertEquals(want.summaries(), got.summaries(), "summary values");
        assertEquals(want.facts(), got.facts(), "facts");
        assertEquals(want.warnings(), got.warnings(), "warnings");
        List<ParseWarning> extra = new ArrayList<>(got.notices());
        want.notices().forEach(extra::remove);
        assertEquals(1, extra.size(), "one notice more, for the rejoined lines: " + got.notices());
        assertTrue(extra.get(0).message().contains("wrapped by a terminal or a page were rejoined"), extra.get(0).message());
        assertEquals(want.notices().size() + 1, got.notices().size(), "notices");
    }

    private static CollectingSink parse(String name) {
        String text;
        try (InputStream in = FoldedCapturesTest.class.getResourceAsStream(FOLDER + name)) {
            if (in == null) throw new IllegalArgumentException("no fixture " + FOLDER + name);
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // both files of a pair under one name, so that messages and facts naming the file compare
        ParseContext context = ParseContext.simple("capture.txt");
        CollectingSink sink = new CollectingSink();
        AutoDetectParser auto = new AutoDetectParser(CATALOG);
        try (LineSource lines = LineSource.ofString("capture.txt", text)) {
            Detection detection = auto.detect(lines.head());
            assertTrue(detection.parser().isPresent(), name + " detected: " + detection.closest());
            context.set(Detection.class, detection);
            auto.parse(lines, context, sink);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sink;
    }
}
