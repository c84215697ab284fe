package io.statlens.store.schema;

import io.statlens.store.DataTable;
import io.statlens.store.block.BlockStore;
import io.statlens.store.block.BlockWriter;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The repository's shape over the blocks Derby keeps data sets' rows in ({@link BlockStore}): the table
 * {@code BLOCKS}, per data table the view of its name and {@code V_<table>} over the table function
 * {@code SL_ROWS_<width>} ({@link BlockRows}), and the conversion of the row tables of an earlier statlens (schema
 * step 5). The block engine itself knows no data table, view or migration.
 */
final class BlockViews {
    private BlockViews() {
    }

    /** The statements that create the blocks table. */
    static List<String> createTable(SqlDialect d) {
        return List.of("CREATE TABLE " + BlockStore.TABLE + " (DATASET_ID BIGINT NOT NULL REFERENCES DATASETS(ID) ON DELETE CASCADE, ITEM "
                + d.varchar(DataTable.ITEM_LENGTH) + " NOT NULL, SEQ INT NOT NULL, FIRST_SAMPLE BIGINT NOT NULL,"
                + " LAST_SAMPLE BIGINT NOT NULL, FIRST_TS TIMESTAMP NOT NULL, LAST_TS TIMESTAMP NOT NULL, N INT NOT NULL,"
                + " DATA BLOB(64M) NOT NULL, PRIMARY KEY (DATASET_ID, ITEM, SEQ))");
    }

    /** The table function that unpacks blocks of a table with {@code width} metric columns. */
    static String function(int width) {
        return "SL_ROWS_" + width;
    }

    /**
     * (Re)creates the views {@code table} and {@code V_<table>} over the blocks, with a column per metric. Each is the
     * table function alone, so that Derby hands it a query's conditions on the run, data set, key and time (a join
     * with RUNS and DATASETS in the view would make Derby call the function once per data set, reading everything).
     *
     * @param grant whether the reader role may exist ({@link SqlDialect#mayGrantRead}), asked once by the caller
     */
    static void createViews(Connection c, SqlDialect d, DataTable table, boolean exists, boolean grant) throws SQLException {
        int width = table.metrics().size();
        String function = function(width);
        // only Derby keeps blocks (SqlDialect#storesBlocks)
        if (!((DerbyDialect) d).functionExists(c, function)) {
            StringBuilder sql = new StringBuilder("CREATE FUNCTION ").append(function).append(" (TABLE_NAME VARCHAR(128)) RETURNS TABLE (")
                    .append("RUN VARCHAR(200), HOST VARCHAR(200), TOOL VARCHAR(100), DATASET VARCHAR(100),")
                    .append(" DATASET_ID BIGINT, SAMPLE BIGINT, TS TIMESTAMP,")
                    .append(" ELAPSED_S DOUBLE, ITEM VARCHAR(").append(DataTable.ITEM_LENGTH).append("), SINCE_BOOT BOOLEAN");
            for (int i = 1; i <= width; i++) sql.append(", M").append(i).append(" DOUBLE");
            sql.append(") LANGUAGE JAVA PARAMETER STYLE DERBY_JDBC_RESULT_SET READS SQL DATA EXTERNAL NAME '")
                    .append(BlockRows.class.getName()).append(".rows'");
            Statements.execute(c, sql.toString());
        }
        String view = DataTables.viewName(table.name());
        if (exists) {
            if (d.tableExists(c, view)) Statements.execute(c, "DROP VIEW " + view);
            Statements.execute(c, "DROP VIEW " + table.name());
        }
        List<String> functionColumns = new ArrayList<>(List.of("DATASET_ID", "SAMPLE", "TS", "ELAPSED_S", "ITEM", "SINCE_BOOT"));
        for (int i = 1; i <= width; i++) functionColumns.add("M" + i);
        String from = " FROM TABLE(" + function + "('" + table.name() + "')) R";
        Statements.execute(c, "CREATE VIEW " + table.name() + " (" + String.join(", ", table.allColumns()) + ") AS SELECT "
                + String.join(", ", functionColumns) + from);
        List<String> viewColumns = new ArrayList<>(BlockRows.RUN_COLUMNS);
        viewColumns.addAll(table.allColumns());
        List<String> all = new ArrayList<>(BlockRows.RUN_COLUMNS);
        all.addAll(functionColumns);
        Statements.execute(c, "CREATE VIEW " + view + " (" + String.join(", ", viewColumns) + ") AS SELECT " + String.join(", ", all) + from);
        if (grant) {
            d.grantRead(c, table.name());
            d.grantRead(c, view);
        }
    }

    /**
     * Moves the rows of a data table written by an earlier statlens into blocks: the table is renamed away, its rows
     * are packed per data set and key in sample order, the table dropped and the view of the same name created.
     */
    static void convert(Connection c, SqlDialect d, DataTable table) throws SQLException {
        String view = DataTables.viewName(table.name());
        if (d.tableExists(c, view)) Statements.execute(c, "DROP VIEW " + view);
        StringBuilder sql = new StringBuilder("SELECT DATASET_ID, ITEM, SAMPLE, TS, ELAPSED_S, SINCE_BOOT");
        for (DataTable.MetricColumn m : table.metrics()) sql.append(", ").append(m.column());
        sql.append(" FROM ").append(table.name()).append(" ORDER BY DATASET_ID, ITEM, SAMPLE");
        int width = table.metrics().size();
        double[] values = new double[width];
        try (BlockWriter writer = new BlockWriter(c); PreparedStatement ps = c.prepareStatement(sql.toString());
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                for (int i = 0; i < width; i++) {
                    double v = rs.getDouble(7 + i);
                    values[i] = rs.wasNull() ? Double.NaN : v;
                }
                java.time.Instant ts = Repository.instant(rs.getTimestamp(4));
                writer.add(rs.getLong(1), rs.getString(2), rs.getLong(3), ts.getEpochSecond(), ts.getNano(), rs.getDouble(5),
                        rs.getBoolean(6), values, width);
            }
            writer.flush();
        }
        Statements.execute(c, "DROP TABLE " + table.name());
        createViews(c, d, table, false, d.mayGrantRead(c));
    }
}
