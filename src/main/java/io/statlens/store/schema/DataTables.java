package io.statlens.store.schema;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.UserException;
import io.statlens.store.StoreException;

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
 * a column (ALTER TABLE) when a tool prints a label it has not stored before; nothing is dropped.
 * Each table has a view {@code V_<table>} that adds the run's name and host.
 */
public final class DataTables {
    private final Connection connection;
    private final SqlDialect dialect;
    private final ColumnNamer namer;
    private final Map<String, DataTable> byName = new LinkedHashMap<>();
    /**
     * The catalog's statements, prepared once per connection: Derby compiles every statement prepared after DDL in
     * the same transaction afresh (its statement cache is not used while the dictionary is being changed), and an
     * import creates its tables and then reads and extends the catalog for each of them. Null until first used.
     */
    private PreparedStatement selectColumns;
    private PreparedStatement insertMetric;

    DataTables(Connection connection, SqlDialect dialect) {
        this.connection = connection;
        this.dialect = dialect;
        this.namer = new ColumnNamer();
    }

    /** Reads the catalog; called on open and after a rollback that may have undone new tables. */
    void load() throws SQLException {
        byName.clear();
        Map<String, List<DataTable.MetricColumn>> columns = new LinkedHashMap<>();
        try (Statement s = connection.createStatement();
             ResultSet rs = s.executeQuery("SELECT TABLE_NAME, COLUMN_NAME, LABEL, UNIT, DESCRIPTION FROM METRICS ORDER BY TABLE_NAME, POSITION")) {
            while (rs.next()) {
                columns.computeIfAbsent(rs.getString(1), k -> new ArrayList<>())
                        .add(new DataTable.MetricColumn(rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5)));
            }
        }
        columns.forEach((table, cols) -> byName.put(table, new DataTable(table, cols)));
        for (String t : tableNamesWithoutMetrics()) byName.putIfAbsent(t, new DataTable(t, List.of()));
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

    public List<DataTable> all() {
        return List.copyOf(byName.values());
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
        DataTable table = byName.get(name);
        if (table != null && spec.metrics().stream().allMatch(m -> table.indexOfLabel(m.label()) >= 0)) return table;
        // The table or a column is missing here; another client of a shared repository may have added it
        // since this catalog was read. Schema changes take turns: the lock is held to the end of the
        // transaction, and the catalog is read again under it.
        Statements.execute(connection, "LOCK TABLE METRICS IN EXCLUSIVE MODE");
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
        DataTable table = new DataTable(name, columns);
        byName.put(name, table);
        return table;
    }

    private DataTable grow(String name, DatasetSpec spec, DataTable existing) throws SQLException {
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
        if (created || grown) {
            byName.put(name, table);
            recreateView(table, !created, grant);
        }
        return table;
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
        if (grant) dialect.grantRead(connection, name);
    }

    private static String indexName(String table) {
        String n = "IX_" + table;
        return n.length() > 128 ? n.substring(0, 128) : n;
    }

    private void recreateView(DataTable table, boolean exists, boolean grant) throws SQLException {
        String view = viewName(table.name());
        if (dialect.storesBlocks()) {
            BlockStore.createViews(connection, dialect, table, exists, grant);
            return;
        }
        if (exists && dialect.tableExists(connection, view)) changeSchema(view, "DROP VIEW " + view);
        changeSchema(view, "CREATE VIEW " + view + " AS SELECT R.NAME AS RUN, R.HOST, D.TOOL, D.NAME AS DATASET, T.*"
                + " FROM " + table.name() + " T JOIN DATASETS D ON D.ID = T.DATASET_ID JOIN RUNS R ON R.ID = D.RUN_ID");
        if (grant) dialect.grantRead(connection, view);
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
        load();
        // The row store's bulk-load functions (SL_FEED_<table>_<n>) named a class that is gone.
        List<String> feeds = new ArrayList<>();
        try (Statement s = connection.createStatement();
             ResultSet rs = s.executeQuery("SELECT ALIAS FROM SYS.SYSALIASES WHERE ALIAS LIKE 'SL\\_FEED\\_%' ESCAPE '\\'")) {
            while (rs.next()) feeds.add(rs.getString(1));
        }
        for (String f : feeds) Statements.execute(connection, "DROP FUNCTION " + f);
        for (DataTable table : all()) {
            if (!dialect.tableExists(connection, table.name())) continue;
            BlockStore.convert(connection, dialect, table);
        }
    }

    /**
     * Makes every data table written by an earlier statlens partitioned by data set (schema step 10, PostgreSQL):
     * each table is created again, partitioned, with a partition per data set it holds rows of, its rows copied
     * over, and its view made again over it. Tables partitioned already are left as they are.
     */
    void partitionByDataset() throws SQLException {
        load();
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
