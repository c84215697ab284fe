package io.statlens.parse.builtin.iostat;

import io.statlens.model.ParseWarning;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.ParseContext;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 12 item 4: an {@code iostat -x} header a terminal or a page cut short must never be read as a narrower table
 * (values stored under the wrong labels). Too few lines are cut here for the whole capture to be taken as
 * hard-wrapped, so the header is mended on its own: rejoined with its pieces when they follow, else refused with
 * the line and what was expected. The capture is real (sysstat 12.6.1 {@code iostat -x 1 2}, LC_ALL=C, in
 * captures/folded/C-iostat-x.txt), its first report cut as {@code fold -w 100} and {@code -w 120} cut it.
 */
class IostatCutHeaderTest {
    private static String capture() throws IOException {
        try (InputStream in = IostatCutHeaderTest.class.getResourceAsStream("/captures/folded/C-iostat-x.txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static String fold(String text, int width) {
        return text.lines().map(line -> {
            StringBuilder out = new StringBuilder();
            for (int i = 0; i < line.length(); i += width) {
                if (i > 0) out.append('\n');
                out.append(line, i, Math.min(line.length(), i + width));
            }
            return out.toString();
        }).collect(Collectors.joining("\n", "", "\n"));
    }

    private static CollectingSink parse(String text) {
        return ParserFixtures.parseText(new IostatParser(), text, ParseContext.simple("iostat.txt"));
    }

    @Test
    void aHeaderCutIntoPiecesIsRejoinedAndItsRowsReadUnderTheRightLabels() throws IOException {
        String firstReport = String.join("\n", capture().lines().limit(8).toList()) + "\n";
        CollectingSink want = parse(firstReport);
        for (int width : List.of(100, 120)) {
            CollectingSink got = parse(fold(firstReport, width));
            assertEquals(want.variant(), got.variant(), "fold " + width);
            assertEquals(want.datasets(), got.datasets(), "fold " + width);
            assertEquals(1, got.rows("iostat").size());
            assertArrayEquals(want.rows("iostat").get(0).row().values(), got.rows("iostat").get(0).row().values(), "fold " + width);
            assertEquals(1.27, got.rows("iostat", "vda").get(0).get("%util"), 1e-9);
            assertEquals(List.of(), got.warnings(), "fold " + width);
        }
    }

    @Test
    void aHeaderCutShortWithoutItsRestIsRefusedNotReadAsANarrowerTable() throws IOException {
        List<String> lines = capture().lines().limit(8).toList();
        String cut = String.join("\n", lines.subList(0, 5)) + "\n" + lines.get(5).substring(0, 100) + "\n" + lines.get(6) + "\n";
        CollectingSink sink = parse(cut);
        assertTrue(sink.rows("iostat").isEmpty(), "no device row under a header cut short");
        assertEquals(new ParseWarning(6, "expected an iostat header ending with its last column (%util, kB_wrtn, kB_dscd or kB_w+d), found"
                + " one that ends with 'w' (cut short by a terminal or a page?); its rows are skipped up to the next header"),
                sink.warnings().get(0));
        assertEquals(1, sink.rows("iostat.cpu").size(), "the avg-cpu block before it is kept");
    }
}
