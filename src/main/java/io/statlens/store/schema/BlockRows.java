package io.statlens.store.schema;

import io.statlens.store.DataTable;
import io.statlens.store.Jdbc;
import io.statlens.store.block.BlockStore;
import io.statlens.store.block.SampleBlock;

import org.apache.derby.vti.RestrictedVTI;
import org.apache.derby.vti.Restriction;
import org.apache.derby.vti.VTICosting;
import org.apache.derby.vti.VTIEnvironment;
import org.apache.derby.vti.VTITemplate;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows of a data table's blocks as Derby's table function {@code SL_ROWS_<width>(table)}, behind the view named after
 * the table ({@link BlockViews}). Derby tells it which columns the query uses and the query's simple conditions
 * ({@link RestrictedVTI}): conditions on {@code DATASET_ID}, {@code ITEM}, {@code TS} and {@code SAMPLE} choose the
 * blocks read, and only the metric columns used are unpacked. Derby still applies every condition to the rows.
 *
 * <p>It stays in the schema, beside the views, while the blocks it unpacks are the block engine's: every Derby
 * repository's {@code SL_ROWS_<width>} functions name this class ({@code EXTERNAL NAME}), so moving it would leave the
 * repositories already written unreadable.
 */
public final class BlockRows extends VTITemplate implements RestrictedVTI, VTICosting {
    /** The run's columns that come before the data table's in {@code V_<table>}. */
    static final java.util.List<String> RUN_COLUMNS = DataTable.VIEW_COLUMNS;
    private static final int LEADING = RUN_COLUMNS.size();
    private static final int FIXED = LEADING + DataTable.FIXED_COLUMNS.size();

    private final String table;
    private boolean[] wanted;
    private boolean elapsedWanted = true;
    private final List<String> conditions = new ArrayList<>();
    private final List<Object> parameters = new ArrayList<>();
    private final Connection connection;
    private PreparedStatement statement;
    private ResultSet blocks;
    private final SampleBlock block = new SampleBlock();
    private String key;
    /** RUN, HOST, TOOL and DATASET of the block being read. */
    private final String[] run = new String[LEADING];
    /** The host of each data set read so far: its file's, looked up once per data set ({@link DataTables#fileHost}). */
    private final java.util.Map<Long, String> hosts = new java.util.HashMap<>();
    private PreparedStatement fileHost;
    private long datasetId;
    private int row;
    private boolean wasNull;

    /** For Derby's optimizer, which asks the class for its costs. */
    public BlockRows() {
        this(null, null);
    }

    private BlockRows(String table, Connection connection) {
        this.table = table;
        this.connection = connection;
    }

    /**
     * Called by Derby through the table function; public for that reason only. The statement's own connection is
     * reachable only during this call, not when Derby later asks for rows.
     */
    public static BlockRows rows(String table) {
        return new BlockRows(table, Jdbc.call(() -> DriverManager.getConnection("jdbc:default:connection")));
    }

    @Override
    public void initScan(String[] columnNames, Restriction restriction) {
        wanted = new boolean[Math.max(0, columnNames.length - FIXED)];
        for (int i = FIXED; i < columnNames.length; i++) wanted[i - FIXED] = columnNames[i] != null;
        elapsedWanted = columnNames.length > LEADING + 3 && columnNames[LEADING + 3] != null;
        if (restriction != null) collect(restriction);
    }

    /** Turns the conditions that must all hold (an AND tree) into conditions on the blocks. */
    private void collect(Restriction r) {
        if (r instanceof Restriction.AND and) {
            collect(and.getLeftChild());
            collect(and.getRightChild());
            return;
        }
        if (!(r instanceof Restriction.ColumnQualifier q) || q.getConstantOperand() == null) return;
        int op = q.getComparisonOperator();
        Object value = q.getConstantOperand();
        boolean eq = op == Restriction.ColumnQualifier.ORDER_OP_EQUALS;
        boolean atMost = op == Restriction.ColumnQualifier.ORDER_OP_LESSOREQUALS || op == Restriction.ColumnQualifier.ORDER_OP_LESSTHAN;
        boolean atLeast = op == Restriction.ColumnQualifier.ORDER_OP_GREATEROREQUALS
                || op == Restriction.ColumnQualifier.ORDER_OP_GREATERTHAN;
        switch (q.getColumnName()) {
            case "RUN" -> {
                if (eq && value instanceof String) add("R.NAME = ?", value);
            }
            case "TOOL" -> {
                if (eq && value instanceof String) add("D.TOOL = ?", value);
            }
            case "DATASET" -> {
                if (eq && value instanceof String) add("D.NAME = ?", value);
            }
            case "DATASET_ID" -> {
                if (eq && value instanceof Number) add("B.DATASET_ID = ?", ((Number) value).longValue());
            }
            case "ITEM" -> {
                if (eq && value instanceof String) add("B.ITEM = ?", value);
            }
            case "TS" -> {
                if (value instanceof Timestamp) {
                    if (eq || atLeast) add("B.LAST_TS >= ?", value);
                    if (eq || atMost) add("B.FIRST_TS <= ?", value);
                }
            }
            case "SAMPLE" -> {
                if (value instanceof Number) {
                    long v = ((Number) value).longValue();
                    if (eq || atLeast) add("B.LAST_SAMPLE >= ?", v);
                    if (eq || atMost) add("B.FIRST_SAMPLE <= ?", v);
                }
            }
            default -> {
                // other columns are not known per block; Derby applies them to the rows
            }
        }
    }

