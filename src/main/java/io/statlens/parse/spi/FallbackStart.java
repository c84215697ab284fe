package io.statlens.parse.spi;

import java.time.Instant;
import java.util.Objects;

/**
 * Where output that carries no date starts when the user gave no {@code --start}, a {@link ParseContext}
 * value: the run's start if it has one, else the file's modification time.
 *
 * @param time   the instant
 * @param source how it was obtained, for the {@code time.source} fact and notices ({@code the run's start})
 */
public record FallbackStart(Instant time, String source) {
    /** What a context without one means: the epoch, said as such. */
    public static final FallbackStart UNKNOWN = new FallbackStart(Instant.EPOCH, "no known start");

    public FallbackStart {
        Objects.requireNonNull(time);
        Objects.requireNonNull(source);
    }

    /** The context's fallback start, else {@link #UNKNOWN}. */
    public static FallbackStart in(ParseContext context) {
        return context.get(FallbackStart.class, UNKNOWN);
    }
}
