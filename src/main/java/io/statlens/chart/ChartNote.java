package io.statlens.chart;

import java.time.Instant;

/**
 * An annotation to draw on a run's charts as a labelled vertical marker: a log message, a phase of
 * the test ("warm-up done"), an event the user marked.
 */
public record ChartNote(Instant at, String text) {
}
