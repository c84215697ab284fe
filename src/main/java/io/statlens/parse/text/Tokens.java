package io.statlens.parse.text;

import java.util.ArrayList;
import java.util.List;

/** Whitespace tokenizing without regular expressions: it runs for every data line. */
public final class Tokens {
    private static final String[] NONE = new String[0];

    private Tokens() {
    }

    /** The whitespace-separated tokens of a line (see {@link #isSpace}). */
    public static String[] split(String line) {
        int n = line.length();
        List<String> out = null;
        String[] small = new String[32];
        int count = 0;
        int i = 0;
        while (i < n) {
            while (i < n && isSpace(line.charAt(i))) i++;
            if (i >= n) break;
            int start = i;
            while (i < n && !isSpace(line.charAt(i))) i++;
            String token = line.substring(start, i);
            if (out == null && count < small.length) {
                small[count++] = token;
            } else {
                if (out == null) {
                    out = new ArrayList<>(64);
                    for (int k = 0; k < count; k++) out.add(small[k]);
                }
                out.add(token);
            }
        }
        if (out != null) return out.toArray(NONE);
        String[] result = new String[count];
        System.arraycopy(small, 0, result, 0, count);
        return result;
    }

    /**
     * Every Unicode space is a space: blanks, tabs, no-break and ideographic spaces, and the control
     * characters Java counts as white space (vertical tab, form feed, the separators U+001C to U+001F),
     * so that no token is ever blank.
     */
    public static boolean isSpace(char c) {
        // printable ASCII, almost every character of a line, is told with two comparisons
        if (c > ' ') return c >= '\u0080' && (Character.isWhitespace(c) || Character.isSpaceChar(c));
        return c == ' ' || Character.isWhitespace(c);
    }

    /** True if the line holds nothing but whitespace. */
    public static boolean isBlank(String line) {
        for (int i = 0; i < line.length(); i++) {
            if (!isSpace(line.charAt(i))) return false;
        }
        return true;
    }
}
