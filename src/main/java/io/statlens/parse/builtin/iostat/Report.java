package io.statlens.parse.builtin.iostat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows of one report (one interval) while it is being read. A report is kept until it ends
 * because its parts can come in pieces: sysstat 12's {@code -h} prints the extended device columns
 * in four blocks with separate headers, each listing every device again.
 */
final class Report {
    private final Map<String, Part> parts = new LinkedHashMap<>();
    private ReportTimestamp timestamp;

    /** The columns of one data set within the report, and a row per key. */
    static final class Part {
        private final String dataset;
        private final String keyLabel;
        private final List<String> labels = new ArrayList<>();
        private final Map<String, double[]> rows = new LinkedHashMap<>();
        /** The label list of the last put and where its values go: every row of a block uses the same list. */
        private List<String> lastValueLabels;
        private int[] lastColumns;
        /** Whether {@link #lastColumns} are 0, 1, 2...: the values are in the part's own column order. */
        private boolean lastInOrder;

        private Part(String dataset, String keyLabel) {
            this.dataset = dataset;
            this.keyLabel = keyLabel;
        }

        String dataset() {
            return dataset;
        }

        String keyLabel() {
            return keyLabel;
        }

        List<String> labels() {
            return labels;
        }

        /** Rows by key, each padded to all labels with NaN. */
        Map<String, double[]> rows() {
            rows.replaceAll((k, v) -> v.length == labels.size() ? v : pad(v, labels.size()));
            return rows;
        }

        /**
         * Stores values under their labels for a key.
         *
         * @return false if the key already had a value for one of these labels in this report
         */
        boolean put(String key, List<String> valueLabels, double[] values, int from) {
            int[] columns = columns(valueLabels);
            double[] row = rows.get(key);
            if (row == null && from == 0 && values.length == labels.size() && lastInOrder) {
                // a whole row in the part's column order (every device row of a report): kept as it came, not copied;
                // the blocks hand over a new array for every row
                rows.put(key, values);
                return true;
            }
            row = row == null ? pad(new double[0], labels.size()) : pad(row, labels.size());
            boolean fresh = true;
            for (int i = 0; i < columns.length; i++) {
                fresh &= Double.isNaN(row[columns[i]]);
                row[columns[i]] = values[from + i];
            }
            rows.put(key, row);
            return fresh;
        }

        private int[] columns(List<String> valueLabels) {
            if (valueLabels == lastValueLabels) return lastColumns;
            int[] columns = new int[valueLabels.size()];
            for (int i = 0; i < columns.length; i++) {
                int c = labels.indexOf(valueLabels.get(i));
                if (c < 0) {
                    labels.add(valueLabels.get(i));
                    c = labels.size() - 1;
                }
                columns[i] = c;
            }
            lastValueLabels = valueLabels;
            lastColumns = columns;
            boolean inOrder = true;
            for (int i = 0; i < columns.length; i++) inOrder &= columns[i] == i;
            lastInOrder = inOrder;
            return columns;
        }

        private static double[] pad(double[] row, int size) {
            if (row.length >= size) return row;
            double[] out = Arrays.copyOf(row, size);
            Arrays.fill(out, row.length, size, Double.NaN);
            return out;
        }
    }

    ReportTimestamp timestamp() {
        return timestamp;
    }

    void timestamp(ReportTimestamp stamp) {
        this.timestamp = stamp;
    }

    /** Whether anything (a time stamp or a header) belongs to this report yet. */
    boolean hasContent() {
        return timestamp != null || !parts.isEmpty();
    }

    boolean hasRows() {
        return parts.values().stream().anyMatch(p -> !p.rows.isEmpty());
    }

    /** Whether a block with these columns for the data set would repeat a column already read: a new report. */
    boolean overlaps(String dataset, Collection<String> labels) {
        Part part = parts.get(dataset);
        return part != null && labels.stream().anyMatch(part.labels::contains);
    }

    /** Whether the data set already has a row for this key in this report (AIX -D: a drive that comes again starts the next). */
    boolean hasRow(String dataset, String key) {
        Part part = parts.get(dataset);
        return part != null && part.rows.containsKey(key);
    }

    /** The part for a data set, created on first use; announcing a block's columns keeps their order. */
    Part part(String dataset, String keyLabel, List<String> labels) {
        Part part = parts.computeIfAbsent(dataset, d -> new Part(d, keyLabel));
        part.columns(labels);
        return part;
    }

    Collection<Part> parts() {
        return parts.values();
    }
}
