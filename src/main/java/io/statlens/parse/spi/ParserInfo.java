package io.statlens.parse.spi;

import java.util.List;
import java.util.Objects;

/**
 * What a parser is, for the catalog, {@code statlens parsers} and the record of every imported file.
 *
 * @param tool     lower-case tool id, also the prefix of its tables: {@code vmstat}, {@code iostat}
 * @param version  bumped when the parse result for the same input changes; recorded per imported file
 * @param variants the output variants the parser understands
 * @param source   where the parser comes from: {@link #BUILT_IN} for a Java parser, else the definition
 *                 file it was read from ({@code statlens/parsers/nicstat.parser} in the jar, a path in the
 *                 user's folder)
 */
public record ParserInfo(String tool, String version, List<String> variants, String source) {
    /** The source of parsers written in Java. */
    public static final String BUILT_IN = "built-in";

    public ParserInfo {
        Objects.requireNonNull(tool);
        Objects.requireNonNull(version);
        Objects.requireNonNull(source);
        variants = List.copyOf(variants);
    }

    /** A Java parser at version 1. */
    public static ParserInfo builtIn(String tool, String... variants) {
        return new ParserInfo(tool, "1", List.of(variants), BUILT_IN);
    }

    /** {@code vmstat 1}: how messages name the parser. */
    public String label() {
        return tool + " " + version;
    }
}
