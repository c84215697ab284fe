package io.statlens.parse.transcript;

/**
 * The line numbers a web page's code view puts before every line of a block, which a copy of the page keeps
 * ({@code   2. Linux 2.6.32 ...} on CSDN and cnblogs): a number, a dot, one blank, then the line as it was pasted,
 * which may be empty. (A bar after the number, {@code 2 | }, is not taken: dtrace's histograms print their buckets
 * so, {@code 1 |     0}.)
 *
 * <p>A number is taken off only where the lines around count on with it: the line before carried the number one
 * less or the next line carries the number one more. A single numbered line is a list's item or
 * the text itself, and kept. The numbers are the page's: they come off before anything else a paste put around the
 * output (a host prefix), and behind the quote markers of a reply that quoted the page, which stay. In a markdown file
 * (once a fence, {@code ```} or {@code ~~~}, was seen), a numbered line outside the fences is an ordered list's item
 * ({@code 1. **%usr** ...} under the output), written so by a person, not numbered by a code view: it keeps its number.
 * One instance reads one file's lines in order.
 */
final class CodeViewNumbers {
    /**
     * How many digits a code view's number has at most: its line numbers count up from 1, and no page shows a block of a
     * million lines.
     */
    private static final int MAX_DIGITS = 6;

    /** Whether the lines read so far opened a markdown fence they did not close. */
    private boolean inFence;
    /** Whether a markdown fence was seen: the file is markdown, whose numbered lines outside fences are list items. */
    private boolean sawFence;
    /** The number the previous line had taken off; -1 when it had none. */
    private long previous = -1;
    private long count;
    private long firstLine;

    /**
     * The line without its code view number, or the line itself.
     *
     * @param number the line's number in the file, for the notice
     * @param next   the line after it, or null at the end (or when the line {@linkplain #carriesNumber carries} no number)
     */
    String strip(String line, long number, String next) {
        int first = firstCharacter(line);
        char c = first < 0 ? ' ' : line.charAt(first);
        if ((c == '`' || c == '~') && (line.startsWith("```", first) || line.startsWith("~~~", first))) {
            inFence = !inFence;
            sawFence = true;
        }
        // in markdown (a fence was seen), a numbered line outside the fences is an ordered list's item
        boolean markdownProse = sawFence && !inFence;
        int end = markdownProse ? -1 : numberEnd(line, first);
        if (end < 0) {
            previous = -1;
            return line;
        }
        long n = Long.parseLong(line, first, line.indexOf('.', first), 10);
        boolean counted = (previous >= 0 && n == previous + 1) || numbered(next, n + 1);
        if (!counted) {
            previous = -1;
            return line;
        }
        previous = n;
        if (count++ == 0) firstLine = number;
        // a reply's quote markers stay, with one blank after them; the code view's indentation goes
        int marker = line.lastIndexOf('>', first - 1);
        return (marker < 0 ? "" : line.substring(0, marker + 1) + " ") + line.substring(end);
    }

    private static boolean numbered(String line, long n) {
        if (line == null) return false;
        int first = firstCharacter(line);
        int end = numberEnd(line, first);
        return end >= 0 && Long.parseLong(line, first, line.indexOf('.', first), 10) == n;
    }

    /**
     * Where the code view's number and what follows it end (the text after them starts there), or -1 where the line
     * carries none: after blanks and quote markers ({@code first}, the first other character), 1 to {@value #MAX_DIGITS}
     * ASCII digits, a dot, then one blank or the line's end. Written out rather than matched by a pattern: it is asked of
     * every line, and the rows of most tools start with a digit (a clock).
     */
    private static int numberEnd(String line, int first) {
        if (first < 0) return -1;
        int i = first;
        while (i < line.length() && i - first <= MAX_DIGITS && line.charAt(i) >= '0' && line.charAt(i) <= '9') i++;
        int digits = i - first;
        if (digits < 1 || digits > MAX_DIGITS || i >= line.length() || line.charAt(i) != '.') return -1;
        if (++i == line.length()) return i;
        char c = line.charAt(i);
        return c == ' ' || c == '\t' || c == '\u00A0' ? i + 1 : -1;
    }

    /**
     * Whether a line starts as a code view's numbered line does (a number, a dot, a blank): only then is the next line
     * read ahead, so that a live source's newest line is handed on at once, not held until the next one arrives.
     */
    static boolean carriesNumber(String line) {
        return numberEnd(line, firstCharacter(line)) >= 0;
    }

    /** Where the first character that is no blank or quote marker stands; -1 when there is none. */
    private static int firstCharacter(String line) {
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c != ' ' && c != '\t' && c != '\u00A0' && c != '>') return i;
        }
        return -1;
    }

    /** How many lines had their number taken off. */
    long count() {
        return count;
    }

    /** The first line whose number was taken off; 0 when none was. */
    long firstLine() {
        return firstLine;
    }
}
