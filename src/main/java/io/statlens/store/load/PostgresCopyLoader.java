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
import java.util.List;
import java.util.Set;

/**
 * PostgreSQL's fast path for appending rows: one {@code COPY ... FROM STDIN (FORMAT binary)} per table
 * and file, fed from the {@link RowSpill} through PgJDBC's copy API. The rows travel in PostgreSQL's
 * binary row format (no text to parse on the server, doubles bit for bit), and the server appends
 * them as one stream instead of one statement per row; {@code statlens bench --db} measures it
 * against JDBC batches.
 */
final class PostgresCopyLoader {
    /** "PGCOPY\n\377\r\n\0", then the flags and the header extension length, both 0. */
    private static final byte[] HEADER = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xff, '\r', '\n', 0, 0, 0, 0, 0, 0, 0, 0, 0};
    /** PostgreSQL counts timestamps in microseconds from 2000-01-01 00:00:00. */
    private static final long EPOCH_2000 = 946_684_800L;
    private static final int FLUSH_AT = 1 << 19;
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
            copy(c, table.name(), table, spill);
            return;
        }
        Set<Long> ids = spill.datasetIds();
        List<Long> attached = DatasetPartitions.attached(c, table.name());
        if (ids.size() == 1) {
            long id = ids.iterator().next();
            boolean isNew = !attached.contains(id);
            String partition = isNew ? DatasetPartitions.createDetached(c, table.name(), id) : DatasetPartitions.name(table.name(), id);
            copy(c, partition, table, spill);
            if (isNew) DatasetPartitions.attach(c, table.name(), id);
            return;
        }
        // several data sets' rows (a live import's commit): each needs its partition before the table routes rows to it
        for (long id : ids) {
            if (!attached.contains(id)) DatasetPartitions.create(c, table.name(), id);
        }
        copy(c, table.name(), table, spill);
    }

    /** One COPY of the spill's rows into {@code target}, which has the table's columns. */
    private static void copy(Connection c, String target, DataTable table, RowSpill spill) throws SQLException, IOException {
        int metrics = table.metrics().size();
        String sql = "COPY " + target + " (" + String.join(", ", table.allColumns()) + ") FROM STDIN (FORMAT binary)";
        CopyIn copy = c.unwrap(PGConnection.class).getCopyAPI().copyIn(sql);
        ByteBuffer out = ByteBuffer.allocate(FLUSH_AT + 64 * 1024);
        try (RowSpill.Reader rows = spill.reader()) {
            out.put(HEADER);
            while (rows.next()) {
                byte[] key = rows.key.getBytes(StandardCharsets.UTF_8);
                int size = 2 + 4 * (FIXED + metrics) + 8 * 4 + key.length + 1 + 8 * metrics;
                if (out.remaining() < size) {
                    flush(copy, out);
                    if (out.capacity() < size) out = ByteBuffer.allocate(size + FLUSH_AT);
                }
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
                if (out.position() >= FLUSH_AT) flush(copy, out);
            }
            if (out.remaining() < 2) flush(copy, out);
            out.putShort((short) -1);
            flush(copy, out);
            copy.endCopy();
        } finally {
            if (copy.isActive()) copy.cancelCopy();
        }
    }

    private static void flush(CopyIn copy, ByteBuffer out) throws SQLException {
        copy.writeToCopy(out.array(), 0, out.position());
        out.clear();
    }
}
