package io.statlens.store.stats;


import java.util.Arrays;

/**
 * The summaries of one key's series (one per table metric column), fed a row at a time. A row's values are
 * staged by rows, {@link #ROWS} at a time, then handed to the summaries column by column: each summary then takes
 * a run of values in a row instead of one value per row in turn with twenty others, whose staging arrays (8 KB
 * each, 1,400 of them for 64 iostat devices) do not all stay in the processor's cache. Each summary receives the
 * same values in the same order as row by row, so the statistics are the same.
 */
public final class KeySeries {
    /** Rows staged before they are handed to the summaries. */
    public static final int ROWS = 64;

    private SeriesSummary[] columns;
    /** Columns that have had a value, staged or not. */
    private boolean[] valued;
    /** Staged rows, {@code width} cells each by table column; NaN where a row has no value. */
    private double[] staged;
    private int rows;

    public KeySeries(int width) {
        columns = new SeriesSummary[width];
        valued = new boolean[width];
        staged = new double[ROWS * width];
    }

    /**
     * Adds a row: {@code values[i]} belongs to table column {@code columnOf[i]}; NaN (not printed) is no value.
     *
     * @param width    the table's current width (it grows when the table gains columns)
     * @param distinct whether {@code columnOf} names every column at most once (else the row is added at once)
     * @return whether a column had its first value: the key's statistics have a series more
     */
    public boolean add(double[] values, int[] columnOf, int width, boolean distinct) {
        if (columns.length < width) {
            drain();
            columns = Arrays.copyOf(columns, width);
            valued = Arrays.copyOf(valued, width);
            staged = new double[ROWS * width];
        }
        boolean first = false;
        for (int i = 0; i < values.length; i++) {
            if (!valued[columnOf[i]] && Double.isFinite(values[i])) first = valued[columnOf[i]] = true;
        }
        if (!distinct) {
            drain();
            for (int i = 0; i < values.length; i++) {
                if (!Double.isNaN(values[i])) summary(columnOf[i]).add(values[i]);
            }
            return first;
        }
        if (rows == ROWS) drain();
        int w = columns.length;
        int base = rows * w;
        Arrays.fill(staged, base, base + w, Double.NaN);
        for (int i = 0; i < values.length; i++) staged[base + columnOf[i]] = values[i];
        rows++;
        return first;
    }

    /** The summaries by table column (null where a column had no value), every staged row included. */
    public SeriesSummary[] summaries() {
        drain();
        return columns;
    }

    /**
     * Copies of the summaries as they are now ({@link SeriesSummary#copy}), for statistics of a series that goes on:
     * the summaries themselves stay as an import's would be.
     */
    public SeriesSummary[] snapshot() {
        drain();
        SeriesSummary[] out = new SeriesSummary[columns.length];
        for (int i = 0; i < out.length; i++) out[i] = columns[i] == null ? null : columns[i].copy();
        return out;
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
