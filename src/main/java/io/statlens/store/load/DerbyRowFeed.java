package io.statlens.store.load;

import io.statlens.store.schema.DataTable;

import org.apache.derby.vti.VTITemplate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Derby's fast path for appending rows: a table function that hands Derby a {@link RowSpill} as a
 * result set, consumed by one {@code INSERT INTO t SELECT * FROM TABLE(feed(?))}. Derby runs one
 * statement per table and file instead of one per row, and into an empty table it bulk-loads
 * (DERBY-4789), which is how imports keep up with {@code SYSCS_UTIL.SYSCS_IMPORT_TABLE} (see the
 * {@code bench} command).
 *
 * <p>Each table gets its own function, named after the table and its column count, because a
 * Derby table function declares its columns; a table that gains columns gets a new function.
 */
public final class DerbyRowFeed extends VTITemplate {
    private static final Map<Integer, RowSpill.Reader> PENDING = new ConcurrentHashMap<>();
    private static final AtomicInteger HANDLES = new AtomicInteger();
    private static final int FIXED = DataTable.FIXED_COLUMNS.size();

    private final RowSpill.Reader rows;
    private boolean wasNull;

    private DerbyRowFeed(RowSpill.Reader rows) {
        this.rows = rows;
    }

    /** Called by Derby through the table function; public for that reason only. */
    public static ResultSet feed(int handle) {
        RowSpill.Reader rows = PENDING.get(handle);
        if (rows == null) throw new IllegalStateException("no pending rows for handle " + handle);
        return new DerbyRowFeed(rows);
    }

    static void load(Connection c, DataTable table, RowSpill spill) throws SQLException, IOException {
        if (spill.rows() == 0) return;
        String function = "SL_FEED_" + table.name() + "_" + table.metrics().size();
        if (function.length() > 128) function = "SL_FEED_" + Integer.toHexString(table.name().hashCode()) + "_" + table.metrics().size();
        ensureFunction(c, function, table);
        String sql = "INSERT INTO " + table.name() + " (" + String.join(", ", table.allColumns()) + ") SELECT * FROM TABLE("
                + function + "(?)) AS F";
        int handle = HANDLES.incrementAndGet();
        try (RowSpill.Reader reader = spill.reader(); PreparedStatement insert = c.prepareStatement(sql)) {
            PENDING.put(handle, reader);
            insert.setInt(1, handle);
            insert.executeUpdate();
        } catch (SQLException e) {
            // Derby wraps an exception thrown by the feed; surface I/O trouble as such.
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof UncheckedIOException u) throw u.getCause();
            }
            throw e;
        } finally {
            PENDING.remove(handle);
        }
    }

    private static void ensureFunction(Connection c, String function, DataTable table) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT JAVACLASSNAME FROM SYS.SYSALIASES WHERE ALIAS = ?")) {
            ps.setString(1, function);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    if (rs.getString(1).equals(DerbyRowFeed.class.getName())) return;
                    // Declared by a statlens whose feed class lived elsewhere: point it at this one.
                    execute(c, "DROP FUNCTION " + function);
                }
            }
        }
        StringBuilder sql = new StringBuilder("CREATE FUNCTION ").append(function).append(" (H INT) RETURNS TABLE (")
                .append("DATASET_ID BIGINT, SAMPLE BIGINT, TS TIMESTAMP, ELAPSED_S DOUBLE, ITEM VARCHAR(")
                .append(DataTable.ITEM_LENGTH).append("), SINCE_BOOT BOOLEAN");
        for (DataTable.MetricColumn m : table.metrics()) sql.append(", ").append(m.column()).append(" DOUBLE");
        sql.append(") LANGUAGE JAVA PARAMETER STYLE DERBY_JDBC_RESULT_SET READS SQL DATA EXTERNAL NAME '")
                .append(DerbyRowFeed.class.getName()).append(".feed'");
        execute(c, sql.toString());
    }

    private static void execute(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    @Override
    public boolean next() {
        try {
            return rows.next();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        // the reader is closed by load()
    }

    @Override
    public boolean wasNull() {
        return wasNull;
    }

    @Override
    public long getLong(int column) {
        wasNull = false;
        return switch (column) {
            case 1 -> rows.datasetId;
            case 2 -> rows.sample;
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
        // The repository keeps UTC wall-clock time and the JVM's default zone is UTC (see Repository),
        // so epoch milliseconds give the right wall clock without calendar arithmetic.
        Timestamp ts = new Timestamp(rows.epochSecond * 1000);
        ts.setNanos(rows.nano);
        return ts;
    }

    @Override
    public String getString(int column) {
        wasNull = false;
        return rows.key;
    }

    @Override
    public boolean getBoolean(int column) {
        wasNull = false;
        return rows.sinceBoot;
    }

    @Override
    public double getDouble(int column) {
        double v = column == 4 ? rows.elapsed : rows.value(column - FIXED - 1);
        wasNull = Double.isNaN(v);
        return wasNull ? 0 : v;
    }
}
