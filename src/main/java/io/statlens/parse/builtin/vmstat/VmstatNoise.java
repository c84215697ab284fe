package io.statlens.parse.builtin.vmstat;

import io.statlens.parse.text.Tokens;

import java.util.regex.Pattern;

/**
 * Lines around vmstat output that are not vmstat's own and carry nothing to import: blank lines,
 * markdown fences, elisions, {@code ^C}, uptime(1) lines and shell prompts. Command lines that run
 * vmstat are {@link VmstatCommand}s, not noise.
 */
enum VmstatNoise {
    /** Nothing happened to the run: blank lines, fences, elisions, rules of dashes (AIX draws one under its groups). */
    QUIET,
    /** Whatever ran before has ended: {@code ^C}, a shell prompt, an uptime(1) line. */
    END_OF_RUN;

    private static final Pattern QUIET_LINE =
            Pattern.compile("^\\s*(?:```.*|~~~.*|\\.{3,}|…|\\[\\.\\.\\.]|\\(\\.\\.\\.\\)|[-\\s]*-[-\\s]*)\\s*$");
    private static final Pattern INTERRUPT = Pattern.compile("^\\s*\\^[CZ]");
    private static final Pattern UPTIME = Pattern.compile("^\\s*\\d{1,2}:\\d{2}(?::\\d{2})?\\s+up\\s");
    /** Box-drawing decorations of fancy prompts, bare prompt characters, user@host prompts. */
    private static final Pattern PROMPT = Pattern.compile(
            "^\\s*(?:[\\u2500-\\u257F]|[$#%>\\u276f\\u279c\\u03bb\\u00bb](?:\\s|$)|\\[?[\\w.-]+@[\\w.-]+[\\]:\\s])");

    /** What kind of noise the line is, or null if it is not recognised noise. */
    static VmstatNoise classify(String line) {
        if (Tokens.isBlank(line) || QUIET_LINE.matcher(line).matches()) return QUIET;
        if (INTERRUPT.matcher(line).find() || UPTIME.matcher(line).find() || PROMPT.matcher(line).find()) return END_OF_RUN;
        return null;
    }
}
