package io.statlens.parse.declarative;

import java.util.regex.Pattern;

/**
 * What every declarative parser skips without a warning, because real files are pasted from
 * terminals, wikis and blogs: terminal control sequences, shell prompts with their commands, the
 * tool's own command line, markdown fences and reST directives, {@code ^C}, and {@code ...} elisions.
 */
final class NoiseLines {
    private static final Pattern ESCAPES = Pattern.compile("\u001B(?:\\[[0-9;?]*[A-Za-z]|[()][A-Za-z0-9]|[=>])");
    private static final Pattern FENCE = Pattern.compile("^(?:```|~~~).*$");
    private static final Pattern REST_DIRECTIVE = Pattern.compile("^\\.\\.\\s+[\\w-]+::.*$");
    private static final Pattern ELISION = Pattern.compile("^(?:\\.{3,}|…|\\[\\.{3}]|\\(\\.{3}\\))$");
    private static final Pattern CONTROL_CHARACTER = Pattern.compile("^\\^[A-Z\\\\]$");

    private final Pattern command;

    NoiseLines(String tool) {
        this.command = Pattern.compile("^(?:\\S*/)?" + Pattern.quote(tool) + "(?:\\s.*)?$");
    }

    /** The line without terminal control sequences and surrounding blanks (indentation of code blocks). */
    static String clean(String raw) {
        String line = raw.indexOf('\u001B') >= 0 ? ESCAPES.matcher(raw).replaceAll("") : raw;
        return line.strip();
    }

    /**
     * A shell prompt, alone or before a command: {@code $ nicstat 1}, {@code example% prstat},
     * {@code root@host:~# cmd}, {@code [user@host ~]$ cmd}. That is: an optional bracketed part and blanks,
     * then a word of {@code [\w.@~:/()+-]} holding a letter or {@code ~} (or no word), then one of
     * {@code $#%>}, then the end or a blank. Scanned by hand, once over the line: the regular expression
     * it replaces backtracked quadratically on long lines of word characters.
     */
    static boolean isPrompt(String line) {
        int i = 0;
        int n = line.length();
        if (n > 0 && line.charAt(0) == '[') {
            int close = line.indexOf(']');
            if (close < 0) return false;
            i = close + 1;
            while (i < n && isRegexBlank(line.charAt(i))) i++;
        }
        boolean letter = false;
        int wordStart = i;
        while (i < n && isPromptWordChar(line.charAt(i))) {
            char c = line.charAt(i);
            if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '~') letter = true;
            i++;
        }
        if (i > wordStart && !letter) return false;
        if (i >= n || "$#%>".indexOf(line.charAt(i)) < 0) return false;
        return i + 1 == n || isRegexBlank(line.charAt(i + 1));
    }

    private static boolean isPromptWordChar(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || "_.@~:/()+-".indexOf(c) >= 0;
    }

    /** {@code \s} of a Java pattern without flags. */
    private static boolean isRegexBlank(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
    }

    /** Whether a cleaned line is noise. */
    boolean isNoise(String line) {
        return isPrompt(line) || command.matcher(line).matches() || FENCE.matcher(line).matches()
                || REST_DIRECTIVE.matcher(line).matches() || ELISION.matcher(line).matches()
                || CONTROL_CHARACTER.matcher(line).matches();
    }
}
