package io.statlens.parse.transcript;

import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.text.Quotes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Tells whether a whole capture was hard-wrapped by a terminal (or {@code fold}) at a fixed width, from its
 * first lines: every line longer than the width was cut into pieces of exactly that width, so the widest lines
 * all have one length and each is followed by the shorter rest of the line. A table whose rows are merely
 * all alike in width is not taken for wrapped: its widest rows follow one another.
 *
 * <p>A line more than twice as wide as the terminal is cut into several pieces of the width before its rest; such a
 * chain of cut pieces counts as one cut line continued by its rest, provided no piece starts the way the first one does
 * no piece starts with a name in the first column under a line that does (the rows of a table as wide as their
 * header do), and no piece starts with a number right-aligned with the first one's (rows keyed by PID or zone id).
 *
 * <p>The signs required, all of them: the widest length is at least {@link #MIN_WIDTH}; at least
 * {@link #MIN_CUT_LINES} lines have it (rules of one repeated character, drawn to a width, do not count); every
 * one of them is followed by what can only be a rest (a table's last row is followed by a blank line, its other rows
 * by rows as wide): a shorter line that is neither blank nor an elision or
 * fence, and does not start with the two characters it starts with (the next row of a table, the next
 * {@code [ 2s ]} report do); and they make up most of the lines within {@link #NEAR} characters of that width (output of varying
 * width, such as sysbench's reports, has many lines just short of its widest one). One line coming again word for word
 * (a long command typed before each run) is counted once: a terminal cuts different lines at the width, not one line.
 */
final class TerminalWidth {
    static final int MIN_WIDTH = 60;
    /** Fewer cut lines than this are left to the parsers' own repair, line by line. */
    private static final int MIN_CUT_LINES = 3;
    private static final int NEAR = 8;
    private static final int TAB = 8;
    /** Trailing blanks past any column gap of a table: the padding of a full-screen tool's line, not a cut. */
    private static final int MIN_PADDING = 16;

    private TerminalWidth() {
    }

    /**
     * The wrap width of the lines ahead, 0 if they were not hard-wrapped (a tool's own output never is); only before
     * the first line is read.
     */
    static int of(LineSource lines) {
        if (lines.lineNumber() > 0 || lines.toolOutput()) return 0;
        try {
            return of(lines.head());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The columns a line takes on a terminal: a tab goes on to the next multiple of eight (sysstat's banner has
     * tabs, and a terminal or {@code fold} cuts it by columns, not characters).
     */
    static int columns(String line) {
        if (line.indexOf('\t') < 0) return line.length();
        int columns = 0;
        for (int i = 0; i < line.length(); i++) {
            columns = line.charAt(i) == '\t' ? (columns / TAB + 1) * TAB : columns + 1;
        }
        return columns;
    }

    /**
     * Whether a tab stands between two words of a line: its width then depends on tab stops, and lines that a document
     * converter gave tabs for their blanks end on the same stop without having been cut (a banner's tabs are kept by a
     * terminal's capture, but a wrapped capture has cut lines other than its banner).
     */
    private static boolean tabbedBetweenWords(String line) {
        int tab = line.indexOf('\t');
        while (tab >= 0) {
            if (tab > 0 && !LineText.isSpace(line.charAt(tab - 1)) && !line.substring(0, tab).isBlank()) return true;
            tab = line.indexOf('\t', tab + 1);
        }
        return false;
    }

    /**
     * Whether a line ends in a run of blanks longer than a column gap: top and other full-screen tools pad each line to
     * the terminal's width, so such a line ended where its words end; a cut falling between two columns leaves a few.
     */
    private static boolean padded(String line) {
        int blanks = 0;
        for (int i = line.length() - 1; i >= 0 && LineText.isSpace(line.charAt(i)); i--) blanks++;
        return blanks >= MIN_PADDING;
    }

    /** The mysql client's banner before each row of {@code \G} output, always as wide, whatever follows it. */
    private static final java.util.regex.Pattern ROW_BANNER = java.util.regex.Pattern.compile("^\\*{27} \\d+\\. row \\*{27}$");

    /**
     * A line of one repeated character ({@code ####...}, {@code ----...}), perhaps in groups ({@code -----  -----}
     * under a table's labels), is drawn to a width, not cut at one; so is the mysql client's
     * {@code *** 1. row ***} banner of {@code \G} output, followed by the row's shorter lines.
     */
    private static boolean isRule(String line) {
        String t = line.strip();
        if (t.startsWith("***") && ROW_BANNER.matcher(t).matches()) return true;
        for (int i = 1; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c != t.charAt(0) && !LineText.isSpace(c)) return false;
        }
        return true;
    }

    static int of(Head head) {
        List<String> lines = head.lines();
        int width = 0;
        for (String line : lines) width = Math.max(width, columns(line));
        if (width < MIN_WIDTH || width >= Head.MAX_LINE_LENGTH) return 0;
        int atWidth = 0;
        int continued = 0;
        int near = 0;
        for (String line : lines) {
            if (columns(line) >= width - NEAR) near++;
        }
        // the same line again (a long command typed for each run) is one sign of a width, however often it comes
        Set<String> seen = new HashSet<>();
        int i = 0;
        while (i < lines.size()) {
            String cut = lines.get(i);
            if (columns(cut) != width || isRule(cut) || tabbedBetweenWords(cut) || padded(cut) || !seen.add(cut)) {
                i++;
                continue;
            }
            // A line wider than two widths was cut into several pieces of the width before its rest: one chain.
            int end = i;
            while (end + 1 < lines.size() && columns(lines.get(end + 1)) == width && mayGoOn(cut, lines.get(end + 1))) end++;
            if (end + 1 == lines.size()) break; // the head may end inside a cut line
            if (end == i && lines.get(end + 1).isBlank()) {
                i = end + 2; // a line that was exactly as wide, ending its paragraph: no sign either way
                continue;
            }
            int pieces = end - i + 1;
            atWidth += pieces;
            if (isRest(cut, lines.get(end + 1), width)) {
                continued += pieces;
                if (columns(lines.get(end + 1)) >= width - NEAR) near--; // a rest just short of the width is no sign of varying width
            }
            i = end + 1;
        }
        return atWidth >= MIN_CUT_LINES && continued == atWidth && atWidth * 2 > near ? width : 0;
    }

    /**
     * Whether a line can be the rest of a cut one: not blank (nor a quoted blank line, {@code >} and blanks, in a
     * reply), shorter than the width, and not starting the way the cut line starts (the same indentation and kind of
     * first character begin the next row of a table, or the next {@code [ 2s ]} report), and not a record of the same
     * delimited table.
     */
    private static boolean isRest(String cut, String next, int width) {
        if (blank(next) || columns(next) >= width || Transcript.isQuietNoise(next)) return false;
        // a title of dashed groups cut inside its dashes goes on with dashes; one that ends with its last title's dashes
        // and is followed by anything else is whole (a document collapsed the blanks under it, not a terminal its end)
        if (cut.endsWith("--")) return next.stripLeading().startsWith("-");
        if (cut.endsWith("-") && next.startsWith("-")) return true;
        // the rest of a cut line of labels is labels: values under labels are a table's first row (a header is the
        // widest line once a document collapsed the blanks of the rows under it)
        if (kind(cut, 0) == 1 && kind(next, 1) == -1) return false;
        return !startsAlike(cut, next) && !sameRecordShape(cut, next);
    }

    /**
     * Whether two lines are records of one delimited table (CSV such as {@code perf stat -x,}, {@code sadf -d}): both
     * hold the same number, two or more, of one separator. A terminal's rest holds what the cut left of one record,
     * seldom exactly as many separators as the cut piece.
     */
    private static boolean sameRecordShape(String cut, String next) {
        for (char separator : RECORD_SEPARATORS) {
            int count = count(cut, separator);
            if (count >= 2 && count == count(next, separator)) return true;
        }
        return false;
    }

    private static final char[] RECORD_SEPARATORS = {',', ';'};

    private static int count(String line, char c) {
        int n = 0;
        for (int i = line.indexOf(c); i >= 0; i = line.indexOf(c, i + 1)) n++;
        return n;
    }

    /**
     * Whether a line as wide as the cut one may be its next piece rather than the next row of its table: it does not
     * start as the cut line does, and it is not values under a line of labels or labels under a line of values (a
     * header's pieces are labels, a row's are values: {@code sda  0.00  0.02 ...} under {@code Device: rrqm/s ...}
     * is the table's first row).
     */
    private static boolean mayGoOn(String cut, String piece) {
        if (startsAlike(cut, piece) || isRule(piece) || rightAlignedRows(cut, piece) || rightAlignedKeys(cut, piece)) return false;
        int cutKind = kind(cut, 1);
        int pieceKind = kind(piece, 0);
        return cutKind == 0 || pieceKind == 0 || cutKind == pieceKind;
    }

    /**
     * Whether two lines as wide are rows of a right-aligned table (perf stat's summary: counts aligned on their last
     * digit, each row padded to, or ending with its multiplexing share at, one width): both start with two or more
     * blanks and end with the same character. A terminal's pieces start where the cut fell, seldom before a run of
     * blanks, and end on whatever character the last column holds.
     */
    private static boolean rightAlignedRows(String cut, String piece) {
        return indented(cut) && indented(piece) && cut.charAt(cut.length() - 1) == piece.charAt(piece.length() - 1);
    }

    /**
     * Whether two lines as wide are rows of a table keyed by a right-aligned number (prstat's PID or ZONEID, mpstat's
     * CPU): both start with blanks, then a number that ends in the same column ({@code 15} over {@code  1}), so they
     * start unalike though neither goes on the other. A terminal's piece starts wherever the cut fell.
     */
    private static boolean rightAlignedKeys(String cut, String piece) {
        int end = numberEnd(cut);
        return end > 0 && end == numberEnd(piece);
    }

    /** Where a line's first word ends if it is a number after blanks, else -1. */
    private static int numberEnd(String line) {
        int i = 0;
        while (i < line.length() && LineText.isSpace(line.charAt(i))) i++;
        if (i == 0 || i == line.length() || !Character.isDigit(line.charAt(i))) return -1;
        while (i < line.length() && Character.isDigit(line.charAt(i))) i++;
        return i < line.length() && !LineText.isSpace(line.charAt(i)) ? -1 : i;
    }

    private static boolean indented(String line) {
        return line.length() > 2 && LineText.isSpace(line.charAt(0)) && LineText.isSpace(line.charAt(1));
    }

    /**
     * What most of a line's words are, after the first {@code skip} (a row's name or time): 1 labels (three in
     * four have a letter), -1 values (three in four have none), 0 neither.
     */
    private static int kind(String line, int skip) {
        int words = 0;
        int lettered = 0;
        int i = 0;
        int n = line.length();
        while (i < n) {
            while (i < n && LineText.isSpace(line.charAt(i))) i++;
            if (i == n) break;
            boolean letter = false;
            while (i < n && !LineText.isSpace(line.charAt(i))) letter |= Character.isLetter(line.charAt(i++));
            if (skip > 0) {
                skip--;
                continue;
            }
            words++;
            if (letter) lettered++;
        }
        if (words == 0) return 0;
        if (lettered * 4 >= words * 3) return 1;
        return (words - lettered) * 4 >= words * 3 ? -1 : 0;
    }

    /** A blank line, or a quoted one: quote markers and blanks only ({@code >}, {@code > >}, {@code >     }). */
    static boolean blank(String line) {
        return Quotes.unquoted(line).isBlank();
    }

    private static boolean startsAlike(String line, String other) {
        return start(line).equals(start(other));
    }

    /** The first two characters after the indentation: {@code [ } of {@code [ 2s ]}, {@code 18} of {@code 18:00:09}. */
    private static String start(String line) {
        String t = line.strip();
        return t.length() < 2 ? t : t.substring(0, 2);
    }
}
