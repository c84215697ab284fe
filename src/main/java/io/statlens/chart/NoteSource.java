package io.statlens.chart;

import java.util.List;

/** Where a run's annotations come from (the repository's notes, or marks given on the command line). */
@FunctionalInterface
public interface NoteSource {
    NoteSource NONE = run -> List.of();

    /** The notes of a run, in any order. */
    List<ChartNote> notes(String run);
}
