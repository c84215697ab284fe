package io.statlens.parse.timeline;

import io.statlens.model.Fact;

/**
 * The fact {@code time.source}: how a file's times were obtained ({@code banner date 2019-10-09 + printed time of
 * day, zone Etc/UTC}, {@code derived: first sample at --start ...}, {@code none: no samples}). Only this package
 * writes it, so that every tool says it the same way and a new parser cannot forget or invent one; LayerTest
 * refuses the name anywhere else in the parse layer and in any class that writes facts.
 */
public final class TimeSource {
    static final String FACT = "time.source";
    /** How the fact starts when the file has no time series ({@code none: the output has no interval lines}). */
    static final String NONE = "none: ";

    private TimeSource() {
    }

    static Fact fact(String how) {
        return new Fact(FACT, how);
    }

    /** Whether the fact is a file's {@code time.source}, for those who read what a parser said. */
    public static boolean is(Fact fact) {
        return fact.name().equals(FACT);
    }
}
