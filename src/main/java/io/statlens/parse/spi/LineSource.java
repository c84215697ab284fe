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

/**
 * Lines of one input, read on demand, with their 1-based numbers and one line of look-ahead.
 *
 * <p>Input is decoded as UTF-8; undecodable bytes become U+FFFD rather than failing the import.
 * Carriage returns and a leading byte-order mark are dropped. Every read checks a {@link Cancellation},
 * so cancelling an import stops a parser promptly.
 */
public final class LineSource implements Closeable {
    private final BufferedReader reader;
    private final String name;
    private long lineNumber;
    private String peeked;
    private boolean peekedValid;
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
        if (peekedValid) {
            peekedValid = false;
            lineNumber++;
            return peeked;
        }
        String line = read();
        if (line != null) lineNumber++;
        return line;
    }

    /** The line {@link #next()} would return, without consuming it; null at the end. */
    public String peek() throws IOException {
        if (!peekedValid) {
            peeked = read();
            peekedValid = true;
        }
        return peeked;
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
        if (cancellation.isCancelled()) {
            throw new InterruptedIOException("cancelled while reading " + name);
        }
        String line = reader.readLine();
        if (line == null) return null;
        charsRead += line.length() + 1;
        if (lineNumber == 0 && !line.isEmpty() && line.charAt(0) == '\uFEFF') line = line.substring(1);
        int cr = line.indexOf('\r');
        if (cr >= 0) line = line.replace("\r", "");
        return line;
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
