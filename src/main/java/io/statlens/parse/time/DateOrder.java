package io.statlens.parse.time;

/**
 * The order of day and month in a date written with slashes ({@code 02/12/2026}): the one part of a numeric date that
 * its shape does not tell. glibc's locales print it day first almost everywhere ({@code en_GB}, {@code fr_FR},
 * {@code es_ES}, {@code pt_BR}) and month first in {@code en_US}, the C locale and a few others
 * ({@code locale-dates.tsv}).
 */
public enum DateOrder {
    DAY_FIRST("day first"),
    MONTH_FIRST("month first");

    private final String words;

    DateOrder(String words) {
        this.words = words;
    }

    /** How a message says it: {@code day first}. */
    public String words() {
        return words;
    }

    public DateOrder other() {
        return this == DAY_FIRST ? MONTH_FIRST : DAY_FIRST;
    }
}
