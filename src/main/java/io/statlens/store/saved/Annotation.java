package io.statlens.store.saved;

import java.time.Instant;

/**
 * A timestamped message on a run: "warmup done", "checkpoint started".
 *
 * @param id     number for deleting it
 * @param time   when it happened (UTC)
 * @param source where it came from: {@code note} for one given on the command line, else the file it was read from
 */
public record Annotation(long id, Instant time, String text, String source) {
    /** Longest text kept. */
    public static final int TEXT_LENGTH = 4000;
}
