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
 * samples (up to 4,096 for a table of few columns), and not in a table per tool. What users query stays as it was: each data table's name ({@code MPSTAT}) is
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

    /**
     * Takes the metric columns marked {@code gone} (by their position in the table) out of every block of the table's
     * data sets that reaches them, the later columns moving up: the table's columns are about to be dropped, and no
     * data set has a value in them. Data set by data set, so that only one data set's changed blocks are held at once.
     */
    public static void dropColumns(Connection c, String table, boolean[] gone) {
        Jdbc.run(() -> drop(c, table, gone));
    }

    private static void drop(Connection c, String table, boolean[] gone) throws SQLException {
        int first = 0;
        while (first < gone.length && !gone[first]) first++;
        List<Long> datasets = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT ID FROM DATASETS WHERE TABLE_NAME = ?")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) datasets.add(rs.getLong(1));
            }
        }
        SampleBlock block = new SampleBlock();
        try (PreparedStatement read = c.prepareStatement("SELECT ITEM, SEQ, DATA FROM " + TABLE + " WHERE DATASET_ID = ?");
             PreparedStatement write = c.prepareStatement("UPDATE " + TABLE + " SET DATA = ? WHERE DATASET_ID = ? AND ITEM = ? AND SEQ = ?")) {
            for (long dataset : datasets) {
                read.setLong(1, dataset);
                List<Object[]> changed = new ArrayList<>();
                try (ResultSet rs = read.executeQuery()) {
                    while (rs.next()) {
                        block.decode(rs.getBytes(3), true, null);
                        if (block.width() <= first) continue;
                        block.dropColumns(gone);
                        changed.add(new Object[] {block.encode(), rs.getString(1), rs.getInt(2)});
                    }
                }
                for (Object[] b : changed) {
                    write.setBytes(1, (byte[]) b[0]);
                    write.setLong(2, dataset);
                    write.setString(3, (String) b[1]);
                    write.setInt(4, (Integer) b[2]);
                    write.executeUpdate();
                }
            }
        }
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
