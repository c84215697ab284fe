package io.statlens.store.load;

import io.statlens.store.DataTable;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;

/**
 * The portable way to append spilled rows: JDBC batches of plain INSERTs. Used where the table
 * function cannot reach the spill file, i.e. when the database runs in another process (a Derby
 * network server), and by any future engine without a faster path.
 */
final class BatchInsertLoader {
    private static final int BATCH = 1000;

    private BatchInsertLoader() {
    }

    static void load(Connection c, DataTable table, RowSpill spill) throws SQLException, IOException {
        if (spill.rows() == 0) return;
        int metrics = table.metrics().size();
        String sql = "INSERT INTO " + table.name() + " (" + String.join(", ", table.allColumns()) + ") VALUES ("
                + "?, ".repeat(DataTable.FIXED_COLUMNS.size() + metrics - 1) + "?)";
        try (RowSpill.Reader rows = spill.reader(); PreparedStatement ps = c.prepareStatement(sql)) {
            int pending = 0;
            while (rows.next()) {
                ps.setLong(1, rows.datasetId);
                ps.setLong(2, rows.sample);
                Timestamp ts = new Timestamp(rows.epochSecond * 1000);
                ts.setNanos(rows.nano);
                ps.setTimestamp(3, ts);
                ps.setDouble(4, rows.elapsed);
                ps.setString(5, rows.key);
                ps.setBoolean(6, rows.sinceBoot);
                for (int i = 0; i < metrics; i++) {
                    double v = rows.value(i);
                    if (Double.isNaN(v)) ps.setNull(7 + i, Types.DOUBLE);
                    else ps.setDouble(7 + i, v);
                }
                ps.addBatch();
                if (++pending == BATCH) {
                    ps.executeBatch();
                    pending = 0;
                }
            }
            if (pending > 0) ps.executeBatch();
        }
    }
}
