package io.statlens.store.read;

import io.statlens.store.StoreException;
import io.statlens.model.UserException;
import io.statlens.store.schema.DataTable;
import io.statlens.store.schema.Repository;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Streams the rows of one data set of a run (all its files), in time order. */
public final class SeriesReader {
    private final Repository repo;

    public SeriesReader(Repository repo) {
        this.repo = repo;
    }

    /** One row as read back. Values follow the selection's metric order; NaN = no value. */
    public record SeriesRow(Instant time, double elapsed, String key, boolean sinceBoot, double[] values) {
    }

    /**
     * What will be read: the run's data sets of one qualified name and the metrics they hold.
     *
     * @param keyLabel what the key means ({@code Device}), empty if unkeyed
     */
    public record Selection(String run, String dataset, String table, String keyLabel, List<Long> datasetIds,
                            List<DataTable.MetricColumn> metrics) {
    }

    public interface RowHandler {
        void row(SeriesRow row);
    }

    /**
     * Chooses the data set: {@code tool} may be {@code iostat} or {@code iostat.cpu}; when empty, the
     * run must hold exactly one data set.
     */
    public Selection select(String run, String tool) {
        if (tool == null || tool.isEmpty()) {
            List<Selection> all = selectAll(run);
            if (all.size() != 1) {
                throw new UserException("run '" + run + "' holds several data sets; choose one with --tool: "
                        + String.join(", ", all.stream().map(Selection::dataset).toList()));
            }
            return all.get(0);
        }
        // Only the named data set is read; the others are listed only to say what there is when it is missing.
        String name = tool.toLowerCase();
        RunCatalog catalog = new RunCatalog(repo);
        List<RunCatalog.DatasetInfo> sets = catalog.datasets(catalog.id(run), name);
        if (sets.isEmpty()) {
            throw new UserException("run '" + run + "' has no data set '" + tool + "'; it has: "
                    + String.join(", ", selectAll(run).stream().map(Selection::dataset).toList()));
        }
        return selection(run, name, sets);
    }

    /**
     * Every data set of a run, one selection per qualified name (files of one tool merge), in import order, each
     * with the metric columns that hold values for it (known from the statistics stored at import).
     */
    public List<Selection> selectAll(String run) {
        RunCatalog catalog = new RunCatalog(repo);
        long runId = catalog.id(run);
        List<RunCatalog.DatasetInfo> all = catalog.datasets(runId);
        Map<String, List<RunCatalog.DatasetInfo>> byName = new LinkedHashMap<>();
        for (RunCatalog.DatasetInfo d : all) byName.computeIfAbsent(d.qualifiedName(), k -> new ArrayList<>()).add(d);
        List<Selection> out = new ArrayList<>();
        byName.forEach((name, sets) -> out.add(selection(run, name, sets)));
        return out;
    }

    /** One selection of the data sets of one name (files of one tool merge), with the metric columns that hold values. */
    private Selection selection(String run, String name, List<RunCatalog.DatasetInfo> sets) {
        DataTable table = repo.tables().table(sets.get(0).table()).orElseThrow();
        List<String> used = sets.stream().flatMap(d -> d.metrics().stream()).map(DataTable.MetricColumn::column)
                .distinct().toList();
        List<DataTable.MetricColumn> metrics = table.metrics().stream().filter(m -> used.contains(m.column())).toList();
        List<Long> ids = sets.stream().map(RunCatalog.DatasetInfo::id).toList();
        return new Selection(run, name, table.name(), sets.get(0).keyLabel(), ids, metrics);
    }

    /** Reads the selection's rows ordered by time and key. */
    public void read(Selection s, boolean includeSinceBoot, RowHandler handler) {
        read(s, includeSinceBoot, TimeWindow.ALL, handler);
    }

    /** Reads the selection's rows within a window, ordered by time and key. */
    public void read(Selection s, boolean includeSinceBoot, TimeWindow window, RowHandler handler) {
        query(s, includeSinceBoot, window, List.of(), " ORDER BY TS, ITEM", handler);
    }

