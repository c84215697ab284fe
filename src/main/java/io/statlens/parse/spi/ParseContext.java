package io.statlens.parse.spi;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a parser may know besides the text, after Tika's {@code ParseContext}: the file name (for messages)
 * and any number of values keyed by their class, such as {@link TimeOptions}, {@link FallbackStart} and the
 * {@link Detection} already made for the input. A new service is one more class to {@link #set}; no
 * constructor or parser signature changes. Each value type says what its absence means (its {@code in}
 * method), so a parser works with a bare context.
 *
 * <p>Built for one input and read while it is parsed; not meant to be shared between threads.
 */
public final class ParseContext {
    private final String fileName;
    private final Map<Class<?>, Object> values = new HashMap<>();

    public ParseContext(String fileName) {
        this.fileName = Objects.requireNonNull(fileName);
    }

    /**
     * A context for tests and tools: UTC, no user options, fallback start at the epoch ("test default").
     */
    public static ParseContext simple(String fileName) {
        return new ParseContext(fileName)
                .set(TimeOptions.class, TimeOptions.DEFAULT)
                .set(FallbackStart.class, new FallbackStart(Instant.EPOCH, "test default"));
    }

    /** The input's file name, for messages; never used to decide anything. */
    public String fileName() {
        return fileName;
    }

    /** Sets (or, with null, removes) the value of a type; returns this context. */
    public <T> ParseContext set(Class<T> key, T value) {
        if (value == null) values.remove(key);
        else values.put(key, key.cast(value));
        return this;
    }

    /** The value of a type, if set. */
    public <T> Optional<T> get(Class<T> key) {
        return Optional.ofNullable(key.cast(values.get(key)));
    }

    /** The value of a type, else {@code defaultValue}. */
    public <T> T get(Class<T> key, T defaultValue) {
        return get(key).orElse(defaultValue);
    }
}
