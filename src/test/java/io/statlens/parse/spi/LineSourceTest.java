package io.statlens.parse.spi;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class LineSourceTest {

    private static LineSource of(String text) {
        return LineSource.of("t.txt", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }

    private static List<String> rest(LineSource lines) throws IOException {
        List<String> out = new ArrayList<>();
        String line;
        while ((line = lines.next()) != null) out.add(lines.lineNumber() + " " + line);
        return out;
    }

    @Test
    void theHeadLooksAheadWithoutConsumingAndDropsTheByteOrderMark() throws IOException {
        try (LineSource lines = of("\uFEFFa\r\nb\nc")) {
            assertEquals(new Head("t.txt", List.of("a", "b", "c")), lines.head());
            assertEquals("a", lines.peek());
            assertEquals(0, lines.lineNumber());
            assertEquals(List.of("1 a", "2 b", "3 c"), rest(lines));
            assertNull(lines.peek());
        }
    }

    @Test
    void theHeadHoldsTheFirstLinesCutToTheirDetectionLength() throws IOException {
        StringBuilder text = new StringBuilder("x".repeat(Head.MAX_LINE_LENGTH + 10)).append('\n');
        for (int i = 2; i <= Head.MAX_LINES + 5; i++) text.append(i).append('\n');
        try (LineSource lines = of(text.toString())) {
            Head head = lines.head();
            assertEquals(Head.MAX_LINES, head.lines().size());
            assertEquals(Head.MAX_LINE_LENGTH, head.lines().get(0).length());
            assertEquals(Head.MAX_LINE_LENGTH + 10, lines.next().length(), "the parser still gets the whole line");
            assertEquals(List.of("2 2", "3 3"), rest(lines).subList(0, 2));
        }
    }

    @Test
    void theHeadIsOnlyForTheStartOfTheInput() throws IOException {
        try (LineSource lines = of("a\nb\n")) {
            lines.next();
            assertThrows(IllegalStateException.class, lines::head);
        }
    }
}
