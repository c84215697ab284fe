package io.statlens.model;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The shape of one time series a parser produces: which tool, which of its data sets, what the
 * key column means for multi-line data, and the metrics in the order a {@link Row}'s values use.
 *
 * <p>A parser may announce the same {@code (tool, name)} again with other metrics when the tool
 * prints a new header mid-file; the store unions the columns.
 *
 * @param tool     lower-case tool id ({@code iostat})
 * @param name     data set within the tool, lower-case; empty for the tool's main data set
 *                 ({@code cpu} for iostat's avg-cpu block)
 * @param keyLabel what the key is ({@code CPU}, {@code Device}, {@code Int}); empty when rows are not keyed
 * @param metrics  the value columns, in row order
 */
public record DatasetSpec(String tool, String name, String keyLabel, List<Metric> metrics) {
    /**
     * The most metrics a data set, and a repository's table of a data set, may have (issue 31): Derby holds 1,012
     * columns in a table or view, and a table's view adds 10 of its own to the metrics. MySQL's SHOW GLOBAL STATUS,
     * the widest real header known (500 to 600 variables), fits; a header of more labels is refused, not imported.
     */
    public static final int MAX_METRICS = 1000;

    public DatasetSpec {
        Objects.requireNonNull(tool, "tool");
        name = name == null ? "" : name;
        keyLabel = keyLabel == null ? "" : keyLabel;
        metrics = List.copyOf(metrics);
        Map<String, Integer> seen = new HashMap<>();
        for (Metric m : metrics) {
            if (seen.put(m.label(), 1) != null) {
                throw new IllegalArgumentException("duplicate metric label '" + m.label() + "' in " + tool + "/" + name);
            }
        }
    }

    public boolean keyed() {
        return !keyLabel.isEmpty();
    }

    /** Index of the metric with this label, or -1. */
    public int indexOf(String label) {
        for (int i = 0; i < metrics.size(); i++) {
            if (metrics.get(i).label().equals(label)) return i;
        }
        return -1;
    }

    /** {@code tool} or {@code tool.name}: how people and the CLI refer to the data set. */
    public String qualifiedName() {
        return name.isEmpty() ? tool : tool + "." + name;
    }
}
