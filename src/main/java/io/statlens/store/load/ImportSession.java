package io.statlens.store.load;

import io.statlens.model.ElapsedSeconds;
import io.statlens.model.DatasetSpec;
import io.statlens.model.Fact;
import io.statlens.model.Metric;
import io.statlens.model.ParseWarning;
import io.statlens.model.Row;
import io.statlens.model.SummaryValue;
import io.statlens.model.UserException;
import io.statlens.parse.spi.DerivedTimes;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.timeline.TimeSource;
import io.statlens.store.stats.DatasetStatsWriter;
import io.statlens.store.stats.KeySeries;
import io.statlens.store.stats.OverviewBuckets;
import io.statlens.store.stats.OverviewWriter;
import io.statlens.store.stats.SeriesSummary;
import io.statlens.store.stats.StoredStats;
import io.statlens.store.DataTable;
import io.statlens.store.schema.Repository;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Receives one file's records from its parser and writes them into the repository inside the
 * caller's transaction: data sets and their rows (spilled to a temporary file per table, then appended
 * in bulk by one statement per table), summary values, facts and warnings, and per data set, key and
 * metric a streaming summary of the values (since-boot samples excluded) stored in {@code DATASET_STATS}.
 * It commits nothing; the import service decides.
 */
final class ImportSession implements RecordSink, AutoCloseable {
    private static final int WARNINGS_KEPT_IN_MEMORY = 20;
    /** WARNINGS.KIND of a line that could not be used (fails --strict). */
    static final String KIND_BAD_LINE = "bad line";
    /** WARNINGS.KIND of a notice about well-formed content. */
    static final String KIND_NOTICE = "notice";
    /** The fact that names the host a file was captured on. */
    private static final String HOST_FACT = "host";
    /** The name a part's output printed for its host when a pdsh or clush prefix named it otherwise ({@link #prefixHost}). */
    private static final String PRINTED_HOST_FACT = "host.printed";

    private final Repository repo;
    private final Connection c;
    private final long runId;
    private final long fileId;
    private final RunClock clock;
    private final String strictFile;
    private final Map<String, DatasetState> datasets = new LinkedHashMap<>();
    /** In the order the parser announced them: a rolled-back commit's tables are made again in that order. */
    private final Map<DatasetSpec, SpecMapping> mappings = new LinkedHashMap<>();
    private final Map<String, TableRows> tables = new LinkedHashMap<>();
    private final List<ParseWarning> firstWarnings = new ArrayList<>();
    /**
     * Prepared when first used: many files have no summary values, warnings or facts, and each statement prepared is
     * one more that Derby compiles into a class of its own (and the JIT compiles again) in every import's process.
     */
    private PreparedStatement insertSummary;
    private PreparedStatement insertFact;
    private PreparedStatement insertWarning;
    /** Which columns each data set uses, recorded once per data set and column. */
    private final ColumnUses uses;
    /** Prepared with the first data set. */
    private PreparedStatement insertDataset;
    /**
     * The query of the id the last data set's row was given, where the dialect has one ({@link
     * io.statlens.store.schema.SqlDialect#lastIdentityQuery}); prepared with the first data set.
     */
    private PreparedStatement datasetId;
    /** Prepared with the first whole key. */
    private PreparedStatement insertWholeKey;
    private long warningCount;
    private long rowCount;
    private long summaryCount;
    /**
     * Facts of what the file holds (a server's version and settings), not how its times were found nor how the output
     * was made ({@link #HOW_MADE}): a chosen parser that found only those read nothing of its tool.
     */
    private long factCount;
    /** The facts of the command line pasted before the output, or printed by the tool about what it ran. */
    private static final Set<String> HOW_MADE = Set.of("command", "options");
    /** Set when the parser derived the file's times provisionally (see {@link DerivedTimes}). */
    private DerivedTimes derived;
    private String timeSource = "";
    private String variant = "";
    private String host;
    /** The host a collect's file is of, named when its output names none ({@link #hostUnlessNamed}). */
    private String hostUnlessNamed;
    /** Whether {@link #host} is the collect's host folder's name ({@link #hostUnlessNamed}), not one the output printed. */
    private boolean hostFromFolder;
    /** The host a pdsh or clush prefix named for this part of a file ({@link #prefixHost}), or null. */
    private String prefixHost;
    /**
     * The data set of the last row and its mapping: parsers hand many rows of one data set in a row, and a spec's
     * hash (a record of lists of metrics) is not cached, so the map is consulted only when the spec object changes.
     */
    private DatasetSpec lastSpec;
    private SpecMapping lastMapping;
    /**
     * The mappings by the very spec object a parser passes: a parser that interleaves its data sets line by line (nmon:
     * a section per line) would otherwise hash and compare each row's spec, with all its metrics, in {@link #mappings}
     * (7 % of an nmon import's main thread). Cleared when a data set is announced, and when it outgrows the mappings (a
     * parser that makes an equal spec per row), so that it stays bounded.
     */
    private final Map<DatasetSpec, SpecMapping> mappingsBySpecObject = new IdentityHashMap<>();
    /**
     * A live import's writes since its last commit (data sets, labels, summary values, facts, warnings), to write again
     * after that commit failed; null for a file import, whose failure rolls the whole file back.
     */
    private List<Write> uncommitted;
    /** Set when a live import's commit rolled back: writes wait in {@link #uncommitted} until the next commit. */
    private boolean rolledBack;
    /**
     * A live import's loader, kept from commit to commit: its chains of blocks go on where the last commit left them,
     * without asking the repository; dropped when a commit rolls back.
     */
    private BulkLoader liveLoader;
    /** A live import's update of its data sets' counts, prepared once. */
    private PreparedStatement updateDataset;
    /** A key or a metric column had its first value since the statistics were last written. */
    private boolean newSeries;

