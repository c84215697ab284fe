package io.statlens.store;

import org.apache.derby.vti.VTITemplate;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Derby's fast path for appending rows: a table function that hands Derby a {@link RowBatch} as a
 * result set, consumed by one {@code INSERT INTO t SELECT * FROM TABLE(feed(?))}. Derby then runs
 * one statement per batch instead of one per row, which is what makes imports at least as fast
 * as {@code SYSCS_UTIL.SYSCS_IMPORT_TABLE} (see the {@code bench} command).
 *
 * <p>Each table gets its own function, named after the table and its column count, because a
 * Derby table function declares its columns; a table that gains columns gets a new function.
 */
public final class DerbyRowFeed extends VTITemplate {
    private static final Map<Integer, RowBatch> PENDING = new ConcurrentHashMap<>();
    private static final AtomicInteger HANDLES = new AtomicInteger();

    private final RowBatch batch;
    private final int fixed = DataTable.FIXED_COLUMNS.size();
    private int row = -1;
    private boolean wasNull;

    private DerbyRowFeed(RowBatch batch) {
        this.batch = batch;
    }

    /** Called by Derby through the table function; public for that reason only. */
    public static ResultSet feed(int handle) {
        RowBatch batch = PENDING.get(handle);
        if (batch == null) throw new IllegalStateException("no pending row batch " + handle);
        return new DerbyRowFeed(batch);
    }

    static BulkLoader loader(Connection c, DataTable table) throws SQLException {
        String function = "SL_FEED_" + table.name() + "_" + table.metrics().size();
        if (function.length() > 128) function = "SL_FEED_" + Integer.toHexString(table.name().hashCode()) + "_" + table.metrics().size();
        ensureFunction(c, function, table);
        String sql = "INSERT INTO " + table.name() + " (" + String.join(", ", table.allColumns()) + ") SELECT * FROM TABLE("
                + function + "(?)) AS F";
        PreparedStatement insert = c.prepareStatement(sql);
        return new BulkLoader() {
            @Override
            public void load(RowBatch batch) throws SQLException {
                if (batch.size() == 0) return;
                int handle = HANDLES.incrementAndGet();
                PENDING.put(handle, batch);
                try {
                    insert.setInt(1, handle);
                    insert.executeUpdate();
                } finally {
                    PENDING.remove(handle);
                }
            }

            @Override
            public void close() throws SQLException {
                insert.close();
            }
        };
    }

    private static void ensureFunction(Connection c, String function, DataTable table) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM SYS.SYSALIASES WHERE ALIAS = ?")) {
            ps.setString(1, function);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) return;
            }
        }
        StringBuilder sql = new StringBuilder("CREATE FUNCTION ").append(function).append(" (H INT) RETURNS TABLE (")
                .append("DATASET_ID BIGINT, SAMPLE BIGINT, TS TIMESTAMP, ELAPSED_S DOUBLE, ITEM VARCHAR(")
                .append(DataTable.ITEM_LENGTH).append("), SINCE_BOOT BOOLEAN");
        for (DataTable.MetricColumn m : table.metrics()) sql.append(", ").append(m.column()).append(" DOUBLE");
        sql.append(") LANGUAGE JAVA PARAMETER STYLE DERBY_JDBC_RESULT_SET READS SQL DATA EXTERNAL NAME '")
                .append(DerbyRowFeed.class.getName()).append(".feed'");
        DerbyDialect.execute(c, sql.toString());
    }

    @Override
    public boolean next() {
        return ++row < batch.size();
    }

    @Override
    public void close() {
        row = batch.size();
    }

    @Override
    public boolean wasNull() {
        return wasNull;
    }

    @Override
    public long getLong(int column) {
        wasNull = false;
        return switch (column) {
            case 1 -> batch.dataset[row];
            case 2 -> batch.sample[row];
            default -> throw new IllegalArgumentException("column " + column + " is not an integer");
        };
    }

    @Override
    public int getInt(int column) {
        return (int) getLong(column);
    }

    @Override
    public Timestamp getTimestamp(int column) {
        wasNull = false;
        // The repository keeps UTC wall-clock time; the JVM runs with a UTC default zone (see Repository).
        return Timestamp.valueOf(LocalDateTime.ofEpochSecond(batch.epochSecond[row], batch.nano[row], ZoneOffset.UTC));
    }

    @Override
    public String getString(int column) {
        wasNull = false;
        return batch.item[row];
    }

    @Override
    public boolean getBoolean(int column) {
        wasNull = false;
        return batch.sinceBoot[row];
    }

    @Override
    public double getDouble(int column) {
        double v = column == 4 ? batch.elapsed[row] : batch.values[column - fixed - 1][row];
        wasNull = Double.isNaN(v);
        return wasNull ? 0 : v;
    }
}
