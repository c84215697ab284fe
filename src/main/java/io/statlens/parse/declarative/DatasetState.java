package io.statlens.parse.declarative;

import io.statlens.model.DatasetSpec;

import java.time.Instant;
import java.util.HashSet;
import java.util.Set;

/** Where one data set stands while a file is parsed: its announced spec and its current report. */
final class DatasetState {
    private DatasetSpec announced;
    private long nextSample;
    private long sample = -1;
    private String reportTimeText;
    private Instant reportTime;
    private long timeLinesAtStart;
    private long reportsSinceTimeLine;
    private final Set<String> keys = new HashSet<>();

    /** Whether the spec differs from the one last announced (and remembers it). */
    boolean announce(DatasetSpec spec) {
        if (spec.equals(announced)) return false;
        announced = spec;
        return true;
    }

    boolean reportOpen() {
        return sample >= 0;
    }

    /** @param timeLines the clock's time line count now */
    void openReport(long timeLines) {
        reportsSinceTimeLine = timeLines == timeLinesAtStart && sample >= 0 ? reportsSinceTimeLine + 1 : 0;
        timeLinesAtStart = timeLines;
        sample = nextSample++;
        reportTimeText = null;
        reportTime = null;
        keys.clear();
    }

    /**
     * Notes a key (or section title) in the current report; false when the report has it already, so that the
     * caller starts the next report.
     */
    boolean addKey(String key) {
        return keys.add(key);
    }

    long sample() {
        return sample;
    }

    long timeLinesAtStart() {
        return timeLinesAtStart;
    }

    long reportsSinceTimeLine() {
        return reportsSinceTimeLine;
    }

    /** The time column's text in the report's first row; null before it. */
    String reportTimeText() {
        return reportTimeText;
    }

    void reportTimeText(String text) {
        reportTimeText = text;
    }

    /** The report's time when the rows print none; null until known. */
    Instant reportTime() {
        return reportTime;
    }

    void reportTime(Instant time) {
        reportTime = time;
    }
}
