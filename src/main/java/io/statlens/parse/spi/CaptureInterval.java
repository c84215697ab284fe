package io.statlens.parse.spi;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The interval a capture ran a tool at, known from outside the tool's output, a {@link ParseContext} value: pt-stalk
 * starts mysqladmin, vmstat, iostat and mpstat every {@code --sleep-collect} seconds and none of them prints it, but
 * the capture's other files show it. Output without an interval of its own (and without {@code --interval} or a
 * pasted command stating one) steps by it, and the {@code time.source} fact says where it was read; absent, the
 * parser's default is assumed and said.
 *
 * @param interval the interval
 * @param source   where it was read, for the {@code time.source} fact ({@code pt-stalk's --sleep-collect, ...})
 */
public record CaptureInterval(Duration interval, String source) {
    public CaptureInterval {
        Objects.requireNonNull(interval);
        Objects.requireNonNull(source);
        if (interval.isNegative() || interval.isZero()) throw new IllegalArgumentException("interval must be positive: " + interval);
    }

    /** The context's capture interval, if it has one. */
    public static Optional<CaptureInterval> in(ParseContext context) {
        return context.get(CaptureInterval.class);
    }
}
