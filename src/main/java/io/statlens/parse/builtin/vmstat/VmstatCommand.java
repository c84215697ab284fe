package io.statlens.parse.builtin.vmstat;

import io.statlens.parse.text.Intervals;
import io.statlens.parse.text.Numbers;
import io.statlens.parse.text.Tokens;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A pasted command line that runs vmstat ({@code $ vmstat -a -t 5 10}, {@code ╰─λ vmstat 1},
 * {@code user@db01:~$ /usr/bin/vmstat -S M 2}): it starts a new run, and its arguments tell what the
 * output does not print itself, namely the interval, the memory unit of {@code -S} and whether {@code -y}
 * left out the since-boot report.
 *
 * @param options        the arguments as typed, for the {@code options} fact
 * @param interval       the delay argument, null when none was given
 * @param memoryUnit     the unit {@code -S}/{@code --unit} selected ({@code kB}, {@code KiB}, {@code MB},
 *                       {@code MiB}), null when not given (procps then prints KiB)
 * @param skipsSinceBoot {@code -y}/{@code --no-first}: the first report is not the since-boot one
 */
record VmstatCommand(String options, Duration interval, String memoryUnit, boolean skipsSinceBoot) {
    /** The word vmstat, perhaps with a path, after a prompt character, a shell separator or a blank. */
    private static final Pattern INVOCATION =
            Pattern.compile("(?:^|[\\s$#%>:;(|&`\\u00bb\\u276f\\u279c\\u03bb])(?:\\S*/)?vmstat(?=\\s|$)");
    /** Options that take the next word as their argument (Linux -p, Solaris -T, FreeBSD -c/-M/-N). */
    private static final Set<String> WITH_ARGUMENT = Set.of("-p", "-T", "-c", "-M", "-N", "--unit", "--partition");
    /** Linux -S takes a unit; Solaris -S (swapping columns) takes nothing. */
    private static final Set<String> UNITS = Set.of("k", "K", "m", "M");
    private static final Set<String> COMMAND_END = Set.of("|", "||", ">", ">>", "&", "&&", ";", "2>&1", "<");

    /** The vmstat command in a line, if the line runs vmstat. */
    static Optional<VmstatCommand> find(String line) {
        Matcher m = INVOCATION.matcher(line);
        if (!m.find()) return Optional.empty();
        String[] words = Tokens.split(line.substring(m.end()));
        List<String> typed = new ArrayList<>();
        List<Double> numbers = new ArrayList<>();
        String unit = null;
        boolean skipsFirst = false;
        for (int i = 0; i < words.length; i++) {
            String w = words[i];
            if (COMMAND_END.contains(w) || w.startsWith("|") || w.startsWith(">")) break;
            typed.add(w);
            if (w.equals("-y") || w.equals("--no-first")) skipsFirst = true;
            String argument = null;
            boolean hasNext = i + 1 < words.length;
            boolean takesNext = WITH_ARGUMENT.contains(w) || (w.equals("-S") && hasNext && UNITS.contains(words[i + 1]));
            if (takesNext && hasNext) {
                argument = words[++i];
                typed.add(argument);
            } else if (w.startsWith("--unit=")) {
                argument = w.substring("--unit=".length());
                w = "--unit";
            } else if (w.startsWith("-S") && w.length() == 3) {
                argument = w.substring(2);
                w = "-S";
            }
            if ((w.equals("-S") || w.equals("--unit")) && argument != null) unit = unitName(argument);
            if (argument == null && !w.startsWith("-") && Numbers.isNumber(w)) numbers.add(Numbers.parse(w));
        }
        Duration interval = numbers.isEmpty() ? null : Intervals.seconds(numbers.get(0)).orElse(null);
        return Optional.of(new VmstatCommand(String.join(" ", typed), interval, unit, skipsFirst));
    }

    /** procps: k = 1000 bytes, K = 1024, m = 1000000, M = 1048576. */
    private static String unitName(String argument) {
        return switch (argument) {
            case "k" -> "kB";
            case "K" -> "KiB";
            case "m" -> "MB";
            case "M" -> "MiB";
            default -> null;
        };
    }
}
