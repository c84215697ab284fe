package io.statlens.parse.transcript;

import io.statlens.parse.text.Quotes;

/**
 * A line that a mail client wrapped before the reply quoted it: the client breaks a line longer than its width
 * (72 to 78 columns) at the last blank that fits, and in format=flowed (RFC 3676) leaves that blank at the end of
 * the line, its soft line break. A quoting reply then puts the same markers before both parts.
 *
 * <p>Undone only where nothing else can be meant: both lines quoted alike, the first no wider than a mail line and
 * ending in a blank, the next one's first word too long to have fitted after it, and the next line short (the rest
 * of a line, not a row of a table under its header). A line wrapped without the blank left at its end is not told
 * from two lines here: the parsers' own repair rejoins a row it cannot read ({@link Transcript#repair}).
 */
final class MailWrap {
    /** The widest line a mail client leaves (RFC 5322's 78), without the markers quoted before it later. */
    private static final int MAX_WIDTH = 78;
    /** The narrowest width mail clients wrap at, less the markers a first reply had put before the line. */
    private static final int WRAPPED_AT = 70;

    private MailWrap() {
    }

    /** Whether {@code next} is the rest of {@code line}, which a mail client wrapped at a blank. */
    static boolean continues(String line, String next) {
        if (Quotes.depth(line) != Quotes.depth(next)) return false;
        String first = Quotes.unquoted(line);
        if (first.isEmpty() || first.length() > MAX_WIDTH || !LineText.isSpace(first.charAt(first.length() - 1))) return false;
        String text = first.strip();
        String rest = Quotes.unquoted(next).strip();
        if (rest.isEmpty() || rest.length() * 2 >= text.length()) return false;
        int word = 0;
        while (word < rest.length() && !LineText.isSpace(rest.charAt(word))) word++;
        return first.stripTrailing().length() + 1 + word >= WRAPPED_AT;
    }

    /** The line joined with its rest: the rest's markers and the blank after each taken off, its own blanks kept. */
    static String joined(String line, String next) {
        return line + Quotes.unquoted(next);
    }
}
