package io.statlens.parse.declarative;

/**
 * Where a table's rows get their time from ({@code time = ...}).
 *
 * @param source where the time is printed
 * @param label  the time column's label ({@link Source#COLUMN} only; else empty)
 * @param format how the printed time reads (null for {@link Source#NONE})
 */
public record TimeSpec(Source source, String label, TimeFormat format) {

    public enum Source {
        /** The table prints no time: time lines or the sample clock give it. */
        NONE,
        /** A column of every row. */
        COLUMN,
        /** The named group {@code time} of the header regex. */
        HEADER
    }

    public TimeSpec {
        label = label == null ? "" : label;
    }

    public static TimeSpec none() {
        return new TimeSpec(Source.NONE, "", null);
    }
}
