package io.statlens.parse.transcript;

import java.util.regex.Pattern;

/**
 * A line of tool output as people paste it, made plain: terminal control sequences (colours, cursor
 * moves, the {@code ESC(B} of {@code watch}) and troff escapes of man-page examples ({@code \fB},
 * {@code \f(CW}, {@code \-}) removed, zero-width characters removed, and every Unicode space (the
 * no-break spaces French locales put before a colon, ideographic spaces, thin spaces) turned into a
 * plain space, one for one, so that column positions still line up with the header's. Overstrikes of
 * pager output ({@code X\bX}) become the character.
 *
 * <p>Indentation and trailing blanks are kept: parsers that split by column position need them.
 */
public final class LineText {
    /** CSI sequences ({@code ESC[1;31m}, {@code ESC[?25l}), OSC titles ending in BEL or ST, charset and keypad switches. */
    private static final Pattern ESCAPES = Pattern.compile(
            "\u001B(?:\\[[0-9;?<=>]*[ -/]*[@-~]|\\][^\u0007\u001B]*(?:\u0007|\u001B\\\\)?|[()][A-Za-z0-9]|[=>78])|\u009B[0-9;?]*[@-~]");
    /** troff font changes ({@code \fB}, {@code \fR}, {@code \f(CW}, {@code \f[B]}) and the zero-width {@code \&}. */
    private static final Pattern TROFF = Pattern.compile("\\\\f(?:\\(..|\\[[^\\]]*]|[A-Z1-4P])|\\\\&");

    private LineText() {
    }

    /** The plain text of a raw line; the line itself when there is nothing to change (the common case, checked cheaply). */
    public static String clean(String raw) {
        if (isPlain(raw)) return raw;
        String text = raw;
        if (text.indexOf('\u001B') >= 0 || text.indexOf('\u009B') >= 0) text = ESCAPES.matcher(text).replaceAll("");
        if (text.indexOf('\\') >= 0) {
            text = TROFF.matcher(text).replaceAll("");
            // troff's \- is a minus sign: "\-x" in a man page is the option -x
            if (text.contains("\\-")) text = text.replace("\\-", "-");
        }
        return spaces(text);
    }

    /** Whether a character is a space of any kind: ASCII blank or tab, or a Unicode space separator. */
    public static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || (c >= '\u00A0' && Character.isSpaceChar(c));
    }

    /** ASCII without control characters or backslashes: nothing to clean. */
    private static boolean isPlain(String s) {
        return scan(s, 0) != NOT_PLAIN;
    }

    /** {@link #scan}: the line needs cleaning. */
    static final int NOT_PLAIN = -1;
    /** {@link #scan}: the line is plain and holds none of the marks. */
    static final int PLAIN = 0;
    /** {@link #scan}: the line is plain and holds one of the marks. */
    static final int PLAIN_WITH_MARK = 1;

    /**
     * One pass over a raw line, for the transcript's every line: whether it is plain (as {@link #clean} tests) and, if
     * so, whether it holds one of {@code asciiMarks} (characters below 64, as bits: {@code 1L << '$'}), so that the
     * line is not walked a second time to look for them.
     */
    static int scan(String s, long asciiMarks) {
        long seen = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 64) {
                if (c < 0x20 && c != '\t') return NOT_PLAIN;
                seen |= 1L << c;
            } else if (c > 0x7E || c == '\\') {
                return NOT_PLAIN;
            }
        }
        return (seen & asciiMarks) != 0 ? PLAIN_WITH_MARK : PLAIN;
    }

    /** Unicode spaces become ' '; zero-width characters and stray control characters go. */
    private static String spaces(String text) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean space = c >= '\u00A0' && Character.isSpaceChar(c);
            boolean drop = isZeroWidth(c) || (c < 0x20 && c != '\t') || (c >= 0x7F && c < 0xA0);
            if (!space && !drop) {
                if (out != null) out.append(c);
                continue;
            }
            if (out == null) out = new StringBuilder(text.length()).append(text, 0, i);
            if (space) out.append(' ');
            // overstrike of pager output (man | cat): "X\bX" is a bold X, "_\bX" an underlined one
            if (c == '\b' && !out.isEmpty() && i + 1 < text.length()) out.setLength(out.length() - 1);
        }
        return out == null ? text : out.toString();
    }

    private static boolean isZeroWidth(char c) {
        return c == '\u200B' || c == '\u200C' || c == '\u200D' || c == '\u200E' || c == '\u200F' || c == '\u2060'
                || c == '\uFEFF';
    }
}