    /** One write of a record into the repository. */
    private interface Write {
        void run() throws SQLException;
    }

    private static final class DatasetState {
        /** Negative until its DATASETS row is written (written again, with a new id, after a rolled-back commit). */
        long id;
        final String table;
        /** Summaries by key, then by table metric column (grown when the table gains columns). */
        final Map<String, KeySeries> summaries = new LinkedHashMap<>();
        /** Columns whose printed label is already kept. */
        final Set<String> printedColumns = new HashSet<>();
        /** Stored keys whose whole key is already kept. */
        final Set<String> wholeKeys = new HashSet<>();
        /** Columns recorded as used by the data set ({@link ColumnUses}). */
        final Set<String> usedColumns = new HashSet<>();
        long rows;
        Instant first;
        Instant last;
        /** The row count its DATASETS row has in the repository (a live import's last commit); -1 when not known. */
        long recordedRows = -1;

        DatasetState(long id, String table) {
            this.id = id;
            this.table = table;
        }
    }

    /** @param distinct whether {@code columnOf} names every table column at most once */
    private record SpecMapping(DatasetState dataset, TableRows table, int[] columnOf, boolean distinct) {
    }

    /** The rows of one table from this file, and the table's current width. */
    private static final class TableRows {
        /** The rows not loaded yet: a live import loads them at every commit and starts a new spill. */
        RowSpill spill = new RowSpill();
        DataTable table;

        TableRows(DataTable table) {
            this.table = table;
        }
    }

    /**
     * @param strictFile the file's name when importing with {@code --strict} (the first bad line then
     *                   aborts the import), null otherwise
     */
    ImportSession(Repository repo, long runId, long fileId, RunClock clock, String strictFile) {
        this.strictFile = strictFile;
        this.repo = repo;
        this.c = repo.connection();
        this.runId = runId;
        this.fileId = fileId;
        this.clock = clock;
        uses = new ColumnUses(c);
    }

    @Override
    public void dataset(DatasetSpec spec) {
        try {
            DataTable table = repo.tables().ensure(spec);
            TableRows rows = tables.computeIfAbsent(table.name(), k -> new TableRows(table));
            rows.table = table;
            DatasetState state = datasets.get(spec.qualifiedName());
            if (state == null) {
                DatasetState created = new DatasetState(-(datasets.size() + 1L), table.name());
                datasets.put(spec.qualifiedName(), created);
                write(() -> insertDataset(spec, created));
                state = created;
            }
            int[] columnOf = new int[spec.metrics().size()];
            for (int i = 0; i < columnOf.length; i++) columnOf[i] = table.indexOfLabel(spec.metrics().get(i).label());
            mappings.put(spec, new SpecMapping(state, rows, columnOf, Arrays.stream(columnOf).distinct().count() == columnOf.length));
            lastSpec = null;
            mappingsBySpecObject.clear();
            printedLabels(state, spec, table, columnOf);
            recordUse(state, table, columnOf);
        } catch (SQLException e) {
            throw new StoreFailure(e);
        }
    }

