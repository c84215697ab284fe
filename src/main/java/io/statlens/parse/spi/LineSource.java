package io.statlens.parse.spi;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.InterruptedIOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.List;

/**
 * Lines of one input, read on demand, with their 1-based numbers and look-ahead: one line
 * ({@link #peek}) or the first lines for detection ({@link #head}).
 *
 * <p>Input is decoded as UTF-8; undecodable bytes become U+FFFD rather than failing the import.
 * Carriage returns and a leading byte-order mark are dropped. Every read checks a {@link Cancellation},
 * so cancelling an import stops a parser promptly.
 */
public final class LineSource implements Closeable {
    private final BufferedReader reader;
    private final String name;
    private long lineNumber;
    /** Lines read ahead by {@link #peek} and {@link #head}, not yet returned by {@link #next}. */
    private final ArrayDeque<String> ahead = new ArrayDeque<>();
    private boolean ended;
    private long charsRead;
    private final Cancellation cancellation;

    public LineSource(String name, Reader reader) {
        this(name, reader, Cancellation.NONE);
    }

    public LineSource(String name, Reader reader, Cancellation cancellation) {
        this.name = name;
        this.cancellation = cancellation;
        this.reader = reader instanceof BufferedReader b ? b : new BufferedReader(reader, 1 << 16);
    }

    public static LineSource of(String name, InputStream in) {
        return of(name, in, Cancellation.NONE);
    }

    public static LineSource of(String name, InputStream in, Cancellation cancellation) {
        var decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        return new LineSource(name, new InputStreamReader(in, decoder), cancellation);
    }

    public static LineSource ofString(String name, String text) {
        return new LineSource(name, new StringReader(text));
    }

    /** The file name, for messages. */
    public String name() {
        return name;
    }

    /** The next line, or null at the end. */
    public String next() throws IOException {
        String line = ahead.isEmpty() ? read() : ahead.poll();
        if (line != null) lineNumber++;
        return line;
    }

    /** The line {@link #next()} would return, without consuming it; null at the end. */
    public String peek() throws IOException {
        if (ahead.isEmpty()) {
            String line = read();
            if (line == null) return null;
            ahead.add(line);
        }
        return ahead.peek();
    }

    /**
     * The first lines of the input, for detection, without consuming them: {@link #next()} still returns
     * the first line. Only before the first {@link #next()}.
     */
    public Head head() throws IOException {
        if (lineNumber > 0) throw new IllegalStateException("head() after next(): the first lines of " + name + " are gone");
        while (ahead.size() < Head.MAX_LINES) {
            String line = read();
            if (line == null) break;
            ahead.add(line);
        }
        return Head.of(name, List.copyOf(ahead));
    }

    /** Number of the line last returned by {@link #next()}; 0 before the first. */
    public long lineNumber() {
        return lineNumber;
    }

    /** Characters consumed so far, for progress reports. */
    public long charsRead() {
        return charsRead;
    }

    private String read() throws IOException {
        if (ended) return null;
        if (cancellation.isCancelled()) {
            throw new InterruptedIOException("cancelled while reading " + name);
        }
        boolean first = charsRead == 0;
        String line = reader.readLine();
        if (line == null) {
            ended = true;
            return null;
        }
        charsRead += line.length() + 1;
        if (first && !line.isEmpty() && line.charAt(0) == '\uFEFF') line = line.substring(1);
        int cr = line.indexOf('\r');
        if (cr >= 0) line = line.replace("\r", "");
        return line;
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
