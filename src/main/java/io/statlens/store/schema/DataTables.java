package io.statlens.store.schema;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.UnitFamily;
import io.statlens.model.UserException;
import io.statlens.store.DataTable;
import io.statlens.store.StoreException;
import io.statlens.store.block.BlockStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The wide time-series tables and their metric catalog. A table is created on first use and gains
 * a column (ALTER TABLE) when a tool prints a label it has not stored before; deleting a run drops the columns no
 * remaining data set uses ({@link #dropUnused}, told which by the import's record of them, {@link ColumnsInUse}).
 * Each table has a view {@code V_<table>} that adds the run's name and host.
 */
public final class DataTables {
    /** Which metric columns the data sets of a table use, read inside the transaction that drops the others. */
    public interface ColumnsInUse {
        /** The columns; empty when a data set of the table was written before uses were recorded: it uses every column. */
        Optional<Set<String>> of(String table);

        /**
         * Whether a data set of the table is being written by a collect, which keeps the columns' positions it found
         * from one commit to the next: where rows are kept in blocks, by position, no column may move then.
         */
        boolean collected(String table);
    }

    /**
     * A data set {@link #ensure} would have to create a table or add a column for while the tables' shapes are kept
     * ({@link #keepShapes(boolean)}), refused before anything of the schema changes; the transaction is the caller's to undo.
     */
    public static final class ShapeChangeRefused extends RuntimeException {
        ShapeChangeRefused(String message) {
            super(message);
        }
    }

    private final Connection connection;
    private final SqlDialect dialect;
    private final ColumnNamer namer;
    /**
     * Whether {@link #ensure} refuses a data set that needs a new table or column ({@link ShapeChangeRefused}). The
     * import fuzz target imports only into the tables it found (ImportFuzzTest#importIntoKnownTables): the import
     * itself then tells an input that would change a table's columns, where the target planned and parsed every input a
     * second time to find out beforehand.
     */
    private boolean keepShapes;
    /**
     * The catalog's statements, prepared once per connection: Derby compiles every statement prepared after DDL in
     * the same transaction afresh (its statement cache is not used while the dictionary is being changed), and an
     * import creates its tables and then reads and extends the catalog for each of them. Null until first used.
     */
    private PreparedStatement selectColumns;
    private PreparedStatement insertMetric;
    private PreparedStatement lockMetrics;

    DataTables(Connection connection, SqlDialect dialect) {
        this.connection = connection;
        this.dialect = dialect;
        this.namer = new ColumnNamer();
    }

    /**
     * Every data table as the repository holds it now, read afresh from the catalog: the list a migration step works
     * through. Not read when a repository opens: no other command needs the whole catalog, and its two statements
     * were compiled in every process (an import reads each of its tables as it comes, {@link #table}).
     */
    private List<DataTable> all() throws SQLException {
        Map<String, List<DataTable.MetricColumn>> columns = new LinkedHashMap<>();
        try (Statement s = connection.createStatement();
             ResultSet rs = s.executeQuery("SELECT TABLE_NAME, COLUMN_NAME, LABEL, UNIT, DESCRIPTION FROM METRICS ORDER BY TABLE_NAME, POSITION")) {
            while (rs.next()) {
                columns.computeIfAbsent(rs.getString(1), k -> new ArrayList<>())
                        .add(new DataTable.MetricColumn(rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5)));
            }
        }
        List<DataTable> tables = new ArrayList<>();
        columns.forEach((table, cols) -> tables.add(new DataTable(table, cols)));
        for (String t : tableNamesWithoutMetrics()) {
            if (!columns.containsKey(t)) tables.add(new DataTable(t, List.of()));
        }
        return tables;
    }

    private List<String> tableNamesWithoutMetrics() throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement s = connection.createStatement();
             ResultSet rs = s.executeQuery("SELECT DISTINCT TABLE_NAME FROM DATASETS")) {
            while (rs.next()) out.add(rs.getString(1));
        }
        return out;
    }

    /**
     * The table as the repository holds it now. Read afresh each time: on a shared repository other
     * clients add tables and columns while this one has it open, and a run they import refers to them.
     */
    public Optional<DataTable> table(String name) {
        try {
            return Optional.ofNullable(reload(name));
        } catch (SQLException e) {
            throw new StoreException("cannot read the metric catalog of table " + name + ": " + e.getMessage(), e);
        }
    }

    /** From now on (true), until told otherwise, refuse a data set that needs a new table or column (the field {@code keepShapes} says why). */
    public void keepShapes(boolean keep) {
        keepShapes = keep;
    }

    public String tableName(DatasetSpec spec) {
        return namer.tableName(spec.tool(), spec.name());
    }

    /**
     * Makes sure the data set's table exists with a column for each of its metrics.
     *
     * @return the table as it is now
     */
    public DataTable ensure(DatasetSpec spec) {
        try {
            return grow(spec);
        } catch (SQLException e) {
            throw new StoreException("cannot create or extend table " + tableName(spec) + ": " + e.getMessage(), e);
        }
    }

    private DataTable grow(DatasetSpec spec) throws SQLException {
        String name = tableName(spec);
        // read again, not taken from what this connection read before: another client may have dropped columns since,
        // and where rows are kept in blocks the later columns then moved up
        DataTable table = reload(name);
        checkUnits(spec, table);
        if (table != null && spec.metrics().stream().allMatch(m -> table.indexOfLabel(m.label()) >= 0)) return table;
        if (keepShapes) {
            throw new ShapeChangeRefused(table == null ? "data set " + spec.qualifiedName() + " needs a new table " + name
                    : "data set " + spec.qualifiedName() + " needs a new column in table " + name);
        }
        // The table or a column is missing here; another client of a shared repository may have added it
        // since this catalog was read. Schema changes take turns: the lock is held to the end of the
        // transaction, and the catalog is read again under it.
        if (lockMetrics == null) lockMetrics = connection.prepareStatement("LOCK TABLE METRICS IN EXCLUSIVE MODE");
        lockMetrics.execute();
        return grow(name, spec, reload(name));
    }

    /** The table as the repository holds it now, or null when there is none. */
    private DataTable reload(String name) throws SQLException {
        List<DataTable.MetricColumn> columns = new ArrayList<>();
        if (selectColumns == null) {
            selectColumns = connection.prepareStatement(
                    "SELECT COLUMN_NAME, LABEL, UNIT, DESCRIPTION FROM METRICS WHERE TABLE_NAME = ? ORDER BY POSITION");
        }
        selectColumns.setString(1, name);
        try (ResultSet rs = selectColumns.executeQuery()) {
            while (rs.next()) columns.add(new DataTable.MetricColumn(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)));
        }
        if (columns.isEmpty() && !dialect.tableExists(connection, name)) return null;
        return new DataTable(name, columns);
    }

    private DataTable grow(String name, DatasetSpec spec, DataTable existing) throws SQLException {
        checkUnits(spec, existing);
        checkRoom(name, spec, existing);
        DataTable table = existing;
        boolean created = false;
        // asked once per change, as a migration does: a new table and its views are granted together
        boolean grant = dialect.mayGrantRead(connection);
        if (table == null) {
            createTable(name, grant);
            table = new DataTable(name, List.of());
            created = true;
        }
        Set<String> taken = new HashSet<>(table.allColumns());
        boolean grown = false;
        for (Metric m : spec.metrics()) {
            if (table.indexOfLabel(m.label()) >= 0) continue;
            String column = namer.columnName(m.label(), taken);
            taken.add(column);
            if (!dialect.storesBlocks()) changeSchema(name, "ALTER TABLE " + name + " ADD COLUMN " + column + " " + dialect.doubleType());
            if (insertMetric == null) insertMetric = connection.prepareStatement("INSERT INTO METRICS VALUES (?, ?, ?, ?, ?, ?)");
            insertMetric.setString(1, name);
            insertMetric.setString(2, column);
            insertMetric.setString(3, m.label());
            insertMetric.setString(4, m.unit());
            insertMetric.setString(5, truncate(m.description(), 1000));
            insertMetric.setInt(6, table.metrics().size());
            insertMetric.executeUpdate();
            table = table.with(new DataTable.MetricColumn(column, m.label(), m.unit(), m.description()));
            grown = true;
        }
        if (created || grown) recreateView(table, !created, grant);
        return table;
    }

    /**
     * Drops, inside the current transaction, the metric columns of a table that no data set uses any more (after a
     * run was deleted): a junk header's labels would otherwise stay in the table for good and count against
     * {@link DatasetSpec#MAX_METRICS} (issue 31). A table no data set uses goes whole, views and catalog included; the
     * next import that needs it creates it again. A data set written before uses were recorded counts as using every
     * column ({@code inUse} says so). Where rows are kept in blocks (Derby) a column's values are found by its position:
     * the blocks that reach past an unused column in the middle are written again without it
     * ({@link BlockStore#dropColumns}), unless a collect writes into the table (it keeps the positions it found), when
     * only the unused columns after the last used one go. A row table (PostgreSQL) drops any unused column.
     *
     * @return the number of metric columns dropped
     */
    public int dropUnused(String name, ColumnsInUse inUse) {
        try {
            Statements.execute(connection, "LOCK TABLE METRICS IN EXCLUSIVE MODE");
            DataTable table = reload(name);
            if (table == null) return 0;
            long datasets = count("SELECT COUNT(*) FROM DATASETS WHERE TABLE_NAME = ?", name);
            if (datasets == 0) {
                dropTable(table);
                return table.metrics().size();
            }
            Optional<Set<String>> inTable = inUse.of(name);
            if (inTable.isEmpty()) return 0;
            Set<String> used = inTable.get();
            List<DataTable.MetricColumn> kept = new ArrayList<>(table.metrics());
            if (dialect.storesBlocks() && inUse.collected(name)) {
                while (!kept.isEmpty() && !used.contains(kept.get(kept.size() - 1).column())) kept.remove(kept.size() - 1);
            } else {
                kept.removeIf(m -> !used.contains(m.column()));
            }
            int dropped = table.metrics().size() - kept.size();
            if (dropped > 0) dropColumns(table, new DataTable(name, kept));
            return dropped;
        } catch (SQLException e) {
            throw new StoreException("cannot drop the unused columns of table " + name + ": " + e.getMessage(), e);
        }
    }

    private long count(String sql, String table) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private void dropTable(DataTable table) throws SQLException {
        String view = viewName(table.name());
        if (dialect.tableExists(connection, view)) changeSchema(view, "DROP VIEW " + view);
        if (dialect.tableExists(connection, table.name())) {
            changeSchema(table.name(), (dialect.storesBlocks() ? "DROP VIEW " : "DROP TABLE ") + table.name());
        }
        deleteFromCatalog(table.name(), table.metrics());
    }

    private void dropColumns(DataTable table, DataTable kept) throws SQLException {
        List<DataTable.MetricColumn> gone = new ArrayList<>(table.metrics());
        gone.removeAll(kept.metrics());
        boolean grant = dialect.mayGrantRead(connection);
        if (dialect.storesBlocks()) {
            // the blocks' values beyond the table's last column are not read (and are missing in every data set kept): only
            // a column dropped before the last one kept moves others
            boolean[] goes = new boolean[table.metrics().size()];
            boolean moves = false;
            int lastKept = kept.metrics().isEmpty() ? -1 : table.metrics().indexOf(kept.metrics().get(kept.metrics().size() - 1));
            for (int i = 0; i < goes.length; i++) {
                goes[i] = gone.contains(table.metrics().get(i));
                moves |= goes[i] && i < lastKept;
            }
            if (moves) BlockStore.dropColumns(connection, table.name(), goes);
        } else {
            String view = viewName(table.name());
            // the view selects T.*: it goes before the table's columns do, and comes back without them
            if (dialect.tableExists(connection, view)) changeSchema(view, "DROP VIEW " + view);
            List<String> drops = gone.stream().map(m -> "DROP COLUMN " + m.column()).toList();
            changeSchema(table.name(), "ALTER TABLE " + table.name() + " " + String.join(", ", drops));
        }
        deleteFromCatalog(table.name(), gone);
        try (PreparedStatement ps = connection.prepareStatement("UPDATE METRICS SET POSITION = ? WHERE TABLE_NAME = ? AND COLUMN_NAME = ?")) {
            for (int i = 0; i < kept.metrics().size(); i++) {
                ps.setInt(1, i);
                ps.setString(2, table.name());
                ps.setString(3, kept.metrics().get(i).column());
                ps.addBatch();
            }
            ps.executeBatch();
        }
        recreateView(kept, true, grant);
    }

    private void deleteFromCatalog(String table, List<DataTable.MetricColumn> columns) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("DELETE FROM METRICS WHERE TABLE_NAME = ? AND COLUMN_NAME = ?")) {
            for (DataTable.MetricColumn m : columns) {
                ps.setString(1, table);
                ps.setString(2, m.column());
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    /**
     * Refuses, before anything is changed, a data set with a metric in another scale of the unit its column holds
     * ({@link UnitFamily#rescaled}: MiB where the column holds KiB): a column keeps one unit, the first import's, and
     * the values would be shown in it, off by a factor, beside the other runs'. The store converts nothing: which
     * factor a tool's {@code KB} or {@code MB} means is its parser's to know. Units of different quantities
     * ({@code pages/s} and {@code KiB/s}, {@code 1/s} and {@code MiB/s}) are not refused: where flavours of one tool
     * print two quantities under one label, its parser converts or gives one a label of its own (Solaris vmstat's
     * {@code pi KiB/s}), and a repository written before that keeps its columns' first units.
     *
     * @param existing the table as the repository holds it now, null when there is none
     */
    private static void checkUnits(DatasetSpec spec, DataTable existing) {
        if (existing == null) return;
        for (Metric m : spec.metrics()) {
            int i = existing.indexOfLabel(m.label());
            if (i < 0) continue;
            String held = existing.metrics().get(i).unit();
            if (!UnitFamily.rescaled(m.unit(), held)) continue;
            throw new UserException("metric " + m.label() + " of " + spec.qualifiedName() + " is in " + m.unit()
                    + " here but the repository's column holds " + held + "; a column keeps one unit, so the file is not imported");
        }
    }

    /**
     * Refuses, before anything is changed, a data set whose new metrics would take its table past
     * {@link DatasetSpec#MAX_METRICS}: Derby could not select them all (its views would fail), so the import is refused
     * with a reason, and undone, instead of failing later.
     */
    private static void checkRoom(String name, DatasetSpec spec, DataTable existing) {
        int held = existing == null ? 0 : existing.metrics().size();
        long added = spec.metrics().stream().filter(m -> existing == null || existing.indexOfLabel(m.label()) < 0).count();
        if (held + added <= DatasetSpec.MAX_METRICS) return;
        throw new UserException(String.format(Locale.ROOT, "data set %s would add %,d metrics to table %s, which holds %,d"
                + " of at most %,d; the file is not imported", spec.qualifiedName(), added, name, held, DatasetSpec.MAX_METRICS));
    }

    private void createTable(String name, boolean grant) throws SQLException {
        if (dialect.storesBlocks()) return; // the view of its name is created once its columns are known
        Statements.execute(connection, "CREATE TABLE " + name + " (DATASET_ID BIGINT NOT NULL, SAMPLE BIGINT NOT NULL,"
                + " TS TIMESTAMP NOT NULL, ELAPSED_S " + dialect.doubleType() + " NOT NULL, ITEM "
                + dialect.varchar(DataTable.ITEM_LENGTH) + " NOT NULL, SINCE_BOOT BOOLEAN NOT NULL)"
                + (dialect.partitionsByDataset() ? DatasetPartitions.partitionClause() : ""));
        Statements.execute(connection, "CREATE INDEX " + indexName(name) + " ON " + name + " (DATASET_ID, SAMPLE)");
        Statements.execute(connection, keyIndex(name));
        if (grant) dialect.grantRead(connection, name);
    }

    private static String indexName(String table) {
        String n = "IX_" + table;
        return n.length() > 128 ? n.substring(0, 128) : n;
    }

    /**
     * The index of a row table by data set, key and sample (schema step 13): a chart of a few of a run's keys (10 of 257
     * CPUs) reads their rows alone, in sample order, where the index by sample had it walk every key's rows. The loader
     * writes a data set's rows grouped by key ({@code PostgresCopyLoader}), so that those rows share pages too.
     */
    public static String keyIndex(String table) {
        String n = "IXK_" + table;
        return "CREATE INDEX IF NOT EXISTS " + (n.length() > 128 ? n.substring(0, 128) : n) + " ON " + table + " (DATASET_ID, ITEM, SAMPLE)";
    }

    /** Indexes every row table by data set, key and sample (schema step 13; {@link #keyIndex}), each partition with it. */
    void indexByKey() throws SQLException {
        for (DataTable table : all()) {
            if (dialect.tableExists(connection, table.name())) Statements.execute(connection, keyIndex(table.name()));
        }
    }

    private void recreateView(DataTable table, boolean exists, boolean grant) throws SQLException {
        String view = viewName(table.name());
        if (dialect.storesBlocks()) {
            BlockViews.createViews(connection, dialect, table, exists, grant);
            return;
        }
        if (exists && dialect.tableExists(connection, view)) changeSchema(view, "DROP VIEW " + view);
        changeSchema(view, "CREATE VIEW " + view + " AS SELECT R.NAME AS RUN, COALESCE(" + fileHost("D.RUN_ID", "D.FILE_ID")
                + ", R.HOST) AS HOST, D.TOOL, D.NAME AS DATASET, T.*"
                + " FROM " + table.name() + " T JOIN DATASETS D ON D.ID = T.DATASET_ID JOIN RUNS R ON R.ID = D.RUN_ID");
        if (grant) dialect.grantRead(connection, view);
    }

    /**
     * The host a file names, NULL when it names none: its {@code host} fact (a sysstat banner's, or the host a collect
     * read it from), the least should it have several. A row of a data view is of its file's host, else of its run's.
     *
     * @param runId  the SQL of the file's run id ({@code D.RUN_ID}, {@code ?})
     * @param fileId the SQL of the file's id
     */
    public static String fileHost(String runId, String fileId) {
        return "(SELECT MIN(NULLIF(TRIM(F.VAL), '')) FROM FACTS F WHERE F.NAME = 'host' AND F.RUN_ID = " + runId
                + " AND F.FILE_ID = " + fileId + ")";
    }

    /** Makes every data view again, as {@link #recreateView} makes it now (schema step 12: each row's host its file's). */
    void recreateViews() throws SQLException {
        boolean grant = dialect.mayGrantRead(connection);
        for (DataTable table : all()) {
            if (dialect.tableExists(connection, table.name())) recreateView(table, true, grant);
        }
    }

    /**
     * A change to a table or view other clients may be reading: it waits for them only as long as the
     * engine's bound allows (see {@link SqlDialect#boundLockWait(Connection)}), and not at all when one of them
     * waits for this transaction ({@link SqlDialect#refuseLockCycle}); past it the import fails with a lock
     * conflict, is undone, and starts over.
     *
     * @param relation the table or view changed
     */
    private void changeSchema(String relation, String ddl) throws SQLException {
        String bound = dialect.boundLockWait(connection);
        if (bound != null) {
            dialect.refuseLockCycle(connection, relation);
            Statements.execute(connection, bound);
        }
        Statements.execute(connection, ddl);
        if (bound != null) Statements.execute(connection, dialect.unboundLockWait());
    }

    /** Moves every data table written by an earlier statlens into blocks (schema step 5), views included. */
    void convertToBlocks() throws SQLException {
        // The row store's bulk-load functions (SL_FEED_<table>_<n>) named a class that is gone.
        List<String> feeds = new ArrayList<>();
        try (Statement s = connection.createStatement();
             ResultSet rs = s.executeQuery("SELECT ALIAS FROM SYS.SYSALIASES WHERE ALIAS LIKE 'SL\\_FEED\\_%' ESCAPE '\\'")) {
            while (rs.next()) feeds.add(rs.getString(1));
        }
        for (String f : feeds) Statements.execute(connection, "DROP FUNCTION " + f);
        for (DataTable table : all()) {
            if (!dialect.tableExists(connection, table.name())) continue;
            BlockViews.convert(connection, dialect, table);
        }
    }

    /**
     * Makes every data table written by an earlier statlens partitioned by data set (schema step 10, PostgreSQL):
     * each table is created again, partitioned, with a partition per data set it holds rows of, its rows copied
     * over, and its view made again over it. Tables partitioned already are left as they are.
     */
    void partitionByDataset() throws SQLException {
        boolean grant = dialect.mayGrantRead(connection);
        for (DataTable table : all()) {
            String name = table.name();
            if (!dialect.tableExists(connection, name) || DatasetPartitions.isPartitioned(connection, name)) continue;
            String old = (name.length() > 59 ? name.substring(0, 59) : name) + "_OLD";
            String view = viewName(name);
            if (dialect.tableExists(connection, view)) Statements.execute(connection, "DROP VIEW " + view);
            Statements.execute(connection, "DROP INDEX IF EXISTS " + indexName(name));
            Statements.execute(connection, "ALTER TABLE " + name + " RENAME TO " + old);
            Statements.execute(connection, "CREATE TABLE " + name + " (LIKE " + old + ")" + DatasetPartitions.partitionClause());
            Statements.execute(connection, "CREATE INDEX " + indexName(name) + " ON " + name + " (DATASET_ID, SAMPLE)");
            List<Long> ids = new ArrayList<>();
            try (Statement s = connection.createStatement();
                 ResultSet rs = s.executeQuery("SELECT DISTINCT DATASET_ID FROM " + old)) {
                while (rs.next()) ids.add(rs.getLong(1));
            }
            for (long id : ids) DatasetPartitions.create(connection, name, id);
            Statements.execute(connection, "INSERT INTO " + name + " SELECT * FROM " + old);
            Statements.execute(connection, "DROP TABLE " + old);
            if (grant) dialect.grantRead(connection, name);
            recreateView(table, false, grant);
        }
    }

    /** The view over a data table that carries the run's name. */
    public static String viewName(String table) {
        return "V_" + table;
    }

    private static String truncate(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max);
    }
}
