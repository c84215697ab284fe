package io.statlens.parse.transcript;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Shell prompts as they appear in pasted terminal sessions, and the command typed after them:
 * a bare prompt character ({@code $ # % > ❯ ➜ λ »}), a prompt with context ({@code user@db01:~$},
 * {@code [root@db01 ~]#}, {@code example%}, {@code bash-3.2$}, {@code thumper1[bash]$},
 * {@code bash-4.2 #} (a {@code PS1} of {@code \s-\v \$ }: bash's name and version, a blank, the mark),
 * {@code (venv) ann@db01 ~ $}, {@code shell>}, {@code mysql>}, the MariaDB client's {@code MariaDB [(none)]>},
 * busybox ash's working directory {@code ~/src # }, FreeBSD's {@code root@fbsd:~ # }), the box-drawn lines of fancy prompts
 * ({@code ╭─ann@db01}, {@code ╰─λ vmstat 1}), and prompts typed twice ({@code $ $ vmstat 1}). zsh's right prompt
 * at the end of the line is not part of the command.
 *
 * <p>A prompt character must be followed by a blank or the end of the line, and a context word must
 * touch it, so that table headers ({@code Transaction   %  Average}, {@code avg-cpu:  %user}) are
 * not taken for prompts.
 */
public final class Prompt {
    private static final String MARKS = "$#%>\u276F\u279C\u03BB\u00BB";
    private static final Pattern PROMPT = Pattern.compile(
            "^\\s*+[\\u2500-\\u257F]*+\\s*+"                 // box drawing of two-line prompts
                    + "(?:\\([^)\\s]*+\\)\\s++)?"               // (venv)
                    + "(?<context>\\[\\[email protected\\][^\\]]*+]"  // [[email protected] ~]: a page's e-mail protection
                    + "|\\[email protected\\][^\\s$#%>]*+"            // [email protected]:~ (Cloudflare's placeholder for user@host)
                    + "|\\[[^\\]]*+]"                              // [root@db01 ~]
                    + "|(?:MariaDB|MySQL)\\s\\[[^\\]]*+]"          // the MariaDB client's default \N [\d]>
                    + "|[~/][^\\s$#%>]*+\\s"                       // ~/src # , / # (busybox ash's \w \$)
                    + "|[\\w.\\-]++@[\\w.\\-]++:[^\\s$#%>]*+\\s"          // root@fbsd:~ # (FreeBSD's sh and csh: user@host:dir #)
                    + "|(?:ba|da|mk|k|z|)sh-\\d++(?:\\.\\d++)*+\\s++"      // bash-4.2 # (\s-\v then a blank: a shell's name and version)
                    + "|[\\w.@~:/+\\-\\[\\]()]++(?:\\s++[~/][^\\s$#%>]*+\\s?)?)?" // user@db01:~, ann@db01 ~
                    + "[" + MARKS + "](?=\\s|$)\\s*+");
    /** oh-my-zsh's default theme prints the directory, and the git branch, after its arrow: {@code ➜  src git:(main) ✗ }. */
    private static final Pattern ZSH_ARROW_CONTEXT = Pattern.compile(
            "^(?:[~/]\\S*(?:\\s+git:\\([^)]*\\))?|\\S+\\s+git:\\([^)]*\\))(?:\\s+\u2717)?\\s+");
    /**
     * zsh's right prompt ({@code RPROMPT}), copied with the line it stands on: a few words at the terminal's right edge,
     * after a run of blanks no typed command has ({@code # vmstat -a          ~}).
     */
    private static final Pattern RIGHT_PROMPT = Pattern.compile("(?<=\\S)\\s{20,}\\S+(?: \\S+){0,3}\\s*$");
    /** The first line of a two-line fancy prompt: box drawing, then anything. */
    private static final Pattern BOX_LINE = Pattern.compile("^\\s*[\\u2500-\\u257F]");

    private Prompt() {
    }

    /**
     * The command after the prompt (empty for a bare prompt), if the line starts with a prompt; prompts
     * typed twice are both removed.
     */
    public static Optional<String> command(String text) {
        return mayBePrompt(text) ? matched(text) : Optional.empty();
    }

    /**
     * {@link #command} of a plain line ({@link LineText#scan} found no character to clean) whose scan for
     * {@link #ASCII_MARKS} told whether it holds a prompt mark: the line is not walked again.
     */
    static Optional<String> commandOfPlain(String text, boolean holdsMark) {
        return holdsMark ? matched(text) : Optional.empty();
    }

    private static Optional<String> matched(String text) {
        Matcher m = PROMPT.matcher(text);
        if (!m.lookingAt() || !hasLetter(m.group("context"))) {
            return BOX_LINE.matcher(text).lookingAt() ? Optional.of("") : Optional.empty();
        }
        String rest = text.substring(m.end());
        if (text.substring(0, m.end()).strip().endsWith("\u279C")) {
            Matcher zsh = ZSH_ARROW_CONTEXT.matcher(rest);
            if (zsh.lookingAt()) rest = rest.substring(zsh.end());
        }
        for (int i = 0; i < 3 && !rest.isEmpty(); i++) {
            Matcher again = PROMPT.matcher(rest);
            if (!again.lookingAt() || !isBareMark(rest, again.end())) break;
            rest = rest.substring(again.end());
        }
        return Optional.of(RIGHT_PROMPT.matcher(rest).replaceFirst("").strip());
    }

    /** A prompt's context names something ({@code db01}, {@code ~}); {@code 100%} or {@code 12:00:01 #} is no prompt. */
    private static boolean hasLetter(String context) {
        if (context == null) return true;
        // busybox ash's working directory and its blank: / #
        if (context.startsWith("/") && context.endsWith(" ")) return true;
        for (int i = 0; i < context.length(); i++) {
            char c = context.charAt(i);
            if (Character.isLetter(c) || c == '~' || c == ']') return true;
        }
        return false;
    }

    /** A repeated prompt is a bare mark ({@code $ $ vmstat}), not a word that happens to end in one. */
    private static boolean isBareMark(String rest, int end) {
        String matched = rest.substring(0, end).strip();
        return matched.length() == 1;
    }

    /** The ASCII prompt marks {@code $ # % >} as bits (all below 64), tested with one shift per character. */
    static final long ASCII_MARKS = 1L << '$' | 1L << '#' | 1L << '%' | 1L << '>';

    /** Cheap test before the regular expression: a prompt line holds a prompt mark or starts with box drawing. */
    private static boolean mayBePrompt(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 64) {
                if ((ASCII_MARKS & 1L << c) != 0) return true;
            } else if (c >= 0x80 && (MARKS.indexOf(c) >= 0 || (c >= '\u2500' && c <= '\u257F'))) {
                return true;
            }
        }
        return false;
    }
}
