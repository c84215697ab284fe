package io.statlens.parse.spi;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The first lines of a file, for {@link Parser#sniff}. Detection is by content: the file name is
 * available for messages only.
 *
 * @param fileName the file's name, never used to decide
 * @param lines    up to {@link #MAX_LINES} lines, without line terminators
 * @param numbers  each line's number in the file, when they are not 1, 2, 3...: the lines of one part of a file
 *                 ({@link LineSource#select}), or of a file whose page breaks were left out; else empty
 */
public record Head(String fileName, List<String> lines, List<Long> numbers) {
    public static final int MAX_LINES = 200;
    /** Characters of a line that detection sees; the rest of a longer line is cut off. */
    public static final int MAX_LINE_LENGTH = 4000;

    public Head {
        lines = List.copyOf(lines);
        numbers = List.copyOf(numbers);
        if (!numbers.isEmpty() && numbers.size() != lines.size()) {
            throw new IllegalArgumentException(numbers.size() + " line numbers for " + lines.size() + " lines");
        }
    }

    /** Lines numbered 1, 2, 3... */
    public Head(String fileName, List<String> lines) {
        this(fileName, lines, List.of());
    }

    /** The head of these lines as detection sees them: at most {@link #MAX_LINES}, each cut to {@link #MAX_LINE_LENGTH}. */
    public static Head of(String fileName, List<String> lines) {
        return of(fileName, lines, List.of());
    }

    /** Like {@link #of(String, List)}, with each line's number in the file (empty: 1, 2, 3...). */
    public static Head of(String fileName, List<String> lines, List<Long> numbers) {
        boolean counted = true;
        for (int i = 0; i < numbers.size() && i < MAX_LINES && counted; i++) counted = numbers.get(i) == i + 1;
        return new Head(fileName, lines.stream().limit(MAX_LINES)
                .map(line -> line.length() > MAX_LINE_LENGTH ? line.substring(0, MAX_LINE_LENGTH) : line).toList(),
                counted ? List.of() : numbers.stream().limit(MAX_LINES).toList());
    }

    /** The number in the file of the line at {@code index} (from 0) of {@link #lines}. */
    public long number(int index) {
        return numbers.isEmpty() ? index + 1L : numbers.get(index);
    }

    /** Whether any line matches (find, not full match). */
    public boolean anyMatch(Pattern pattern) {
        for (String line : lines) {
            if (pattern.matcher(line).find()) return true;
        }
        return false;
    }

    /**
     * Whether any line holding the literal matches (find): a pattern every match of which holds the literal is
     * tried only on the few lines that hold it ({@link String#contains} is much cheaper than a regular expression that
     * cannot be anchored, and detection asks every parser about every line of every head).
     */
    public boolean anyMatch(String literal, Pattern pattern) {
        for (String line : lines) {
            if (line.contains(literal) && pattern.matcher(line).find()) return true;
        }
        return false;
    }

    /** Number of lines that match (find). */
    public int count(Pattern pattern) {
        int n = 0;
        for (String line : lines) {
            if (pattern.matcher(line).find()) n++;
        }
        return n;
    }
}
