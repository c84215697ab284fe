package io.statlens.store;

import java.sql.SQLException;

/** Appends buffered rows to one data table; see {@link SqlDialect#bulkLoader}. */
public interface BulkLoader extends AutoCloseable {

    /** Writes the batch's rows into the table, inside the current transaction. */
    void load(RowBatch batch) throws SQLException;

    @Override
    void close() throws SQLException;
}
