package io.statlens.store.load;

import io.statlens.store.schema.DataTable;

import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;

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

    static void load(Connection c, DataTable table, RowSpill spill) throws SQLException, IOException {
        if (spill.rows() == 0) return;
        int metrics = table.metrics().size();
        String sql = "COPY " + table.name() + " (" + String.join(", ", table.allColumns()) + ") FROM STDIN (FORMAT binary)";
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
