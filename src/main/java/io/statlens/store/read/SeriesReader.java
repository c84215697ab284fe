package io.statlens.store.read;

import io.statlens.store.IdParameters;
import io.statlens.store.StoreException;
import io.statlens.model.UserException;
import io.statlens.store.block.BlockStore;
import io.statlens.store.DataTable;
import io.statlens.store.schema.Repository;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** Streams the rows of one data set of a run (all its files): in time order following the index, or for statistics unordered. */
public final class SeriesReader {
    /**
     * Rows a row table's query fetches at a time. Without a fetch size PostgreSQL's driver reads the whole result
     * before the first row is handed over: a chart or report of a ten-million-row data set held every row in memory at
     * once, and the garbage collector's work with them, where ten thousand rows at a time stream.
     */
    private static final int FETCH = 10_000;
    /**
     * Up to this many keys asked for are read one cursor each, in the row tables' index by key (a chart of the 10 busiest
     * of 257 CPUs reads their rows alone, not every CPU's in sample order); more are read in one query, by sample.
     */
    private static final int MAX_KEY_CURSORS = 64;
    /** The fewest rows a key's cursor fetches at a time: the cursors share {@link #FETCH}, but round trips cost too. */
    private static final int MIN_KEY_FETCH = 1_000;

    private final Repository repo;

    public SeriesReader(Repository repo) {
        this.repo = repo;
    }

    /**
     * One row as read back. Values follow the selection's metric order; NaN = no value. Its time is kept as seconds and
     * nanoseconds since the epoch, an {@link Instant} made only when asked for: a chart's and the findings' read of a
     * ten-million-row run use its milliseconds or elapsed seconds, and an object per row was a fifth of what the read
     * allocated.
     *
     * @param nano nanoseconds within the second, 0 to 999,999,999
     */
    public record SeriesRow(long epochSecond, int nano, double elapsed, String key, boolean sinceBoot, double[] values) {
        public SeriesRow(Instant time, double elapsed, String key, boolean sinceBoot, double[] values) {
            this(time.getEpochSecond(), time.getNano(), elapsed, key, sinceBoot, values);
        }

        public Instant time() {
            return Instant.ofEpochSecond(epochSecond, nano);
        }

        /** The time in milliseconds since the epoch, as {@link Instant#toEpochMilli} gives it. */
        public long epochMilli() {
            return Math.addExact(Math.multiplyExact(epochSecond, 1000), nano / 1_000_000);
        }

        boolean sameTime(SeriesRow other) {
            return epochSecond == other.epochSecond && nano == other.nano;
        }
    }

    /**
     * What will be read: the run's data sets of one qualified name and the metrics they hold.
     *
     * @param keyLabel what the key means ({@code Device}), empty if unkeyed
     * @param host     the host whose data sets these are, when the run holds this data of several hosts
     *                 ({@link #byHost}); empty for all of the run's
     */
    public record Selection(String run, String dataset, String table, String keyLabel, List<Long> datasetIds,
                            List<DataTable.MetricColumn> metrics, String host) {
        /** The run's data sets of this name, whatever their hosts. */
        public Selection(String run, String dataset, String table, String keyLabel, List<Long> datasetIds,
                         List<DataTable.MetricColumn> metrics) {
            this(run, dataset, table, keyLabel, datasetIds, metrics, "");
        }

        /** The same data sets with only these metrics. */
        public Selection withMetrics(List<DataTable.MetricColumn> chosen) {
            return new Selection(run, dataset, table, keyLabel, datasetIds, chosen, host);
        }
    }

    public interface RowHandler {
        /** A row of the read; its values array is valid during the call only (a long run's read reuses it). */
        void row(SeriesRow row);
    }

    /** One data set's rows in time order, for the merge of several. */
    interface RowCursor {
        SeriesRow row();

        /** Moves to the next row; false at the end (the cursor then releases what it holds). */
        boolean advance() throws SQLException;

        /**
         * Whether its rows are already in the order the read hands them over (those of one time by key: rows of one key),
         * so that, the read's only cursor, they go to the handler as they come. Its row's values array may then be
         * reused by the next row: a handler uses it during the call only, as every handler does.
         */
        default boolean inKeyOrder() {
            return false;
        }
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

