package io.statlens.parse.builtin.iostat;

import io.statlens.parse.text.Intervals;
import io.statlens.parse.text.Numbers;
import io.statlens.parse.transcript.CommandSyntax;
import io.statlens.parse.transcript.PastedCommand;

import java.time.Duration;
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

    /**
     * FreeBSD and macOS take the interval as {@code -w wait} ({@code iostat -w 1 disk0}, {@code iostat -c 10 -w 2}: the
     * number after their {@code -c} is the count, after {@code -n} a number of devices); elsewhere it is the first number
     * operand. Without {@code -w} a BSD line that has {@code -c N} or {@code -n N} cannot be told from Linux's
     * {@code -c} (CPU only) or Solaris's {@code -n} (device names) followed by an interval, and is read as the latter.
     */
    static IostatCommand of(PastedCommand command) {
        Optional<Duration> interval = command.value("-w").filter(Numbers::isNumber)
                .map(wait -> Intervals.seconds(Numbers.parse(wait)))
                .orElseGet(command::interval);
        return new IostatCommand(command.text(), command.optionText(), interval, command.has("-y"));
    }
}
