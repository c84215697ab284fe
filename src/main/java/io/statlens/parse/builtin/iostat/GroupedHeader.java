package io.statlens.parse.builtin.iostat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The two-line header of the one-line-per-report formats: macOS/BSD
 * ({@code disk0 cpu load average} over {@code KB/t tps MB/s us sy id 1m 5m 15m}), Solaris without
 * {@code -x} ({@code tty sd0 ... cpu} over {@code tin tout kps tps serv ... us sy wt id}) and the
 * Solaris {@code -c} block ({@code cpu} over {@code us sy dt id}). The group names are centred or
 * right-aligned differently by each system, so columns are given to groups by what they are called:
 * tty, cpu and load groups take their known labels, a disk group (a name with a unit number, such as
 * {@code disk0} or {@code sd1}) takes the labels up to the point where the first of them repeats.
 *
 * @param groups  the groups, left to right, each with its labels
 * @param variant {@code macos} or {@code solaris}
 */
record GroupedHeader(List<Group> groups, String variant) {
    private static final Set<String> LOAD_LABELS = Set.of("1m", "5m", "15m");

    /**
     * One group of columns.
     *
     * @param dataset data set name: {@code ""} for a disk, else {@code tty}, {@code cpu}, {@code load}
     * @param key     the disk name for a disk group, else empty
     * @param labels  its column labels
     */
    record Group(String dataset, String key, List<String> labels) {
    }

    /** Total number of value columns. */
    int width() {
        return groups.stream().mapToInt(g -> g.labels().size()).sum();
    }

    static Optional<GroupedHeader> parse(String[] groupLine, String[] labelLine) {
        if (groupLine.length == 0 || labelLine.length < groupLine.length) return Optional.empty();
        List<String> names = groupNames(groupLine);
        if (names.isEmpty()) return Optional.empty();
        for (String label : labelLine) {
            if (CellValue.isNumber(label)) return Optional.empty();
        }
        List<Group> groups = new ArrayList<>();
        boolean knownGroup = false;
        int at = 0;
        for (String name : names) {
            int start = at;
            String dataset = switch (name) {
                case "tty" -> "tty";
                case "cpu" -> "cpu";
                case "load average" -> "load";
                default -> "";
            };
            Set<String> own = switch (dataset) {
                case "tty" -> ColumnHeader.TTY_LABELS;
                case "cpu" -> ColumnHeader.CPU_LABELS;
                case "load" -> LOAD_LABELS;
                default -> null;
            };
            if (own != null) {
                knownGroup = true;
                while (at < labelLine.length && own.contains(labelLine[at])) at++;
            } else if (at < labelLine.length && name.chars().anyMatch(Character::isDigit)) {
                String first = labelLine[at++];
                while (at < labelLine.length && !labelLine[at].equals(first) && !isGroupLabel(labelLine[at])) at++;
            }
            if (at == start) return Optional.empty();
            groups.add(new Group(dataset, dataset.isEmpty() ? name : "", List.of(labelLine).subList(start, at)));
        }
        // Solaris's cpu group always has wt (or dt, -x); macOS prints us sy id alone under -n 0.
        List<String> labels = List.of(labelLine);
        boolean bsd = labels.contains("KB/t") || (labels.contains("us") && !labels.contains("wt") && !labels.contains("dt"));
        if (at != labelLine.length || !(knownGroup || bsd)) return Optional.empty();
        return Optional.of(new GroupedHeader(List.copyOf(groups), bsd ? "macos" : "solaris"));
    }

    /** The group names; {@code load average} is two words. Names are words, never numbers or labels. */
    private static List<String> groupNames(String[] words) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < words.length; i++) {
            String w = words[i];
            if (CellValue.isNumber(w) || w.contains("/") || w.contains("%") || w.endsWith(":")) return List.of();
            if (w.equals("load") && i + 1 < words.length && words[i + 1].equals("average")) {
                names.add("load average");
                i++;
            } else {
                names.add(w);
            }
        }
        return names;
    }

    private static boolean isGroupLabel(String label) {
        return ColumnHeader.TTY_LABELS.contains(label) || ColumnHeader.CPU_LABELS.contains(label) || LOAD_LABELS.contains(label);
    }
}
