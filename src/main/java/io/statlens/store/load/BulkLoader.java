package io.statlens.store.load;

import io.statlens.store.schema.DataTable;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;

/** Appends spilled rows to one data table faster than row-by-row inserts. */
@FunctionalInterface
interface BulkLoader {

    /** Writes all rows of the spill into the table, inside the connection's current transaction. */
    void load(Connection c, DataTable table, RowSpill spill) throws SQLException, IOException;

    /**
     * The fastest loader the connection allows. The table function reads the spill file from inside
     * the database engine, so it only works when the engine runs in this process; a network server
     * gets plain JDBC batches.
     */
    static BulkLoader forConnection(Connection c) throws SQLException {
        String url = c.getMetaData().getURL();
        boolean inProcess = url.startsWith("jdbc:derby:") && !url.startsWith("jdbc:derby://");
        return inProcess ? DerbyRowFeed::load : BatchInsertLoader::load;
    }
}
