package io.statlens.parse.builtin.vmstat;

import io.statlens.parse.transcript.CommandSyntax;
import io.statlens.parse.transcript.PastedCommand;

import java.time.Duration;
import java.util.Set;

/**
 * What a pasted vmstat command line ({@code $ vmstat -a -t 5 10}, {@code ╰─λ vmstat 1},
 * {@code user@db01:~$ /usr/bin/vmstat -S M 2}) tells that the output does not print itself: the interval,
 * the memory unit of {@code -S} and whether {@code -y} left out the since-boot report. It starts a new run.
 *
 * @param options        the arguments as typed, for the {@code options} fact
 * @param interval       the delay argument, null when none was given
 * @param memoryUnit     the unit {@code -S}/{@code --unit} selected ({@code kB}, {@code KiB}, {@code MB},
 *                       {@code MiB}), null when not given (procps then prints KiB)
 * @param skipsSinceBoot {@code -y}/{@code --no-first}: the first report is not the since-boot one
 */
record VmstatCommand(String options, Duration interval, String memoryUnit, boolean skipsSinceBoot) {
    /** Linux -S takes a unit; Solaris -S (swapping columns) takes nothing. */
    private static final Set<String> UNITS = Set.of("k", "K", "m", "M");
    /** Options that take the next word as their argument (Linux -p, -S unit, Solaris -T, FreeBSD -c/-M/-N). */
    static final CommandSyntax SYNTAX = CommandSyntax.of(Set.of("vmstat"),
                    Set.of("-p", "-T", "-c", "-M", "-N", "--unit", "--partition", "-S"))
            .withValueRule((option, next) -> !option.equals("-S") || UNITS.contains(next));

    static VmstatCommand of(PastedCommand command) {
        String unit = command.value("-S").or(() -> command.value("--unit")).map(VmstatCommand::unitName).orElse(null);
        boolean skipsFirst = command.has("-y") || command.has("--no-first");
        return new VmstatCommand(command.argumentText(), command.interval().orElse(null), unit, skipsFirst);
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
