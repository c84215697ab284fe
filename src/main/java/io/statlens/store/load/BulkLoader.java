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
     * The fastest loader the connection allows: PostgreSQL's COPY; for Derby in this process a table
     * function that reads the spill file from inside the engine; plain JDBC batches for a Derby network
     * server, where the engine cannot reach the file.
     */
    static BulkLoader forConnection(Connection c) throws SQLException {
        String url = c.getMetaData().getURL();
        if (url.startsWith("jdbc:postgresql:")) return PostgresCopyLoader::load;
        boolean inProcess = url.startsWith("jdbc:derby:") && !url.startsWith("jdbc:derby://");
        return inProcess ? DerbyRowFeed::load : BatchInsertLoader::load;
    }
}
