package io.statlens.store.load;

import io.statlens.store.StoreException;
import io.statlens.store.block.BlockWriter;
import io.statlens.store.Jdbc;
import io.statlens.store.DataTable;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Derby's loader (embedded or through a network server): the spill's rows packed into blocks of samples per data set
 * and key ({@link io.statlens.store.block.BlockStore}), a few thousand {@code BLOCKS} rows for a million samples.
 * One writer, and so one prepared insert, serves every table of an import: Derby would compile a statement prepared
 * per table afresh, in a transaction that created tables.
 */
final class BlockLoader implements BulkLoader {
    /**
     * Whether the data sets may hold blocks already (a collect's commits): each key's blocks continue, and the loader
     * keeps its chains from one load to the next (a collect keeps one loader per source while its commits succeed).
     */
    private final boolean appending;
    private BlockWriter writer;

    BlockLoader(boolean appending) {
        this.appending = appending;
    }

    @Override
    public void load(Connection c, DataTable table, RowSpill spill) throws SQLException, IOException {
        if (spill.rows() == 0) return;
        try (RowSpill.Reader rows = spill.reader()) {
            if (writer == null) writer = new BlockWriter(c, appending);
            while (rows.next()) {
                writer.add(rows.datasetId, rows.key, rows.sample, rows.epochSecond, rows.nano, rows.elapsed, rows.sinceBoot,
                        rows.values, rows.width);
            }
            if (appending) {
                // a collect's next commit goes on with these chains: each key's next block number is known here
                writer.flush();
            } else {
                // a table's data sets are all in its spill: its chains end here
                writer.finish();
            }
        } catch (StoreException e) {
            // the import tells SQL failures apart (a lock conflict is retried)
            throw Jdbc.cause(e);
        }
    }

    @Override
    public void close() throws SQLException {
        if (writer == null) return;
        try {
            writer.close();
        } catch (StoreException e) {
            throw Jdbc.cause(e);
        }
    }
}
