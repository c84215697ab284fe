package io.statlens.store.load;

import io.statlens.model.ElapsedSeconds;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One file's rows for one data table, written to a temporary file while the parser runs and read
 * back once by a single {@code INSERT ... SELECT}. A single statement per table lets Derby use its
 * bulk-insert path (DERBY-4789: inserting from a table function into an empty table builds the heap
 * and indexes without row-by-row logging), and spilling keeps memory flat for files of any size.
 *
 * <p>Rows carry their own value count, because a table may gain columns while the file is parsed;
 * columns are only ever appended, so value i is always table column i. Keys (CPU ids, devices) repeat
 * on every report, so they are stored once and referenced by number.
 */
public final class RowSpill implements AutoCloseable {
    private static final int BUFFER = 1 << 20;
    private final Path file;
    private final FileChannel channel;
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(BUFFER);
    private final Map<String, Integer> keyIds = new HashMap<>();
    private final List<String> keys = new ArrayList<>();
    private long rows;
    /** Data set ids given to rows spilled before their data set's row was written again (a live import's retry). */
    private final Map<Long, Long> renumbered = new HashMap<>();
    /** The data set ids of the rows spilled since the last reset, as spilled (before renumbering). */
    private final Set<Long> spilledIds = new LinkedHashSet<>();
    /** The last row's data set id: rows come in runs of one data set, so the set is looked up once per run. */
    private long lastId = Long.MIN_VALUE;
    /** Added to every row's time and elapsed seconds as the rows are read back (derived times placed late). */
    private long shiftSeconds;
    /**
     * The shift's nanoseconds past {@link #shiftSeconds}, 0 to 999,999,999: kept as a Duration keeps them, since a shift
     * of centuries (a derived time placed late can be one) overflows a count of nanoseconds.
     */
    private int shiftNano;
    private double elapsedOffset;

    RowSpill() {
        try {
            file = Files.createTempFile("statlens-rows", ".bin");
            file.toFile().deleteOnExit();
            channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
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
        int size = 8 + 8 + 8 + 4 + 8 + 4 + 1 + 2 + 8 * width;
        if (buffer.remaining() < size) drain();
        Integer keyId = keyIds.get(key);
        if (keyId == null) {
            keyId = keys.size();
            keys.add(key);
            keyIds.put(key, keyId);
        }
        if (datasetId != lastId) {
            spilledIds.add(datasetId);
            lastId = datasetId;
        }
        buffer.putLong(datasetId).putLong(sample).putLong(ts.getEpochSecond()).putInt(ts.getNano()).putDouble(elapsed)
                .putInt(keyId).put((byte) (sinceBoot ? 1 : 0)).putShort((short) width);
        int start = buffer.position();
        for (int i = 0; i < width; i++) buffer.putDouble(start + 8 * i, Double.NaN);
        for (int i = 0; i < values.length; i++) buffer.putDouble(start + 8 * columnOf[i], values[i]);
        buffer.position(start + 8 * width);
        rows++;
    }

    /**
     * Empties the spill for the next rows (a live import's next commit): its file, buffer and keys are kept, where a
     * new spill per commit would create a file and a direct buffer every second.
     */
    void reset() {
        try {
            channel.truncate(0);
            channel.position(0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot empty the temporary file of imported rows: " + e.getMessage(), e);
        }
        buffer.clear();
        rows = 0;
        renumbered.clear();
        spilledIds.clear();
        lastId = Long.MIN_VALUE;
    }

    private void drain() throws IOException {
        buffer.flip();
        while (buffer.hasRemaining()) channel.write(buffer);
        buffer.clear();
    }

    public long rows() {
        return rows;
    }

    /** How many distinct keys the rows have (their {@link Reader#keyId}s are below it). */
    int keyCount() {
        return keys.size();
    }

    /** The data set ids the rows will be read back with, in the order they were first spilled. */
    Set<Long> datasetIds() {
        Set<Long> out = new LinkedHashSet<>();
        for (long id : spilledIds) out.add(renumbered.getOrDefault(id, id));
        return out;
    }

    /**
     * Moves every row by {@code shift} when it is read back, and adds {@code elapsedOffset} to its elapsed seconds:
     * for derived times written provisionally and placed once the whole file was read.
     */
    void shift(java.time.Duration shift, double elapsedOffset) {
        this.shiftSeconds = shift.getSeconds();
        this.shiftNano = shift.getNano();
        this.elapsedOffset = elapsedOffset;
    }

    /** Rows spilled with data set id {@code from} are read back with {@code to}. */
    void renumber(long from, long to) {
        if (from == to || rows == 0) return;
        renumbered.replaceAll((spilled, now) -> now == from ? to : now);
        renumbered.put(from, to);
    }

    /** Finishes writing and opens the rows for reading; closing the reader lets rows be added again. */
    Reader reader() throws IOException {
        drain();
        channel.position(0);
        buffer.flip();
        return new Reader();
    }

    @Override
    public void close() {
        try {
            channel.close();
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a temporary file left behind is deleted on exit
        }
    }

    /** Sequential access to the spilled rows, for the table function. */
    public final class Reader implements AutoCloseable {
        long datasetId;
        long sample;
        long epochSecond;
        int nano;
        double elapsed;
        String key;
        /** The key's number in this spill (0, 1, ...: in the order keys were first spilled). */
        int keyId;
        boolean sinceBoot;
        int width;
        double[] values = new double[0];

        /** Reads the next row; false at the end. */
        boolean next() throws IOException {
            if (buffer.remaining() < 43 && !refill(43)) return false;
            datasetId = buffer.getLong();
            if (!renumbered.isEmpty()) datasetId = renumbered.getOrDefault(datasetId, datasetId);
            sample = buffer.getLong();
            epochSecond = buffer.getLong();
            nano = buffer.getInt();
            elapsed = ElapsedSeconds.plus(buffer.getDouble(), elapsedOffset);
            if (shiftSeconds != 0 || shiftNano != 0) {
                int total = nano + shiftNano;
                epochSecond += shiftSeconds + total / 1_000_000_000;
                nano = total % 1_000_000_000;
            }
            keyId = buffer.getInt();
            key = keys.get(keyId);
            sinceBoot = buffer.get() == 1;
            width = buffer.getShort();
            if (buffer.remaining() < 8 * width && !refill(8 * width)) throw new IOException("temporary row file is truncated");
            if (values.length < width) values = new double[width];
            for (int i = 0; i < width; i++) values[i] = buffer.getDouble();
            return true;
        }

        private boolean refill(int needed) throws IOException {
            buffer.compact();
            while (buffer.position() < needed) {
                if (channel.read(buffer) < 0) break;
            }
            buffer.flip();
            return buffer.remaining() >= needed;
        }

        /** Value of table metric column i (0-based); NaN when the row predates the column. */
        double value(int i) {
            return i < width ? values[i] : Double.NaN;
        }

        /** Back to appending at the end: a live import whose commit failed loads these rows again with the next ones. */
        @Override
        public void close() throws IOException {
            // the spill owns the file; RowSpill.close() deletes it
            buffer.clear();
            channel.position(channel.size());
        }
    }
}
