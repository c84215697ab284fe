package io.statlens.parse.declarative;

import java.util.regex.Pattern;

/**
 * What every declarative parser skips without a warning, because real files are pasted from
 * terminals, wikis and blogs: terminal control sequences, shell prompts with their commands, the
 * tool's own command line, markdown fences and reST directives, {@code ^C}, and {@code ...} elisions.
 */
final class NoiseLines {
    private static final Pattern ESCAPES = Pattern.compile("\u001B(?:\\[[0-9;?]*[A-Za-z]|[()][A-Za-z0-9]|[=>])");
    /** {@code $ nicstat 1}, {@code example% prstat}, {@code root@host:~# cmd}, {@code [user@host ~]$ cmd}. */
    private static final Pattern PROMPT = Pattern.compile(
            "^(?:\\[[^\\]]*]\\s*)?(?:[\\w.@~:/()+-]*[A-Za-z~][\\w.@~:/()+-]*)?[$#%>](?:\\s.*)?$");
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

    /** Whether a cleaned line is noise. */
    boolean isNoise(String line) {
        return PROMPT.matcher(line).matches() || command.matcher(line).matches() || FENCE.matcher(line).matches()
                || REST_DIRECTIVE.matcher(line).matches() || ELISION.matcher(line).matches()
                || CONTROL_CHARACTER.matcher(line).matches();
    }
}
