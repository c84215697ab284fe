package io.statlens.store.block;

import io.statlens.model.ElapsedSeconds;
import java.util.Arrays;

/**
 * Up to {@link #capacity} consecutive rows of one data set and key, as Derby keeps them in one {@code BLOCKS} row: the
 * rows' samples, times, elapsed seconds, since-boot flags and metric values, column by column, packed into bytes.
 * One Derby row per block instead of one per sample is what makes imports and reads cheaper than Derby's row store
 * (docs/bench.md): Derby's cost is per row and per column, and a block is one row with one value.
 *
 * <p>Encodings, chosen per block and column so that every value reads back bit for bit: samples and epoch seconds as
 * varint deltas; a double column as integers scaled by a power of ten when every value of the block is one
 * ({@code 12.34} as {@code 1234}), varint deltas of those, else raw 8-byte doubles; NaN (no value) kept by a bitmap.
 * Every column is preceded by its length, so a reader skips the columns it does not need.
 *
 * <p>The same object builds a block ({@link #add}, {@link #encode}) and holds one read back ({@link #decode}).
 */
public final class SampleBlock {
    /** Rows per block of a wide table: large enough that Derby's per-row cost vanishes, small enough that a chart of a
     *  few keys or a window reads little beyond what it needs. */
    public static final int CAPACITY = 512;
    /**
     * Values per block (rows times metric columns) up to which the block of a table of fewer than 16 columns takes more
     * rows than {@link #CAPACITY}: Derby's cost is per block whatever its length, and an nmon disk's one column in
     * blocks of 512 rows made a third of a day file's blocks 3 KB each (docs/bench.md, nmon).
     */
    private static final int VALUES = 16 * CAPACITY;
    /** Rows per block at most, for tables of one or two columns: what a partial block holds stays small. */
    public static final int MAX_ROWS = 8 * CAPACITY;
    private static final byte VERSION = 1;
    private static final byte ALL_MISSING = 0;
    private static final byte RAW = 1;
    private static final byte SCALED = 2;
    private static final int MAX_SCALE = 9;
    private static final double[] POW10 = new double[MAX_SCALE + 1];

    static {
        for (int i = 0; i <= MAX_SCALE; i++) POW10[i] = Math.pow(10, i);
    }

    private int n;
    private int width;
    /** Rows the arrays hold: grown as rows come, so that thousands of keys with a few rows each stay small. */
    private int room;
    private long[] sample = new long[0];
    private long[] second = new long[0];
    private int[] nano = new int[0];
    private double[] elapsed = new double[0];
    private boolean[] sinceBoot = new boolean[0];
    private boolean[] absent = new boolean[0];
    private double[][] values = new double[0][];
    /** A column's values scaled to integers while it is encoded ({@link #scaled}). */
    private long[] integers = new long[0];

    private void ensureRoom(int rows) {
        if (rows <= room) return;
        int r = Math.min(MAX_ROWS, Math.max(rows, Math.max(16, room * 2)));
        sample = Arrays.copyOf(sample, r);
        second = Arrays.copyOf(second, r);
        nano = Arrays.copyOf(nano, r);
        elapsed = Arrays.copyOf(elapsed, r);
        sinceBoot = Arrays.copyOf(sinceBoot, r);
        absent = Arrays.copyOf(absent, r);
        for (int c = 0; c < values.length; c++) if (values[c] != null) values[c] = Arrays.copyOf(values[c], r);
        room = r;
    }

    public int size() {
        return n;
    }

    public boolean full() {
        return n >= capacity(width);
    }

    /** The rows a block of {@code width} metric columns holds: {@link #CAPACITY}, more for a narrow table. */
    public static int capacity(int width) {
        return Math.clamp(VALUES / Math.max(1, width), CAPACITY, MAX_ROWS);
    }

    /** Metric columns the block holds; columns of its table added later read as missing. */
    public int width() {
        return width;
    }

    public long sample(int row) {
        return sample[row];
    }

    public long epochSecond(int row) {
        return second[row];
    }

    public int nano(int row) {
        return nano[row];
    }

    public double elapsed(int row) {
        return elapsed[row];
    }

    public boolean sinceBoot(int row) {
        return sinceBoot[row];
    }

    /** Value of metric column {@code column} (table order) in row {@code row}; NaN when missing or not decoded. */
    public double value(int column, int row) {
        // Columns beyond this block's width may hold a wider block's values, of the block read before into this object.
        double[] v = column < width ? values[column] : null;
        return v == null ? Double.NaN : v[row];
    }

    /** Empties the block for the next rows of a chain. */
    public void clear() {
        n = 0;
        width = 0;
    }

