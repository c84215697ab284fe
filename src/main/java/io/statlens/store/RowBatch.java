package io.statlens.store;

import java.time.Instant;
import java.util.Arrays;

/**
 * Rows waiting to be written to one data table, held column by column so that a large import
 * needs memory for one batch only.
 */
public final class RowBatch {
    private final int capacity;
    private final int columns;
    final int[] dataset;
    final long[] sample;
    final long[] epochSecond;
    final int[] nano;
    final double[] elapsed;
    final String[] item;
    final boolean[] sinceBoot;
    final double[][] values;
    private int size;

    public RowBatch(int capacity, int columns) {
        this.capacity = capacity;
        this.columns = columns;
        dataset = new int[capacity];
        sample = new long[capacity];
        epochSecond = new long[capacity];
        nano = new int[capacity];
        elapsed = new double[capacity];
        item = new String[capacity];
        sinceBoot = new boolean[capacity];
        values = new double[columns][capacity];
    }

    /**
     * Adds a row whose values are in a spec's order; {@code columnOf[i]} is the table column of the
     * spec's metric i. Table columns the spec does not have stay NULL (NaN).
     */
    public void add(int datasetId, long sampleNo, Instant ts, double elapsedSeconds, String key, boolean boot,
                    double[] rowValues, int[] columnOf) {
        int r = size++;
        dataset[r] = datasetId;
        sample[r] = sampleNo;
        epochSecond[r] = ts.getEpochSecond();
        nano[r] = ts.getNano();
        elapsed[r] = elapsedSeconds;
        item[r] = key;
        sinceBoot[r] = boot;
        for (int c = 0; c < columns; c++) values[c][r] = Double.NaN;
        for (int i = 0; i < rowValues.length; i++) values[columnOf[i]][r] = rowValues[i];
    }

    public boolean isFull() {
        return size == capacity;
    }

    public int size() {
        return size;
    }

    public int columns() {
        return columns;
    }

    public void clear() {
        size = 0;
        Arrays.fill(item, null);
    }
}
