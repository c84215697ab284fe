package io.statlens.store;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * One file's rows for one data table, written to a temporary file while the parser runs and read
 * back once by a single {@code INSERT ... SELECT}. A single statement per table lets Derby use its
 * bulk-insert path (DERBY-4789: inserting from a table function into an empty table builds the heap
 * and indexes without row-by-row logging), and spilling keeps memory flat for files of any size.
 *
 * <p>Rows carry their own value count, because a table may gain columns while the file is parsed;
 * columns are only ever appended, so value i is always table column i.
 */
public final class RowSpill implements AutoCloseable {
    private final Path file;
    private DataOutputStream out;
    private long rows;

    RowSpill() {
        try {
            file = Files.createTempFile("statlens-rows", ".bin");
            file.toFile().deleteOnExit();
            out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary file for imported rows: " + e.getMessage(), e);
        }
    }

    /**
     * Appends a row whose values are in a spec's order; {@code columnOf[i]} is the table column of
     * the spec's metric i, {@code width} the table's metric count now.
     */
    void add(long datasetId, long sample, Instant ts, double elapsed, String key, boolean sinceBoot, double[] values,
             int[] columnOf, int width) throws IOException {
        out.writeLong(datasetId);
        out.writeLong(sample);
        out.writeLong(ts.getEpochSecond());
        out.writeInt(ts.getNano());
        out.writeDouble(elapsed);
        out.writeUTF(key);
        out.writeBoolean(sinceBoot);
        out.writeShort(width);
        double[] row = new double[width];
        java.util.Arrays.fill(row, Double.NaN);
        for (int i = 0; i < values.length; i++) row[columnOf[i]] = values[i];
        for (double v : row) out.writeDouble(v);
        rows++;
    }

    public long rows() {
        return rows;
    }

    /** Finishes writing and opens the rows for reading, once. */
    Reader reader() throws IOException {
        out.close();
        out = null;
        return new Reader(new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16)));
    }

    @Override
    public void close() {
        try {
            if (out != null) out.close();
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a temporary file left behind is deleted on exit
        }
    }

    /** Sequential access to the spilled rows, for the table function. */
    public static final class Reader implements AutoCloseable {
        private final DataInputStream in;
        long datasetId;
        long sample;
        long epochSecond;
        int nano;
        double elapsed;
        String key;
        boolean sinceBoot;
        int width;
        double[] values = new double[0];

        Reader(DataInputStream in) {
            this.in = in;
        }

        /** Reads the next row; false at the end. */
        boolean next() throws IOException {
            try {
                datasetId = in.readLong();
            } catch (EOFException end) {
                return false;
            }
            sample = in.readLong();
            epochSecond = in.readLong();
            nano = in.readInt();
            elapsed = in.readDouble();
            key = in.readUTF();
            sinceBoot = in.readBoolean();
            width = in.readShort();
            if (values.length < width) values = new double[width];
            for (int i = 0; i < width; i++) values[i] = in.readDouble();
            return true;
        }

        /** Value of table metric column i (0-based); NaN when the row predates the column. */
        double value(int i) {
            return i < width ? values[i] : Double.NaN;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
