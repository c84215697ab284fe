package io.statlens.parse.declarative;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One line as the patterns of a definition see it, with a budget of work. A definition's patterns are
 * written by users, and a regular expression can take exponential time on a line it almost matches
 * ({@code (a+)+b}); Java's matcher has no time limit, so the line counts the characters the matcher reads
 * and stops it with {@link TooSlow} once that exceeds {@value #STEPS_PER_CHARACTER} reads per character of
 * the line (every pattern on the line together). Linear patterns, however many, stay far below that; a
 * runaway one costs at most a fraction of a second per line, and the line is reported and skipped.
 */
final class BudgetedLine implements CharSequence {
    static final int STEPS_PER_CHARACTER = 2_000;
    private static final long MINIMUM_BUDGET = 1_000_000;

    /** A pattern needed more work on a line than the budget allows. */
    static final class TooSlow extends RuntimeException {
        TooSlow() {
            super(null, null, false, false);
        }
    }

    private final String text;
    private long budget;

    BudgetedLine(String text) {
        this.text = text;
        this.budget = Math.max(MINIMUM_BUDGET, (long) STEPS_PER_CHARACTER * text.length());
    }

    /** A matcher over this line; its {@code find}/{@code matches} throw {@link TooSlow} when the budget is spent. */
    Matcher matcher(Pattern pattern) {
        return pattern.matcher(this);
    }

    @Override
    public char charAt(int index) {
        if (--budget < 0) throw new TooSlow();
        return text.charAt(index);
    }

    @Override
    public int length() {
        return text.length();
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return text.substring(start, end);
    }

    @Override
    public String toString() {
        return text;
    }
}
