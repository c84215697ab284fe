package io.statlens.parse.builtin.iostat;

import io.statlens.parse.text.Intervals;
import io.statlens.parse.text.Numbers;
import io.statlens.parse.transcript.CommandSyntax;
import io.statlens.parse.transcript.PastedCommand;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a pasted iostat command line ({@code $ iostat -mx 1}, {@code [root@db ~]# iostat -xk 5 3},
 * {@code example% iostat -x tc 5 2} from a man page) tells: the interval and options. It starts a new
 * invocation, whose first report is since boot.
 *
 * @param command         the command as typed, from {@code iostat} on
 * @param options         the option words ({@code -mx}) and their values, space separated; empty if none
 * @param interval        the interval operand, if given
 * @param omitsSinceBoot  Linux {@code -y}: the since-boot report is not printed
 */
record IostatCommand(String command, String options, Optional<Duration> interval, boolean omitsSinceBoot) {
    /**
     * Options whose value is the next word: Linux -p/-g/-j/-o/-f, Solaris -l n and -T u|d, and the wait of FreeBSD and
     * macOS ({@code -w 1}), an option no other iostat has.
     */
    static final CommandSyntax SYNTAX = CommandSyntax.of(Set.of("iostat"), Set.of("-g", "-j", "-o", "-l", "-T", "-p", "-f", "-w"))
            .withValueRule((option, next) -> switch (option) {
                // Linux -p takes an optional device list; a number after it is the interval.
                case "-p" -> !next.startsWith("-") && !next.chars().allMatch(Character::isDigit);
                // Solaris -T takes u or d; Linux -T is a flag.
                case "-T" -> next.equals("u") || next.equals("d");
                default -> true;
            });

    /** The letters of BSD options that take a value: the next word, or the rest of the word ({@code -c5}, {@code -w0.1}). */
    private static final String BSD_VALUE_OPTIONS = "cnwMNt";

    /**
     * The interval is {@code -w wait} (FreeBSD, macOS), else the first number operand; in an output that shows it is
     * BSD's ({@link BsdOutput}), {@code -c} takes a count and {@code -n} a number of devices, so the interval is the
     * first number operand that is no option's value (the traditional {@code iostat [drives] [wait [count]]}), and a
     * count without either repeats the report every second (FreeBSD's iostat.c sets a wait of 1 s when only a count is
     * given; macOS's, derived from it, too).
     */
    static IostatCommand of(PastedCommand command, boolean bsd) {
        // -w is BSD's and macOS's alone, whatever the output shows
        Optional<Duration> interval = command.value("-w").filter(Numbers::isNumber)
                .map(wait -> Intervals.seconds(Numbers.parse(wait)))
                .orElseGet(() -> bsd ? bsdInterval(command) : command.interval());
        return new IostatCommand(command.text(), command.optionText(), interval, command.has("-y"));
    }

    private static Optional<Duration> bsdInterval(PastedCommand command) {
        List<String> words = command.arguments();
        boolean count = false;
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            if (Numbers.isNumber(word)) return Intervals.seconds(Numbers.parse(word));
            if (!word.startsWith("-")) continue;
            // a cluster (-dC, -xc 2, -c5): the first letter that takes a value takes the rest of the word, or the next word
            for (int at = 1; at < word.length(); at++) {
                char letter = word.charAt(at);
                if (BSD_VALUE_OPTIONS.indexOf(letter) < 0) continue;
                count |= letter == 'c';
                if (at == word.length() - 1) i++;
                break;
            }
        }
        return count ? Optional.of(Duration.ofSeconds(1)) : Optional.empty();
    }
}
