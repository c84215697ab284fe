package io.statlens.parse.declarative;

import java.util.regex.Pattern;

/** A {@code fact.<name>} line: a line matching the pattern records its first group as the fact {@code name}. */
public record FactRule(String name, Pattern pattern) {
}
