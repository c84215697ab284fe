package io.statlens.parse.builtin.sar;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code sadf -d -h}: every activity of a sample on one line, under one header in which each activity printed once per
 * item (CPU, device, interface...) ends with {@code [...]} ({@code %idle[...]}). How many items a line holds is not
 * printed, so its cells can be told apart only where the header is one such activity and nothing else
 * ({@code sadf -d -h -- -u -P ALL}, {@code -- -d}): the line is then that activity's rows one after another. A header of
 * several activities, or of the interrupts (their per-CPU columns {@code CPU*} vary in number too), is not read.
 */
final class SadfOneLine {
    /** sadf's mark after the last label of an activity it prints once per item (rndr_stats.c). */
    static final String MARK = "[...]";

    private SadfOneLine() {
    }

    /** Whether a {@code sadf -d} header is one of {@code -h}: a label carries the mark. */
    static boolean marked(List<String> labels) {
        return labels.stream().anyMatch(l -> l.endsWith(MARK));
    }

    /**
     * The labels of the one keyed activity a marked header repeats per item, the mark taken off; empty when the header
     * holds more than that activity, or the interrupts.
     */
    static Optional<List<String>> single(List<String> labels) {
        int last = labels.size() - 1;
        for (int i = 0; i < last; i++) {
            if (labels.get(i).endsWith(MARK)) return Optional.empty();
        }
        String end = labels.get(last);
        if (!end.endsWith(MARK)) return Optional.empty();
        List<String> group = new ArrayList<>(labels);
        group.set(last, end.substring(0, end.length() - MARK.length()));
        if (group.contains("CPU*")) return Optional.empty();
        // the activity's key comes first (CPU, DEV, IFACE...); a label before it is another activity's
        SectionHeader header = SectionHeader.of(group);
        if (!header.known() || !header.spec().keyLabel().equals(group.get(0))) return Optional.empty();
        return Optional.of(List.copyOf(group));
    }

    /** Why a marked header that is not {@link #single} is not read. */
    static String refusal() {
        return "sadf -d -h (every activity of a sample on one line, '" + MARK + "' after each activity printed once"
                + " per CPU, device or interface) does not print how many of those each line holds, so its cells cannot"
                + " be told apart when the header holds more than one such activity, or the interrupts; sadf -d without"
                + " -h, sadf -j, or sadf -d -h of one activity at a time is read";
    }
}
