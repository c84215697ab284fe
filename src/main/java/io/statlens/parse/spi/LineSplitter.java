package io.statlens.parse.spi;

import java.io.IOException;

/** Splits an input into lines no longer than {@link BoundedLines#MAX_LINE} characters: of characters or of UTF-8 bytes. */
interface LineSplitter {
    /** The next line or overlong line; null at the end of the input. */
    BoundedLines.Item next() throws IOException;

    void close() throws IOException;
}
