package io.statlens.store.read;

import io.statlens.store.StoreException;
import io.statlens.store.DataTable;
import io.statlens.store.schema.Repository;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.IntStream;

/**
 * A fingerprint of one data set's rows as they are exported: time, elapsed seconds, key, the since-boot
 * flag and every metric value by its label. It does not depend on where the rows live, so two
 * repositories on different engines, with the metric columns in other orders or named otherwise, give
 * the same checksum for the same data set: {@code statlens copy} compares them on both sides.
 *
 * <p>Times count to the microsecond, PostgreSQL's precision. Each row's SHA-256 is summed into the
 * checksum (four 64-bit lanes), so the rows' order, which SQL does not fix for equal keys, does not matter.
 */
public final class DatasetChecksum {
    private static final int FETCH = 10_000;

    private DatasetChecksum() {
    }

    /** A data set's row count and checksum. */
    public record Checksum(long rows, String sha256Sum) {
        @Override
        public String toString() {
            return rows + " rows, " + sha256Sum;
        }
    }

    /** The checksum of data set {@code datasetId}, read from its table. */
    public static Checksum of(Repository repo, long datasetId) {
        try {
            String tableName;
            try (PreparedStatement ps = repo.connection().prepareStatement("SELECT TABLE_NAME FROM DATASETS WHERE ID = ?")) {
                ps.setLong(1, datasetId);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) throw new IllegalArgumentException("no data set " + datasetId);
                    tableName = rs.getString(1);
                }
            }
            DataTable table = repo.tables().table(tableName)
                    .orElseThrow(() -> new IllegalStateException("data set " + datasetId + " names table " + tableName + ", which is not in the catalog"));
            return read(repo, datasetId, table);
        } catch (SQLException e) {
            throw new StoreException("cannot read data set " + datasetId + " for its checksum: " + e.getMessage(), e);
        }
    }

    private static Checksum read(Repository repo, long datasetId, DataTable table) throws SQLException {
        List<DataTable.MetricColumn> metrics = table.metrics();
        // Values are hashed in label order, whatever the table's column order.
        int[] byLabel = IntStream.range(0, metrics.size()).boxed()
                .sorted(Comparator.comparing(i -> metrics.get(i).label())).mapToInt(Integer::intValue).toArray();
        byte[][] labels = new byte[metrics.size()][];
        for (int i = 0; i < labels.length; i++) labels[i] = metrics.get(i).label().getBytes(StandardCharsets.UTF_8);
        StringBuilder sql = new StringBuilder("SELECT TS, ELAPSED_S, ITEM, SINCE_BOOT");
        for (DataTable.MetricColumn m : metrics) sql.append(", ").append(m.column());
        sql.append(" FROM ").append(table.name()).append(" WHERE DATASET_ID = ?");
        MessageDigest sha = sha256();
        long[] sum = new long[4];
        long rows = 0;
        ByteBuffer row = ByteBuffer.allocate(1024);
        try (PreparedStatement ps = repo.connection().prepareStatement(sql.toString())) {
            ps.setFetchSize(FETCH);
            ps.setLong(1, datasetId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    Instant ts = Repository.instant(rs.getTimestamp(1));
                    byte[] key = rs.getString(3).getBytes(StandardCharsets.UTF_8);
                    row.clear();
                    row = room(row, 8 + 8 + 4 + key.length + 1);
                    row.putLong(ts.getEpochSecond() * 1_000_000L + ts.getNano() / 1000).putDouble(rs.getDouble(2))
                            .putInt(key.length).put(key).put((byte) (rs.getBoolean(4) ? 1 : 0));
                    for (int i : byLabel) {
                        double v = rs.getDouble(5 + i);
                        if (rs.wasNull()) continue;
                        row = room(row, 4 + labels[i].length + 8);
                        row.putInt(labels[i].length).put(labels[i]).putDouble(v);
                    }
                    sha.update(row.array(), 0, row.position());
                    ByteBuffer digest = ByteBuffer.wrap(sha.digest());
                    for (int lane = 0; lane < 4; lane++) sum[lane] += digest.getLong();
                    rows++;
                }
            }
        }
        ByteBuffer out = ByteBuffer.allocate(32);
        for (long lane : sum) out.putLong(lane);
        return new Checksum(rows, HexFormat.of().formatHex(out.array()));
    }

    /** The buffer, or a larger copy of it, with {@code more} bytes free. */
    private static ByteBuffer room(ByteBuffer buffer, int more) {
        if (buffer.remaining() >= more) return buffer;
        ByteBuffer bigger = ByteBuffer.allocate(Math.max(buffer.capacity() * 2, buffer.position() + more));
        buffer.flip();
        return bigger.put(buffer);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
