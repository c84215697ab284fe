package io.statlens.store.read;

import io.statlens.store.StoreException;
import io.statlens.model.Fact;
import io.statlens.model.SummaryValue;
import io.statlens.model.UserException;
import io.statlens.store.DataTable;
import io.statlens.store.schema.DataTables;
import io.statlens.store.schema.Repository;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads what the repository holds about runs: the list, and one run in detail. The list, the details, the data sets
 * and the derived times start over when the engine undoes them to settle a conflict with a collect's or an import's
 * commit ({@link ReadRetry}); {@link #hosts} and {@link #id}, which writers call inside their own transactions, do not.
 */
public final class RunCatalog {
    private final Repository repo;

    public RunCatalog(Repository repo) {
        this.repo = repo;
    }

    public record RunInfo(String name, String host, Instant start, Instant created, List<String> tags, int files, long rows) {
    }

    public record FileInfo(String path, long sizeBytes, String sha256, String parser, String parserVersion, String variant,
                           long rows, long warnings) {
    }

    /**
     * @param qualifiedName {@code tool} or {@code tool.name}
     * @param keys          distinct keys (CPU ids, devices), at most 50 listed
     * @param printed       column → the label the file printed for it where a locale translated the header
     *                      ({@code FREE} → {@code frei}); empty for headers in the tool's own language
     */
    /**
     * @param host the host its file names (the {@code host} fact of a sysstat banner, nmon, dstat...); empty when the file
     *             names none (vmstat)
     */
    public record DatasetInfo(long id, String qualifiedName, String table, String keyLabel, long rows, Instant first, Instant last,
                              String file, List<DataTable.MetricColumn> metrics, List<String> keys, Map<String, String> printed,
                              String host) {
        /** The label printed for a column: the translation if there was one, else the metric's label. */
        public String printedLabel(DataTable.MetricColumn column) {
            return printed.getOrDefault(column.column(), column.label());
        }
    }

    /**
     * A file whose times were derived because its output has none (the fact {@code time.source} starts with
     * {@code derived:}), or whose dates were because it prints times of day without a date and nobody gave
     * {@code --start} ({@link #derivesDate}): its data sets, and how the times were derived.
     *
     * @param datasets its data sets' qualified names ({@code sar.cpu})
     * @param views    the views their rows are read through ({@code V_SAR_CPU}), as the store named them
     */
    public record DerivedTimes(String file, List<String> datasets, List<String> views, String source) {
        public DerivedTimes {
            datasets = List.copyOf(datasets);
            views = List.copyOf(views);
        }

        /** Whether only the date was derived: the times of day are the tool's own. */
        public boolean datesOnly() {
            return !source.startsWith(DERIVED);
        }

        /**
         * Whether a query (an SQL chart's) reads this file's data sets: names one of their views or selects one of their
         * tools ({@code TOOL = 'iostat'}). A query is text, so this is what it says, not what it does; it errs towards
         * saying a chart's times are derived.
         */
        public boolean readBy(String sql) {
            for (String view : views) {
                if (Pattern.compile("\\b" + Pattern.quote(view) + "\\b", Pattern.CASE_INSENSITIVE).matcher(sql).find()) return true;
            }
            for (String dataset : datasets) {
                int dot = dataset.indexOf('.');
                String tool = dot < 0 ? dataset : dataset.substring(0, dot);
                if (Pattern.compile("\\bTOOL\\s*=\\s*'" + Pattern.quote(tool) + "'", Pattern.CASE_INSENSITIVE).matcher(sql).find()) return true;
            }
            return false;
        }
    }

    /** How the {@code time.source} fact of a file with derived times starts. */
    public static final String DERIVED = "derived:";

    /**
     * Whether a {@code time.source} says that the times of day were put on a date statlens chose: the file's
     * modification time or the run's start (itself maybe derived), not one the output or {@code --start} gave.
     */
    public static boolean derivesDate(String timeSource) {
        return timeSource.contains(" on the date of the file's modification time")
                || timeSource.contains(" on the date of the run's start");
    }

    /** Whether a {@code time.source} says that statlens derived the times or the dates of a file. */
    public static boolean derived(String timeSource) {
        return timeSource.startsWith(DERIVED) || derivesDate(timeSource);
    }

    /** A warning kept on the run, with the file it came from. */
    public record StoredWarning(String file, long line, String message) {
        public String format() {
            return line > 0 ? file + ":" + line + ": " + message : file + ": " + message;
        }
    }

    public record RunDetails(RunInfo run, List<FileInfo> files, List<DatasetInfo> datasets, List<Fact> facts,
                             List<SummaryValue> summary, List<StoredWarning> warnings, long warningCount) {
    }

    private static Optional<Long> runId(Connection c, String name) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT ID FROM RUNS WHERE NAME = ?")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getLong(1)) : Optional.empty();
            }
        }
    }

    public List<RunInfo> runs() {
        return ReadRetry.read(repo, this::readRuns);
    }

    private List<RunInfo> readRuns() {
        List<RunInfo> out = new ArrayList<>();
        try (Statement s = repo.connection().createStatement();
             ResultSet rs = s.executeQuery("SELECT R.ID, R.NAME, R.HOST, R.START_TS, R.CREATED_AT,"
                     + " (SELECT COUNT(*) FROM SOURCE_FILES F WHERE F.RUN_ID = R.ID),"
                     + " (SELECT COALESCE(SUM(F.ROW_COUNT), 0) FROM SOURCE_FILES F WHERE F.RUN_ID = R.ID)"
                     + " FROM RUNS R ORDER BY R.START_TS, R.NAME")) {
            while (rs.next()) {
                out.add(new RunInfo(rs.getString(2), rs.getString(3), Repository.instant(rs.getTimestamp(4)),
                        Repository.instant(rs.getTimestamp(5)), tags(rs.getLong(1)), rs.getInt(6), rs.getLong(7)));
            }
            return out;
        } catch (SQLException e) {
            throw new StoreException("cannot list runs: " + e.getMessage(), e);
        }
    }

    public RunInfo run(String name) {
        return runs().stream().filter(r -> r.name().equals(name)).findFirst()
                .orElseThrow(() -> new UserException("no run named '" + name + "'" + suggestion(name)));
    }

    private String suggestion(String name) {
        List<String> names = runs().stream().map(RunInfo::name).toList();
        if (names.isEmpty()) return "; the repository has no runs yet (statlens import ... --run NAME)";
        return "; runs: " + String.join(", ", names.size() > 10 ? names.subList(0, 10) : names) + (names.size() > 10 ? ", ..." : "");
    }

    /** The whole keys of the run's keys too long for a data table (a deep stack), which it shows as their start and a hash. */
    public WholeKeys wholeKeys(String run) {
        return WholeKeys.ofRun(repo, run);
    }

    public RunDetails details(String name) {
        return ReadRetry.read(repo, () -> readDetails(name));
    }

    private RunDetails readDetails(String name) {
        RunInfo info = run(name);
        try {
            long id = runId(repo.connection(), name).orElseThrow();
            return new RunDetails(info, files(id), readDatasets(id), facts(id), readSummary(id), warnings(id, 20), warningCount(id));
        } catch (SQLException e) {
            throw new StoreException("cannot read run '" + name + "': " + e.getMessage(), e);
        }
    }

    private List<String> tags(long runId) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT TAG FROM RUN_TAGS WHERE RUN_ID = ? ORDER BY TAG")) {
            ps.setLong(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.add(rs.getString(1));
            }
        }
        return out;
    }

    private List<FileInfo> files(long runId) throws SQLException {
        List<FileInfo> out = new ArrayList<>();
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT PATH, SIZE_BYTES, SHA256, PARSER, PARSER_VERSION,"
                + " VARIANT, ROW_COUNT, WARNING_COUNT FROM SOURCE_FILES WHERE RUN_ID = ? ORDER BY ID")) {
            ps.setLong(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new FileInfo(rs.getString(1), rs.getLong(2), rs.getString(3), rs.getString(4), rs.getString(5),
                            rs.getString(6), rs.getLong(7), rs.getLong(8)));
                }
            }
        }
        return out;
    }

    /** The data sets of a run, in import order. */
    public List<DatasetInfo> datasets(long runId) {
        return ReadRetry.read(repo, () -> {
            try {
                return readDatasets(runId);
            } catch (SQLException e) {
                throw new StoreException("cannot list the data sets of run " + runId + ": " + e.getMessage(), e);
            }
        });
    }

    /**
     * The data sets of a run of one qualified name ({@code sar.cpu}; one per file that holds it), in import order:
     * the others' statistics and keys are not read.
     */
    public List<DatasetInfo> datasets(long runId, String qualifiedName) {
        return ReadRetry.read(repo, () -> {
            try {
                return readDatasets(runId, qualifiedName::equals);
            } catch (SQLException e) {
                throw new StoreException("cannot read data set " + qualifiedName + " of run " + runId + ": " + e.getMessage(), e);
            }
        });
    }

    private List<DatasetInfo> readDatasets(long runId) throws SQLException {
        return readDatasets(runId, name -> true);
    }

    private List<DatasetInfo> readDatasets(long runId, java.util.function.Predicate<String> named) throws SQLException {
        List<DatasetInfo> out = new ArrayList<>();
        Map<Long, String> hosts = fileHosts(runId);
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT D.ID, D.TOOL, D.NAME, D.TABLE_NAME, D.KEY_LABEL,"
                + " D.ROW_COUNT, D.FIRST_TS, D.LAST_TS, F.PATH, F.ID FROM DATASETS D JOIN SOURCE_FILES F ON F.ID = D.FILE_ID"
                + " WHERE D.RUN_ID = ? ORDER BY D.ID")) {
            ps.setLong(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String qualified = rs.getString(3).isEmpty() ? rs.getString(2) : rs.getString(2) + "." + rs.getString(3);
                    if (!named.test(qualified)) continue;
                    String table = rs.getString(4);
                    StoredColumns stored = storedColumns(rs.getLong(1));
                    out.add(new DatasetInfo(rs.getLong(1), qualified, table, rs.getString(5), rs.getLong(6),
                            Repository.instant(rs.getTimestamp(7)), Repository.instant(rs.getTimestamp(8)), rs.getString(9),
                            usedMetrics(table, rs.getLong(1), stored), keys(table, rs.getLong(1), stored), printed(rs.getLong(1)),
                            hosts.getOrDefault(rs.getLong(10), "")));
                }
            }
        }
        return out;
    }

    /**
     * The hosts a run's data is of, where some tool's data sets are of several hosts: each host as {@link HostLanes}
     * tells it (its {@code host} fact, else its folder), sorted by name (a collect has its hosts' data sets in the order
     * its tools first printed, an import of the same files in the files' order: the run's host is one name either way);
     * empty for a run of one host's data (whose files may still name it differently: vmstat's collect host, mpstat's
     * banner). Reads no data set's columns or keys: a collect asks at every commit.
     */
    public List<String> hosts(long runId) {
        try {
            Map<Long, String> fileHosts = fileHosts(runId);
            record Listed(long id, String qualified, Instant first, Instant last, String path, long file) {
            }
            List<Listed> listed = new ArrayList<>();
            Map<Long, String> paths = new java.util.HashMap<>();
            try (PreparedStatement ps = repo.connection().prepareStatement("SELECT D.ID, D.TOOL, D.NAME, D.FIRST_TS, D.LAST_TS,"
                    + " F.PATH, F.ID FROM DATASETS D JOIN SOURCE_FILES F ON F.ID = D.FILE_ID WHERE D.RUN_ID = ? ORDER BY D.ID")) {
                ps.setLong(1, runId);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        String qualified = rs.getString(3).isEmpty() ? rs.getString(2) : rs.getString(2) + "." + rs.getString(3);
                        listed.add(new Listed(rs.getLong(1), qualified, Repository.instant(rs.getTimestamp(4)),
                                Repository.instant(rs.getTimestamp(5)), rs.getString(6), rs.getLong(7)));
                        paths.put(rs.getLong(7), rs.getString(6));
                    }
                }
            }
            Map<Long, String> hosts = hostsWithFolderEvidence(fileHosts, paths);
            Map<String, List<DatasetInfo>> byName = new java.util.LinkedHashMap<>();
            for (Listed d : listed) {
                byName.computeIfAbsent(d.qualified(), k -> new ArrayList<>()).add(new DatasetInfo(d.id(), d.qualified(), "", "", 0,
                        d.first(), d.last(), d.path(), List.of(), List.of(), Map.of(), hosts.getOrDefault(d.file(), "")));
            }
            java.util.LinkedHashSet<String> lanes = new java.util.LinkedHashSet<>();
            for (List<DatasetInfo> sets : byName.values()) {
                lanes.addAll(HostLanes.hosts(sets));
            }
            return lanes.stream().sorted().toList();
        } catch (SQLException e) {
            throw new StoreException("cannot read the hosts of run " + runId + ": " + e.getMessage(), e);
        }
    }

    /**
     * The host of each file, by file id: the one it names, else the one every file of its folder that names a host
     * names (vmstat's output says no host; the iostat and mpstat banners beside it, or pt-stalk's, say {@code vm}).
     */
    private static Map<Long, String> hostsWithFolderEvidence(Map<Long, String> named, Map<Long, String> paths) {
        Map<String, java.util.Set<String>> byFolder = new java.util.HashMap<>();
        named.forEach((file, host) -> {
            if (paths.containsKey(file)) byFolder.computeIfAbsent(folderOf(paths.get(file)), k -> new java.util.HashSet<>()).add(host);
        });
        Map<Long, String> out = new java.util.HashMap<>(named);
        paths.forEach((file, path) -> {
            java.util.Set<String> folder = byFolder.getOrDefault(folderOf(path), java.util.Set.of());
            if (!out.containsKey(file) && folder.size() == 1) out.put(file, folder.iterator().next());
        });
        return out;
    }

    private static String folderOf(String path) {
        return path.substring(0, Math.max(0, Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'))));
    }

    /**
     * The host each file of a run names, by file id: the least of its {@code host} facts, as the data views tell it
     * ({@link DataTables#fileHost}). An import writes one per file; a repository of an earlier statlens may hold two
     * for a part of pdsh's output (its prefix's and its banner's), and the catalog then named another host than the views.
     */
    private Map<Long, String> fileHosts(long runId) throws SQLException {
        Map<Long, String> out = new java.util.HashMap<>();
        try (PreparedStatement ps = repo.connection().prepareStatement(
                "SELECT FILE_ID, MIN(NULLIF(TRIM(VAL), '')) FROM FACTS WHERE RUN_ID = ? AND NAME = 'host' AND FILE_ID IS NOT NULL"
                        + " GROUP BY FILE_ID")) {
            ps.setLong(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) if (rs.getString(2) != null) out.put(rs.getLong(1), rs.getString(2));
            }
        }
        return out;
    }

    private Map<String, String> printed(long datasetId) throws SQLException {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        try (PreparedStatement ps = repo.connection().prepareStatement(
                "SELECT COLUMN_NAME, PRINTED FROM DATASET_LABELS WHERE DATASET_ID = ?")) {
            ps.setLong(1, datasetId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.put(rs.getString(1), rs.getString(2));
            }
        }
        return Map.copyOf(out);
    }

    /** The files of a run whose times were derived (no time stamps in their output), in import order. */
    public List<DerivedTimes> derivedTimes(String run) {
        return ReadRetry.read(repo, () -> readDerivedTimes(run));
    }

    private List<DerivedTimes> readDerivedTimes(String run) {
        Map<Long, String> sources = new java.util.LinkedHashMap<>();
        Map<Long, String> paths = new HashMap<>();
        Map<Long, List<String>> datasets = new HashMap<>();
        Map<Long, List<String>> views = new HashMap<>();
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT F.FILE_ID, CAST(F.VAL AS VARCHAR(4000))"
                + " FROM FACTS F JOIN RUNS R ON R.ID = F.RUN_ID WHERE R.NAME = ? AND F.NAME = 'time.source' ORDER BY F.FILE_ID")) {
            ps.setString(1, run);
            try (ResultSet rs = ps.executeQuery()) {
                // the last time.source of a file is how its times ended up (an import places derived times last)
                while (rs.next()) sources.put(rs.getLong(1), rs.getString(2));
            }
            sources.values().removeIf(source -> source == null || !derived(source));
            if (sources.isEmpty()) return List.of();
            try (PreparedStatement ds = repo.connection().prepareStatement("SELECT D.FILE_ID, D.TOOL, D.NAME, F.PATH, D.TABLE_NAME FROM DATASETS D"
                    + " JOIN SOURCE_FILES F ON F.ID = D.FILE_ID JOIN RUNS R ON R.ID = D.RUN_ID WHERE R.NAME = ? ORDER BY D.ID")) {
                ds.setString(1, run);
                try (ResultSet rs = ds.executeQuery()) {
                    while (rs.next()) {
                        long file = rs.getLong(1);
                        if (!sources.containsKey(file)) continue;
                        paths.put(file, rs.getString(4));
                        datasets.computeIfAbsent(file, k -> new ArrayList<>())
                                .add(rs.getString(3).isEmpty() ? rs.getString(2) : rs.getString(2) + "." + rs.getString(3));
                        List<String> ofFile = views.computeIfAbsent(file, k -> new ArrayList<>());
                        String view = DataTables.viewName(rs.getString(5));
                        if (!ofFile.contains(view)) ofFile.add(view);
                    }
                }
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read how the times of run '" + run + "' were obtained: " + e.getMessage(), e);
        }
        List<DerivedTimes> out = new ArrayList<>();
        sources.forEach((file, source) -> {
            if (paths.containsKey(file)) out.add(new DerivedTimes(paths.get(file), datasets.get(file), views.get(file), source));
        });
        return out;
    }

    /** The qualified names of a run's data sets ({@code sar.cpu}), without reading their tables. */
    public java.util.Set<String> datasetNames(String run) {
        java.util.Set<String> out = new java.util.TreeSet<>();
        try (PreparedStatement ps = repo.connection().prepareStatement(
                "SELECT DISTINCT TOOL, NAME FROM DATASETS WHERE RUN_ID = ?")) {
            ps.setLong(1, id(run));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.add(rs.getString(2).isEmpty() ? rs.getString(1) : rs.getString(1) + "." + rs.getString(2));
            }
            return out;
        } catch (SQLException e) {
            throw new StoreException("cannot list the data sets of run '" + run + "': " + e.getMessage(), e);
        }
    }

    /** The columns and keys the statistics stored at import hold values for; both empty when there are none. */
    private record StoredColumns(java.util.Set<String> columns, List<String> keys) {
        boolean known() {
            return !columns.isEmpty();
        }
    }

    private StoredColumns storedColumns(long datasetId) throws SQLException {
        java.util.Set<String> columns = new java.util.HashSet<>();
        java.util.Set<String> keys = new java.util.LinkedHashSet<>();
        try (PreparedStatement ps = repo.connection().prepareStatement(
                "SELECT ITEM, COLUMN_NAME FROM DATASET_STATS WHERE DATASET_ID = ? AND N > 0 ORDER BY ITEM")) {
            ps.setLong(1, datasetId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    if (!rs.getString(1).isEmpty()) keys.add(rs.getString(1));
                    columns.add(rs.getString(2));
                }
            }
        }
        return new StoredColumns(columns, new ArrayList<>(keys));
    }

    /**
     * Metric columns of the table that hold at least one value for this data set: from the statistics
     * stored at import (cheap), or by counting when there are none (a data set of since-boot rows only).
     * The statistics leave out since-boot rows, so a column that only a since-boot report filled (a page's
     * {@code iostat 5} then {@code iostat -x}) is counted too, among the columns the data set was declared with.
     */
    private List<DataTable.MetricColumn> usedMetrics(String table, long datasetId, StoredColumns stored) throws SQLException {
        DataTable t = repo.tables().table(table).orElseThrow();
        if (t.metrics().isEmpty()) return List.of();
        if (!stored.known()) return withValues(t, datasetId, t.metrics());
        java.util.Set<String> declared = declaredColumns(datasetId);
        List<DataTable.MetricColumn> unstated = t.metrics().stream()
                .filter(m -> !stored.columns().contains(m.column()) && declared.contains(m.column())).toList();
        List<DataTable.MetricColumn> filled = unstated.isEmpty() ? List.of() : withValues(t, datasetId, unstated);
        return t.metrics().stream().filter(m -> stored.columns().contains(m.column()) || filled.contains(m)).toList();
    }

    /** The columns the data set was declared with at import (none for data sets written before schema step 11). */
    private java.util.Set<String> declaredColumns(long datasetId) throws SQLException {
        java.util.Set<String> out = new java.util.HashSet<>();
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT COLUMN_NAME FROM DATASET_METRICS WHERE DATASET_ID = ?")) {
            ps.setLong(1, datasetId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.add(rs.getString(1));
            }
        }
        return out;
    }

    /** Those of {@code candidates} that hold at least one value (since-boot rows included) for this data set. */
    private List<DataTable.MetricColumn> withValues(DataTable t, long datasetId, List<DataTable.MetricColumn> candidates) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT ");
        for (int i = 0; i < candidates.size(); i++) {
            if (i > 0) sql.append(", ");
            sql.append("COUNT(").append(candidates.get(i).column()).append(")");
        }
        sql.append(" FROM ").append(t.name()).append(" WHERE DATASET_ID = ?");
        List<DataTable.MetricColumn> out = new ArrayList<>();
        try (PreparedStatement ps = repo.connection().prepareStatement(sql.toString())) {
            ps.setLong(1, datasetId);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                for (int i = 0; i < candidates.size(); i++) {
                    if (rs.getLong(i + 1) > 0) out.add(candidates.get(i));
                }
            }
        }
        return out;
    }

    /**
     * Which of these keys a run's data sets of one name hold: every key is looked at, where {@link DatasetInfo#keys()}
     * lists the first 50 (a status table has 560 variables). Empty when the run lacks the data set.
     */
    public java.util.Set<String> heldKeys(String run, String qualifiedName, java.util.Collection<String> wanted) {
        java.util.Set<String> out = new java.util.LinkedHashSet<>();
        if (wanted.isEmpty()) return out;
        try {
            for (DatasetInfo d : readDatasets(id(run), qualifiedName::equals)) {
                StoredColumns stored = storedColumns(d.id());
                if (stored.known()) {
                    stored.keys().stream().filter(wanted::contains).forEach(out::add);
                    continue;
                }
                String marks = String.join(", ", java.util.Collections.nCopies(wanted.size(), "?"));
                try (PreparedStatement ps = repo.connection().prepareStatement("SELECT DISTINCT ITEM FROM " + d.table()
                        + " WHERE DATASET_ID = ? AND ITEM IN (" + marks + ") ORDER BY ITEM")) {
                    ps.setLong(1, d.id());
                    int i = 2;
                    for (String k : wanted) ps.setString(i++, k);
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) out.add(rs.getString(1));
                    }
                }
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read the keys of data set " + qualifiedName + " of run '" + run + "': " + e.getMessage(), e);
        }
        return out;
    }

    private List<String> keys(String table, long datasetId, StoredColumns stored) throws SQLException {
        if (stored.known()) return stored.keys().size() > 51 ? stored.keys().subList(0, 51) : stored.keys();
        List<String> out = new ArrayList<>();
        // ordered as the statistics' keys are: without ORDER BY, PostgreSQL's order is the plan's (a hash, once the
        // table has statistics), and the first 51 any 51
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT DISTINCT ITEM FROM " + table
                + " WHERE DATASET_ID = ? AND ITEM <> '' ORDER BY ITEM" + repo.dialect().fetchFirst(51))) {
            ps.setLong(1, datasetId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.add(rs.getString(1));
            }
        }
        return out;
    }

    private List<Fact> facts(long runId) throws SQLException {
        List<Fact> out = new ArrayList<>();
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT NAME, VAL FROM FACTS WHERE RUN_ID = ?")) {
            ps.setLong(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.add(new Fact(rs.getString(1), rs.getString(2)));
            }
        }
        return out;
    }

    /** A summary value and the host of the file it came from (else the run's; empty when neither names one). */
    public record HostSummary(String host, SummaryValue value) {
    }

    /**
     * The run's summary values, in import order, each with its host as the data views name a row's ({@code HOST}: its
     * file's {@code host} fact, else the run's), so that the values of a file of several hosts (pdsh) are told apart.
     */
    public List<HostSummary> summaryByHost(long runId) {
        List<HostSummary> out = new ArrayList<>();
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT S.DATASET, S.ITEM, S.NAME, S.VAL, S.UNIT, COALESCE("
                + DataTables.fileHost("S.RUN_ID", "S.FILE_ID") + ", R.HOST) FROM SUMMARY S JOIN RUNS R ON R.ID = S.RUN_ID WHERE S.RUN_ID = ?")) {
            ps.setLong(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new HostSummary(rs.getString(6) == null ? "" : rs.getString(6),
                            new SummaryValue(rs.getString(1), rs.getString(2), rs.getString(3), rs.getDouble(4), rs.getString(5))));
                }
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read the summary values of run " + runId + ": " + e.getMessage(), e);
        }
        return out;
    }

    /** The run's summary values, in import order. */
    public List<SummaryValue> summary(long runId) {
        try {
            return readSummary(runId);
        } catch (SQLException e) {
            throw new StoreException("cannot read the summary values of run " + runId + ": " + e.getMessage(), e);
        }
    }

    private List<SummaryValue> readSummary(long runId) throws SQLException {
        List<SummaryValue> out = new ArrayList<>();
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT DATASET, ITEM, NAME, VAL, UNIT FROM SUMMARY WHERE RUN_ID = ?")) {
            ps.setLong(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new SummaryValue(rs.getString(1), rs.getString(2), rs.getString(3), rs.getDouble(4), rs.getString(5)));
                }
            }
        }
        return out;
    }

    private List<StoredWarning> warnings(long runId, int max) throws SQLException {
        List<StoredWarning> out = new ArrayList<>();
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT F.PATH, W.LINE_NO, W.MESSAGE FROM WARNINGS W"
                + " LEFT JOIN SOURCE_FILES F ON F.ID = W.FILE_ID WHERE W.RUN_ID = ? ORDER BY F.ID, W.LINE_NO, W.MESSAGE" + repo.dialect().fetchFirst(max))) {
            ps.setLong(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.add(new StoredWarning(rs.getString(1), rs.getLong(2), rs.getString(3)));
            }
        }
        return out;
    }

    private long warningCount(long runId) throws SQLException {
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT COUNT(*) FROM WARNINGS WHERE RUN_ID = ?")) {
            ps.setLong(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** The id of a run, for other store services. */
    public long id(String name) {
        try {
            return runId(repo.connection(), name).orElseThrow(() -> new UserException("no run named '" + name + "'" + suggestion(name)));
        } catch (SQLException e) {
            throw new StoreException("cannot look up run '" + name + "': " + e.getMessage(), e);
        }
    }
}
