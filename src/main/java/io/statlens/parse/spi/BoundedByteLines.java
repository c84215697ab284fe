package io.statlens.parse.spi;

import io.statlens.model.Cancellation;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * {@link BoundedLines} for UTF-8 bytes: the same lines, the same limit in characters, but split in the bytes, so that
 * a line of ASCII (nearly every line of a tool's output) becomes its String by one copy, without being widened to
 * characters and narrowed again. Any other line is decoded on its own; a line break is never part of a UTF-8
 * sequence, so the characters are those a decoder of the whole stream gives (undecodable bytes become U+FFFD).
 */
final class BoundedByteLines implements LineSplitter {
    /** A line of more bytes than this has more characters than {@link BoundedLines#MAX_LINE} (at most 3 bytes each). */
    private static final int MAX_LINE_BYTES = 3 * BoundedLines.MAX_LINE;

    private final InputStream in;
    private final Cancellation cancellation;
    private final String name;
    private final byte[] buffer = new byte[1 << 16];
    private int pos;
    private int limit;
    private boolean skipLineFeed;
    private boolean eof;
    /** The bytes of a line that runs past the end of the buffer. */
    private byte[] held = new byte[256];
    /** Counts the characters of an overlong line as it streams past; created on the first one. */
    private CharsetDecoder counter;
    private final CharBuffer counted = CharBuffer.allocate(4096);
    /** The bytes of a UTF-8 sequence the last counted chunk ended in the middle of. */
    private final byte[] carry = new byte[8];
    private int carried;

    BoundedByteLines(InputStream in, Cancellation cancellation, String name) {
        this.in = in;
        this.cancellation = cancellation;
        this.name = name;
    }

    @Override
    public BoundedLines.Item next() throws IOException {
        int heldBytes = 0;
        boolean ascii = true;
        boolean started = false;
        long overlongChars = -1;
        while (true) {
            if (pos >= limit && !fill()) {
                if (!started) return null;
                return end(heldBytes, ascii, overlongChars, false);
            }
            if (skipLineFeed) {
                skipLineFeed = false;
                if (buffer[pos] == '\n') pos++;
                continue;
            }
            started = true;
            int start = pos;
            byte b = 0;
            int high = 0;
            while (pos < limit && (b = buffer[pos]) != '\n' && b != '\r') {
                high |= b;
                pos++;
            }
            ascii &= high >= 0;
            int n = pos - start;
            if (pos < limit && heldBytes == 0 && overlongChars < 0 && n <= BoundedLines.MAX_LINE) {
                // the whole line lies in the buffer
                String text = ascii ? new String(buffer, start, n, StandardCharsets.ISO_8859_1)
                        : new String(buffer, start, n, StandardCharsets.UTF_8);
                terminate();
                return text.length() > BoundedLines.MAX_LINE ? new BoundedLines.Overlong(text.length())
                        : new BoundedLines.Line(text, text.length() + 1);
            }
            if (overlongChars >= 0) {
                overlongChars += count(ByteBuffer.wrap(buffer, start, n), false);
            } else if (heldBytes + n > MAX_LINE_BYTES) {
                overlongChars = count(ByteBuffer.wrap(held, 0, heldBytes), false) + count(ByteBuffer.wrap(buffer, start, n), false);
                heldBytes = 0;
            } else {
                if (heldBytes + n > held.length) held = Arrays.copyOf(held, Math.max(held.length * 2, heldBytes + n));
                System.arraycopy(buffer, start, held, heldBytes, n);
                heldBytes += n;
            }
            if (pos < limit) {
                terminate();
                return end(heldBytes, ascii, overlongChars, true);
            }
        }
    }

    /** The line whose bytes are held (or whose characters were counted), ended by a line break or the end of input. */
    private BoundedLines.Item end(int heldBytes, boolean ascii, long overlongChars, boolean terminated) throws IOException {
        if (overlongChars >= 0) return new BoundedLines.Overlong(overlongChars + count(ByteBuffer.allocate(0), true));
        String text = new String(held, 0, heldBytes, ascii ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
        if (text.length() > BoundedLines.MAX_LINE) return new BoundedLines.Overlong(text.length());
        return new BoundedLines.Line(text, text.length() + (terminated ? 1 : 0));
    }

    /**
     * Characters the bytes decode to, as part of one overlong line; {@code last} ends the line. The bytes of a sequence
     * cut by the end of a chunk are carried to the next one.
     */
    private long count(ByteBuffer chunk, boolean last) throws IOException {
        if (counter == null) {
            counter = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(CodingErrorAction.REPLACE);
        }
        ByteBuffer bytes = chunk;
        if (carried > 0) {
            byte[] joined = new byte[carried + chunk.remaining()];
            System.arraycopy(carry, 0, joined, 0, carried);
            chunk.get(joined, carried, chunk.remaining());
            bytes = ByteBuffer.wrap(joined);
            carried = 0;
        }
        long chars = 0;
        while (true) {
            counted.clear();
            var result = counter.decode(bytes, counted, last);
            chars += counted.position();
            if (!result.isOverflow()) break;
        }
        if (last) {
            while (true) {
                counted.clear();
                var result = counter.flush(counted);
                chars += counted.position();
                if (!result.isOverflow()) break;
            }
            counter.reset();
        } else {
            carried = bytes.remaining();
            bytes.get(carry, 0, carried);
        }
        return chars;
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
    public boolean ready() throws IOException {
        return pos < limit || (!eof && in.available() > 0);
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
