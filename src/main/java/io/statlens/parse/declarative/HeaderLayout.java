package io.statlens.parse.declarative;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.parse.spi.RecordSink;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The columns of one recognised header line: which is the key, which the time, which are text and
 * which are values, and the data set spec they make. Columns are found by label, so a newer tool
 * version's extra columns simply become more metrics.
 */
final class HeaderLayout {
    /** The last part of the key label of rows keyed by the stack printed under them. */
    static final String STACK = "Stack";
    private final TableDefinition table;
    private final long line;
    private final List<String> labels;
    private final int[] keyIndexes;
    private final int timeIndex;
    private final int wideIndex;
    private final String keyPrefix;
    private final int[] valueIndexes;
    private final CellReader[] readers;
    private final DatasetSpec spec;
    /** The spec of rows whose key ends with the stack printed under them; made at the first such row. */
    private DatasetSpec stackedSpec;

    private HeaderLayout(TableDefinition table, long line, List<String> labels, int[] keyIndexes, int timeIndex,
                         int wideIndex, String keyPrefix, int[] valueIndexes, CellReader[] readers, DatasetSpec spec) {
        this.table = table;
        this.line = line;
        this.labels = labels;
        this.keyIndexes = keyIndexes;
        this.timeIndex = timeIndex;
        this.wideIndex = wideIndex;
        this.keyPrefix = keyPrefix;
        this.valueIndexes = valueIndexes;
        this.readers = readers;
        this.spec = spec;
    }

    /**
     * @param dataset      the data set of the rows: the table's, or the one its section title decided
     * @param keyPrefix    the first part of every row's key (the section title), or empty
     * @param headerLabels the labels printed in the header, without a header time
     * @param line         the header's line number, for messages
     */
    static HeaderLayout of(String tool, TableDefinition table, String dataset, String keyPrefix, List<String> headerLabels,
                           long line, RecordSink sink) {
        List<String> labels = uniqueLabels(table.leadingColumns(), headerLabels, line, sink);
        List<Integer> keys = new ArrayList<>();
        for (String key : table.keyColumns()) {
            int i = labels.indexOf(key);
            if (i < 0) {
                sink.warning(line, "expected the key column '" + key + "' in this header; its rows are stored without a key");
                keys.clear();
                break;
            }
            keys.add(i);
        }
        int timeIndex = -1;
        if (table.time().source() == TimeSpec.Source.COLUMN) {
            timeIndex = labels.indexOf(table.time().label());
            if (timeIndex < 0) {
                sink.warning(line, "expected the time column '" + table.time().label() + "' in this header; times are derived");
            }
        }
        List<Integer> values = new ArrayList<>();
        List<Metric> metrics = new ArrayList<>();
        for (int i = 0; i < labels.size(); i++) {
            String label = labels.get(i);
            if (keys.contains(i) || i == timeIndex) continue;
            if (table.kind() == TableKind.SERIES && table.textColumns().contains(label)) continue;
            values.add(i);
            metrics.add(table.columns().metric(label));
        }
        CellReader[] readers = new CellReader[values.size()];
        for (int v = 0; v < readers.length; v++) readers[v] = table.columns().reader(labels.get(values.get(v)));
        List<String> keyLabels = new ArrayList<>();
        if (!keyPrefix.isEmpty()) keyLabels.add("section");
        keys.forEach(k -> keyLabels.add(labels.get(k)));
        DatasetSpec spec = new DatasetSpec(tool, dataset, String.join("/", keyLabels), metrics);
        int wideIndex = table.wide().isEmpty() ? -1 : labels.indexOf(table.wide());
        if (table.wide().isEmpty() && table.textColumns().contains(labels.get(labels.size() - 1))) wideIndex = labels.size() - 1;
        return new HeaderLayout(table, line, List.copyOf(labels),
                keys.stream().mapToInt(Integer::intValue).toArray(), timeIndex, wideIndex, keyPrefix,
                values.stream().mapToInt(Integer::intValue).toArray(), readers, spec);
    }

    /** The same columns under a repeat of the header at another line. */
    HeaderLayout atLine(long headerLine) {
        if (headerLine == line) return this;
        HeaderLayout repeat = new HeaderLayout(table, headerLine, labels, keyIndexes, timeIndex, wideIndex, keyPrefix,
                valueIndexes, readers, spec);
        // lockstat -s repeats the header above every row: the rows share one stacked spec
        repeat.stackedSpec = stackedSpec();
        return repeat;
    }

    /** Leading labels then the header's; a label printed twice gets a suffix so metrics stay distinct. */
    private static List<String> uniqueLabels(List<String> leading, List<String> header, long line, RecordSink sink) {
        List<String> labels = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        List<String> all = new ArrayList<>(leading);
        all.addAll(header);
        java.util.Set<String> taken = new java.util.HashSet<>(all);
        for (String label : all) {
            int count = seen.merge(label, 1, Integer::sum);
            if (count == 1) {
                labels.add(label);
            } else {
                // the suffix skips names the header itself has ('x x x_2' gives 'x', 'x_3', 'x_2')
                String renamed = label + "_" + count;
                while (!taken.add(renamed)) renamed = label + "_" + seen.merge(label, 1, Integer::sum);
                sink.warning(line, "the header repeats the column '" + label + "'; storing the repeat as '" + renamed + "'");
                labels.add(renamed);
            }
        }
        return labels;
    }

    TableDefinition table() {
        return table;
    }

    long line() {
        return line;
    }

    DatasetSpec spec() {
        return spec;
    }

    /** The spec of rows keyed by their stack too: the key label ends with {@code Stack}. */
    DatasetSpec stackedSpec() {
        if (stackedSpec == null) {
            String label = spec.keyLabel().isEmpty() ? STACK : spec.keyLabel() + "/" + STACK;
            stackedSpec = new DatasetSpec(spec.tool(), spec.name(), label, spec.metrics());
        }
        return stackedSpec;
    }

    int width() {
        return labels.size();
    }

    String label(int column) {
        return labels.get(column);
    }

    /**
     * The column that takes a row's surplus cells: the table's {@code wide} column (lockstat's lock names with
     * blanks), else the last column when it is text (prstat's PROCESS/NLWP); -1 for none.
     */
    int wideIndex() {
        return wideIndex;
    }

    /** The first part of every row's key (the section title), or empty. */
    String keyPrefix() {
        return keyPrefix;
    }

    int[] keyIndexes() {
        return keyIndexes;
    }

    /** The time column, or -1. */
    int timeIndex() {
        return timeIndex;
    }

    /** Column of each value, in the order of the spec's metrics. */
    int[] valueIndexes() {
        return valueIndexes;
    }

    CellReader reader(int value) {
        return readers[value];
    }
}
