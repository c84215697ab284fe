package io.statlens.parse.transcript;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Text a person appended to a line of output in notes and posts: {@code max: 162.82 --最长耗时},
 * {@code (343.51 per sec.) --总事务数}, {@code 41229  <-- look here}, {@code 9.22 # warm-up}. It starts
 * after a blank with a marker ({@code --}, {@code <--}, {@code <-}, {@code ←}, {@code //}, {@code #}) or,
 * without one, with a word in a script the tools never print (CJK, Cyrillic...) after two blanks or a tab.
 * A marker followed by another dash ({@code -----cpu-----}) or by an option name and {@code =}
 * ({@code --threads=16}) is the tool's own text.
 *
 * @param body     the line without the appended text, trailing blanks removed
 * @param appended the appended text, as printed
 */
public record AppendedText(String body, String appended) {
    private static final Pattern MARKED = Pattern.compile(
            "[ \\t]+(?:<-{1,2}|←|--(?![-=>])(?!\\w+(?:-\\w+)*=)|//|#)[ \\t]*\\S.*$");
    private static final Pattern UNMARKED = Pattern.compile(
            "(?:[ ]{2,}|\\t)+(?=[\\p{IsHan}\\p{IsHiragana}\\p{IsKatakana}\\p{IsHangul}\\p{IsCyrillic}\\p{IsArabic}\\p{IsHebrew}\\p{IsThai}]).*$");

    /** The line's body and appended text, if text seems appended to it. */
    public static Optional<AppendedText> cut(String line) {
        Matcher m = MARKED.matcher(line);
        if (!m.find()) m = UNMARKED.matcher(line);
        else return split(line, m.start());
        return m.find() ? split(line, m.start()) : Optional.empty();
    }

    private static Optional<AppendedText> split(String line, int at) {
        String body = line.substring(0, at).stripTrailing();
        if (body.isBlank()) return Optional.empty();
        return Optional.of(new AppendedText(body, line.substring(at).strip()));
    }
}
