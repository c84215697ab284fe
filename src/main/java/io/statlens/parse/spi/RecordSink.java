package io.statlens.parse.spi;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Fact;
import io.statlens.model.Row;
import io.statlens.model.SummaryValue;

/**
 * Where a parser sends what it finds, in file order. The import pipeline implements it (writing to
 * the repository); tests implement it with {@link CollectingSink}.
 */
public interface RecordSink {

    /** Announces a data set's shape before its first row, and again whenever its header changes. */
    void dataset(DatasetSpec spec);

    /** One row of a data set previously announced with {@link #dataset}; values follow that spec's metrics. */
    void row(DatasetSpec spec, Row row);

    void summary(SummaryValue value);

    void fact(Fact fact);

    /**
     * A line that could not be used, or was used with a doubt (malformed input); {@code line} is
     * 1-based, 0 for the whole file. Line warnings make an import under {@code --strict} fail.
     */
    void warning(long line, String message);

    /**
     * Something the person should know about well-formed content: a warning the tool itself printed,
     * a failed benchmark constraint check, an offline CPU, how a missing time was filled in. Kept
     * with the run like a warning, but never fails {@code --strict}.
     */
    void notice(long line, String message);

    /** The output variant recognised ({@code linux-sysstat-12}, {@code solaris}); the last call wins. */
    void variant(String variant);

    /**
     * The rows that follow carry provisional derived times, for this sink to place when the input has been read
     * (see {@link DerivedTimes}); sent by the parser's timeline only when the context's {@link FallbackStart} is
     * placed later. A sink that forwards records must forward this too.
     */
    void derivedTimes(DerivedTimes times);

    /**
     * The whole of a key that the rows of a data set carry shortened as {@code stored} (a deep stack longer than a
     * repository's key column): sent by the import's checks before the first such row, never by a parser. A sink
     * that keeps records keeps it with the data set; one that forwards records must forward this too.
     */
    default void wholeKey(DatasetSpec spec, String stored, String whole) {
    }

    default void fact(String name, String value) {
        fact(new Fact(name, value));
    }
}
