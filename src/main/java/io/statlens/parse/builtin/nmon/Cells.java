package io.statlens.parse.builtin.nmon;

import java.util.Arrays;

/**
 * The comma-separated cells of one nmon line as offsets into the line, found without a String per cell: a day of
 * 64 CPUs and 50 disks is millions of cells. Reused from line to line.
 */
final class Cells {
    private String line = "";
    private int[] starts = new int[64];
    private int[] ends = new int[64];
    private int count;

    /** Splits a line at every comma (nmon's data lines quote nothing). */
    Cells split(String text) {
        line = text;
        count = 0;
        int start = 0;
        int n = text.length();
        for (int i = 0; i <= n; i++) {
            if (i == n || text.charAt(i) == ',') {
                if (count == starts.length) {
                    starts = Arrays.copyOf(starts, count * 2);
                    ends = Arrays.copyOf(ends, count * 2);
                }
                starts[count] = start;
                ends[count] = i;
                count++;
                start = i + 1;
            }
        }
        return this;
    }

    int count() {
        return count;
    }

    String line() {
        return line;
    }

    int start(int cell) {
        return starts[cell];
    }

    int end(int cell) {
        return ends[cell];
    }

    String text(int cell) {
        return line.substring(starts[cell], ends[cell]);
    }

    /** The line from this cell's start to its end: a last column that may itself hold commas (a command line). */
    String rest(int cell) {
        return line.substring(starts[cell]);
    }

    boolean isEmpty(int cell) {
        return starts[cell] == ends[cell];
    }

    /** Whether the cell is {@code T} and digits: a snapshot number. */
    boolean isSnapshot(int cell) {
        int s = starts[cell];
        int e = ends[cell];
        if (e - s < 2 || e - s > 10 || line.charAt(s) != 'T') return false;
        for (int i = s + 1; i < e; i++) {
            char c = line.charAt(i);
            if (c < '0' || c > '9') return false;
        }
        return true;
    }

    /** The number of a snapshot cell ({@code T0042} → 42); only after {@link #isSnapshot}. */
    long snapshot(int cell) {
        long n = 0;
        for (int i = starts[cell] + 1; i < ends[cell]; i++) n = n * 10 + (line.charAt(i) - '0');
        return n;
    }
}