    private void add(String condition, Object value) {
        conditions.add(condition);
        parameters.add(value);
    }

    private void open() throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT B.DATASET_ID, B.ITEM, B.DATA, R.NAME, R.HOST, D.TOOL, D.NAME, D.RUN_ID, D.FILE_ID FROM ")
                .append(BlockStore.TABLE).append(" B JOIN DATASETS D ON D.ID = B.DATASET_ID JOIN RUNS R ON R.ID = D.RUN_ID")
                .append(" WHERE D.TABLE_NAME = ?");
        for (String c : conditions) sql.append(" AND ").append(c);
        statement = connection.prepareStatement(sql.toString());
        statement.setString(1, table);
        for (int i = 0; i < parameters.size(); i++) statement.setObject(i + 2, parameters.get(i));
        blocks = statement.executeQuery();
    }

    @Override
    public boolean next() {
        return Jdbc.call(this::advance);
    }

    private boolean advance() throws SQLException {
        if (blocks == null) open();
        while (++row >= block.size()) {
            if (!blocks.next()) return false;
            datasetId = blocks.getLong(1);
            key = blocks.getString(2);
            block.decode(blocks.getBytes(3), elapsedWanted, wanted);
            for (int i = 0; i < LEADING; i++) run[i] = blocks.getString(4 + i);
            // each row is of its file's host (a run of several hosts names them all), else of its run's
            String fileHostName = hosts.containsKey(datasetId) ? hosts.get(datasetId) : lookUpHost(blocks.getLong(8), blocks.getLong(9));
            if (fileHostName != null) run[1] = fileHostName;
            row = -1;
        }
        return true;
    }

    /** The host the data set's file names, remembered for the data set; null when it names none. */
    private String lookUpHost(long runId, long fileId) throws SQLException {
        if (fileHost == null) fileHost = connection.prepareStatement("SELECT " + DataTables.fileHost("?", "?") + " FROM SYSIBM.SYSDUMMY1");
        fileHost.setLong(1, runId);
        fileHost.setLong(2, fileId);
        String host = null;
        try (ResultSet rs = fileHost.executeQuery()) {
            if (rs.next()) host = rs.getString(1);
        }
        hosts.put(datasetId, host);
        return host;
    }

    @Override
    public void close() {
        Jdbc.run(() -> {
            if (blocks != null) blocks.close();
            if (statement != null) statement.close();
            if (fileHost != null) fileHost.close();
            fileHost = null;
            blocks = null;
        });
    }

    @Override
    public boolean wasNull() {
        return wasNull;
    }

    @Override
    public long getLong(int column) {
        wasNull = false;
        return switch (column - LEADING) {
            case 1 -> datasetId;
            case 2 -> block.sample(row);
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
        // The repository keeps UTC wall-clock time and the JVM's default zone is UTC (see Repository).
        Timestamp ts = new Timestamp(block.epochSecond(row) * 1000);
        ts.setNanos(block.nano(row));
        return ts;
    }

    @Override
    public String getString(int column) {
        String v = column <= LEADING ? run[column - 1] : key;
        wasNull = v == null;
        return v;
    }

    @Override
    public boolean getBoolean(int column) {
        wasNull = false;
        return block.sinceBoot(row);
    }

    @Override
    public double getDouble(int column) {
        double v = column == LEADING + 4 ? block.elapsed(row) : block.value(column - FIXED - 1, row);
        wasNull = Double.isNaN(v);
        return wasNull ? 0 : v;
    }

    @Override
    public double getEstimatedRowCount(VTIEnvironment environment) {
        return 1_000_000;
    }

    @Override
    public double getEstimatedCostPerInstantiation(VTIEnvironment environment) {
        return 1_000_000;
    }

    /** Each instantiation reads blocks again: the optimizer should not put it inside a join's loop. */
    @Override
    public boolean supportsMultipleInstantiations(VTIEnvironment environment) {
        return false;
    }
}
