package io.statlens.parse.transcript;

import io.statlens.parse.text.Intervals;
import io.statlens.parse.text.Numbers;
import io.statlens.parse.text.Tokens;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * A command line that runs the tool, pasted with its output: after a shell prompt
 * ({@code $ iostat -mx 1}, {@code [root@db ~]# sudo vmstat -S M 2 10}, {@code example% mpstat -ap 5 2}) or
 * alone ({@code vmstat 1}, {@code nicstat -S eth0:2000 -l}). What the output itself does not say comes from
 * here: the interval, the count and the options.
 *
 * <p>The tool is found at a command position: first, or after wrappers ({@code sudo}, {@code time}, {@code pdsh},
 * {@code nohup}, {@code env}, {@code LC_ALL=C}...) or a shell separator ({@code ;}, {@code &&}, {@code |},
 * {@code do}); its arguments end at a shell operator ({@code |}, {@code >}, {@code &&}...). Words with shell
 * variables are kept as typed but never read as numbers.
 *
 * @param tool      the program name as typed ({@code /usr/bin/vmstat})
 * @param arguments the arguments, as typed, up to the first shell operator
 * @param options   the options with their values, in order ({@code -p}, {@code sda}, {@code -x})
 * @param operands  the other arguments ({@code 5}, {@code 10}, {@code run})
 */
public record PastedCommand(String tool, List<String> arguments, List<String> options, List<String> operands) {
    private static final Set<String> OPERATORS = Set.of("|", "||", "|&", ">", ">>", "&", "&&", ";", "2>&1", "<", "2>", "&>");
    private static final Set<String> SEPARATORS = Set.of(";", "&&", "||", "|", "do", "then", "else", "(", "{", "$(", "`", "exec");
    private static final Set<String> WRAPPERS = Set.of("sudo", "time", "nohup", "env", "nice", "ionice", "stdbuf", "command",
            "builtin", "unbuffer", "chrt", "taskset", "numactl", "timeout", "watch", "pdsh", "clush");

    public PastedCommand {
        arguments = List.copyOf(arguments);
        options = List.copyOf(options);
        operands = List.copyOf(operands);
    }

    /** The command in a line typed after a prompt (the prompt already removed), if it runs the tool. */
    public static Optional<PastedCommand> afterPrompt(String command, CommandSyntax syntax) {
        String[] words = Tokens.split(command);
        int at = toolPosition(words, syntax);
        return at < 0 ? Optional.empty() : Optional.of(read(words, at, syntax));
    }

    /** The command in a line without a prompt, if the line starts with the tool's name and an argument that makes it a command. */
    public static Optional<PastedCommand> bare(String text, CommandSyntax syntax) {
        String[] words = Tokens.split(text);
        if (words.length == 0 || !syntax.isName(words[0])) return Optional.empty();
        if (words.length > 1 && !syntax.bareArgument().test(words[1])) return Optional.empty();
        // a page's sentence about the command ("sar -u コマンドで..."): typed commands are not written in these scripts
        for (int i = 1; i < words.length; i++) {
            if (isInCjkScript(words[i])) return Optional.empty();
        }
        return Optional.of(read(words, 0, syntax));
    }

    /**
     * A word of letters and a colon ({@code shows:}, {@code gives:}): a page's sentence going on after the command it
     * names. No option or operand of these tools is written so; an option's value ({@code -p sda:}) is read with its option.
     */
    private static boolean isProseBeforeColon(String word) {
        int last = word.length() - 1;
        if (last < 2 || word.charAt(last) != ':') return false;
        for (int i = 0; i < last; i++) {
            if (!Character.isLetter(word.charAt(i))) return false;
        }
        return true;
    }

    /** Whether the word holds Chinese, Japanese or Korean script, which typed commands are not written in. */
    private static boolean isInCjkScript(String word) {
        return word.codePoints().anyMatch(PastedCommand::isCjk);
    }

    private static boolean isCjk(int codePoint) {
        Character.UnicodeScript script = Character.UnicodeScript.of(codePoint);
        return script == Character.UnicodeScript.HAN || script == Character.UnicodeScript.HIRAGANA
                || script == Character.UnicodeScript.KATAKANA || script == Character.UnicodeScript.HANGUL;
    }

    /** Index of the tool's word at a command position, -1 if the command does not run it. */
    private static int toolPosition(String[] words, CommandSyntax syntax) {
        boolean commandPosition = true;
        for (int i = 0; i < words.length; i++) {
            String w = stripOpening(words[i]);
            if (commandPosition && syntax.isName(w)) return i;
            if (SEPARATORS.contains(words[i]) || words[i].endsWith(";")) {
                commandPosition = true;
            } else if (commandPosition && (WRAPPERS.contains(w) || isAssignment(w) || (i > 0 && isWrapperOption(words, i)))) {
                commandPosition = true;
            } else {
                commandPosition = false;
            }
        }
        return -1;
    }

    /** {@code sudo -u ann vmstat}, {@code taskset -c 0 iostat}: an option of a wrapper, or its value. */
    private static boolean isWrapperOption(String[] words, int i) {
        if (words[i].startsWith("-")) return true;
        return words[i - 1].startsWith("-") && words[i - 1].length() == 2;
    }

    private static boolean isAssignment(String word) {
        int eq = word.indexOf('=');
        return eq > 0 && Character.isLetter(word.charAt(0)) && word.substring(0, eq).chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '_');
    }

    /** {@code (vmstat}, {@code $(vmstat}, {@code `vmstat}: the opening of a subshell is no part of the name. */
    private static String stripOpening(String word) {
        int i = 0;
        while (i < word.length() && (word.charAt(i) == '(' || word.charAt(i) == '`' || word.charAt(i) == '$')) i++;
        return word.substring(i);
    }

    private static PastedCommand read(String[] words, int at, CommandSyntax syntax) {
        List<String> arguments = new ArrayList<>();
        List<String> options = new ArrayList<>();
        List<String> operands = new ArrayList<>();
        char quote = 0;
        for (int i = at + 1; i < words.length; i++) {
            String w = words[i];
            // a shell comment, or a note written after the command on a page ("(每一个3秒刷新一次)", "←Ctrl+Cで止める",
            // "sar -u ALL shows:")
            if (quote == 0 && (w.startsWith("#") || isInCjkScript(w) || isProseBeforeColon(w))) break;
            boolean quoted = quote != 0;
            quote = quoteAfter(w, quote);
            if (quoted && !arguments.isEmpty()) {
                // inside quotes (dtrace -n 'syscall:::entry { @[probefunc] = count(); }'): no operator ends the
                // command, and the words are the argument the quotes opened
                joinLast(arguments, options, operands, w);
                continue;
            }
            if (OPERATORS.contains(w) || w.startsWith("|") || w.startsWith(">") || w.startsWith("2>") || w.equals("\\")) break;
            if (quote == 0 && (w.endsWith(";") || w.endsWith(")") || w.endsWith("`"))) {
                String bare = w.replaceAll("[;)`]+$", "");
                if (!bare.isEmpty()) add(bare, words, i, arguments, options, operands, syntax);
                break;
            }
            int used = add(w, words, i, arguments, options, operands, syntax);
            // an option's value may open the quotes: -n 'syscall:::entry { ... }'
            for (int k = i + 1; k <= used; k++) quote = quoteAfter(words[k], quote);
            i = used;
        }
        return new PastedCommand(stripOpening(words[at]), arguments, options, operands);
    }

    /**
     * The quote open after a word ({@code '}, {@code "} or a command substitution's {@code `}; 0 for none), given the one
     * open before it. A backtick that ends a word closes a substitution opened before the command ({@code `vmstat 1`}).
     */
    private static char quoteAfter(String word, char open) {
        char quote = open;
        for (int k = 0; k < word.length(); k++) {
            char c = word.charAt(k);
            if (c == '\\' && quote != '\'') {
                k++;
            } else if (quote == 0 && (c == '\'' || c == '"' || c == '`' && k < word.length() - 1)) {
                quote = c;
            } else if (c == quote) {
                quote = 0;
            }
        }
        return quote;
    }

    /** Appends a quoted word to the argument its quotes opened, in the list (option value or operand) that holds it. */
    private static void joinLast(List<String> arguments, List<String> options, List<String> operands, String word) {
        String last = arguments.get(arguments.size() - 1);
        String joined = last + " " + word;
        arguments.set(arguments.size() - 1, joined);
        if (!options.isEmpty() && options.get(options.size() - 1) == last) options.set(options.size() - 1, joined);
        else if (!operands.isEmpty() && operands.get(operands.size() - 1) == last) operands.set(operands.size() - 1, joined);
    }

    /** Adds one argument (and an option's value after it); returns the index of the last word used. */
    private static int add(String w, String[] words, int i, List<String> arguments, List<String> options,
                           List<String> operands, CommandSyntax syntax) {
        arguments.add(w);
        if (!w.startsWith("-") || w.length() == 1) {
            operands.add(w);
            return i;
        }
        options.add(w);
        boolean hasNext = i + 1 < words.length && !OPERATORS.contains(words[i + 1]);
        if (hasNext && syntax.optionsWithValue().contains(w) && syntax.valueIf().takesValue(w, words[i + 1])) {
            arguments.add(words[i + 1]);
            options.add(words[i + 1]);
            return i + 1;
        }
        return i;
    }

    /** The arguments as typed, space separated (the {@code options} fact of most tools). */
    public String argumentText() {
        return String.join(" ", arguments);
    }

    /** The options and their values as typed, without the operands. */
    public String optionText() {
        return String.join(" ", options);
    }

    /** The whole command from the tool's name on, as typed. */
    public String text() {
        return arguments.isEmpty() ? tool : tool + " " + argumentText();
    }

    /** Whether an option was given: {@code -y}, {@code --no-first}, or a short option inside a cluster ({@code -xy}). */
    public boolean has(String option) {
        for (String o : options) {
            if (o.equals(option)) return true;
            if (option.length() == 2 && !o.startsWith("--") && o.length() > 2 && o.startsWith("-")
                    && o.indexOf(option.charAt(1), 1) > 0) return true;
            if (option.startsWith("--") && o.startsWith(option + "=")) return true;
        }
        return false;
    }

    /** The value of an option: the word after it, the rest of {@code --name=value}, or of {@code -Sm}. */
    public Optional<String> value(String option) {
        for (int i = 0; i < options.size(); i++) {
            String o = options.get(i);
            if (o.equals(option) && i + 1 < options.size() && !isOptionWord(options.get(i + 1))) return Optional.of(options.get(i + 1));
            if (option.startsWith("--") && o.startsWith(option + "=")) return Optional.of(o.substring(option.length() + 1));
            if (!option.startsWith("--") && option.length() == 2 && o.startsWith(option) && o.length() > 2 && !o.startsWith("--")) {
                return Optional.of(o.substring(2));
            }
        }
        return Optional.empty();
    }

    private static boolean isOptionWord(String w) {
        return w.startsWith("-") && w.length() > 1 && !Numbers.isNumber(w);
    }

    /** The numeric operands: interval and count for the statistics tools. */
    public List<Double> numbers() {
        List<Double> out = new ArrayList<>();
        for (String w : operands) {
            if (w.indexOf('$') < 0 && Numbers.isNumber(w)) out.add(Numbers.parse(w));
        }
        return out;
    }

    /**
     * The interval operand (the first number), if one was typed and is a plausible interval ({@link Intervals}):
     * {@code $ vmstat 9999999999} would carry times past any calendar.
     */
    public Optional<Duration> interval() {
        List<Double> n = numbers();
        return n.isEmpty() ? Optional.empty() : Intervals.seconds(n.get(0));
    }

    /** The count operand (the second number), if one was typed. */
    public OptionalLong count() {
        List<Double> n = numbers();
        if (n.size() < 2 || n.get(1) < 0 || n.get(1) > Long.MAX_VALUE) return OptionalLong.empty();
        return OptionalLong.of(n.get(1).longValue());
    }
}
