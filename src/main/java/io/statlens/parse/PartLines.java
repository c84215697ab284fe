package io.statlens.parse;

import io.statlens.parse.spi.LineSource;

import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * The lines of a part of a file ({@link FilePart}) as a {@link LineSource.Selection}, counted with their bytes as a part's
 * size is told everywhere: each line's UTF-8 bytes and its line end. The import also hashes each given line's bytes
 * ({@code given}), so that the same part imported again is the same content; the window's plan only counts them.
 */
public final class PartLines implements LineSource.Selection {
    private final FilePart part;
    private final Consumer<byte[]> given;
    private long lines;
    private long bytes;

    /** Counts the part's lines and bytes, and hands each given line's UTF-8 bytes (its line end not included) to {@code given}. */
    public PartLines(FilePart part, Consumer<byte[]> given) {
        this.part = part;
        this.given = given;
    }

    /** Counts the part's lines and bytes. */
    public PartLines(FilePart part) {
        this(part, utf8 -> {
        });
    }

    @Override
    public long first() {
        return part.first();
    }

    @Override
    public long last() {
        return part.last();
    }

    @Override
    public boolean keeps(long line, String text) {
        if (!part.keeps(line, text)) return false;
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        given.accept(utf8);
        lines++;
        bytes += utf8.length + 1;
        return true;
    }

    /** The lines given so far. */
    public long lines() {
        return lines;
    }

    /** The bytes of the lines given so far, a line end each. */
    public long bytes() {
        return bytes;
    }
}
