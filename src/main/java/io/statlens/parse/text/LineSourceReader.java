package io.statlens.parse.text;

import io.statlens.parse.spi.LineSource;

import java.io.IOException;
import java.io.Reader;

/**
 * The lines of a {@link LineSource} as a character stream for a structured-text parser (XML, JSON), one line
 * at a time, so such input is streamed like any other. Line {@code n} of the stream is line
 * {@code n + offset} of the file, {@code offset} being the lines skipped before the XML starts.
 */
public final class LineSourceReader extends Reader {
    private final LineSource lines;
    private final boolean quoted;
    private String current;
    private int position;

    /** @param firstLine the first line to deliver (already read from the source), or null at the end */
    public LineSourceReader(LineSource lines, String firstLine) {
        this(lines, firstLine, false);
    }

    /**
     * @param firstLine the first line to deliver (already read from the source, quote markers and all), or null
     * @param quoted    whether the text was quoted in a reply: every line is delivered without its quote markers
     *                  ({@link Quotes}), so that it reads as it did before
     */
    public LineSourceReader(LineSource lines, String firstLine, boolean quoted) {
        this.lines = lines;
        this.quoted = quoted;
        this.current = firstLine == null ? null : text(firstLine);
    }

    private String text(String line) {
        return (quoted ? Quotes.unquoted(line) : line) + "\n";
    }

    @Override
    public int read(char[] buffer, int offset, int length) throws IOException {
        if (length == 0) return 0;
        while (current != null && position == current.length()) {
            String next = lines.next();
            current = next == null ? null : text(next);
            position = 0;
        }
        if (current == null) return -1;
        int n = Math.min(length, current.length() - position);
        current.getChars(position, position + n, buffer, offset);
        position += n;
        return n;
    }

    @Override
    public void close() {
        // The LineSource belongs to the caller.
    }
}
