package io.statlens.store.load;

import io.statlens.store.DataTable;
import io.statlens.store.schema.SqlDialect;

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
     * The fastest loader the engine allows: for Derby, embedded or through a network server, blocks of samples
     * ({@link SqlDialect#storesBlocks}: Derby keeps no data table of rows); PostgreSQL's COPY
     * ({@link SqlDialect#copiesRows}); plain JDBC batches otherwise.
     */
    static BulkLoader forDialect(SqlDialect dialect) {
        return forDialect(dialect, false);
    }

    /** @param appending whether the data sets may hold rows already (a collect loads at every commit) */
    static BulkLoader forDialect(SqlDialect dialect, boolean appending) {
        return dialect.storesBlocks() ? new BlockLoader(appending) : forRowTables(dialect);
    }

    /** The fastest loader into a table of rows (the engine's data tables, or a benchmark's table on any engine). */
    static BulkLoader forRowTables(SqlDialect dialect) {
        return dialect.copiesRows() ? PostgresCopyLoader::load : BatchInsertLoader::load;
    }
}
