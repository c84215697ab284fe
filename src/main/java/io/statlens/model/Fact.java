package io.statlens.model;

/**
 * A textual fact about a run or a source file: OS and kernel from a banner, tool version,
 * options, how timestamps were derived.
 *
 * @param name  dotted lower-case name ({@code os.kernel}, {@code sysbench.version}, {@code time.source})
 * @param value the text as found
 */
public record Fact(String name, String value) {
}
