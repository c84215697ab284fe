package io.statlens.parse.spi;

import java.io.IOException;

/** Splits an input into lines no longer than {@link BoundedLines#MAX_LINE} characters: of characters or of UTF-8 bytes. */
interface LineSplitter {
    /** The next line or overlong line; null at the end of the input. */
    BoundedLines.Item next() throws IOException;

    /**
     * Whether input is waiting to be split, so that {@link #next()} would not wait for more to arrive (a line may still
     * be completed by bytes not written yet). Only a {@linkplain LineSource#live live} source asks.
     */
    default boolean ready() throws IOException {
        return false;
    }

    void close() throws IOException;
}
