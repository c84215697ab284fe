package io.statlens.store;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;

/** Appends spilled rows to one data table; see {@link SqlDialect#bulkLoad}. */
@FunctionalInterface
public interface BulkLoader {

    /** Writes all rows of the spill into the table, inside the connection's current transaction. */
    void load(Connection c, DataTable table, RowSpill spill) throws SQLException, IOException;
}
