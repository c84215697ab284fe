package io.statlens.store.load;

import io.statlens.store.DataTable;
import io.statlens.store.schema.DatasetPartitions;
import io.statlens.store.Jdbc;
import io.statlens.store.StoreException;

import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * PostgreSQL's fast path for appending rows: one {@code COPY ... FROM STDIN (FORMAT binary)} per table
 * and file, fed from the {@link RowSpill} through PgJDBC's copy API. The rows travel in PostgreSQL's
 * binary row format (no text to parse on the server, doubles bit for bit), and the server appends
 * them as one stream instead of one statement per row; {@code statlens bench --db} measures it
 * against JDBC batches and psql's {@code \copy}. The rows go grouped by key, a stretch of samples at a time
 * ({@link KeyGroups}), so that a chart of a few keys reads few pages.
 */
final class PostgresCopyLoader {
    /** "PGCOPY\n\377\r\n\0", then the flags and the header extension length, both 0. */
    private static final byte[] HEADER = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xff, '\r', '\n', 0, 0, 0, 0, 0, 0, 0, 0, 0};
    /** PostgreSQL counts timestamps in microseconds from 2000-01-01 00:00:00. */
    private static final long EPOCH_2000 = 946_684_800L;
    /** The end of the rows: a field count of -1. */
    private static final byte[] TRAILER = {(byte) 0xff, (byte) 0xff};
    /** A stretch of rows grouped by key ({@link KeyGroups}) holds at most this many bytes. */
    private static final int CHUNK = 8 << 20;
    /** Bytes handed to the driver at a time. */
    private static final int SEND = 1 << 19;
    private static final int FIXED = DataTable.FIXED_COLUMNS.size();

    private PostgresCopyLoader() {
    }

    /**
     * Appends the rows to the table; to a data table partitioned by data set ({@link DatasetPartitions}), straight
     * into the data set's partition when they are one data set's, a new one's into a table attached afterwards.
     */
    static void load(Connection c, DataTable table, RowSpill spill) throws SQLException, IOException {
        if (spill.rows() == 0) return;
        try {
            loadWithPartitions(c, table, spill);
        } catch (StoreException e) {
            throw Jdbc.cause(e);
        }
    }

    private static void loadWithPartitions(Connection c, DataTable table, RowSpill spill) throws SQLException, IOException {
        if (!DatasetPartitions.isPartitioned(c, table.name())) {
            copy(c, table.name(), table, spill, false);
            return;
        }
        Set<Long> ids = spill.datasetIds();
        List<Long> attached = DatasetPartitions.attached(c, table.name());
        if (ids.size() == 1) {
            long id = ids.iterator().next();
            boolean isNew = !attached.contains(id);
            String partition = isNew ? DatasetPartitions.createDetached(c, table.name(), id) : DatasetPartitions.name(table.name(), id);
            copy(c, partition, table, spill, isNew);
            if (isNew) {
                DatasetPartitions.attach(c, table.name(), id);
                DatasetPartitions.analyze(c, table.name(), id);
            }
            return;
        }
        // several data sets' rows (a live import's commit): each needs its partition before the table routes rows to it
        for (long id : ids) {
            if (!attached.contains(id)) DatasetPartitions.create(c, table.name(), id);
        }
        copy(c, table.name(), table, spill, false);
    }

    /**
     * One COPY of the spill's rows into {@code target}, which has the table's columns, grouped by key ({@link KeyGroups}).
     *
     * @param frozen whether {@code target} was created in this transaction, so that its rows can be written frozen
     *               ({@code FREEZE}): all visible from the start, its pages marked so in the visibility map. Otherwise the
     *               first reads of each page (a report right after the import) write its hint bits, and autovacuum reads
     *               and writes every page of a new partition once more: at 100 M rows it ran for eight minutes beside the
     *               first reports, its CPU counted in theirs.
     */
    private static void copy(Connection c, String target, DataTable table, RowSpill spill, boolean frozen)
            throws SQLException, IOException {
        int metrics = table.metrics().size();
        String sql = "COPY " + target + " (" + String.join(", ", table.allColumns()) + ") FROM STDIN (FORMAT binary"
                + (frozen ? ", FREEZE)" : ")");
        CopyIn copy = c.unwrap(PGConnection.class).getCopyAPI().copyIn(sql);
        // a commit of a live import holds a few rows: its buffers are sized to them
        long estimate = spill.rows() * (2 + 4 * (FIXED + metrics) + 8 * 4 + 16 + 1 + 8L * metrics);
        KeyGroups groups = new KeyGroups((int) Math.min(CHUNK, estimate + 1024), spill.keyCount());
        try (RowSpill.Reader rows = spill.reader()) {
            copy.writeToCopy(HEADER, 0, HEADER.length);
            while (rows.next()) {
                byte[] key = rows.key.getBytes(StandardCharsets.UTF_8);
                int size = 2 + 4 * (FIXED + metrics) + 8 * 4 + key.length + 1 + 8 * metrics;
                ByteBuffer out = groups.add(copy, rows.keyId, size);
                out.putShort((short) (FIXED + metrics));
                out.putInt(8).putLong(rows.datasetId);
                out.putInt(8).putLong(rows.sample);
                out.putInt(8).putLong((rows.epochSecond - EPOCH_2000) * 1_000_000L + rows.nano / 1000);
                out.putInt(8).putDouble(rows.elapsed);
                out.putInt(key.length).put(key);
                out.putInt(1).put((byte) (rows.sinceBoot ? 1 : 0));
                for (int i = 0; i < metrics; i++) {
                    double v = rows.value(i);
                    if (Double.isNaN(v)) out.putInt(-1);
                    else out.putInt(8).putDouble(v);
                }
            }
            groups.send(copy);
            copy.writeToCopy(TRAILER, 0, TRAILER.length);
            copy.endCopy();
        } finally {
            if (copy.isActive()) copy.cancelCopy();
        }
    }

    /**
     * The rows of a stretch of samples (about 8 MiB of them: 175 seconds of 257 CPUs), sent grouped by key, each key's
     * rows in the order they came (by sample). The file prints every key of a sample side by side, so sent as they come
     * a key's rows would lie one on each page of the table, and a chart of a few keys would read nearly every page; so
     * grouped, they share pages, and the index by key ({@code DataTables.keyIndex}) finds them together. A stable
     * counting sort by key number: linear in the rows, and the memory of one stretch.
     */
    private static final class KeyGroups {
        private ByteBuffer rows;
        private byte[] grouped;
        private int[] start = new int[1024];
        private int[] keyOf = new int[1024];
        private int count;
        /** Per key number, its rows' bytes, then where its next row goes in {@link #grouped}. */
        private final int[] offsets;

        KeyGroups(int capacity, int keys) {
            rows = ByteBuffer.allocate(capacity);
            grouped = new byte[capacity];
            offsets = new int[keys + 1];
        }

        /** The buffer to write a row of {@code size} bytes of key {@code keyId} into; a full stretch is sent first. */
        ByteBuffer add(CopyIn copy, int keyId, int size) throws SQLException {
            if (rows.remaining() < size) {
                send(copy);
                if (rows.capacity() < size) {
                    rows = ByteBuffer.allocate(size);
                    grouped = new byte[size];
                }
            }
            if (count == start.length) {
                start = Arrays.copyOf(start, 2 * count);
                keyOf = Arrays.copyOf(keyOf, 2 * count);
            }
            start[count] = rows.position();
            keyOf[count++] = keyId;
            return rows;
        }

        /** Sends the rows gathered, grouped by key, and empties the stretch. */
        void send(CopyIn copy) throws SQLException {
            if (count == 0) return;
            int end = rows.position();
            Arrays.fill(offsets, 0);
            for (int i = 0; i < count; i++) offsets[keyOf[i] + 1] += (i + 1 < count ? start[i + 1] : end) - start[i];
            for (int k = 1; k < offsets.length; k++) offsets[k] += offsets[k - 1];
            byte[] from = rows.array();
            for (int i = 0; i < count; i++) {
                int length = (i + 1 < count ? start[i + 1] : end) - start[i];
                System.arraycopy(from, start[i], grouped, offsets[keyOf[i]], length);
                offsets[keyOf[i]] += length;
            }
            for (int at = 0; at < end; at += SEND) copy.writeToCopy(grouped, at, Math.min(SEND, end - at));
            rows.clear();
            count = 0;
        }
    }
}
