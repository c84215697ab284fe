package io.statlens.store.block;

import io.statlens.store.Jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.HashMap;
import java.util.Map;

/**
 * Writes rows as {@link SampleBlock}s into {@code BLOCKS}: rows are gathered per data set and key (a chain) and a
 * chain's block is inserted, in JDBC batches, when it is full. Rows of one data set and key must come in their order
 * (the file's). When many keys hold partial blocks at once (thousands of PIDs), all partial blocks are written out
 * early, so memory stays bounded whatever the file.
 */
public final class BlockWriter implements AutoCloseable {
    private static final int BATCH = 64;
    /**
     * Values held in partial blocks (a row's metric values, and its sample, times and elapsed seconds as four more)
     * beyond which they are written out as they are: about 24 MiB, 200,000 rows of a few columns.
     */
    private static final long MAX_HELD_VALUES = 3_000_000;

    private final PreparedStatement insert;
    private final Map<Long, Map<String, Chain>> chains = new HashMap<>();
    /** The chains of the last row's data set: rows come data set by data set, so its id is rarely looked up (and boxed). */
    private long lastDatasetId = Long.MIN_VALUE;
    private Map<String, Chain> lastKeys;
    private int pending;
    private long held;
    private long blocks;

    /** One data set and key's next block and its place in the chain. */
    private static final class Chain {
        final long datasetId;
        final String key;
        final SampleBlock block = new SampleBlock();
        int seq;
        long firstTsMillis = Long.MAX_VALUE;
        long lastTsMillis = Long.MIN_VALUE;
        int firstNano;
        int lastNano;
        /** Values of the rows in {@link #block} (see {@link #MAX_HELD_VALUES}). */
        long held;

        Chain(long datasetId, String key) {
            this.datasetId = datasetId;
            this.key = key;
        }
    }

    public BlockWriter(Connection c) {
        this(c, false);
    }

    /**
     * @param appending whether the data sets may hold blocks already (a collect loads a data set's rows at every
     *                  commit): each chain then continues after the key's last block instead of starting one
     */
    public BlockWriter(Connection c, boolean appending) {
        insert = Jdbc.call(() -> c.prepareStatement("INSERT INTO " + BlockStore.TABLE
                + " (DATASET_ID, ITEM, SEQ, FIRST_SAMPLE, LAST_SAMPLE, FIRST_TS, LAST_TS, N, DATA) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"));
        nextSeq = !appending ? null : Jdbc.call(() -> c.prepareStatement("SELECT MAX(SEQ) FROM " + BlockStore.TABLE
                + " WHERE DATASET_ID = ? AND ITEM = ?"));
    }

    /** The next block number of a key that may hold blocks already; null when every chain starts at 0. */
    private final PreparedStatement nextSeq;

    private int firstSeq(long datasetId, String key) throws SQLException {
        if (nextSeq == null) return 0;
        nextSeq.setLong(1, datasetId);
        nextSeq.setString(2, key);
        try (var rs = nextSeq.executeQuery()) {
            rs.next();
            int last = rs.getInt(1);
            return rs.wasNull() ? 0 : last + 1;
        }
    }

    /**
     * Adds one row; {@code values} are in table column order, {@code width} of them valid (the table's metric count
     * when the row was written).
     */
    public void add(long datasetId, String key, long sample, long epochSecond, int nano, double elapsed, boolean sinceBoot,
                    double[] values, int width) {
        if (datasetId != lastDatasetId || lastKeys == null) {
            lastKeys = chains.computeIfAbsent(datasetId, k -> new HashMap<>());
            lastDatasetId = datasetId;
        }
        Chain chain = lastKeys.get(key);
        if (chain == null) {
            chain = new Chain(datasetId, key);
            Chain created = chain;
            chain.seq = Jdbc.call(() -> firstSeq(datasetId, created.key));
            lastKeys.put(key, chain);
        }
        chain.block.add(sample, epochSecond, nano, elapsed, sinceBoot, values, width);
        long millis = epochSecond * 1000 + nano / 1_000_000;
        if (millis < chain.firstTsMillis || (millis == chain.firstTsMillis && nano < chain.firstNano)) {
            chain.firstTsMillis = millis;
            chain.firstNano = nano;
        }
        if (millis > chain.lastTsMillis || (millis == chain.lastTsMillis && nano > chain.lastNano)) {
            chain.lastTsMillis = millis;
            chain.lastNano = nano;
        }
        int rowValues = width + 4;
        chain.held += rowValues;
        held += rowValues;
        Chain full = chain;
        if (chain.block.full()) Jdbc.run(() -> write(full));
        if (held > MAX_HELD_VALUES) Jdbc.run(this::writePartial);
    }

    private void writePartial() throws SQLException {
        for (Map<String, Chain> keys : chains.values()) {
            for (Chain chain : keys.values()) write(chain);
        }
    }

    private void write(Chain chain) throws SQLException {
        SampleBlock b = chain.block;
        if (b.size() == 0) return;
        insert.setLong(1, chain.datasetId);
        insert.setString(2, chain.key);
        insert.setInt(3, chain.seq++);
        insert.setLong(4, b.sample(0));
        insert.setLong(5, b.sample(b.size() - 1));
        insert.setTimestamp(6, timestamp(chain.firstTsMillis, chain.firstNano));
        insert.setTimestamp(7, timestamp(chain.lastTsMillis, chain.lastNano));
        insert.setInt(8, b.size());
        insert.setBytes(9, b.encode());
        insert.addBatch();
        held -= chain.held;
        chain.held = 0;
        blocks++;
        b.clear();
        chain.firstTsMillis = Long.MAX_VALUE;
        chain.lastTsMillis = Long.MIN_VALUE;
        if (++pending == BATCH) {
            insert.executeBatch();
            pending = 0;
        }
    }

    private static Timestamp timestamp(long millis, int nano) {
        // The repository keeps UTC wall-clock time and the JVM's default zone is UTC (see Repository).
        Timestamp ts = new Timestamp(Math.floorDiv(millis, 1000) * 1000);
        ts.setNanos(nano);
        return ts;
    }

    /** Writes every partial block; the writer may go on taking rows (chains continue). */
    public void flush() {
        Jdbc.run(() -> {
            writePartial();
            if (pending > 0) insert.executeBatch();
            pending = 0;
        });
    }

    /**
     * Writes every partial block and forgets the chains, whose memory goes with them: for a writer that goes on with
     * the rows of other data sets (the next table of an import), never with more rows of these.
     */
    public void finish() {
        flush();
        chains.clear();
        lastKeys = null;
        lastDatasetId = Long.MIN_VALUE;
    }

    public long blocks() {
        return blocks;
    }

    @Override
    public void close() {
        Jdbc.run(insert::close);
        if (nextSeq != null) Jdbc.run(nextSeq::close);
    }
}
