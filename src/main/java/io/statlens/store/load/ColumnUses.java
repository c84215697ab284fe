package io.statlens.store.load;

import io.statlens.store.StoreException;
import io.statlens.store.read.ActiveCollects;
import io.statlens.store.schema.DataTables;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which metric columns of its table each data set uses ({@code DATASET_METRICS}, schema step 11), so that deleting a
 * run can drop the columns no remaining data set uses (issue 31: a junk header of 900 labels would otherwise stay in
 * the tool's table for good). Written by the import and by copies, once per data set and column; read by the ledger
 * when it drops columns (the schema's {@code DataTables.dropUnused} asks). A data set written before step 11 has no
 * rows here and counts as using every column of its table.
 */
final class ColumnUses implements DataTables.ColumnsInUse, AutoCloseable {
    private final Connection connection;
    /**
     * Prepared once and kept: Derby compiles every statement prepared after DDL in the same transaction afresh, and an
     * import creates tables and then records uses for each of its data sets. Null until first used.
     */
    private PreparedStatement insert;

    ColumnUses(Connection connection) {
        this.connection = connection;
    }

    /** Records that a data set uses these columns; the caller passes only those it has not recorded for it yet. */
    void record(long datasetId, List<String> columns) throws SQLException {
        if (columns.isEmpty()) return;
        if (insert == null) insert = connection.prepareStatement("INSERT INTO DATASET_METRICS (DATASET_ID, COLUMN_NAME) VALUES (?, ?)");
        for (String column : columns) {
            insert.setLong(1, datasetId);
            insert.setString(2, column);
            insert.addBatch();
        }
        insert.executeBatch();
    }

    /**
     * The metric columns the data sets of a table use; empty when one of them was written before uses were recorded,
     * which counts as using every column.
     */
    @Override
    public Optional<Set<String>> of(String table) {
        try {
            try (PreparedStatement ps = connection.prepareStatement("SELECT COUNT(*) FROM DATASETS D WHERE D.TABLE_NAME = ?"
                    + " AND NOT EXISTS (SELECT 1 FROM DATASET_METRICS U WHERE U.DATASET_ID = D.ID)")) {
                ps.setString(1, table);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next() && rs.getLong(1) > 0) return Optional.empty();
                }
            }
            Set<String> used = new HashSet<>();
            try (PreparedStatement ps = connection.prepareStatement("SELECT DISTINCT U.COLUMN_NAME FROM DATASET_METRICS U"
                    + " JOIN DATASETS D ON D.ID = U.DATASET_ID WHERE D.TABLE_NAME = ?")) {
                ps.setString(1, table);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) used.add(rs.getString(1));
                }
            }
            return Optional.of(used);
        } catch (SQLException e) {
            throw new StoreException("cannot read the columns the data sets of table " + table + " use: " + e.getMessage(), e);
        }
    }

    /**
     * Whether a run with a data set in the table has a collect writing into it ({@link ActiveCollects#FACT}; a collector
     * killed leaves its fact, and the table's columns then keep their positions until a run's delete takes it).
     */
    @Override
    public boolean collected(String table) {
        try (PreparedStatement ps = connection.prepareStatement("SELECT COUNT(*) FROM DATASETS D JOIN FACTS F ON F.RUN_ID = D.RUN_ID"
                + " WHERE D.TABLE_NAME = ? AND F.FILE_ID IS NULL AND F.NAME = ?")) {
            ps.setString(1, table);
            ps.setString(2, ActiveCollects.FACT);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getLong(1) > 0;
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read whether a collect writes into table " + table + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        if (insert == null) return;
        try {
            insert.close();
        } catch (SQLException ignored) {
            // the transaction's fate is decided elsewhere
        }
    }
}
