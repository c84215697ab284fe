package io.statlens.chart;

import java.time.Instant;

/**
 * A marker the user asks for on every run's charts (the command line's {@code --mark}): at a fixed time, or at
 * seconds after each run's start, so that one mark means the same moment of the test in every run of an overlay.
 *
 * @param at      the time; null when the mark is relative to the run's start
 * @param seconds seconds after the run's start; null when the mark is at a fixed time
 * @param text    the marker's label
 */
public record ChartMark(Instant at, Double seconds, String text) {
    public ChartMark {
        if ((at == null) == (seconds == null)) throw new IllegalArgumentException("a mark is at a time or after the start, not both");
    }

    public static ChartMark at(Instant at, String text) {
        return new ChartMark(at, null, text);
    }

    public static ChartMark afterStart(double seconds, String text) {
        return new ChartMark(null, seconds, text);
    }

    /** The note this mark puts on a run that started at {@code runStart} (null: the run holds no samples). */
    ChartNote on(Instant runStart) {
        if (at != null) return new ChartNote(at, text);
        // A run without a start holds no samples, so nothing is drawn for it anyway.
        Instant start = runStart == null ? Instant.EPOCH : runStart;
        return new ChartNote(start.plusMillis(Math.round(seconds * 1000)), text);
    }
}
