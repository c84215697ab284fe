package io.statlens.parse.builtin.iostat;

import io.statlens.parse.text.Intervals;
import io.statlens.parse.text.Tokens;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A pasted shell prompt that runs iostat ({@code $ iostat -mx 1}, {@code [root@db ~]# iostat -xk 5 3},
 * {@code example% \fBiostat\fR \fB-x\fR \fBtc 5 2\fR} from a man page). It starts a new invocation,
 * whose first report is since boot, and tells the interval and options.
 *
 * @param command         the command as typed, from {@code iostat} on
 * @param options         the option words ({@code -mx}), space separated; empty if none
 * @param interval        the interval operand, if given
 * @param omitsSinceBoot  Linux {@code -y}: the since-boot report is not printed
 */
record IostatCommand(String command, String options, Optional<Duration> interval, boolean omitsSinceBoot) {
    /** troff font escapes ({@code \fB}, {@code \fR}, {@code \f(CW}) left in examples copied from man pages. */
    private static final Pattern TROFF_FONT = Pattern.compile("\\\\f(?:\\(..|\\[[^]]*]|.)");
    /** Options whose value is the next word: Linux -p/-g/-j/-o/-f, Solaris -l n and -T u|d. */
    private static final Set<String> WITH_VALUE = Set.of("-g", "-j", "-o", "-l", "-T", "-p", "-f", "+f");
    private static final Set<String> SHELL_OPERATORS = Set.of("|", ">", ">>", "2>&1", ";", "&&", "||", "&", "|&");

    static Optional<IostatCommand> parse(String line) {
        String[] tokens = Tokens.split(TROFF_FONT.matcher(line).replaceAll(""));
        int at = -1;
        for (int i = 0; i < tokens.length && at < 0; i++) {
            if (tokens[i].equals("iostat") || tokens[i].endsWith("/iostat")) at = i;
        }
        if (at < 0 || !isPrompt(tokens, at)) return Optional.empty();
        List<String> options = new ArrayList<>();
        Duration interval = null;
        boolean omitsSinceBoot = false;
        int end = tokens.length;
        for (int i = at + 1; i < tokens.length; i++) {
            String word = tokens[i];
            if (SHELL_OPERATORS.contains(word) || word.startsWith(">") || word.startsWith("|")) {
                end = i;
                break;
            }
            if (word.startsWith("-") && word.length() > 1) {
                options.add(word);
                omitsSinceBoot |= !word.startsWith("--") && word.indexOf('y') > 0;
                if (takesValue(word, tokens, i)) options.add(tokens[++i]);
            } else if (interval == null && word.chars().allMatch(Character::isDigit)) {
                interval = Intervals.digits(word).orElse(null);
            }
        }
        String command = String.join(" ", List.of(tokens).subList(at, end));
        return Optional.of(new IostatCommand(command, String.join(" ", options), Optional.ofNullable(interval), omitsSinceBoot));
    }

    /** Before {@code iostat}: nothing, or a prompt ending in $ # % &gt;, optionally followed by sudo. */
    private static boolean isPrompt(String[] tokens, int at) {
        int last = at - 1;
        if (last >= 0 && tokens[last].equals("sudo")) last--;
        if (last < 0) return true;
        String prompt = tokens[last];
        char c = prompt.charAt(prompt.length() - 1);
        return c == '$' || c == '#' || c == '%' || c == '>';
    }

    private static boolean takesValue(String word, String[] tokens, int i) {
        if (!WITH_VALUE.contains(word) || i + 1 >= tokens.length) return false;
        String next = tokens[i + 1];
        return switch (word) {
            // Linux -p takes an optional device list; a number after it is the interval.
            case "-p" -> !next.startsWith("-") && !next.chars().allMatch(Character::isDigit);
            // Solaris -T takes u or d; Linux -T is a flag.
            case "-T" -> next.equals("u") || next.equals("d");
            default -> true;
        };
    }
}
