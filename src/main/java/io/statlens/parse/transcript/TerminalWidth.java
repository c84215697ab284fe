package io.statlens.parse.transcript;

import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * Tells whether a whole capture was hard-wrapped by a terminal (or {@code fold}) at a fixed width, from its
 * first lines: every line longer than the width was cut into pieces of exactly that width, so the widest lines
 * all have one length and each is followed by the shorter rest of the line. A table whose rows are merely
 * all alike in width is not taken for wrapped: its widest rows follow one another.
 *
 * <p>The signs required, all of them: the widest length is at least {@link #MIN_WIDTH}; at least
 * {@link #MIN_CUT_LINES} lines have it (rules of one repeated character, drawn to a width, do not count); every
 * one of them is followed by what can only be a rest (a table's last row is followed by a blank line, its other rows
 * by rows as wide): a shorter line that is neither blank nor an elision or
 * fence, and does not start with the two characters it starts with (the next row of a table, the next
 * {@code [ 2s ]} report do); and they make up most of the lines within {@link #NEAR} characters of that width (output of varying
 * width, such as sysbench's reports, has many lines just short of its widest one).
 */
final class TerminalWidth {
    static final int MIN_WIDTH = 60;
    /** Fewer cut lines than this are left to the parsers' own repair, line by line. */
    private static final int MIN_CUT_LINES = 3;
    private static final int NEAR = 8;

    private TerminalWidth() {
    }

    /** The wrap width of the lines ahead, 0 if they were not hard-wrapped; only before the first line is read. */
    static int of(LineSource lines) {
        if (lines.lineNumber() > 0) return 0;
        try {
            return of(lines.head());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A line of one repeated character ({@code ####...}, {@code ----...}) is drawn to a width, not cut at one. */
    private static boolean isRule(String line) {
        String t = line.strip();
        for (int i = 1; i < t.length(); i++) {
            if (t.charAt(i) != t.charAt(0)) return false;
        }
        return true;
    }

    static int of(Head head) {
        List<String> lines = head.lines();
        int width = 0;
        for (String line : lines) width = Math.max(width, line.length());
        if (width < MIN_WIDTH || width >= Head.MAX_LINE_LENGTH) return 0;
        int atWidth = 0;
        int continued = 0;
        int near = 0;
        for (int i = 0; i < lines.size(); i++) {
            int length = lines.get(i).length();
            if (length >= width - NEAR) near++;
            if (length != width || isRule(lines.get(i))) continue;
            if (i + 1 == lines.size()) continue; // the head may end inside a cut line
            atWidth++;
            if (isRest(lines.get(i), lines.get(i + 1), width)) continued++;
        }
        return atWidth >= MIN_CUT_LINES && continued == atWidth && atWidth * 2 > near ? width : 0;
    }

    /**
     * Whether a line can be the rest of a cut one: not blank, shorter than the width, and not starting the way the
     * cut line starts (the same indentation and kind of first character begin the next row of a table, or the
     * next {@code [ 2s ]} report).
     */
    private static boolean isRest(String cut, String next, int width) {
        if (next.isBlank() || next.length() >= width || Transcript.isQuietNoise(next)) return false;
        // a title of dashed groups cut inside its dashes goes on with dashes
        if (cut.endsWith("-") && next.startsWith("-")) return true;
        return !start(cut).equals(start(next));
    }

    /** The first two characters after the indentation: {@code [ } of {@code [ 2s ]}, {@code 18} of {@code 18:00:09}. */
    private static String start(String line) {
        String t = line.strip();
        return t.length() < 2 ? t : t.substring(0, 2);
    }
}
