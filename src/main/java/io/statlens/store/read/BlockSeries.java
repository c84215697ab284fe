package io.statlens.store.read;

import io.statlens.store.IdParameters;
import io.statlens.store.block.BlockStore;
import io.statlens.store.DataTable;
import io.statlens.store.schema.Repository;
import io.statlens.store.block.SampleBlock;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * {@link SeriesReader}'s reads where rows are kept in blocks ({@link BlockStore}): straight from {@code BLOCKS}, only the
 * blocks of the data sets, keys and window asked for (by the blocks' first and last times), only the metric columns
 * asked for unpacked, no SQL row per sample.
 */
final class BlockSeries {
    private final Connection c;
    private final SeriesReader.Selection s;
    private final boolean includeSinceBoot;
    private final TimeWindow window;
    /** Table column of each selected metric. */
    private final int[] columns;
    private final boolean[] wanted;

    BlockSeries(Repository repo, SeriesReader.Selection s, boolean includeSinceBoot, TimeWindow window) {
        this.c = repo.connection();
        this.s = s;
        this.includeSinceBoot = includeSinceBoot;
        this.window = window;
        DataTable table = repo.tables().table(s.table()).orElseThrow();
        columns = new int[s.metrics().size()];
        wanted = new boolean[table.metrics().size()];
        for (int i = 0; i < columns.length; i++) {
            String column = s.metrics().get(i).column();
            for (int t = 0; t < table.metrics().size(); t++) {
                if (table.metrics().get(t).column().equals(column)) columns[i] = t;
            }
            wanted[columns[i]] = true;
        }
    }

    private boolean keep(SampleBlock b, int row) {
        if (!includeSinceBoot && b.sinceBoot(row)) return false;
        if (!window.bounded()) return true;
        return window.contains(Instant.ofEpochSecond(b.epochSecond(row), b.nano(row)));
    }

    private String windowConditions() {
        return (window.from() == null ? "" : " AND LAST_TS >= ?") + (window.to() == null ? "" : " AND FIRST_TS <= ?");
    }

    private int setWindow(PreparedStatement ps, int p) throws SQLException {
        if (window.from() != null) ps.setTimestamp(p++, Repository.timestamp(window.from()));
        if (window.to() != null) ps.setTimestamp(p++, Repository.timestamp(window.to()));
        return p;
    }

    /** Keys and values of every kept row, in block order (see {@link SeriesReader#scan}). */
    void scan(SeriesReader.ValuesHandler handler) throws SQLException {
        IdParameters ids = new IdParameters(s.datasetIds());
        double[] values = new double[columns.length];
        SampleBlock b = new SampleBlock();
        try (PreparedStatement ps = c.prepareStatement("SELECT ITEM, DATA FROM " + BlockStore.TABLE + " WHERE DATASET_ID IN ("
                + ids.marks() + ")" + windowConditions())) {
            setWindow(ps, ids.bind(ps, 1));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String key = rs.getString(1);
                    b.decode(rs.getBytes(2), false, wanted);
                    for (int r = 0; r < b.size(); r++) {
                        if (!keep(b, r)) continue;
                        for (int i = 0; i < columns.length; i++) values[i] = b.value(columns[i], r);
                        handler.row(key, values);
                    }
                }
            }
        }
    }

    /**
     * One data set's kept rows in sample order, then key order, as a cursor for {@link SeriesReader}'s merge.
     *
     * @param alone whether it is the read's only data set: then rows of one key are handed over as they come
     *              ({@link SeriesReader.RowCursor#inKeyOrder})
     */
    SeriesReader.RowCursor ordered(long datasetId, List<String> keys, boolean alone) throws SQLException {
        List<Meta> metas = new ArrayList<>();
        String keyCondition = keys.isEmpty() ? "" : " AND ITEM IN (" + String.join(", ", Collections.nCopies(keys.size(), "?")) + ")";
        try (PreparedStatement ps = c.prepareStatement("SELECT ITEM, SEQ, FIRST_SAMPLE FROM " + BlockStore.TABLE
                + " WHERE DATASET_ID = ?" + keyCondition + windowConditions())) {
            int p = 1;
            ps.setLong(p++, datasetId);
            for (String key : keys) ps.setString(p++, key);
            setWindow(ps, p);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) metas.add(new Meta(rs.getString(1), rs.getInt(2), rs.getLong(3)));
            }
        }
        metas.sort(Comparator.comparingLong(Meta::firstSample).thenComparing(Meta::key).thenComparingInt(Meta::seq));
        long distinctKeys = metas.stream().map(Meta::key).distinct().limit(STREAMED_KEYS + 1).count();
        return new Merge(datasetId, metas, c.prepareStatement("SELECT DATA FROM " + BlockStore.TABLE
                + " WHERE DATASET_ID = ? AND ITEM = ? AND SEQ = ?"), distinctKeys <= STREAMED_KEYS, alone && distinctKeys <= 1);
    }

    /**
     * Up to this many keys, each key's blocks are read by one query in key order ({@link KeyBlocks}) rather than one
     * query per block: a read of ten million rows of one key is 20,000 blocks, and Derby's cost of a query (compile
     * cache, plan, open and close) was about 40 % of reading them (JFR). Beyond it (a heat map of 256 CPUs) so many
     * open queries would hold more than they save.
     */
    private static final int STREAMED_KEYS = 16;

    /**
     * One key's blocks in sequence order, from one query on the table's key {@code (DATASET_ID, ITEM, SEQ)}, with the
     * same window as the blocks listed for the merge: the merge asks for a key's blocks in that order too (a chain's
     * blocks follow each other in time).
     */
    private final class KeyBlocks {
        private final PreparedStatement ps;
        private final ResultSet rs;

        KeyBlocks(long datasetId, String key) throws SQLException {
            ps = c.prepareStatement("SELECT SEQ, DATA FROM " + BlockStore.TABLE + " WHERE DATASET_ID = ? AND ITEM = ?"
                    + windowConditions() + " ORDER BY SEQ");
            ps.setLong(1, datasetId);
            ps.setString(2, key);
            setWindow(ps, 3);
            rs = ps.executeQuery();
        }

        /** The next block's data if it is block {@code seq}; null (and the query closed) otherwise. */
        byte[] next(int seq) throws SQLException {
            if (rs.next() && rs.getInt(1) == seq) return rs.getBytes(2);
            close();
            return null;
        }

        void close() throws SQLException {
            ps.close();
        }
    }

    private record Meta(String key, int seq, long firstSample) {
    }

    /** A block being read, at its next kept row. */
    private final class Active {
        final Meta meta;
        final SampleBlock block;
        int row = -1;

        Active(Meta meta, byte[] data, SampleBlock into) {
            this.meta = meta;
            this.block = into;
            block.decode(data, true, wanted);
        }

        boolean advance() {
            while (++row < block.size()) {
                if (keep(block, row)) return true;
            }
            return false;
        }

        long sample() {
            return block.sample(row);
        }
    }

    private static final Comparator<Active> ORDER = Comparator.<Active>comparingLong(Active::sample)
            .thenComparing(a -> a.meta.key()).thenComparingInt(a -> a.meta.seq()).thenComparingInt(a -> a.row);

    /**
     * The rows of a data set's blocks merged in (sample, key) order. Blocks are fetched, one at a time, when the merge
     * reaches their first sample, so only about one block per key is held.
     */
    private final class Merge implements SeriesReader.RowCursor {
        private final long datasetId;
        private final List<Meta> metas;
        private final PreparedStatement fetch;
        /** Per key, its blocks' query, when they are streamed; a key whose blocks came out of order is fetched block by block. */
        private final Map<String, KeyBlocks> streams;
        private final Set<String> unordered = new HashSet<>();
        private final PriorityQueue<Active> active = new PriorityQueue<>(ORDER);
        /**
         * The blocks of read-out Actives, decoded into again: a run of ten million rows is 20,000 blocks per read, and
         * new arrays for each cost about a fifth of what decoding them does.
         */
        private final ArrayDeque<SampleBlock> spare = new ArrayDeque<>();
        /**
         * The block of the last row handed over, at its next row, while it is not in {@link #active}: a long run of one
         * key has one block active at a time, and its 10,000,000 rows need no queue's poll and add each.
         */
        private Active current;
        /** Whether the rows, of one key, go to the handler as they come: then one values array serves every row. */
        private final boolean inKeyOrder;
        private final double[] values;
        private int next;
        private SeriesReader.SeriesRow row;

        Merge(long datasetId, List<Meta> metas, PreparedStatement fetch, boolean streamed, boolean inKeyOrder) {
            this.datasetId = datasetId;
            this.metas = metas;
            this.fetch = fetch;
            this.streams = streamed ? new HashMap<>() : null;
            this.inKeyOrder = inKeyOrder;
            this.values = inKeyOrder ? new double[columns.length] : null;
        }

        @Override
        public SeriesReader.SeriesRow row() {
            return row;
        }

        @Override
        public boolean inKeyOrder() {
            return inKeyOrder;
        }

        @Override
        public boolean advance() throws SQLException {
            if (current != null) {
                // Still the earliest row when no other block is active and the next block starts after it.
                if (active.isEmpty() && (next == metas.size() || metas.get(next).firstSample() > current.sample())) {
                    hand(current);
                    return true;
                }
                active.add(current);
                current = null;
            }
            while (next < metas.size() && (active.isEmpty() || metas.get(next).firstSample() <= active.peek().sample())) {
                Meta m = metas.get(next++);
                SampleBlock into = spare.isEmpty() ? new SampleBlock() : spare.pop();
                Active a = new Active(m, fetch(m), into);
                if (a.advance()) active.add(a);
                else spare.push(into);
            }
            Active a = active.poll();
            if (a == null) {
                fetch.close();
                if (streams != null) {
                    for (KeyBlocks k : streams.values()) k.close();
                }
                return false;
            }
            hand(a);
            return true;
        }

        /** Makes the row of {@code a} the current row, and moves {@code a} on to its next. */
        private void hand(Active a) {
            SampleBlock b = a.block;
            int r = a.row;
            double[] into = inKeyOrder ? values : new double[columns.length];
            for (int i = 0; i < columns.length; i++) into[i] = b.value(columns[i], r);
            row = new SeriesReader.SeriesRow(b.epochSecond(r), b.nano(r), b.elapsed(r), a.meta.key(),
                    includeSinceBoot && b.sinceBoot(r), into);
            if (a.advance()) {
                current = a;
            } else {
                current = null;
                spare.push(b);
            }
        }

        private byte[] fetch(Meta m) throws SQLException {
            if (streams != null && !unordered.contains(m.key())) {
                KeyBlocks k = streams.get(m.key());
                if (k == null) streams.put(m.key(), k = new KeyBlocks(datasetId, m.key()));
                byte[] data = k.next(m.seq());
                if (data != null) return data;
                streams.remove(m.key());
                unordered.add(m.key());
            }
            fetch.setLong(1, datasetId);
            fetch.setString(2, m.key());
            fetch.setInt(3, m.seq());
            try (ResultSet rs = fetch.executeQuery()) {
                if (!rs.next()) throw new SQLException("block " + m + " of data set " + datasetId + " is gone");
                return rs.getBytes(1);
            }
        }
    }
}
