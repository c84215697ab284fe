package io.statlens.parse.spi;

import io.statlens.model.Cancellation;

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
    void aPageBreakOfADocumentIsLeftOutWithTheBlankLinesAroundItAndTheRestKeepTheirNumbers() throws IOException {
        String text = "r b\n1 2\n\nhttps://wiki.example.org/display/OPS/db01  3/12\nPage 3 of 12\n\fCapacity review\n\n3 4\n"
                + "- 4 -\n5 6\n\fSeite 5 von 9\n7 8\n\n9 10";
        List<String> skipped = new ArrayList<>();
        LineSource lines = new LineSource("f", new StringReader(text))
                .onPageBreak((n, t, footer) -> skipped.add(n + ":" + t + ":" + footer));
        assertEquals(List.of("1:r b", "2:1 2", "8:3 4", "10:5 6", "12:7 8", "13:", "14:9 10"), all(lines));
        assertEquals(List.of("4:https://wiki.example.org/display/OPS/db01  3/12:true", "5:Page 3 of 12:true",
                "6:Capacity review:false", "9:- 4 -:true", "11:Seite 5 von 9:true"), skipped);
    }

    @Test
    void theLineAfterAFormFeedIsThePagesFirstLineWhenARowFollowsIt() throws IOException {
        LineSource lines = new LineSource("f", new StringReader("1 2\n\f3 4\n5 6\n\n\f\n7 8"));
        assertEquals(List.of("1:1 2", "2:3 4", "3:5 6", "6:7 8"), all(lines));
    }

    @Test
    void blankLinesWithoutAPageBreakAndNumbersInRowsAreKept() throws IOException {
        LineSource lines = new LineSource("f", new StringReader("Pages read 3\n\n\n12/34 5\npage"));
        assertEquals(List.of("1:Pages read 3", "2:", "3:", "4:12/34 5", "5:page"), all(lines));
    }

    private static List<String> all(LineSource lines) throws IOException {
        List<String> seen = new ArrayList<>();
        String line;
        while ((line = lines.next()) != null) seen.add(lines.lineNumber() + ":" + line);
        return seen;
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

    /**
     * Bytes are split into lines before they are decoded (BoundedByteLines): the lines, their numbers and the lengths of
     * overlong ones must be those of the characters a decoder of the whole stream gives, for any bytes, undecodable ones
     * and sequences cut by a line break or by the end of a buffer included.
     */
    @Test
    void linesSplitInTheBytesAreThoseOfTheDecodedStream() throws IOException {
        java.util.Random random = new java.util.Random(13);
        byte[][] pieces = {"a".getBytes(StandardCharsets.UTF_8), " 12.50 ".getBytes(StandardCharsets.UTF_8), {'\n'}, {'\r'},
                {'\r', '\n'}, "é".getBytes(StandardCharsets.UTF_8), "\u20AC".getBytes(StandardCharsets.UTF_8),
                "\uD83D\uDE00".getBytes(StandardCharsets.UTF_8), {(byte) 0xE2, (byte) 0x82}, {(byte) 0xF0, (byte) 0x90},
                {(byte) 0xFF}, {(byte) 0x80}, {(byte) 0xC3}, "\uFEFF".getBytes(StandardCharsets.UTF_8)};
        for (int round = 0; round < 300; round++) {
            java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
            int count = random.nextInt(400);
            for (int i = 0; i < count; i++) bytes.writeBytes(pieces[random.nextInt(pieces.length)]);
            if (round % 50 == 0) {
                // lines longer than the limit, ASCII or not, and ending on a cut sequence, across buffer ends
                for (int i = 0; i < LineSource.MAX_LINE_LENGTH / 2 + random.nextInt(LineSource.MAX_LINE_LENGTH * 4); i++) {
                    bytes.writeBytes(pieces[random.nextInt(2) == 0 ? 0 : 5 + random.nextInt(8)]);
                }
                bytes.writeBytes(new byte[] {(byte) 0xE2, '\n', 'z'});
            }
            byte[] input = bytes.toByteArray();
            var decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(java.nio.charset.CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPLACE);
            assertEquals(everything(new LineSource("t", new java.io.InputStreamReader(new ByteArrayInputStream(input), decoder))),
                    everything(LineSource.of("t", new ByteArrayInputStream(input))), "round " + round);
            // and read a few bytes at a time, so that sequences and lines are cut by the ends of reads everywhere
            assertEquals(everything(LineSource.of("t", new ByteArrayInputStream(input))),
                    everything(LineSource.of("t", trickling(input, new java.util.Random(round)))), "round " + round + ", trickled");
        }
    }

    @Test
    void anOverlongLineOfManyByteCharactersIsCountedInCharactersWhereverReadsCutIt() throws IOException {
        byte[] input = ("x".repeat(10) + "\u20AC".repeat(100_000) + "\nz\n").getBytes(StandardCharsets.UTF_8);
        List<String> expected = List.of("overlong 1 100010", "2 z", "chars 100013");
        assertEquals(expected, everything(new LineSource("t", new java.io.InputStreamReader(new ByteArrayInputStream(input),
                StandardCharsets.UTF_8))));
        assertEquals(expected, everything(LineSource.of("t", trickling(input, new java.util.Random(1)))));
    }

    /** The bytes, handed out 1 to 7 at a time. */
    private static InputStream trickling(byte[] input, java.util.Random random) {
        return new ByteArrayInputStream(input) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 1 + random.nextInt(7)));
            }
        };
    }

    /** Every line with its number, every overlong line with its length, and the characters read. */
    private static List<String> everything(LineSource lines) throws IOException {
        List<String> out = new ArrayList<>();
        lines.onOverlongLine((n, length) -> out.add("overlong " + n + " " + length));
        String line;
        while ((line = lines.next()) != null) out.add(lines.lineNumber() + " " + line);
        out.add("chars " + lines.charsRead());
        return out;
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

    /**
     * A tool still running: what it printed so far, and nothing more until the test lets it print the rest; a read
     * beyond what arrived would wait for the tool, here it fails the test instead of hanging it.
     */
    private static final class RunningTool extends InputStream {
        private final java.util.ArrayDeque<byte[]> printed = new java.util.ArrayDeque<>();
        private byte[] chunk = new byte[0];
        private int at;
        private boolean ended;

        void print(String text) {
            printed.add(text.getBytes(StandardCharsets.UTF_8));
        }

        void end() {
            ended = true;
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (at == chunk.length) {
                if (printed.isEmpty()) {
                    if (ended) return -1;
                    throw new IllegalStateException("read past what the tool printed: a live source would wait here");
                }
                chunk = printed.poll();
                at = 0;
            }
            int n = Math.min(len, chunk.length - at);
            System.arraycopy(chunk, at, b, off, n);
            at += n;
            return n;
        }

        @Override
        public int available() {
            return chunk.length - at + printed.stream().mapToInt(c -> c.length).sum();
        }
    }

    @Test
    void aLiveSourcesHeadIsTheLinesArrivedSoFar() throws Exception {
        RunningTool tool = new RunningTool();
        tool.print("procs -----memory-----\n r  b   swpd\n");
        try (LineSource lines = LineSource.live("vmstat.txt", tool, Cancellation.NONE)) {
            assertEquals(List.of("procs -----memory-----", " r  b   swpd"), lines.head().lines());
            assertEquals("procs -----memory-----", lines.next());
            tool.print(" 1  0      0\n");
            tool.end();
            assertEquals(" r  b   swpd", lines.next());
            assertEquals(" 1  0      0", lines.next());
            assertNull(lines.next());
        }
    }
}