    /**
     * Appends a row; {@code columnOf[i]} is the table column of {@code rowValues[i]}, {@code rowWidth} the table's
     * metric count when the row was written (a block's width is its widest row's).
     */
    public void add(long rowSample, long epochSecond, int nanos, double rowElapsed, boolean rowSinceBoot, double[] rowValues,
                    int rowWidth) {
        if (full()) throw new IllegalStateException("block is full");
        ensureRoom(n + 1);
        if (rowWidth > width) grow(rowWidth);
        sample[n] = rowSample;
        second[n] = epochSecond;
        nano[n] = nanos;
        elapsed[n] = rowElapsed;
        sinceBoot[n] = rowSinceBoot;
        for (int c = 0; c < width; c++) values[c][n] = c < rowWidth ? rowValues[c] : Double.NaN;
        n++;
    }

    private void grow(int newWidth) {
        if (values.length < newWidth) values = Arrays.copyOf(values, newWidth);
        for (int c = width; c < newWidth; c++) {
            if (values[c] == null || values[c].length < room) values[c] = new double[room];
            Arrays.fill(values[c], 0, n, Double.NaN);
        }
        width = newWidth;
    }

    /**
     * Takes the metric columns marked {@code gone} (by table position) out of a block decoded whole, the later columns
     * moving up: their table's columns were dropped (no data set uses them), and a column's values are found by its
     * position.
     */
    public void dropColumns(boolean[] gone) {
        int kept = 0;
        for (int c = 0; c < width; c++) {
            if (c < gone.length && gone[c]) continue;
            double[] moved = values[c];
            values[c] = values[kept];
            values[kept++] = moved;
        }
        width = kept;
    }

    /** Adds {@code seconds} to every row's elapsed seconds (the run's start moved earlier). */
    public void shiftElapsed(double seconds) {
        for (int i = 0; i < n; i++) elapsed[i] = ElapsedSeconds.plus(elapsed[i], seconds);
    }

    /** The block as stored. */
    public byte[] encode() {
        Bytes out = new Bytes(64 + n * (4 + 3 * width));
        out.put(VERSION);
        out.varint(n);
        out.varint(width);
        long previous = 0;
        for (int i = 0; i < n; i++) {
            out.varint(zigzag(sample[i] - previous));
            previous = sample[i];
        }
        previous = 0;
        for (int i = 0; i < n; i++) {
            out.varint(zigzag(second[i] - previous));
            previous = second[i];
        }
        for (int i = 0; i < n; i++) out.varint(nano[i]);
        bitmap(out, sinceBoot);
        column(out, elapsed);
        for (int c = 0; c < width; c++) column(out, values[c]);
        return out.toArray();
    }

    private void bitmap(Bytes out, boolean[] flags) {
        boolean any = false;
        for (int i = 0; i < n && !any; i++) any = flags[i];
        out.put((byte) (any ? 1 : 0));
        if (!any) return;
        for (int i = 0; i < n; i += 8) {
            int b = 0;
            for (int j = 0; j < 8 && i + j < n; j++) if (flags[i + j]) b |= 1 << j;
            out.put((byte) b);
        }
    }

    /** One double column: length, encoding, missing bitmap, values. */
    private void column(Bytes out, double[] v) {
        if (integers.length < n) integers = new long[room];
        // the smallest power of ten, for each value in turn at least the last one's, that makes it an integer; the
        // integers are kept, so that only the values before the last rise of the scale are scaled again
        int scale = 0;
        int since = 0;
        boolean present = false;
        for (int i = 0; i < n; i++) {
            double d = v[i];
            if (Double.isNaN(d)) continue;
            present = true;
            if (scale < 0) continue;
            long l = integerAt(d, scale);
            if (l == INEXACT) {
                while (l == INEXACT && ++scale <= MAX_SCALE) l = integerAt(d, scale);
                if (l == INEXACT) {
                    scale = -1;
                    continue;
                }
                since = i;
            }
            integers[i] = l;
        }
        Bytes body = new Bytes(n * 3 + 8);
        if (!present) {
            body.put(ALL_MISSING);
        } else {
            if (scale >= 0 && !scaled(v, scale, since)) scale = -1;
            body.put(scale >= 0 ? SCALED : RAW);
            for (int i = 0; i < n; i++) absent[i] = Double.isNaN(v[i]);
            bitmap(body, absent);
            if (scale >= 0) {
                body.put((byte) scale);
                long previous = 0;
                for (int i = 0; i < n; i++) {
                    if (absent[i]) continue;
                    long l = integers[i];
                    body.varint(zigzag(l - previous));
                    previous = l;
                }
            } else {
                for (int i = 0; i < n; i++) if (!absent[i]) body.putLong(Double.doubleToRawLongBits(v[i]));
            }
        }
        out.varint(body.size());
        out.put(body);
    }

    /** {@link #integerAt}'s answer for a value that no integer at that scale reads back as. */
    private static final long INEXACT = Long.MIN_VALUE;

    /**
     * Whether the values before {@code since} also read back bit for bit at this scale (those from {@code since} on
     * were found to at it); their scaled integers are left in {@link #integers} for the encoding.
     */
    private boolean scaled(double[] v, int scale, int since) {
        for (int i = 0; i < since; i++) {
            double d = v[i];
            if (Double.isNaN(d)) continue;
            long l = integerAt(d, scale);
            if (l == INEXACT) return false;
            integers[i] = l;
        }
        return true;
    }

