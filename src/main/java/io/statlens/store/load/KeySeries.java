package io.statlens.store.load;

import io.statlens.store.read.SeriesSummary;

import java.util.Arrays;

/**
 * The summaries of one key's series (one per table metric column), fed a row at a time. A row's values are
 * staged by rows, {@link #ROWS} at a time, then handed to the summaries column by column: each summary then takes
 * a run of values in a row instead of one value per row in turn with twenty others, whose staging arrays (8 KB
 * each, 1,400 of them for 64 iostat devices) do not all stay in the processor's cache. Each summary receives the
 * same values in the same order as row by row, so the statistics are the same.
 */
final class KeySeries {
    /** Rows staged before they are handed to the summaries. */
    static final int ROWS = 64;

    private SeriesSummary[] columns;
    /** Staged rows, {@code width} cells each by table column; NaN where a row has no value. */
    private double[] staged;
    private int rows;

    KeySeries(int width) {
        columns = new SeriesSummary[width];
        staged = new double[ROWS * width];
    }

    /**
     * Adds a row: {@code values[i]} belongs to table column {@code columnOf[i]}; NaN (not printed) is no value.
     *
     * @param width    the table's current width (it grows when the table gains columns)
     * @param distinct whether {@code columnOf} names every column at most once (else the row is added at once)
     */
    void add(double[] values, int[] columnOf, int width, boolean distinct) {
        if (columns.length < width) {
            drain();
            columns = Arrays.copyOf(columns, width);
            staged = new double[ROWS * width];
        }
        if (!distinct) {
            drain();
            for (int i = 0; i < values.length; i++) {
                if (!Double.isNaN(values[i])) summary(columnOf[i]).add(values[i]);
            }
            return;
        }
        if (rows == ROWS) drain();
        int w = columns.length;
        int base = rows * w;
        Arrays.fill(staged, base, base + w, Double.NaN);
        for (int i = 0; i < values.length; i++) staged[base + columnOf[i]] = values[i];
        rows++;
    }

    /** The summaries by table column (null where a column had no value), every staged row included. */
    SeriesSummary[] summaries() {
        drain();
        return columns;
    }

    private void drain() {
        int w = columns.length;
        for (int col = 0; col < w; col++) {
            SeriesSummary s = columns[col];
            for (int r = 0, at = col; r < rows; r++, at += w) {
                double v = staged[at];
                if (Double.isNaN(v)) continue;
                if (s == null) s = columns[col] = new SeriesSummary();
                s.add(v);
            }
        }
        rows = 0;
    }

    private SeriesSummary summary(int column) {
        SeriesSummary s = columns[column];
        return s != null ? s : (columns[column] = new SeriesSummary());
    }
}
