package io.statlens.parse.builtin.mpstat;

import io.statlens.parse.text.Intervals;
import io.statlens.parse.text.Numbers;
import io.statlens.parse.text.Tokens;

import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An echoed mpstat command line ({@code $ mpstat -P ALL 1}, {@code example% mpstat -ap 5 2}), the
 * only place a Solaris capture without date lines states its interval.
 *
 * @param options  the arguments as typed, empty for a bare {@code mpstat}
 * @param interval the interval argument, if one was given
 */
record MpstatCommand(String options, Optional<Duration> interval) {
    private static final Pattern COMMAND = Pattern.compile(
            "^\\s*(?:\\[[^\\]]*\\][$#%]\\s*|[^\\s$#%>]*[$#%>]\\s*)?" // optional prompt
                    + "(?:\\w+=\\S*\\s+)*(?:sudo\\s+)?(?:\\S*/)?mpstat(?:\\s+(.*?))?\\s*$");
    /** Options whose value follows as the next word (Linux -P/-I/-N/-o/-T, Solaris -P/-T). */
    private static final Set<String> TAKES_VALUE = Set.of("-P", "-I", "-N", "-o", "-T");
    private static final Set<String> COMMAND_END = Set.of("|", "||", "&&", ";", ">", ">>", "&", "2>&1");

    /** The command in this line, if the line is an echoed mpstat command. */
    static Optional<MpstatCommand> parse(String text) {
        Matcher m = COMMAND.matcher(text);
        if (!m.matches()) return Optional.empty();
        String options = m.group(1) == null ? "" : m.group(1);
        return Optional.of(new MpstatCommand(options, intervalOf(options)));
    }

    private static Optional<Duration> intervalOf(String options) {
        String[] words = Tokens.split(options);
        for (int i = 0; i < words.length; i++) {
            String w = words[i];
            if (COMMAND_END.contains(w)) break;
            if (TAKES_VALUE.contains(w)) {
                i++;
            } else if (w.equals("-A") && i + 1 < words.length && !Numbers.isNumber(words[i + 1])) {
                i++; // Solaris -A core|soc|lgroup; Linux -A takes no value
            } else if (!w.startsWith("-") && Numbers.isNumber(w)) {
                return Intervals.seconds(Numbers.parse(w));
            }
        }
        return Optional.empty();
    }
}
