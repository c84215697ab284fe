package io.statlens.parse.spi;

import java.time.Instant;
import java.util.Objects;

/**
 * Where output that carries no date is placed when the user gave no {@code --start}, a {@link ParseContext} value.
 * Either a start, where the first sample goes (tests, previews), or an end that is {@linkplain #placedLater()
 * placed later}: the file's modification time, which marks when the tool stopped writing, so that its last sample
 * goes there once the number of samples is known, unless another file of the run dates the run; parsers that
 * derive times then say so with {@link DerivedTimes} and leave the placing to their sink. Output that prints times
 * of day without a date takes its date from {@link #time()} either way.
 *
 * @param time        the instant
 * @param source      how it was obtained, for the {@code time.source} fact and notices ({@code the file's modification time})
 * @param placedLater whether {@code time} is where writing ended, derived times being placed by the sink
 * @param stated      whether the input itself states this start (a pt-stalk capture's time in its files' names), so
 *                    that starting there is no guess to warn about; the {@code time.source} fact still says it
 */
public record FallbackStart(Instant time, String source, boolean placedLater, boolean stated) {
    /** What a context without one means: the epoch, said as such. */
    public static final FallbackStart UNKNOWN = new FallbackStart(Instant.EPOCH, "no known start");

    public FallbackStart {
        Objects.requireNonNull(time);
        Objects.requireNonNull(source);
    }

    /** A start where the first sample goes. */
    public FallbackStart(Instant time, String source) {
        this(time, source, false, false);
    }

    /** The time a file was last written: its last derived sample goes there, unless the run is dated otherwise. */
    public static FallbackStart endOfWriting(Instant modified, String source) {
        return new FallbackStart(modified, source, true, false);
    }

    /** A start the input states (a pt-stalk capture's time in its files' names): the first sample goes there. */
    public static FallbackStart statedBy(Instant time, String source) {
        return new FallbackStart(time, source, false, true);
    }

    /** The context's fallback start, else {@link #UNKNOWN}. */
    public static FallbackStart in(ParseContext context) {
        return context.get(FallbackStart.class, UNKNOWN);
    }
}
