package io.statlens.parse.spi;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HeadTest {
    private static final Pattern HEADER = Pattern.compile("\\bKB/t\\s+tps\\s+MB/s\\b");

    @Test
    void aLiteralFirstFindsWhatThePatternAloneFinds() {
        Head head = new Head("f", List.of("disk0", "   KB/t  tps  MB/s", "  8.00   12  0.09"));
        assertTrue(head.anyMatch(HEADER));
        assertTrue(head.anyMatch("KB/t", HEADER));
    }

    @Test
    void aLineHoldingTheLiteralMustStillMatch() {
        Head head = new Head("f", List.of("KB/t is kilobytes per transfer", "tps MB/s"));
        assertFalse(head.anyMatch("KB/t", HEADER));
    }
}
