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
    /** The first sample of the tool's current run; -1 while a command typed again has not yet had its first report. */
    private long runStart;
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
        if (runStart < 0) runStart = sample;
        reportTimeText = null;
        reportTime = null;
        keys.clear();
    }

    /** The tool was typed again: the next report opened (at its header, or its first key) is a new run's first. */
    void startRun() {
        runStart = -1;
    }

    /** Whether the current report is its run's first (the one a tool that reports since boot prints first). */
    boolean firstOfRun() {
        return sample == runStart;
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
