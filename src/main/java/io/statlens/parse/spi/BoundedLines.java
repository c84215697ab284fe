package io.statlens.parse.spi;

import io.statlens.model.Cancellation;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.Reader;

/**
 * Splits a character stream into lines as {@link java.io.BufferedReader#readLine} does (at {@code \n},
 * {@code \r} or {@code \r\n}), but never holds more than {@link #MAX_LINE} characters of one line: a longer
 * line (a binary file, a log with no line breaks) is skipped as it streams past, so that no input can
 * exhaust memory or feed a pattern an unbounded line. Cancellation is checked at every buffer refill, so
 * even a gigabyte without a line break stops promptly.
 */
final class BoundedLines implements LineSplitter {
    /** The longest line kept, in characters: far beyond any tool's widest row (sar -A, iostat -x on 4096 disks). */
    static final int MAX_LINE = 64 * 1024;

    /** What the reader found at a position: a line, a line too long to keep, or the end. */
    sealed interface Item {
    }

    record Line(String text, long consumed) implements Item {
    }

    /** A line that was skipped; {@code length} is its length in characters. */
    record Overlong(long length) implements Item {
    }

    private final Reader in;
    private final Cancellation cancellation;
    private final String name;
    private final char[] buffer = new char[1 << 16];
    private int pos;
    private int limit;
    private boolean skipLineFeed;
    private boolean eof;

    BoundedLines(Reader in, Cancellation cancellation, String name) {
        this.in = in;
        this.cancellation = cancellation;
        this.name = name;
    }

    /** The next line or overlong line; null at the end of the input. */
    @Override
    public Item next() throws IOException {
        StringBuilder sb = null;
        long length = 0;
        boolean overlong = false;
        while (true) {
            if (pos >= limit && !fill()) {
                if (length == 0 && sb == null && !overlong) return null;
                return overlong ? new Overlong(length) : new Line(sb == null ? "" : sb.toString(), length);
            }
            if (skipLineFeed) {
                skipLineFeed = false;
                if (buffer[pos] == '\n') pos++;
                continue;
            }
            int start = pos;
            while (pos < limit && buffer[pos] != '\n' && buffer[pos] != '\r') pos++;
            int n = pos - start;
            length += n;
            if (!overlong) {
                if (length > MAX_LINE) {
                    overlong = true;
                    sb = null;
                } else if (pos < limit && sb == null) {
                    // the whole line lies in the buffer: no copy through a builder
                    String text = new String(buffer, start, n);
                    terminate();
                    return new Line(text, length + 1);
                } else {
                    if (sb == null) sb = new StringBuilder(Math.max(16, n * 2));
                    sb.append(buffer, start, n);
                }
            }
            if (pos < limit) {
                terminate();
                return overlong ? new Overlong(length) : new Line(sb.toString(), length + 1);
            }
        }
    }

    /** Consumes the terminator at {@code pos}; a {@code \r} may be followed by a {@code \n} in the next buffer. */
    private void terminate() {
        if (buffer[pos] == '\r') {
            pos++;
            if (pos < limit) {
                if (buffer[pos] == '\n') pos++;
            } else {
                skipLineFeed = true;
            }
        } else {
            pos++;
        }
    }

    private boolean fill() throws IOException {
        if (eof) return false;
        if (cancellation.isCancelled()) throw new InterruptedIOException("cancelled while reading " + name);
        int n;
        do {
            n = in.read(buffer, 0, buffer.length);
        } while (n == 0);
        if (n < 0) {
            eof = true;
            return false;
        }
        pos = 0;
        limit = n;
        return true;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
