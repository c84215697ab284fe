package io.statlens.parse.text;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The quote markers of mail and forum replies before a line: {@code > }, nested {@code >> } or {@code > > }, after
 * blanks or not. Text quoted this way is read as it was before it was quoted, by parsers that read structured text
 * (sysstat JSON, sadf -d, Faban's XML) as by the transcript kit.
 */
public final class Quotes {
    /**
     * A {@code >=} is a comparison (dtrace's lquantize bucket {@code >= 100}), never a quote marker. Possessive: a
     * greedy repeated group recurses once per repetition, and a line of thousands of markers overflowed the stack.
     */
    public static final Pattern MARKERS = Pattern.compile("^\\s*+(?:>(?!=)\\s?+)++");

    private Quotes() {
    }

    /** Whether the line starts with quote markers (after blanks). */
    public static boolean quoted(String line) {
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '>') return !comparison(line, i);
            if (c != ' ' && c != '\t') return false;
        }
        return false;
    }

    /**
     * How many quote markers the line starts with: 0 for a line of the reply itself, 1 for {@code > }, 3 for
     * {@code > >> } or {@code >>>}, whatever the blanks between them.
     */
    public static int depth(String line) {
        int depth = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '>' && !comparison(line, i)) depth++;
            else if (c != ' ' && c != '\t') break;
        }
        return depth;
    }

    /** Whether the {@code >} at {@code at} starts {@code >=}. */
    public static boolean comparison(String line, int at) {
        return at + 1 < line.length() && line.charAt(at + 1) == '=';
    }

    /** The line without its quote markers and the one blank after each; the line itself when it has none. */
    public static String unquoted(String line) {
        if (!quoted(line)) return line;
        Matcher m = MARKERS.matcher(line);
        return m.lookingAt() ? line.substring(m.end()) : line;
    }
}
