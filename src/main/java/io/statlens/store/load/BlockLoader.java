package io.statlens.store.load;

import io.statlens.store.StoreException;
import io.statlens.store.schema.BlockWriter;
import io.statlens.store.schema.Jdbc;
import io.statlens.store.schema.DataTable;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Derby's loader (embedded or through a network server): the spill's rows packed into blocks of samples per data set
 * and key ({@link io.statlens.store.schema.BlockStore}), a few thousand {@code BLOCKS} rows for a million samples.
 */
final class BlockLoader {
    private BlockLoader() {
    }

    static void load(Connection c, DataTable table, RowSpill spill) throws SQLException, IOException {
        load(c, spill, false);
    }

    /** Loads more rows of data sets that may hold blocks already (a collect's commits): each key's blocks continue. */
    static void append(Connection c, DataTable table, RowSpill spill) throws SQLException, IOException {
        load(c, spill, true);
    }

    private static void load(Connection c, RowSpill spill, boolean appending) throws SQLException, IOException {
        if (spill.rows() == 0) return;
        try (RowSpill.Reader rows = spill.reader(); BlockWriter writer = new BlockWriter(c, appending)) {
            while (rows.next()) {
                writer.add(rows.datasetId, rows.key, rows.sample, rows.epochSecond, rows.nano, rows.elapsed, rows.sinceBoot,
                        rows.values, rows.width);
            }
            writer.flush();
        } catch (StoreException e) {
            // the import tells SQL failures apart (a lock conflict is retried)
            throw Jdbc.cause(e);
        }
    }
}
