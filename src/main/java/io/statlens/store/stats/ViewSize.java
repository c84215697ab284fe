package io.statlens.store.stats;

import io.statlens.store.read.TimeWindow;
import io.statlens.store.schema.Repository;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;

/**
 * How many samples per key a view of one data set holds, from the rows and times recorded at import (no row read):
 * whether a chart of it reads the rows or a reduction of them ({@link Overviews}, {@link GroupedOverviews}).
 *
 * @param rowCount the data set's rows
 * @param perKey   its rows per key, in the share of its time span the window shows
 * @param from     the window's start in epoch ms (negative infinity: unbounded)
 * @param to       its end
 * @param first    the data set's first time as stored
 */
record ViewSize(long rowCount, double perKey, double from, double to, Timestamp first) {
    /** Empty when the data set has no times recorded (no rows). */
    static Optional<ViewSize> of(Repository repo, long datasetId, TimeWindow window, int keys) throws SQLException {
        long rowCount;
        Timestamp stored;
        double first;
        double last;
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT ROW_COUNT, FIRST_TS, LAST_TS FROM DATASETS WHERE ID = ?")) {
            ps.setLong(1, datasetId);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next() || rs.getTimestamp(2) == null) return Optional.empty();
                rowCount = rs.getLong(1);
                stored = rs.getTimestamp(2);
                first = millis(Repository.instant(stored));
                last = millis(Repository.instant(rs.getTimestamp(3)));
            }
        }
        double from = window.from() == null ? Double.NEGATIVE_INFINITY : millis(window.from());
        double to = window.to() == null ? Double.POSITIVE_INFINITY : millis(window.to());
        double shown = last > first ? (Math.min(to, last) - Math.max(from, first)) / (last - first) : 1;
        return Optional.of(new ViewSize(rowCount, (double) rowCount / Math.max(1, keys) * Math.max(0, shown), from, to, stored));
    }

    private static double millis(Instant t) {
        return t.getEpochSecond() * 1000.0 + t.getNano() / 1e6;
    }
}
