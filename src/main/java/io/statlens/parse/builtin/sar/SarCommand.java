package io.statlens.parse.builtin.sar;

import io.statlens.parse.transcript.CommandSyntax;

import java.util.Set;

/**
 * How sar and sadf are typed ({@code sar -u 1 5}, {@code sar -A -f /var/log/sa/sa16}, {@code sadf -d sa16 -- -q}), for the
 * pasted command lines of a transcript.
 */
final class SarCommand {
    /** Options whose value is the next word: files, times, and the keywords of -n, -I, -P, -m, -F. */
    static final CommandSyntax SYNTAX = CommandSyntax.of(Set.of("sar"),
                    Set.of("-f", "-o", "-s", "-e", "-i", "-P", "-n", "-I", "-m", "-j", "--dev", "--iface", "--fs"));
    /** sadf's own options whose value is the next word (sadf(1)); after {@code --} come sar's. */
    static final CommandSyntax SADF_SYNTAX = CommandSyntax.of(Set.of("sadf"),
            Set.of("-O", "-P", "-s", "-e", "--dev", "--iface", "--fs"));

    private SarCommand() {
    }
}
