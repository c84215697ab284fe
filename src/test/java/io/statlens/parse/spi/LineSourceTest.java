package io.statlens.parse.spi;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class LineSourceTest {

    @Test
    void linesEndAtLineFeedCarriageReturnOrBothAndKeepTheirNumbers() throws IOException {
        LineSource lines = new LineSource("f", new StringReader("\uFEFFa\r\nb\rc\n\nd"));
        List<String> seen = new ArrayList<>();
        String line;
        while ((line = lines.next()) != null) seen.add(lines.lineNumber() + ":" + line);
        assertEquals(List.of("1:a", "2:b", "3:c", "4:", "5:d"), seen);
    }

    @Test
    void aLineBeyondTheLimitIsSkippedAndReportedWhileTheNextKeepsItsNumber() throws IOException {
        String huge = "x".repeat(LineSource.MAX_LINE_LENGTH + 10);
        List<String> reported = new ArrayList<>();
        LineSource lines = new LineSource("f", new StringReader("first\n" + huge + "\nthird\n" + "y".repeat(LineSource.MAX_LINE_LENGTH)))
                .onOverlongLine((n, length) -> reported.add(n + ":" + length));
        assertEquals("first", lines.next());
        assertEquals("third", lines.peek());
        assertEquals("third", lines.next());
        assertEquals(3, lines.lineNumber());
        assertEquals(LineSource.MAX_LINE_LENGTH, lines.next().length(), "a line of exactly the limit is kept");
        assertNull(lines.next());
        assertEquals(List.of("2:" + (LineSource.MAX_LINE_LENGTH + 10)), reported);
    }

    @Test
    void anEndlessLineNeitherExhaustsMemoryNorIgnoresCancel() {
        Cancellation cancel = new Cancellation();
        // 4 GB of 'a' without a line break, produced on demand: cancelled after 100 MB
        InputStream endless = new InputStream() {
            long produced;

            @Override
            public int read() {
                return produced++ < (4L << 30) ? 'a' : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (produced > (100L << 20)) cancel.cancel();
                java.util.Arrays.fill(b, off, off + len, (byte) 'a');
                produced += len;
                return len;
            }
        };
        LineSource lines = LineSource.of("endless", endless, cancel);
        assertThrows(InterruptedIOException.class, lines::next);
    }

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