    /**
     * The selection's data sets host by host ({@link HostLanes}), each named by its host; the selection itself when
     * they are one host's (the usual run, one data set without asking).
     */
    public List<Selection> byHost(Selection s) {
        if (s.datasetIds().size() < 2) return List.of(s);
        RunCatalog catalog = new RunCatalog(repo);
        List<HostLanes.Lane> lanes = HostLanes.of(catalog.datasets(catalog.id(s.run()), s.dataset()).stream()
                .filter(d -> s.datasetIds().contains(d.id())).toList());
        if (lanes.size() < 2) return List.of(s);
        return lanes.stream().map(l -> new Selection(s.run(), s.dataset(), s.table(), s.keyLabel(), l.datasetIds(), s.metrics(),
                l.host())).toList();
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

    /** Reads the selection's rows in time order (see {@link #read(Selection, boolean, TimeWindow, Collection, RowHandler)}). */
    public void read(Selection s, boolean includeSinceBoot, RowHandler handler) {
        read(s, includeSinceBoot, TimeWindow.ALL, List.of(), handler);
    }

    /** Reads the selection's rows within a window, in time order. */
    public void read(Selection s, boolean includeSinceBoot, TimeWindow window, RowHandler handler) {
        read(s, includeSinceBoot, window, List.of(), handler);
    }

    /**
     * Reads the rows of these keys only (all keys when empty), in time order: the database leaves the other keys' rows
     * out, which matters for a chart of 10 of 256 CPUs over millions of rows.
     */
    public void read(Selection s, boolean includeSinceBoot, Collection<String> keys, RowHandler handler) {
        read(s, includeSinceBoot, TimeWindow.ALL, keys, handler);
    }

    /**
     * Reads the selection's rows in time order: each data set's rows in the order of the data tables' index
     * {@code (DATASET_ID, SAMPLE)}, which is the order its file printed them (the rows of one report, one per key,
     * share a sample), so that the database follows the index and sorts nothing; the data sets of several files
     * are merged by elapsed time (they belong to one run, so elapsed time orders them as the clock does). A few keys
     * of a row table are read one cursor each in its index {@code (DATASET_ID, ITEM, SAMPLE)}, and merged alike.
     *
     * @param keys only these keys; all when empty
     */
    public void read(Selection s, boolean includeSinceBoot, TimeWindow window, Collection<String> keys, RowHandler handler) {
        List<String> keyList = List.copyOf(keys);
        boolean perKey = !keyList.isEmpty() && keyList.size() <= MAX_KEY_CURSORS && !repo.dialect().storesBlocks();
        String sql = orderedQuery(s, includeSinceBoot, window, perKey ? keyList.subList(0, 1) : keyList, perKey);
        List<PreparedStatement> statements = new ArrayList<>();
        List<RowCursor> cursors = new ArrayList<>();
        try {
            BlockSeries blocks = repo.dialect().storesBlocks() ? new BlockSeries(repo, s, includeSinceBoot, window) : null;
            for (long id : s.datasetIds()) {
                if (blocks != null) {
                    RowCursor c = blocks.ordered(id, keyList, s.datasetIds().size() == 1);
                    if (c.advance()) cursors.add(c);
                    continue;
                }
                // one cursor per key, each in the index by key, merged here by time as the data sets' are
                for (List<String> cursorKeys : perKey ? keyList.stream().map(List::of).toList() : List.of(keyList)) {
                    PreparedStatement ps = repo.connection().prepareStatement(sql);
                    ps.setFetchSize(perKey ? Math.max(MIN_KEY_FETCH, FETCH / keyList.size()) : FETCH);
                    repo.dialect().readRowsInBinary(ps);
                    statements.add(ps);
                    int p = 1;
                    ps.setLong(p++, id);
                    if (window.from() != null) ps.setTimestamp(p++, Repository.timestamp(window.from()));
                    if (window.to() != null) ps.setTimestamp(p++, Repository.timestamp(window.to()));
                    for (String key : cursorKeys) ps.setString(p++, key);
                    Cursor c = new Cursor(ps.executeQuery(), s, includeSinceBoot);
                    if (c.advance()) cursors.add(c);
                }
            }
            if (cursors.size() == 1 && cursors.get(0).inKeyOrder()) {
                RowCursor only = cursors.get(0);
                do handler.row(only.row()); while (only.advance());
            } else {
                KeyOrder ordered = new KeyOrder(handler);
                merge(cursors, ordered);
                ordered.flush();
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read " + s.dataset() + " of run " + s.run() + ": " + e.getMessage(), e);
        } finally {
            for (PreparedStatement ps : statements) {
                try {
                    ps.close();
                } catch (SQLException ignored) {
                    // closing a read-only statement; the read's outcome is decided above
                }
            }
        }
    }

    /** Hands over the cursors' rows, earliest first; on equal times the earlier data set's row first. */
    private static void merge(List<RowCursor> cursors, RowHandler handler) throws SQLException {
        while (!cursors.isEmpty()) {
            int next = 0;
            for (int i = 1; i < cursors.size(); i++) {
                if (cursors.get(i).row().elapsed() < cursors.get(next).row().elapsed()) next = i;
            }
            RowCursor c = cursors.get(next);
            handler.row(c.row());
            if (!c.advance()) cursors.remove(next);
        }
    }

    /**
     * Hands over the rows of one time ordered by key. The index orders rows by sample only, and rows of one sample
     * (all CPUs of one report) come in an order the engine chooses: in Derby the file's, in PostgreSQL whatever a
     * plan gives. Sorting the few rows of one time here keeps every engine's answer the same, as {@code ORDER BY TS,
     * ITEM} would, without the database sorting the whole data set.
     */
    private static final class KeyOrder implements RowHandler {
        /** Beyond this many rows of one time (no real report has them) rows are handed over as they come. */
        private static final int MAX_HELD = 1 << 16;
        private static final Comparator<SeriesRow> BY_KEY = Comparator.comparing(SeriesRow::key);
        private final RowHandler handler;
        private final List<SeriesRow> held = new ArrayList<>();

        KeyOrder(RowHandler handler) {
            this.handler = handler;
        }

        @Override
        public void row(SeriesRow row) {
            if (!held.isEmpty() && (!held.get(0).sameTime(row) || held.size() >= MAX_HELD)) flush();
            held.add(row);
        }

        void flush() {
            // One row per time (an unkeyed or one-key series, the usual long run) needs no sort.
            if (held.size() > 1) held.sort(BY_KEY);
            for (int i = 0; i < held.size(); i++) handler.row(held.get(i));
            held.clear();
        }
    }

    /** The rows of one data set as they come from the index. */
    private static final class Cursor implements RowCursor {
        private final ResultSet rs;
        private final int metrics;
        private final boolean keyed;
        private final boolean sinceBootRead;
        SeriesRow row;

        Cursor(ResultSet rs, Selection s, boolean sinceBootRead) {
            this.rs = rs;
            this.metrics = s.metrics().size();
            this.keyed = keyed(s);
            this.sinceBootRead = sinceBootRead;
        }

        @Override
        public SeriesRow row() {
            return row;
        }

        @Override
        public boolean advance() throws SQLException {
            if (!rs.next()) {
                rs.close();
                return false;
            }
            int column = 3;
            String key = keyed ? rs.getString(column++) : "";
            boolean sinceBoot = sinceBootRead && rs.getBoolean(column++);
            double[] values = new double[metrics];
            for (int i = 0; i < metrics; i++) {
                double v = rs.getDouble(column++);
                values[i] = rs.wasNull() ? Double.NaN : v;
            }
            row = new SeriesRow(Repository.instant(rs.getTimestamp(1)), rs.getDouble(2), key, sinceBoot, values);
            return true;
        }
    }

    /**
     * The query of one data set's rows in index order. {@code DATASET_ID = ?} on the index's first column and the
     * order of its columns let the database read the index in order instead of sorting; only the columns asked for
     * are read (no key of unkeyed data, the since-boot flag only when such rows are kept).
     *
     * @param byKey the rows of one key, in the index by data set, key and sample ({@code DataTables.keyIndex})
     */
    static String orderedQuery(Selection s, boolean includeSinceBoot, TimeWindow window, List<String> keys, boolean byKey) {
        List<String> columns = new ArrayList<>(List.of("TS", "ELAPSED_S"));
        if (keyed(s)) columns.add("ITEM");
        if (includeSinceBoot) columns.add("SINCE_BOOT");
        s.metrics().forEach(m -> columns.add(m.column()));
        return "SELECT " + String.join(", ", columns) + " FROM " + s.table() + " WHERE DATASET_ID = ?"
                + conditions(includeSinceBoot, window, keys) + (byKey ? " ORDER BY DATASET_ID, ITEM, SAMPLE" : " ORDER BY DATASET_ID, SAMPLE");
    }

    private static String conditions(boolean includeSinceBoot, TimeWindow window, List<String> keys) {
        return (includeSinceBoot ? "" : " AND SINCE_BOOT = FALSE")
                + (window.from() == null ? "" : " AND TS >= ?") + (window.to() == null ? "" : " AND TS <= ?")
                + (keys.isEmpty() ? "" : " AND ITEM IN (" + String.join(", ", Collections.nCopies(keys.size(), "?")) + ")");
    }

    private static boolean keyed(Selection s) {
        return s.keyLabel() != null && !s.keyLabel().isEmpty();
    }

    /** A row's key and values, as {@link #scan} hands them over: valid during the call only (the array is reused). */
    public interface ValuesHandler {
        void row(String key, double[] values);
    }

    /**
     * Reads the keys and values of the selection's rows within a window, in no particular order, for statistics:
     * no time, no sort, only the metric columns asked for; the database chooses how to find the rows.
     */
    public void scan(Selection s, boolean includeSinceBoot, TimeWindow window, ValuesHandler handler) {
        boolean keyed = keyed(s);
        List<String> columns = new ArrayList<>();
        if (keyed) columns.add("ITEM");
        s.metrics().forEach(m -> columns.add(m.column()));
        if (columns.isEmpty()) return;
        if (repo.dialect().storesBlocks()) {
            try {
                new BlockSeries(repo, s, includeSinceBoot, window).scan(handler);
            } catch (SQLException e) {
                throw new StoreException("cannot read " + s.dataset() + " of run " + s.run() + ": " + e.getMessage(), e);
            }
            return;
        }
        IdParameters ids = new IdParameters(s.datasetIds());
        String sql = "SELECT " + String.join(", ", columns) + " FROM " + s.table() + " WHERE DATASET_ID IN (" + ids.marks() + ")"
                + conditions(includeSinceBoot, window, List.of());
        int n = s.metrics().size();
        double[] values = new double[n];
        try (PreparedStatement ps = repo.connection().prepareStatement(sql)) {
            ps.setFetchSize(FETCH);
            repo.dialect().readRowsInBinary(ps);
            int p = ids.bind(ps, 1);
            if (window.from() != null) ps.setTimestamp(p++, Repository.timestamp(window.from()));
            if (window.to() != null) ps.setTimestamp(p, Repository.timestamp(window.to()));
            int first = keyed ? 2 : 1;
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    for (int i = 0; i < n; i++) {
                        double v = rs.getDouble(first + i);
                        values[i] = rs.wasNull() ? Double.NaN : v;
                    }
                    handler.row(keyed ? rs.getString(1) : "", values);
                }
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read " + s.dataset() + " of run " + s.run() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Whether every row of the selection's data sets lies within the window, by the first and last times recorded at
     * import: then the window changes nothing, and the statistics stored at import are those of the window's rows.
     */
    public boolean within(Selection s, TimeWindow window) {
        if (!window.bounded()) return true;
        IdParameters ids = new IdParameters(s.datasetIds());
        String sql = "SELECT COUNT(*) FROM DATASETS WHERE ID IN (" + ids.marks() + ") AND FIRST_TS IS NOT NULL"
                + (window.from() == null ? "" : " AND FIRST_TS >= ?") + (window.to() == null ? "" : " AND LAST_TS <= ?");
        try (PreparedStatement ps = repo.connection().prepareStatement(sql)) {
            int p = ids.bind(ps, 1);
            if (window.from() != null) ps.setTimestamp(p++, Repository.timestamp(window.from()));
            if (window.to() != null) ps.setTimestamp(p, Repository.timestamp(window.to()));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getLong(1) == s.datasetIds().size();
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read the time range of " + s.dataset() + " of run " + s.run() + ": " + e.getMessage(), e);
        }
    }

    /**
     * A data set's key label ({@code CPU}), empty for an unkeyed one: what a {@link Selection} of its rows needs for the
     * rows to come with their keys from a store of rows (PostgreSQL).
     */
    public String keyLabel(long datasetId) {
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT KEY_LABEL FROM DATASETS WHERE ID = ?")) {
            ps.setLong(1, datasetId);
            try (ResultSet rs = ps.executeQuery()) {
                String label = rs.next() ? rs.getString(1) : null;
                return label == null ? "" : label;
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read data set " + datasetId + ": " + e.getMessage(), e);
        }
    }

    /**
     * The keys (CPUs, devices) the selection's data sets hold, in no particular order; none for unkeyed data. From the
     * statistics stored at import; a data set without them (since-boot rows only) is asked for its distinct keys.
     */
    public List<String> keys(Selection s) {
        IdParameters ids = new IdParameters(s.datasetIds());
        List<String> out = distinct("SELECT DISTINCT ITEM FROM DATASET_STATS WHERE DATASET_ID IN (" + ids.marks() + ") AND ITEM <> ''", ids, s);
        if (out.isEmpty()) {
            out = distinct("SELECT DISTINCT ITEM FROM " + (repo.dialect().storesBlocks() ? BlockStore.TABLE : s.table())
                    + " WHERE DATASET_ID IN (" + ids.marks() + ") AND ITEM <> ''", ids, s);
        }
        return out;
    }

    private List<String> distinct(String sql, IdParameters ids, Selection s) {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = repo.connection().prepareStatement(sql)) {
            ids.bind(ps, 1);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.add(rs.getString(1));
            }
        } catch (SQLException e) {
            throw new StoreException("cannot list the keys of " + s.dataset() + " of run " + s.run() + ": " + e.getMessage(), e);
        }
        return out;
    }
}