    /**
     * Reads the rows of these keys only (all keys when empty), ordered by time and key: the database leaves the
     * other keys' rows out before sorting, which matters for a chart of 10 of 256 CPUs over millions of rows.
     */
    public void read(Selection s, boolean includeSinceBoot, Collection<String> keys, RowHandler handler) {
        query(s, includeSinceBoot, TimeWindow.ALL, List.copyOf(keys), " ORDER BY TS, ITEM", handler);
    }

    /**
     * Reads the selection's rows within a window in storage order, for statistics that do not need
     * time order: it spares the database a sort of the whole data set.
     */
    public void scan(Selection s, boolean includeSinceBoot, TimeWindow window, RowHandler handler) {
        query(s, includeSinceBoot, window, List.of(), "", handler);
    }

    /**
     * The keys (CPUs, devices) the selection's data sets hold, in no particular order; none for unkeyed data. From the
     * statistics stored at import; a data set without them (since-boot rows only) is asked for its distinct keys.
     */
    public List<String> keys(Selection s) {
        String ids = s.datasetIds().stream().map(String::valueOf).collect(Collectors.joining(", "));
        List<String> out = distinct("SELECT DISTINCT ITEM FROM DATASET_STATS WHERE DATASET_ID IN (" + ids + ") AND ITEM <> ''", s);
        if (out.isEmpty()) {
            out = distinct("SELECT DISTINCT ITEM FROM " + s.table() + " WHERE DATASET_ID IN (" + ids + ") AND ITEM <> ''", s);
        }
        return out;
    }

    private List<String> distinct(String sql, Selection s) {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = repo.connection().prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) out.add(rs.getString(1));
        } catch (SQLException e) {
            throw new StoreException("cannot list the keys of " + s.dataset() + " of run " + s.run() + ": " + e.getMessage(), e);
        }
        return out;
    }

    private void query(Selection s, boolean includeSinceBoot, TimeWindow window, List<String> keys, String order,
                       RowHandler handler) {
        String columns = s.metrics().stream().map(DataTable.MetricColumn::column).collect(Collectors.joining(", "));
        String ids = s.datasetIds().stream().map(String::valueOf).collect(Collectors.joining(", "));
        String sql = "SELECT TS, ELAPSED_S, ITEM, SINCE_BOOT" + (columns.isEmpty() ? "" : ", " + columns) + " FROM " + s.table()
                + " WHERE DATASET_ID IN (" + ids + ")" + (includeSinceBoot ? "" : " AND SINCE_BOOT = FALSE")
                + (window.from() == null ? "" : " AND TS >= ?") + (window.to() == null ? "" : " AND TS <= ?")
                + (keys.isEmpty() ? "" : " AND ITEM IN (" + String.join(", ", Collections.nCopies(keys.size(), "?")) + ")") + order;
        try (PreparedStatement ps = repo.connection().prepareStatement(sql)) {
            int p = 1;
            if (window.from() != null) ps.setTimestamp(p++, Repository.timestamp(window.from()));
            if (window.to() != null) ps.setTimestamp(p++, Repository.timestamp(window.to()));
            for (String key : keys) ps.setString(p++, key);
            try (ResultSet rs = ps.executeQuery()) {
                handle(s, rs, handler);
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read " + s.dataset() + " of run " + s.run() + ": " + e.getMessage(), e);
        }
    }

    private static void handle(Selection s, ResultSet rs, RowHandler handler) throws SQLException {
        int n = s.metrics().size();
        while (rs.next()) {
            double[] values = new double[n];
            for (int i = 0; i < n; i++) {
                double v = rs.getDouble(5 + i);
                values[i] = rs.wasNull() ? Double.NaN : v;
            }
            handler.row(new SeriesRow(Repository.instant(rs.getTimestamp(1)), rs.getDouble(2), rs.getString(3), rs.getBoolean(4),
                    values));
        }
    }
}
