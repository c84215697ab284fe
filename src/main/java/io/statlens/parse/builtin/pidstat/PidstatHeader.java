package io.statlens.parse.builtin.pidstat;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A pidstat table header in force ({@code UID PID %usr %system ... Command}, with {@code -t} {@code TGID TID}, with
 * {@code -h} every report's columns on one line): where the identity columns are, and which columns go to which data
 * set. Process rows are keyed {@code "PID command"} ({@code 4890 python3}), thread rows {@code "TGID/TID command"}
 * ({@code 4890/4899 python3}), so that a Top-N view names what it ranks.
 *
 * @param columns the labels after the time, {@code Command} last
 * @param line    where it was printed, for warnings
 * @param groups  the data sets its columns feed, in column order
 */
record PidstatHeader(List<String> columns, long line, List<Group> groups) {
    static final String TOOL = "pidstat";

    /**
     * The columns of one report within a header.
     *
     * @param indices where its metrics are among {@link #columns}
     * @param process the data set of process rows ({@code pidstat.cpu})
     * @param thread  the data set of thread rows ({@code pidstat.thread_cpu})
     */
    record Group(List<Integer> indices, DatasetSpec process, DatasetSpec thread) {
        /** This report's values out of a row's, which are in the header's column order. */
        double[] values(double[] row) {
            double[] values = new double[indices.size()];
            for (int i = 0; i < values.length; i++) values[i] = row[indices.get(i)];
            return values;
        }
    }

    /** Whether these words (after the time or average label) are a pidstat header: an id column, Command last, no number. */
    static boolean isHeader(String[] words) {
        if (words.length < 3 || !words[words.length - 1].equals("Command")) return false;
        boolean id = false;
        for (String w : words) {
            if (w.equals("PID") || w.equals("TGID")) id = true;
            if (!w.isEmpty() && Character.isDigit(w.charAt(0))) return false;
        }
        return id;
    }

    /** The header of these words, or empty when a label repeats. */
    static Optional<PidstatHeader> of(String[] words, long line) {
        List<String> columns = List.of(words);
        if (columns.stream().distinct().count() != columns.size()) return Optional.empty();
        Map<String, List<Integer>> byDataset = new LinkedHashMap<>();
        String current = PidstatColumns.OTHER;
        for (int i = 0; i < words.length; i++) {
            String label = words[i];
            if (PidstatColumns.IDENTITY.contains(label) || PidstatColumns.TEXT.contains(label)) continue;
            String dataset = PidstatColumns.datasetOf(label);
            if (dataset != null) current = dataset;
            byDataset.computeIfAbsent(current, d -> new ArrayList<>()).add(i);
        }
        List<Group> groups = new ArrayList<>();
        for (Map.Entry<String, List<Integer>> e : byDataset.entrySet()) {
            List<Metric> metrics = e.getValue().stream().map(i -> PidstatColumns.metric(words[i])).toList();
            groups.add(new Group(e.getValue(), new DatasetSpec(TOOL, e.getKey(), "PID Command", metrics),
                    new DatasetSpec(TOOL, "thread_" + e.getKey(), "TGID/TID Command", metrics)));
        }
        return Optional.of(new PidstatHeader(columns, line, groups));
    }

    /** Whether every cell before the command is a number (or {@code -}): no policy, no user name. */
    boolean numeric() {
        return columns.stream().noneMatch(c -> c.equals("USER") || PidstatColumns.TEXT.contains(c));
    }

    /** Number of cells before the command. */
    int cellsBeforeCommand() {
        return columns.size() - 1;
    }

    int indexOf(String label) {
        return columns.indexOf(label);
    }
}
