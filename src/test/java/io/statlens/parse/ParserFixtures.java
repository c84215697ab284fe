package io.statlens.parse;

import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.TimeOptions;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Test support: runs a parser over a fixture under {@code src/test/resources/corpus/<tool>/<file>}
 * (each folder keeps a SOURCES.tsv with the provenance of its files).
 */
public final class ParserFixtures {
    private ParserFixtures() {
    }

    public static String text(String path) {
        try (InputStream in = ParserFixtures.class.getResourceAsStream("/corpus/" + path)) {
            if (in == null) throw new IllegalArgumentException("no fixture /corpus/" + path);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@link ParseContext#simple} with these time options. */
    public static ParseContext context(String fileName, TimeOptions time) {
        return ParseContext.simple(fileName).set(TimeOptions.class, time);
    }

    /** Parses a fixture with a UTC context whose fallback start is the epoch. */
    public static CollectingSink parse(Parser parser, String path) {
        return parse(parser, path, ParseContext.simple(path));
    }

    public static CollectingSink parse(Parser parser, String path, ParseContext context) {
        CollectingSink sink = new CollectingSink();
        try (LineSource lines = LineSource.ofString(path, text(path))) {
            parser.parse(lines, context, sink);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sink;
    }

    /** Parses literal text. */
    public static CollectingSink parseText(Parser parser, String text, ParseContext context) {
        CollectingSink sink = new CollectingSink();
        try (LineSource lines = LineSource.ofString(context.fileName(), text)) {
            parser.parse(lines, context, sink);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sink;
    }

    /** The head of a fixture, as detection sees it. */
    public static Head head(String path) {
        List<String> lines = new ArrayList<>();
        for (String line : text(path).split("\r?\n", -1)) {
            if (lines.size() == Head.MAX_LINES) break;
            lines.add(line);
        }
        return new Head(path, lines);
    }
}
