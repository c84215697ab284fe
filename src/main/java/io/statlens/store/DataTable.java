package io.statlens.store;

import java.util.ArrayList;
import java.util.List;

/**
 * One wide time-series table (VMSTAT, IOSTAT_CPU...): fixed leading columns, then one DOUBLE
 * column per metric in the order they were added.
 *
 * @param name    SQL table name
 * @param metrics metric columns in table order
 */
public record DataTable(String name, List<MetricColumn> metrics) {

    /** Leading columns of every data table, in order. */
    public static final List<String> FIXED_COLUMNS = List.of("DATASET_ID", "SAMPLE", "TS", "ELAPSED_S", "ITEM", "SINCE_BOOT");

    /** The columns a data table's view puts before the table's own: a metric may not take their names either. */
    public static final List<String> VIEW_COLUMNS = List.of("RUN", "HOST", "TOOL", "DATASET");

    /** Maximum length of the key column. */
    public static final int ITEM_LENGTH = 256;

    /**
     * A metric column and what it means.
     *
     * @param column SQL column name
     * @param label  the label as the tool prints it
     */
    public record MetricColumn(String column, String label, String unit, String description) {
    }

    public DataTable {
        metrics = List.copyOf(metrics);
    }

    public int indexOfLabel(String label) {
        for (int i = 0; i < metrics.size(); i++) {
            if (metrics.get(i).label().equals(label)) return i;
        }
        return -1;
    }

    public DataTable with(MetricColumn column) {
        List<MetricColumn> more = new ArrayList<>(metrics);
        more.add(column);
        return new DataTable(name, more);
    }

    /** All column names, fixed ones first. */
    public List<String> allColumns() {
        List<String> out = new ArrayList<>(FIXED_COLUMNS);
        metrics.forEach(m -> out.add(m.column()));
        return out;
    }
}
