package io.statlens.parse;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Fact;
import io.statlens.model.Metric;
import io.statlens.model.ParseWarning;
import io.statlens.model.Row;
import io.statlens.model.SummaryValue;
import io.statlens.parse.ParserCatalogTest.Fixed;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.Detection;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserFailureException;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AutoDetectParserTest {
    private static final Head HEAD = new Head("f", List.of("x"));

    /** Claims files whose first line is its tool id; reads "row" lines, and throws at a "boom" line. */
    private record Marker(String tool) implements Parser {
        static final DatasetSpec SPEC = new DatasetSpec("marker", "", "", List.of(Metric.of("n", "count")));

        @Override
        public ParserInfo info() {
            return new ParserInfo(tool, "7", List.of("test"), ParserInfo.BUILT_IN);
        }

        @Override
        public double sniff(Head head) {
            return !head.lines().isEmpty() && head.lines().get(0).equals(tool) ? 0.9 : 0;
        }

        @Override
        public void parse(LineSource lines, ParseContext context, RecordSink sink) throws IOException {
            sink.dataset(SPEC);
            String line;
            while ((line = lines.next()) != null) {
                if (line.equals("boom")) throw new ArithmeticException("long overflow");
                if (line.equals("row")) sink.row(SPEC, new Row(lines.lineNumber(), Instant.EPOCH, "", false, new double[]{1}));
            }
            sink.variant(tool);
        }
    }

    private static CollectingSink parse(AutoDetectParser parser, String text, ParseContext context) throws IOException {
        CollectingSink sink = new CollectingSink();
        try (LineSource lines = LineSource.ofString("in.txt", text)) {
            parser.parse(lines, context, sink);
        }
        return sink;
    }

    @Test
    void theSurestParserWinsAndABrokenOneBecomesANoticeNotASilentZero() {
        var detector = new AutoDetectParser(new ParserCatalog(List.of(new Fixed("a", 0.6), new Fixed("b", 0.9), new Fixed("c", -1))));
        Detection detection = detector.detect(HEAD);
        assertEquals("b", detection.parser().orElseThrow().info().tool());
        assertEquals(List.of("b", "a", "c"), detection.candidates().stream().map(c -> c.parser().info().tool()).toList());
        assertEquals(List.of("parser c 1 failed while detecting and was not considered: java.lang.IllegalStateException: broken plug-in"),
                detection.notices());
        assertEquals(0.9, detector.sniff(HEAD));
    }

    @Test
    void unsureOrTiedDetectionPicksNobody() {
        assertTrue(new AutoDetectParser(new ParserCatalog(List.of(new Fixed("a", 0.4)))).detect(HEAD).parser().isEmpty());
        assertTrue(new AutoDetectParser(new ParserCatalog(List.of(new Fixed("a", 0.8), new Fixed("b", 0.8)))).detect(HEAD)
                .parser().isEmpty());
        assertEquals(0, new AutoDetectParser(new ParserCatalog(List.of(new Fixed("a", 0.4)))).sniff(HEAD));
    }

    @Test
    void detectsFromTheInputItselfAndTheDelegateStillReadsEveryLineFromTheFirst() throws IOException {
        var detector = new AutoDetectParser(new ParserCatalog(List.of(new Marker("one"), new Marker("two"))));
        CollectingSink sink = parse(detector, "two\nrow\nrow\n", new ParseContext("in.txt"));
        assertEquals("two", sink.variant());
        assertEquals(List.of(2L, 3L), sink.rows("marker").stream().map(r -> r.row().sample()).toList(), "line numbers as in the file");
    }

    @Test
    void aDetectionInTheContextIsFollowedWithoutSniffingAgain() throws IOException {
        var detector = new AutoDetectParser(new ParserCatalog(List.of(new Marker("one"), new Fixed("x", -1))));
        ParseContext context = new ParseContext("in.txt").set(Detection.class, Detection.chosen(new Marker("chosen")));
        CollectingSink sink = parse(detector, "one\nrow\n", context);
        assertEquals("chosen", sink.variant());
        assertEquals(List.of(), sink.notices(), "nobody sniffed, so the broken parser said nothing");
    }

    @Test
    void theNoticesOfTheDetectionAreKeptWithTheFile() throws IOException {
        var detector = new AutoDetectParser(new ParserCatalog(List.of(new Marker("one"), new Fixed("x", -1))));
        CollectingSink sink = parse(detector, "one\nrow\n", new ParseContext("in.txt"));
        assertEquals("one", sink.variant());
        assertEquals(List.of(new ParseWarning(0, "parser x 1 failed while detecting and was not considered:"
                + " java.lang.IllegalStateException: broken plug-in")), sink.notices());
    }

    @Test
    void anUnrecognisedInputIsAWarning() throws IOException {
        var detector = new AutoDetectParser(new ParserCatalog(List.of(new Marker("one"))));
        CollectingSink sink = parse(detector, "hello\n", new ParseContext("in.txt"));
        assertEquals(List.of(new ParseWarning(0, "no parser recognises this file (nothing in it looks like any known tool's output)")),
                sink.warnings());
    }

    @Test
    void aThrowingParserIsNamedWithItsVersionAndTheLineItReached() {
        var detector = new AutoDetectParser(new ParserCatalog(List.of(new Marker("one"))));
        ParserFailureException e = assertThrows(ParserFailureException.class,
                () -> parse(detector, "one\nrow\nboom\nrow\n", new ParseContext("in.txt")));
        assertEquals("in.txt:3: parser one 7 failed: java.lang.ArithmeticException: long overflow", e.getMessage());
        assertEquals("one", e.parser().tool());
        assertEquals(3, e.line());
        assertTrue(e.getCause() instanceof ArithmeticException);
    }

    @Test
    void whatTheSinkThrowsIsNotBlamedOnTheParser() {
        var detector = new AutoDetectParser(new ParserCatalog(List.of(new Marker("one"))));
        IllegalStateException full = new IllegalStateException("disk full");
        List<String> seen = new ArrayList<>();
        RecordSink failing = new RecordSink() {
            @Override
            public void dataset(DatasetSpec spec) {
            }

            @Override
            public void row(DatasetSpec spec, Row row) {
                seen.add("row");
                throw full;
            }

            @Override
            public void summary(SummaryValue value) {
            }

            @Override
            public void fact(Fact fact) {
            }

            @Override
            public void warning(long line, String message) {
            }

            @Override
            public void notice(long line, String message) {
            }

            @Override
            public void variant(String variant) {
            }

            @Override
            public void derivedTimes(io.statlens.parse.spi.DerivedTimes times) {
            }
        };
        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> {
            try (LineSource lines = LineSource.ofString("in.txt", "one\nrow\n")) {
                detector.parse(lines, new ParseContext("in.txt"), failing);
            }
        });
        assertSame(full, thrown);
        assertEquals(List.of("row"), seen);
    }
}
