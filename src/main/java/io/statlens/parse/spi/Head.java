package io.statlens.parse.spi;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The first lines of a file, for {@link Parser#sniff}. Detection is by content: the file name is
 * available for messages only.
 *
 * @param fileName the file's name, never used to decide
 * @param lines    up to {@link #MAX_LINES} lines, without line terminators
 */
public record Head(String fileName, List<String> lines) {
    public static final int MAX_LINES = 200;
    /** Characters of a line that detection sees; the rest of a longer line is cut off. */
    public static final int MAX_LINE_LENGTH = 4000;

    public Head {
        lines = List.copyOf(lines);
    }

    /** The head of these lines as detection sees them: at most {@link #MAX_LINES}, each cut to {@link #MAX_LINE_LENGTH}. */
    public static Head of(String fileName, List<String> lines) {
        return new Head(fileName, lines.stream().limit(MAX_LINES)
                .map(line -> line.length() > MAX_LINE_LENGTH ? line.substring(0, MAX_LINE_LENGTH) : line).toList());
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
