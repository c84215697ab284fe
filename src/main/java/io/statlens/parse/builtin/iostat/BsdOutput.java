package io.statlens.parse.builtin.iostat;

import io.statlens.parse.spi.Head;

import java.util.regex.Pattern;

/**
 * Whether an iostat output is the BSD one (FreeBSD, NetBSD, OpenBSD, macOS), told by the shape of its headers, for
 * reading the command line pasted above it: BSD's {@code -c} takes a count and {@code -n} a number of devices, where
 * Linux's {@code -c} is the CPU report and Solaris's {@code -n} the descriptive names, each followed by the interval.
 */
final class BsdOutput {
    /**
     * FreeBSD's {@code -x} device header: {@code device r/s w/s kr/s kw/s} then {@code ms/r ...} (current releases) or
     * {@code qlen} (older ones), or the {@code -I} totals {@code r/i w/i kr/i kw/i}.
     */
    static final Pattern DEVICE_HEADER =
            Pattern.compile("^\\s*device\\s+(?:r/s\\s+w/s\\s+kr/s\\s+kw/s\\s+(?:ms/r|qlen)|r/i\\s+w/i\\s+kr/i\\s+kw/i)\\b");
    /** A disk's labels ({@code KB/t tps MB/s}; NetBSD and OpenBSD {@code KB/t t/s MB/s}) or the cpu's with nice and interrupt. */
    private static final Pattern LABELS = Pattern.compile("\\bKB/t\\s+(?:tps|t/s|xfrs|xfr)\\b|(?:^|\\s)us\\s+ni\\s+sy\\s+(?:sp\\s+)?in\\s+id\\b");
    /** macOS's load average group over its labels. */
    private static final Pattern LOAD_GROUP = Pattern.compile("\\bcpu\\s+load\\s+average\\s*$");

    private BsdOutput() {
    }

    static boolean shownIn(Head head) {
        return head.anyMatch(DEVICE_HEADER) || head.anyMatch(LABELS) || head.anyMatch(LOAD_GROUP);
    }
}
