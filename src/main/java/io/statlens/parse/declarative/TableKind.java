package io.statlens.parse.declarative;

/** What the rows under a recognised header become. */
public enum TableKind {
    /** Rows of a time series data set. */
    SERIES,
    /** One fact per cell ({@code <tool>.<dataset>.<key>.<label>}), for listings that are not measurements. */
    FACTS
}