    /** Records, once per data set and column, that the data set uses the column (kept while the data set is). */
    private void recordUse(DatasetState state, DataTable table, int[] columnOf) throws SQLException {
        List<String> added = new ArrayList<>();
        for (int c : columnOf) {
            String column = table.metrics().get(c).column();
            if (state.usedColumns.add(column)) added.add(column);
        }
        if (!added.isEmpty()) write(() -> uses.record(state.id, added));
    }

    /** Keeps, once per data set and column, the label a translated header printed ({@code frei} for {@code free}). */
    private void printedLabels(DatasetState state, DatasetSpec spec, DataTable table, int[] columnOf) throws SQLException {
        for (int i = 0; i < columnOf.length; i++) {
            Metric m = spec.metrics().get(i);
            String column = table.metrics().get(columnOf[i]).column();
            if (!m.translated() || !state.printedColumns.add(column)) continue;
            write(() -> {
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO DATASET_LABELS (DATASET_ID, COLUMN_NAME, PRINTED) VALUES (?, ?, ?)")) {
                    ps.setLong(1, state.id);
                    ps.setString(2, column);
                    ps.setString(3, limit(m.printed(), 200));
                    ps.executeUpdate();
                }
            });
        }
    }

    /**
     * Keeps, once per data set and stored key, the whole of a key longer than a repository's key column (a deep stack,
     * see CheckedSink), so that queries, Top-N and reports can show what the stored key stands for.
     */
    @Override
    public void wholeKey(DatasetSpec spec, String stored, String whole) {
        SpecMapping m = mappings.get(spec);
        if (m == null) throw new IllegalStateException("whole key for data set " + spec.qualifiedName() + " before dataset() announced it");
        DatasetState d = m.dataset();
        if (!d.wholeKeys.add(stored)) return;
        try {
            write(() -> {
                if (insertWholeKey == null) {
                    insertWholeKey = c.prepareStatement("INSERT INTO DATASET_WHOLE_KEYS (DATASET_ID, ITEM, WHOLE_KEY) VALUES (?, ?, ?)");
                }
                insertWholeKey.setLong(1, d.id);
                insertWholeKey.setString(2, stored);
                insertWholeKey.setString(3, limit(whole));
                insertWholeKey.executeUpdate();
            });
        } catch (SQLException e) {
            throw new StoreFailure(e);
        }
    }

    /** Writes the data set's DATASETS row and gives it, and its rows spilled so far, the row's id. */
    private void insertDataset(DatasetSpec spec, DatasetState state) throws SQLException {
        // prepared once per file, not per data set: once the import has created a table, Derby compiles every
        // statement prepared in its transaction afresh (the generated keys' own query too: the dialect's instead)
        if (insertDataset == null) {
            String sql = "INSERT INTO DATASETS (RUN_ID, FILE_ID, TOOL, NAME, TABLE_NAME, KEY_LABEL, ROW_COUNT)"
                    + " VALUES (?, ?, ?, ?, ?, ?, 0)";
            Optional<String> identity = repo.dialect().lastIdentityQuery();
            insertDataset = identity.isPresent() ? c.prepareStatement(sql) : c.prepareStatement(sql, Statement.RETURN_GENERATED_KEYS);
            if (identity.isPresent()) datasetId = c.prepareStatement(identity.get());
        }
        insertDataset.setLong(1, runId);
        insertDataset.setLong(2, fileId);
        insertDataset.setString(3, spec.tool());
        insertDataset.setString(4, spec.name());
        insertDataset.setString(5, state.table);
        insertDataset.setString(6, spec.keyLabel());
        insertDataset.executeUpdate();
        long id;
        try (ResultSet keys = datasetId != null ? datasetId.executeQuery() : insertDataset.getGeneratedKeys()) {
            keys.next();
            id = keys.getLong(1);
        }
        // rows spilled before the row was written (again) carry the id it had then
        if (state.rows > 0) {
            long was = state.id;
            for (TableRows t : tables.values()) t.spill.renumber(was, id);
        }
        state.id = id;
    }

    /** Runs a write now, unless a live import's commit rolled back; a live import keeps it until its next commit. */
    private void write(Write w) throws SQLException {
        if (uncommitted != null) uncommitted.add(w);
        if (!rolledBack) w.run();
    }

    @Override
    public void derivedTimes(DerivedTimes times) {
        derived = times;
    }

    /** Whether the file's times are provisional, for the import to place with {@link #place} before {@link #load}. */
    boolean placesTimesLater() {
        return derived != null && rowCount > 0;
    }

    DerivedTimes derived() {
        return derived;
    }

    /** The latest provisional row time; null without rows. */
    Instant lastTime() {
        Instant max = null;
        for (DatasetState d : datasets.values()) {
            if (d.last != null && (max == null || d.last.isAfter(max))) max = d.last;
        }
        return max;
    }

    /**
     * Places provisional derived times: every row moves by the placement's shift, and counts its elapsed seconds
     * from the run's clock; the file records how its times were derived.
     */
    void place(DerivedTimes.Placement placement) {
        Instant placedStart = derived.provisionalStart().plus(placement.shift());
        double offset = clock.elapsed(placedStart);
        for (TableRows t : tables.values()) t.spill.shift(placement.shift(), offset);
        for (DatasetState d : datasets.values()) {
            if (d.first != null) d.first = d.first.plus(placement.shift());
            if (d.last != null) d.last = d.last.plus(placement.shift());
        }
        fact(placement.timeSource());
        notice(0, placement.notice());
    }

    @Override
    public void row(DatasetSpec spec, Row row) {
        SpecMapping m;
        if (spec == lastSpec) {
            m = lastMapping;
        } else {
            m = mappingsBySpecObject.get(spec);
            if (m == null) {
                m = mappings.get(spec);
                if (mappingsBySpecObject.size() > 2 * mappings.size() + 64) mappingsBySpecObject.clear();
                if (m != null) mappingsBySpecObject.put(spec, m);
            }
            lastSpec = spec;
            lastMapping = m;
        }
        if (m == null) throw new IllegalStateException("row for data set " + spec.qualifiedName() + " before dataset() announced it");
        if (row.values().length != m.columnOf().length) {
            throw new IllegalArgumentException("row of " + spec.qualifiedName() + " has " + row.values().length
                    + " values for " + m.columnOf().length + " metrics");
        }
        String key = row.key();
        if (key.length() > DataTable.ITEM_LENGTH) key = key.substring(0, DataTable.ITEM_LENGTH);
        double[] values = storable(row.values());
        DatasetState d = m.dataset();
        try {
            // provisional derived times count from their own start until placed (see place)
            double elapsed = derived != null ? ElapsedSeconds.between(derived.provisionalStart(), row.time()) : clock.elapsed(row.time());
            m.table().spill.add(d.id, row.sample(), row.time(), elapsed, key, row.sinceBoot(),
                    values, m.columnOf(), m.table().table.metrics().size());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write imported rows to a temporary file: " + e.getMessage(), e);
        }
        if (!row.sinceBoot() && summarize(d, key, values, m)) newSeries = true;
        d.rows++;
        rowCount++;
        if (d.first == null || row.time().isBefore(d.first)) d.first = row.time();
        if (d.last == null || row.time().isAfter(d.last)) d.last = row.time();
    }


    /**
     * The values with each infinity empty (NaN): the repository holds only finite doubles, and a data block holding an
     * infinity makes every query of its table fail. Parsers' values are checked before (CheckedSink, with a warning);
     * this keeps derived runs (averages) and any other writer from storing one.
     */
    private static double[] storable(double[] values) {
        double[] out = values;
        for (int i = 0; i < values.length; i++) {
            if (Double.isInfinite(values[i])) {
                if (out == values) out = values.clone();
                out[i] = Double.NaN;
            }
        }
        return out;
    }

    /** Adds the row's values to its key's summaries; whether a key or a column of it had its first value. */
    private static boolean summarize(DatasetState d, String key, double[] values, SpecMapping m) {
        int width = m.table().table.metrics().size();
        KeySeries series = d.summaries.get(key);
        if (series == null) {
            series = new KeySeries(width);
            d.summaries.put(key, series);
        }
        return series.add(values, m.columnOf(), width, m.distinct());
    }

    @Override
    public void summary(SummaryValue v) {
        if (Double.isNaN(v.value()) || Double.isInfinite(v.value())) return;
        try {
            write(() -> {
                if (insertSummary == null) {
                    insertSummary = c.prepareStatement("INSERT INTO SUMMARY (RUN_ID, FILE_ID, DATASET, ITEM, NAME, VAL, UNIT) VALUES (?, ?, ?, ?, ?, ?, ?)");
                }
                insertSummary.setLong(1, runId);
                insertSummary.setLong(2, fileId);
                insertSummary.setString(3, v.dataset());
                insertSummary.setString(4, v.key());
                insertSummary.setString(5, v.name());
                insertSummary.setDouble(6, v.value());
                insertSummary.setString(7, v.unit());
                insertSummary.executeUpdate();
            });
            summaryCount++;
        } catch (SQLException e) {
            throw new StoreFailure(e);
        }
    }

    @Override
    public void fact(Fact given) {
        boolean prefixed = prefixHost != null && given.name().equals(HOST_FACT);
        if (prefixed && host != null && prefixHost.equals(given.value().strip())) return; // the prefix's name, recorded already
        Fact fact = prefixed && !prefixHost.equals(given.value().strip()) ? new Fact(PRINTED_HOST_FACT, given.value()) : given;
        if (host == null && fact.name().equals(HOST_FACT)) host = fact.value();
        if (TimeSource.is(fact)) timeSource = fact.value();
        else if (!HOW_MADE.contains(fact.name())) factCount++;
        try {
            write(() -> {
                if (insertFact == null) insertFact = c.prepareStatement("INSERT INTO FACTS (RUN_ID, FILE_ID, NAME, VAL) VALUES (?, ?, ?, ?)");
                insertFact.setLong(1, runId);
                insertFact.setLong(2, fileId);
                insertFact.setString(3, fact.name());
                insertFact.setString(4, limit(fact.value()));
                insertFact.executeUpdate();
            });
        } catch (SQLException e) {
            throw new StoreFailure(e);
        }
    }

    @Override
    public void warning(long line, String message) {
        if (strictFile != null && line > 0) {
            // --strict: stop at the first bad line; the import service rolls everything back.
            throw new UserException(new ParseWarning(line, message).format(strictFile) + " (--strict: nothing was imported)");
        }
        record(line, KIND_BAD_LINE, message);
    }

    @Override
    public void notice(long line, String message) {
        record(line, KIND_NOTICE, message);
    }

    private void record(long line, String kind, String message) {
        warningCount++;
        if (firstWarnings.size() < WARNINGS_KEPT_IN_MEMORY) firstWarnings.add(new ParseWarning(line, message));
        try {
            write(() -> {
                if (insertWarning == null) {
                    insertWarning = c.prepareStatement("INSERT INTO WARNINGS (RUN_ID, FILE_ID, LINE_NO, KIND, MESSAGE) VALUES (?, ?, ?, ?, ?)");
                }
                insertWarning.setLong(1, runId);
                insertWarning.setLong(2, fileId);
                insertWarning.setLong(3, line);
                insertWarning.setString(4, kind);
                insertWarning.setString(5, limit(message));
                insertWarning.executeUpdate();
            });
        } catch (SQLException e) {
            throw new StoreFailure(e);
        }
    }

    @Override
    public void variant(String variant) {
        this.variant = variant;
    }

    private static String limit(String s) {
        return limit(s, 32000);
    }

    private static String limit(String s, int length) {
        return s == null || s.length() <= length ? s : s.substring(0, length);
    }

    /**
     * Loads the file's rows, spilled while it was read, into their tables in bulk (one statement per
     * table), then each data set's counts and the statistics of its series.
     */
    void load() throws SQLException, IOException {
        nameTheHost();
        try {
            try (BulkLoader loader = BulkLoader.forDialect(repo.dialect())) {
                for (TableRows t : tables.values()) loader.load(c, t.table, t.spill);
            }
        } finally {
            deleteSpills();
        }
        try (PreparedStatement ps = c.prepareStatement(UPDATE_DATASET)) {
            updateDatasets(ps);
        }
        writeStatistics(false);
        writeOverviews();
    }

    /**
     * Writes every data set's overviews again from its rows (OverviewWriter), after its statistics: at the end of a
     * file, and at a live import's last commit (its earlier commits leave them behind their rows, and charts read rows).
     */
    void writeOverviews() {
        OverviewWriter writer = new OverviewWriter(repo);
        for (DatasetState d : datasets.values()) {
            if (d.id >= 0 && longEnoughForOverviews(d)) writer.rebuild("#" + runId, d.id, tables.get(d.table).table);
        }
    }

    /**
     * Whether a series of the data set is long enough for overviews, by the import's own counts (the ones its
     * statistics were written from, which {@link OverviewWriter} reads back): a data set of shorter series has none and
     * this file wrote none, so nothing is prepared for it. In the import's transaction, which created tables, Derby
     * would compile the writer's statements afresh for every data set (nmon's dozens, none of which comes near).
     */
    private static boolean longEnoughForOverviews(DatasetState d) {
        for (KeySeries series : d.summaries.values()) {
            for (SeriesSummary s : series.summaries()) {
                if (s != null && OverviewBuckets.levelsFor(s.count()).length > 0) return true;
            }
        }
        return false;
    }

    /**
     * The host a collect read this file's output from (its host folder), to be the file's {@code host} fact when the
     * output names none (vmstat's): every data set of a collect of several hosts then carries its host, and an import of
     * the kept raw file names the same one ({@link io.statlens.parse.CollectSideFile#collectedHost}).
     */
    void hostUnlessNamed(String collectedHost) {
        this.hostUnlessNamed = collectedHost;
    }

    /**
     * The host a pdsh or clush prefix named for this part of a file: the part's one {@code host} fact, whatever name its
     * output prints (sysstat's banner), which is kept as {@code host.printed}. Every tool pdsh ran on a host then lines up
     * under the one name pdsh reached it by, as the part is named ({@code file:host}), and a data set's host is the same
     * in the data views (the least {@code host} fact of its file) and in the catalog: with two, they disagreed.
     */
    void prefixHost(String named) {
        this.prefixHost = named.strip();
    }

    /**
     * Records the {@link #hostUnlessNamed} once the file has rows and its output has named no host: by its first row a
     * banner (mpstat's, iostat's) has named its own, whether the output is read live or from the raw file.
     */
    private void nameTheHost() {
        if (host != null || rowCount == 0) return;
        if (prefixHost != null) {
            fact(new Fact(HOST_FACT, prefixHost));
        } else if (hostUnlessNamed != null) {
            fact(new Fact(HOST_FACT, hostUnlessNamed));
            hostFromFolder = true;
        }
    }

    /**
     * Keeps every write from now on until {@link #committed}, so that a live import can write them again after its
     * commit failed ({@link #rolledBack}).
     */
    void keepUncommitted() {
        uncommitted = new ArrayList<>();
    }

    /**
     * Loads the rows read since the last commit and brings each data set's counts up to date, and with
     * {@code statistics} its statistics, inside the caller's transaction: a {@link LiveImport} calls it at every
     * commit while the parser goes on reading. After a rolled-back commit, the tables, data sets and records that
     * commit held are written again first.
     */
    void loadSoFar(boolean statistics) throws SQLException, IOException {
        if (rolledBack) writeAgain();
        nameTheHost();
        if (liveLoader == null) liveLoader = BulkLoader.forDialect(repo.dialect(), true);
        for (TableRows t : tables.values()) {
            if (t.spill.rows() > 0) liveLoader.load(c, t.table, t.spill);
        }
        if (updateDataset == null) updateDataset = c.prepareStatement(UPDATE_DATASET);
        updateDatasets(updateDataset);
        if (!statistics) return;
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM DATASET_STATS WHERE DATASET_ID = ?")) {
            for (DatasetState d : datasets.values()) {
                ps.setLong(1, d.id);
                ps.executeUpdate();
            }
        }
        writeStatistics(true);
        newSeries = false;
    }

    /**
     * Whether a key or a metric column had its first value since the statistics were last written: until they are,
     * the run's catalog (which lists a data set's keys and columns from its statistics) does not show it.
     */
    boolean hasNewSeries() {
        return newSeries;
    }

    /** The commit that held the rows {@link #loadSoFar} loaded succeeded: they and the writes before it are done. */
    void committed() {
        uncommitted.clear();
        for (TableRows t : tables.values()) {
            if (t.spill.rows() > 0) t.spill.reset();
        }
    }

    /**
     * The commit failed and rolled back: the rows stay spilled, and the writes since the last commit wait for the next
     * one, which makes the tables and columns again first (the repository's catalog was re-read at the rollback).
     */
    void rolledBack() {
        rolledBack = true;
        // its blocks' numbers went with the transaction (and the data sets may get new ids): the next loader asks again
        closeLiveLoader();
        newSeries = true;
        datasets.values().forEach(d -> d.recordedRows = -1);
    }

    private void closeLiveLoader() {
        if (liveLoader == null) return;
        try {
            liveLoader.close();
        } catch (SQLException ignored) {
            // it only releases its statement; the transaction's fate is decided elsewhere
        }
        liveLoader = null;
    }

    private void writeAgain() throws SQLException {
        for (Map.Entry<DatasetSpec, SpecMapping> e : mappings.entrySet()) {
            DataTable table = repo.tables().ensure(e.getKey());
            SpecMapping m = e.getValue();
            for (int i = 0; i < m.columnOf().length; i++) {
                if (table.indexOfLabel(e.getKey().metrics().get(i).label()) != m.columnOf()[i]) {
                    throw new SQLException("table " + table.name() + " changed its columns while a failed commit was retried");
                }
            }
            m.table().table = table;
        }
        for (Write w : uncommitted) w.run();
        rolledBack = false;
    }

    private static final String UPDATE_DATASET = "UPDATE DATASETS SET ROW_COUNT = ?, FIRST_TS = ?, LAST_TS = ? WHERE ID = ?";

    /** Brings each data set's count and first and last times up to date, where rows came since the last time. */
    private void updateDatasets(PreparedStatement ps) throws SQLException {
        for (DatasetState d : datasets.values()) {
            if (d.rows == d.recordedRows) continue;
            d.recordedRows = d.rows;
            ps.setLong(1, d.rows);
            ps.setTimestamp(2, d.first == null ? null : Repository.timestamp(d.first));
            ps.setTimestamp(3, d.last == null ? null : Repository.timestamp(d.last));
            ps.setLong(4, d.id);
            ps.executeUpdate();
        }
    }

    /**
     * Writes every data set's statistics, by key and table column as the session's tables know them (their columns
     * as of this file's rows: the repository's catalog is not read again).
     *
     * @param snapshot whether the series go on (a live import): the statistics are then taken from copies
     */
    private void writeStatistics(boolean snapshot) {
        try (DatasetStatsWriter stats = new DatasetStatsWriter(c)) {
            for (DatasetState d : datasets.values()) {
                Map<String, SeriesSummary[]> byKey = new LinkedHashMap<>();
                d.summaries.forEach((key, series) -> byKey.put(key, snapshot ? series.snapshot() : series.summaries()));
                stats.write(d.id, tables.get(d.table).table, byKey);
            }
        }
    }

    private void deleteSpills() {
        tables.values().forEach(t -> t.spill.close());
    }

    /** Deletes the temporary row files and releases the statements; safe to call more than once. */
    @Override
    public void close() {
        deleteSpills();
        closeLiveLoader();
        uses.close();
        for (PreparedStatement ps : Arrays.asList(insertSummary, insertFact, insertWarning, insertDataset, datasetId,
                updateDataset, insertWholeKey)) {
            if (ps == null) continue;
            try {
                ps.close();
            } catch (SQLException ignored) {
                // the transaction's fate is decided elsewhere
            }
        }
    }

    /** Earliest row time of this file, or null if it had no rows. */
    Instant earliest() {
        Instant min = null;
        for (DatasetState d : datasets.values()) {
            if (d.first != null && (min == null || d.first.isBefore(min))) min = d.first;
        }
        return min;
    }

    long rowCount() {
        return rowCount;
    }

    long summaryCount() {
        return summaryCount;
    }

    long factCount() {
        return factCount;
    }

    /** The last {@code time.source} fact the parser gave; empty if none. */
    String timeSource() {
        return timeSource;
    }

    long warningCount() {
        return warningCount;
    }

    List<ParseWarning> firstWarnings() {
        return firstWarnings;
    }

    String variant() {
        return variant;
    }

    /** The host the file's output reported first (fact {@code host}), or null. */
    String host() {
        return hostFromFolder ? null : host;
    }

    /**
     * The host a collect's folder names for output that names none (vmstat's), or null: a run's host only when no file
     * of it printed one, since the folder's name ({@code localhost}, an SSH alias) is not what the machine calls itself.
     */
    String folderHost() {
        return hostFromFolder ? host : null;
    }

    /** A database failure while a parser is pushing records; unwrapped by the import service. */
    static final class StoreFailure extends RuntimeException {
        StoreFailure(SQLException cause) {
            super(cause);
        }

        SQLException sqlException() {
            return (SQLException) getCause();
        }
    }
}
