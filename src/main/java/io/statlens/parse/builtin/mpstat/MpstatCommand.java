package io.statlens.parse.builtin.mpstat;

import io.statlens.parse.text.Numbers;
import io.statlens.parse.transcript.CommandSyntax;
import io.statlens.parse.transcript.PastedCommand;

import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/**
 * What an echoed mpstat command line ({@code $ mpstat -P ALL 1}, {@code example% mpstat -ap 5 2}) tells,
 * the only place a Solaris capture without date lines states its interval.
 *
 * @param options  the arguments as typed, empty for a bare {@code mpstat}
 * @param interval the interval argument, if one was given
 */
record MpstatCommand(String options, Optional<Duration> interval) {
    /** Options whose value follows as the next word (Linux -P/-I/-N/-o/-T, Solaris -P/-T/-A core|soc|lgroup). */
    static final CommandSyntax SYNTAX = CommandSyntax.of(Set.of("mpstat"), Set.of("-P", "-I", "-N", "-o", "-T", "-A"))
            // Solaris -A takes a value; Linux -A takes none, and a number after it is the interval
            .withValueRule((option, next) -> !option.equals("-A") || !Numbers.isNumber(next));

    static MpstatCommand of(PastedCommand command) {
        return new MpstatCommand(command.argumentText(), command.interval());
    }
}
