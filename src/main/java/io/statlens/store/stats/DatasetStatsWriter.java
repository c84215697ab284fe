package io.statlens.store.stats;

import io.statlens.store.DataTable;
import io.statlens.store.Jdbc;
import io.statlens.store.StoreException;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Map;

/**
 * Writes the statistics computed at import into {@code DATASET_STATS}; {@code StoredStats} reads them back. One
 * statement serves every data set of the import: prepared again per data set, Derby would compile it each time in a
 * transaction that created tables.
 */
public final class DatasetStatsWriter implements AutoCloseable {
    private final PreparedStatement ps;

    public DatasetStatsWriter(Connection c) {
        ps = Jdbc.call(() -> c.prepareStatement("INSERT INTO DATASET_STATS (DATASET_ID, ITEM, COLUMN_NAME, N, MIN_V,"
                + " MAX_V, MEAN_V, STDDEV_V, P50, P90, P95, P99, DIGEST) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    }

    /** Writes one data set's summaries, by key and table column, inside the current transaction. */
    public void write(long datasetId, DataTable table, Map<String, SeriesSummary[]> byKey) {
        try {
            insert(datasetId, table, byKey);
        } catch (SQLException e) {
            throw new StoreException("cannot write the statistics of data set " + datasetId + ": " + e.getMessage(), e);
        }
    }

    private void insert(long datasetId, DataTable table, Map<String, SeriesSummary[]> byKey) throws SQLException {
        int pending = 0;
        for (Map.Entry<String, SeriesSummary[]> e : byKey.entrySet()) {
            SeriesSummary[] columns = e.getValue();
            for (int i = 0; i < columns.length; i++) {
                if (columns[i] == null || columns[i].count() == 0) continue;
                SeriesStats s = columns[i].stats();
                ps.setLong(1, datasetId);
                ps.setString(2, e.getKey());
                ps.setString(3, table.metrics().get(i).column());
                ps.setLong(4, s.n());
                double[] values = {s.min(), s.max(), s.mean(), s.stddev(), s.p50(), s.p90(), s.p95(), s.p99()};
                for (int v = 0; v < values.length; v++) {
                    // NaN: a statistic beyond a double (SeriesSummary), stored as empty
                    if (Double.isFinite(values[v])) ps.setDouble(5 + v, values[v]);
                    else ps.setNull(5 + v, Types.DOUBLE);
                }
                ps.setBytes(13, columns[i].digestBytes());
                ps.addBatch();
                if (++pending == 500) {
                    ps.executeBatch();
                    pending = 0;
                }
            }
        }
        if (pending > 0) ps.executeBatch();
    }

    @Override
    public void close() {
        Jdbc.run(ps::close);
    }
}
