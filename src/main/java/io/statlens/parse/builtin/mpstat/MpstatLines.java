package io.statlens.parse.builtin.mpstat;

import io.statlens.parse.text.Tokens;

import java.util.regex.Pattern;

/**
 * Cleaning and recognised noise for mpstat captures as people paste them: forum quotes
 * ({@code > } before every line), troff escapes of man-page examples, shell prompts, markdown
 * fences, {@code ^C} and elisions.
 */
final class MpstatLines {
    private static final Pattern QUOTE_PREFIX = Pattern.compile("^\\s*(?:>\\s?)+");
    private static final Pattern TROFF_ESCAPE = Pattern.compile("\\\\f[BIRP]|\\\\f\\([A-Z]{2}|\\\\(?=-)");
    /** A prompt with no mpstat command after it ({@code user@dev:~# """}, {@code $}, {@code [root@h ~]#}). */
    private static final Pattern PROMPT = Pattern.compile("^\\s*(?:\\[[^\\]]*\\]|[^\\s$#%>]*)[$#%>](?:\\s.*)?$");
    private static final Pattern FENCE_OR_ELISION = Pattern.compile("^\\s*(?:```.*|~~~.*|\\^C|\\.{3,}|…)\\s*$");

    private MpstatLines() {
    }

    /** The line without forum-quote markers and troff font escapes. */
    static String clean(String line) {
        String text = line;
        int first = firstNonSpace(text);
        if (first >= 0 && text.charAt(first) == '>') text = QUOTE_PREFIX.matcher(text).replaceFirst("");
        if (text.indexOf('\\') >= 0) text = TROFF_ESCAPE.matcher(text).replaceAll("");
        return text;
    }

    /** Blank lines, prompts, fences, {@code ^C} and {@code ...}: skipped without a warning. */
    static boolean isNoise(String text) {
        int first = firstNonSpace(text);
        if (first < 0) return true;
        // Data lines start with a digit (the time of day); skip the patterns for them.
        char c = text.charAt(first);
        if (c >= '0' && c <= '9') return false;
        return Tokens.isBlank(text) || FENCE_OR_ELISION.matcher(text).matches() || PROMPT.matcher(text).matches();
    }

    private static int firstNonSpace(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (!Tokens.isSpace(text.charAt(i))) return i;
        }
        return -1;
    }
}
