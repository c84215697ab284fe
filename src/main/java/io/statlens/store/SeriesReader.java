package io.statlens.store;

import io.statlens.model.UserException;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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
        RunCatalog catalog = new RunCatalog(repo);
        long runId = catalog.id(run);
        List<RunCatalog.DatasetInfo> all;
        try {
            all = catalog.datasets(runId);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        Map<String, List<RunCatalog.DatasetInfo>> byName = new LinkedHashMap<>();
        for (RunCatalog.DatasetInfo d : all) byName.computeIfAbsent(d.qualifiedName(), k -> new ArrayList<>()).add(d);
        String chosen;
        if (tool == null || tool.isEmpty()) {
            if (byName.size() != 1) {
                throw new UserException("run '" + run + "' holds several data sets; choose one with --tool: "
                        + String.join(", ", byName.keySet()));
            }
            chosen = byName.keySet().iterator().next();
        } else {
            chosen = tool.toLowerCase();
            if (!byName.containsKey(chosen)) {
                throw new UserException("run '" + run + "' has no data set '" + tool + "'; it has: " + String.join(", ", byName.keySet()));
            }
        }
        List<RunCatalog.DatasetInfo> sets = byName.get(chosen);
        Map<String, DataTable.MetricColumn> metrics = new LinkedHashMap<>();
        DataTable table = repo.tables().table(sets.get(0).table()).orElseThrow();
        List<String> used = sets.stream().flatMap(d -> d.metrics().stream()).map(DataTable.MetricColumn::column).distinct().toList();
        for (DataTable.MetricColumn m : table.metrics()) {
            if (used.contains(m.column())) metrics.put(m.column(), m);
        }
        return new Selection(run, chosen, table.name(), sets.get(0).keyLabel(), sets.stream().map(RunCatalog.DatasetInfo::id).toList(),
                List.copyOf(metrics.values()));
    }

    /**
     * Every data set of a run, one selection per qualified name, without reading the data tables
     * (fast on big runs). Unlike {@link #select}, a selection holds all of its table's metric columns,
     * including any this run left empty.
     */
    public List<Selection> selectAll(String run) {
        long runId = new RunCatalog(repo).id(run);
        record Dataset(long id, String qualifiedName, String table, String keyLabel) {
        }
        List<Dataset> sets = new ArrayList<>();
        try (PreparedStatement ps = repo.connection().prepareStatement(
                "SELECT ID, TOOL, NAME, TABLE_NAME, KEY_LABEL FROM DATASETS WHERE RUN_ID = ? ORDER BY ID")) {
            ps.setLong(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String name = rs.getString(3);
                    sets.add(new Dataset(rs.getLong(1), name.isEmpty() ? rs.getString(2) : rs.getString(2) + "." + name,
                            rs.getString(4), rs.getString(5)));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot list the data sets of run " + run + ": " + e.getMessage(), e);
        }
        Map<String, List<Dataset>> byName = new LinkedHashMap<>();
        for (Dataset d : sets) byName.computeIfAbsent(d.qualifiedName(), k -> new ArrayList<>()).add(d);
        List<Selection> out = new ArrayList<>();
        byName.forEach((name, list) -> {
            DataTable table = repo.tables().table(list.get(0).table()).orElseThrow();
            out.add(new Selection(run, name, table.name(), list.get(0).keyLabel(), list.stream().map(Dataset::id).toList(),
                    table.metrics()));
        });
        return out;
    }

    /** Reads the selection's rows ordered by time and key. */
    public void read(Selection s, boolean includeSinceBoot, RowHandler handler) {
        read(s, includeSinceBoot, TimeWindow.ALL, handler);
    }

    /** Reads the selection's rows within a window, ordered by time and key. */
    public void read(Selection s, boolean includeSinceBoot, TimeWindow window, RowHandler handler) {
        query(s, includeSinceBoot, window, " ORDER BY TS, ITEM", handler);
    }

    /**
     * Reads the selection's rows within a window in storage order, for statistics that do not need
     * time order: it spares the database a sort of the whole data set.
     */
    public void scan(Selection s, boolean includeSinceBoot, TimeWindow window, RowHandler handler) {
        query(s, includeSinceBoot, window, "", handler);
    }

    private void query(Selection s, boolean includeSinceBoot, TimeWindow window, String order, RowHandler handler) {
        String columns = s.metrics().stream().map(DataTable.MetricColumn::column).collect(Collectors.joining(", "));
        String ids = s.datasetIds().stream().map(String::valueOf).collect(Collectors.joining(", "));
        String sql = "SELECT TS, ELAPSED_S, ITEM, SINCE_BOOT" + (columns.isEmpty() ? "" : ", " + columns) + " FROM " + s.table()
                + " WHERE DATASET_ID IN (" + ids + ")" + (includeSinceBoot ? "" : " AND SINCE_BOOT = FALSE")
                + (window.from() == null ? "" : " AND TS >= ?") + (window.to() == null ? "" : " AND TS <= ?") + order;
        try (PreparedStatement ps = repo.connection().prepareStatement(sql)) {
            int p = 1;
            if (window.from() != null) ps.setTimestamp(p++, Repository.timestamp(window.from()));
            if (window.to() != null) ps.setTimestamp(p, Repository.timestamp(window.to()));
            try (ResultSet rs = ps.executeQuery()) {
                handle(s, rs, handler);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read " + s.dataset() + " of run " + s.run() + ": " + e.getMessage(), e);
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
