package io.statlens.store.load;

import io.statlens.store.schema.DataTable;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Appends spilled rows to one data table faster than row-by-row inserts. One loader may serve every table of an
 * import; closing it releases what it prepared.
 */
@FunctionalInterface
interface BulkLoader extends AutoCloseable {

    /** Writes all rows of the spill into the table, inside the connection's current transaction. */
    void load(Connection c, DataTable table, RowSpill spill) throws SQLException, IOException;

    @Override
    default void close() throws SQLException {
    }

    /**
     * The fastest loader the connection allows: PostgreSQL's COPY; for Derby, embedded or through a network
     * server, blocks of samples (Derby keeps no data table of rows); plain JDBC batches otherwise.
     */
    static BulkLoader forConnection(Connection c) throws SQLException {
        return forConnection(c, false);
    }

    /** @param appending whether the data sets may hold rows already (a collect loads at every commit) */
    static BulkLoader forConnection(Connection c, boolean appending) throws SQLException {
        String url = c.getMetaData().getURL();
        if (url.startsWith("jdbc:postgresql:")) return PostgresCopyLoader::load;
        if (url.startsWith("jdbc:derby:")) return new BlockLoader(appending);
        return BatchInsertLoader::load;
    }
}
