package io.statlens.store.block;

import io.statlens.store.Jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * How Derby keeps data sets' rows: in {@code BLOCKS}, one row per data set, key and {@link SampleBlock} of up to 512
 * samples, and not in a table per tool. What users query stays as it was: each data table's name ({@code MPSTAT}) is
 * a view of the same columns over a table function that unpacks the blocks its query needs (the schema's
 * {@code BlockViews} and {@code BlockRows}). PostgreSQL keeps its row tables ({@code SqlDialect#storesBlocks()}).
 */
public final class BlockStore {
    /** The table of blocks. */
    public static final String TABLE = "BLOCKS";

    private BlockStore() {
    }

    /** Adds {@code seconds} to the elapsed seconds of every row of the run (its start moved earlier). */
    public static void shiftElapsed(Connection c, long runId, double seconds) {
        Jdbc.run(() -> shift(c, runId, seconds));
    }

    private static void shift(Connection c, long runId, double seconds) throws SQLException {
        SampleBlock block = new SampleBlock();
        try (PreparedStatement read = c.prepareStatement("SELECT B.DATASET_ID, B.ITEM, B.SEQ, B.DATA FROM " + TABLE
                + " B WHERE B.DATASET_ID IN (SELECT ID FROM DATASETS WHERE RUN_ID = ?)", ResultSet.TYPE_FORWARD_ONLY,
                ResultSet.CONCUR_READ_ONLY);
             PreparedStatement write = c.prepareStatement("UPDATE " + TABLE + " SET DATA = ? WHERE DATASET_ID = ? AND ITEM = ? AND SEQ = ?")) {
            read.setLong(1, runId);
            List<Object[]> changed = new ArrayList<>();
            try (ResultSet rs = read.executeQuery()) {
                while (rs.next()) {
                    block.decode(rs.getBytes(4), true, null);
                    block.shiftElapsed(seconds);
                    changed.add(new Object[] {block.encode(), rs.getLong(1), rs.getString(2), rs.getInt(3)});
                }
            }
            for (Object[] b : changed) {
                write.setBytes(1, (byte[]) b[0]);
                write.setLong(2, (Long) b[1]);
                write.setString(3, (String) b[2]);
                write.setInt(4, (Integer) b[3]);
                write.executeUpdate();
            }
        }
    }
}
