package io.statlens.parse.builtin.sar;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code sadf -d -h}: every activity of a sample on one line, under one header in which each activity printed once per
 * item (CPU, device, interface...) ends with {@code [...]} ({@code %idle[...]}). How many items a line holds is not
 * printed, so its cells can be told apart only where the header is one such activity and nothing else
 * ({@code sadf -d -h -- -u -P ALL}, {@code -- -d}): the line is then that activity's rows one after another. A header of
 * several activities of which one is so marked, or of the interrupts (their per-CPU columns {@code CPU*} vary in number
 * too), is not read. A header without the mark holds activities printed once a sample ({@code -- -r -q}): each is read
 * from its cells in turn, as the header's labels split at where each activity starts.
 */
final class SadfOneLine {
    /** sadf's mark after the last label of an activity it prints once per item (rndr_stats.c). */
    static final String MARK = "[...]";

    /**
     * The first labels of sysstat's activities printed once a sample (sadf -d of sysstat 12.6.1: -B -b -H -q ALL -r ALL
     * -S -v -W -w and the -n reports without an interface; frmpg/s of the older -R): where one starts in a header of
     * -h that holds several. tps starts -b's activity only, not where it follows -d's DEV.
     */
    private static final Set<String> STARTS = Set.of("proc/s", "pswpin/s", "pgpgin/s", "tps", "frmpg/s", "kbmemfree",
            "kbswpfree", "kbhugfree", "dentunusd", "runq-sz", "call/s", "scall/s", "totsck", "irec/s", "ihdrerr/s",
            "imsg/s", "ierr/s", "active/s", "atmptf/s", "idgm/s", "tcp6sck", "irec6/s", "ihdrer6/s", "imsg6/s",
            "ierr6/s", "idgm6/s", "%scpu-10", "%sio-10", "%smem-10");
    /**
     * The key columns that start a keyed activity; -h leaves an activity of one item (one tty, one filesystem) without
     * the mark, its labels printed once as the others'.
     */
    private static final Set<String> KEYS = Set.of("CPU", "INTR", "TTY", "DEV", "IFACE", "FCHOST", "FAN", "TEMP", "IN",
            "BUS", "BAT", "FILESYSTEM", "MOUNTPOINT");

    private SadfOneLine() {
    }

    /**
     * The activities of a header without the mark, one label list each, in order: one for sadf -d's header of an
     * activity, several for sadf -d -h's of several activities printed once a sample each.
     */
    static List<List<String>> activities(List<String> labels) {
        List<List<String>> out = new ArrayList<>();
        int from = 0;
        for (int i = 1; i < labels.size(); i++) {
            String label = labels.get(i);
            boolean starts = KEYS.contains(label) || STARTS.contains(label) && !KEYS.contains(labels.get(i - 1));
            if (starts) {
                out.add(List.copyOf(labels.subList(from, i)));
                from = i;
            }
        }
        out.add(List.copyOf(labels.subList(from, labels.size())));
        return out;
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