    /** {@code round(v * 10^s)} when {@code v} reads back from it bit for bit ({@code l / 10^s}), else {@link #INEXACT}. */
    private static long integerAt(double v, int s) {
        double x = v * POW10[s];
        if (!(Math.abs(x) < 0x1p52)) return INEXACT;
        long l = Math.round(x);
        return Double.doubleToRawLongBits(l / POW10[s]) == Double.doubleToRawLongBits(v) ? l : INEXACT;
    }

    /**
     * Reads a stored block, decoding only the metric columns asked for (null: all) and the elapsed seconds when
     * asked; the others read as missing.
     */
    public void decode(byte[] data, boolean elapsedWanted, boolean[] wanted) {
        In in = new In(data);
        if (in.get() != VERSION) throw new IllegalStateException("block of an unknown format " + data[0]);
        n = (int) in.varint();
        width = (int) in.varint();
        ensureRoom(n);
        long previous = 0;
        for (int i = 0; i < n; i++) sample[i] = previous += unzigzag(in.varint());
        previous = 0;
        for (int i = 0; i < n; i++) second[i] = previous += unzigzag(in.varint());
        for (int i = 0; i < n; i++) nano[i] = (int) in.varint();
        readBitmap(in, sinceBoot);
        if (elapsedWanted) readColumn(in, elapsed);
        else in.skip((int) in.varint());
        if (values.length < width) values = Arrays.copyOf(values, width);
        for (int c = 0; c < width; c++) {
            if (wanted == null || (c < wanted.length && wanted[c])) {
                if (values[c] == null || values[c].length < room) values[c] = new double[room];
                readColumn(in, values[c]);
            } else {
                in.skip((int) in.varint());
                if (values[c] != null) Arrays.fill(values[c], 0, n, Double.NaN);
            }
        }
    }

    private void readBitmap(In in, boolean[] flags) {
        boolean any = in.get() != 0;
        if (!any) {
            Arrays.fill(flags, 0, n, false);
            return;
        }
        for (int i = 0; i < n; i += 8) {
            int b = in.get() & 0xff;
            for (int j = 0; j < 8 && i + j < n; j++) flags[i + j] = (b & (1 << j)) != 0;
        }
    }

    private void readColumn(In in, double[] v) {
        in.varint(); // length: only for skipping
        byte kind = in.get();
        if (kind == ALL_MISSING) {
            Arrays.fill(v, 0, n, Double.NaN);
            return;
        }
        readBitmap(in, absent);
        if (kind == SCALED) {
            double pow = POW10[in.get()];
            long previous = 0;
            for (int i = 0; i < n; i++) {
                if (absent[i]) {
                    v[i] = Double.NaN;
                    continue;
                }
                previous += unzigzag(in.varint());
                v[i] = previous / pow;
            }
        } else {
            for (int i = 0; i < n; i++) v[i] = absent[i] ? Double.NaN : Double.longBitsToDouble(in.getLong());
        }
    }

    private static long zigzag(long v) {
        return (v << 1) ^ (v >> 63);
    }

    private static long unzigzag(long v) {
        return (v >>> 1) ^ -(v & 1);
    }

    /** A growing byte array. */
    private static final class Bytes {
        private byte[] a;
        private int size;

        Bytes(int capacity) {
            a = new byte[Math.max(16, capacity)];
        }

        int size() {
            return size;
        }

        void room(int more) {
            if (size + more > a.length) a = Arrays.copyOf(a, Math.max(a.length * 2, size + more));
        }

        void put(byte b) {
            room(1);
            a[size++] = b;
        }

        void put(Bytes other) {
            room(other.size);
            System.arraycopy(other.a, 0, a, size, other.size);
            size += other.size;
        }

        void varint(long v) {
            room(10);
            while ((v & ~0x7FL) != 0) {
                a[size++] = (byte) ((v & 0x7F) | 0x80);
                v >>>= 7;
            }
            a[size++] = (byte) v;
        }

        void putLong(long v) {
            room(8);
            for (int i = 7; i >= 0; i--) a[size++] = (byte) (v >>> (8 * i));
        }

        byte[] toArray() {
            return Arrays.copyOf(a, size);
        }
    }

    /** Reading position in a stored block. */
    private static final class In {
        private final byte[] a;
        private int p;

        In(byte[] a) {
            this.a = a;
        }

        byte get() {
            return a[p++];
        }

        void skip(int bytes) {
            p += bytes;
        }

        long varint() {
            long v = 0;
            int shift = 0;
            while (true) {
                byte b = a[p++];
                v |= (long) (b & 0x7F) << shift;
                if (b >= 0) return v;
                shift += 7;
            }
        }

        long getLong() {
            long v = 0;
            for (int i = 0; i < 8; i++) v = (v << 8) | (a[p++] & 0xff);
            return v;
        }
    }
}
