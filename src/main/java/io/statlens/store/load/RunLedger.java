package io.statlens.store.load;

import io.statlens.model.ElapsedSeconds;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.StoreException;
import io.statlens.model.UserException;
import io.statlens.store.block.BlockStore;
import io.statlens.store.schema.DatasetPartitions;
import io.statlens.store.schema.LeftTables;
import io.statlens.store.Jdbc;
import io.statlens.store.schema.Repository;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The one owner of the rows that say what a repository holds: runs ({@code RUNS}, {@code RUN_TAGS}) and
 * the files each was made from ({@code SOURCE_FILES}). Imports and derived runs (averages) open runs and
 * register files here with the same columns, and runs and files are deleted here with their data rows.
 * Nothing here commits, except {@link #deleteRuns(List)}, the one step a command asks for on its own.
 *
 * <p>A file's life: {@link #register} before its content is read (the data sets, summary values, facts
 * and warnings read from it need the file's id), {@link #verify} as soon as its SHA-256 is known (before
 * its rows are loaded, so a duplicate is refused before the expensive part), {@link #record} once it is
 * loaded. Its {@code SHA256} stays NULL, not yet known, until then.
 */
public final class RunLedger {
    private static final int PATH_LENGTH = 4000;
    /** The longest host a run keeps (the column's width). */
    private static final int HOST_LENGTH = 200;
    private final Repository repo;
    /** The data tables of the runs and files deleted in this transaction, for {@link #dropUnusedColumns}. */
    private final Set<String> emptied = new LinkedHashSet<>();
    /** {@link #collected}'s update, prepared once: a collect runs it at every commit. */
    private PreparedStatement collected;

    public RunLedger(Repository repo) {
        this.repo = repo;
    }

    /**
     * A run as an import or a derived run found or created it.
     *
     * @param start the run's start as stored; null for a run without samples yet
     * @param host  the run's host as stored; null when not known yet
     */
    public record OpenRun(long id, String name, Instant start, String host) {
    }

    /**
     * A file as it is registered, before its content is read.
     *
     * @param path          where it came from: the absolute path, or for a derived run the text saying what
     *                      it was computed from ({@code average of r1, r2})
     * @param parserVersion null for a derived run's synthetic file
     */
    public record SourceFile(String path, long sizeBytes, String parser, String parserVersion) {
    }

    /**
     * What a loaded file held.
     *
     * @param sha256 the hex SHA-256 of the file's bytes (of the origin text for a derived run)
     */
    public record Loaded(String sha256, String variant, long rows, long warnings) {
    }

    /**
     * The run an import adds to: found by name or created; {@code host}, when given, becomes its host;
     * each tag is added once.
     */
    OpenRun open(String name, Optional<String> givenHost, List<String> tags) throws SQLException {
        Optional<String> host = givenHost.map(h -> limit(h, HOST_LENGTH));
        OpenRun run = find(name).orElse(null);
        if (run == null) {
            run = insertRun(name, host.orElse(null), null);
        } else if (host.isPresent() && !host.get().equals(run.host())) {
            updateRun(run.id(), run.start(), host.get());
            run = new OpenRun(run.id(), name, run.start(), host.get());
        }
        for (String tag : tags) addTag(run.id(), tag);
        return run;
    }

    /**
     * A new run for rows statlens computed; an existing run of that name is refused, or deleted when
     * {@code replace} is set.
     */
    OpenRun create(String name, String host, Instant start, boolean replace) throws SQLException {
        Optional<OpenRun> existing = find(name);
        if (existing.isPresent()) {
            if (!replace) throw new UserException("run '" + name + "' already exists; use --replace to overwrite it");
            deleteRun(existing.get().id());
        }
        return insertRun(name, host, start);
    }

    /**
     * A run as a repository holds it, to be copied into another one.
     *
     * @param id the run's id in the repository it was read from
     */
    record StoredRun(long id, String name, String host, Instant start, Instant createdAt, String notes, List<String> tags) {
    }

    /**
     * A loaded source file as a repository holds it, to be copied into another one.
     *
     * @param id the file's id in the repository it was read from
     */
    record StoredFile(long id, String path, long sizeBytes, String sha256, String parser, String parserVersion,
                             String variant, long rows, long warnings, Instant importedAt) {
    }

    /** The run of that name with its tags, as stored; empty when there is none. */
    Optional<StoredRun> stored(String name) throws SQLException {
        StoredRun run;
        try (PreparedStatement ps = connection().prepareStatement("SELECT ID, HOST, START_TS, CREATED_AT, NOTES FROM RUNS WHERE NAME = ?")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) return Optional.empty();
                run = new StoredRun(rs.getLong(1), name, rs.getString(2), Repository.instant(rs.getTimestamp(3)),
                        Repository.instant(rs.getTimestamp(4)), rs.getString(5), List.of());
            }
        }
        List<String> tags = new ArrayList<>();
        try (PreparedStatement ps = connection().prepareStatement("SELECT TAG FROM RUN_TAGS WHERE RUN_ID = ? ORDER BY TAG")) {
            ps.setLong(1, run.id());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) tags.add(rs.getString(1));
            }
        }
        return Optional.of(new StoredRun(run.id(), name, run.host(), run.start(), run.createdAt(), run.notes(), List.copyOf(tags)));
    }

    /** The names of all runs, oldest start first. */
    List<String> names() throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = connection().prepareStatement("SELECT NAME FROM RUNS ORDER BY START_TS, NAME");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) out.add(rs.getString(1));
        }
        return out;
    }

    /** The run's files as stored, in import order. */
    List<StoredFile> storedFiles(long runId) throws SQLException {
        List<StoredFile> out = new ArrayList<>();
        try (PreparedStatement ps = connection().prepareStatement("SELECT ID, PATH, SIZE_BYTES, SHA256, PARSER, PARSER_VERSION,"
                + " VARIANT, ROW_COUNT, WARNING_COUNT, IMPORTED_AT FROM SOURCE_FILES WHERE RUN_ID = ? ORDER BY ID")) {
            ps.setLong(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new StoredFile(rs.getLong(1), rs.getString(2), rs.getLong(3), rs.getString(4), rs.getString(5),
                            rs.getString(6), rs.getString(7), rs.getLong(8), rs.getLong(9), Repository.instant(rs.getTimestamp(10))));
                }
            }
        }
        return out;
    }

    /**
     * A copy of a run read from another repository: its name, host, start, creation time, notes and tags;
     * an existing run of that name is refused, or deleted when {@code replace} is set.
     */
    OpenRun restore(StoredRun stored, boolean replace) throws SQLException {
        Optional<OpenRun> existing = find(stored.name());
        if (existing.isPresent()) {
            if (!replace) throw new UserException("run '" + stored.name() + "' already exists in the target; use --replace to overwrite it");
            deleteRun(existing.get().id());
        }
        OpenRun run = insertRun(stored.name(), stored.host(), stored.start());
        try (PreparedStatement ps = connection().prepareStatement("UPDATE RUNS SET CREATED_AT = ?, NOTES = ? WHERE ID = ?")) {
            ps.setTimestamp(1, Repository.timestamp(stored.createdAt()));
            ps.setString(2, stored.notes());
            ps.setLong(3, run.id());
            ps.executeUpdate();
        }
        for (String tag : stored.tags()) addTag(run.id(), tag);
        return run;
    }

    /** A copy of a loaded file read from another repository, with all it recorded; returns its id here. */
    long restore(OpenRun run, StoredFile file) throws SQLException {
        try (PreparedStatement ps = connection().prepareStatement("INSERT INTO SOURCE_FILES (RUN_ID, PATH, SIZE_BYTES, SHA256, PARSER,"
                + " PARSER_VERSION, VARIANT, ROW_COUNT, WARNING_COUNT, IMPORTED_AT) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                Statement.RETURN_GENERATED_KEYS)) {
            ps.setLong(1, run.id());
            ps.setString(2, file.path());
            ps.setLong(3, file.sizeBytes());
            ps.setString(4, file.sha256());
            ps.setString(5, file.parser());
            ps.setString(6, file.parserVersion());
            ps.setString(7, file.variant());
            ps.setLong(8, file.rows());
            ps.setLong(9, file.warnings());
            ps.setTimestamp(10, Repository.timestamp(file.importedAt()));
            ps.executeUpdate();
            return generatedKey(ps);
        }
    }

    /** Registers a file of the run, before its content is read; returns its id. */
    long register(OpenRun run, SourceFile file) throws SQLException {
        try (PreparedStatement ps = connection().prepareStatement("INSERT INTO SOURCE_FILES (RUN_ID, PATH, SIZE_BYTES, PARSER,"
                + " PARSER_VERSION, ROW_COUNT, WARNING_COUNT, IMPORTED_AT) VALUES (?, ?, ?, ?, ?, 0, 0, ?)",
                Statement.RETURN_GENERATED_KEYS)) {
            ps.setLong(1, run.id());
            ps.setString(2, limit(file.path(), PATH_LENGTH));
            ps.setLong(3, file.sizeBytes());
            ps.setString(4, file.parser());
            ps.setString(5, file.parserVersion());
            ps.setTimestamp(6, Repository.timestamp(Instant.now()));
            ps.executeUpdate();
            return generatedKey(ps);
        }
    }

    /**
     * Checks a file whose content has been read against the files the run already holds: the same
     * content (SHA-256) again is refused, or with {@code replace} the older copies are deleted.
     *
     * @param label how to name the file in the refusal
     */
    void verify(OpenRun run, String sha256, String label, boolean replace) throws SQLException {
        List<Long> previous = new ArrayList<>();
        String previousPath = null;
        try (PreparedStatement ps = connection().prepareStatement("SELECT ID, PATH FROM SOURCE_FILES WHERE RUN_ID = ? AND SHA256 = ?")) {
            ps.setLong(1, run.id());
            ps.setString(2, sha256);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    previous.add(rs.getLong(1));
                    previousPath = rs.getString(2);
                }
            }
        }
        if (previous.isEmpty()) return;
        if (!replace) {
            throw new UserException(label + ": run '" + run.name() + "' already holds this file (same SHA-256, imported from "
                    + previousPath + "); use --replace to import it again");
        }
        for (long id : previous) deleteFile(id);
    }

    /**
     * Records what a registered file held, once it is loaded, and its size: a part of a file ({@code notes.txt:65-69}) is
     * as large as its own lines, known once they have been read.
     */
    void record(long fileId, Loaded loaded, long sizeBytes) throws SQLException {
        try (PreparedStatement ps = connection().prepareStatement(
                "UPDATE SOURCE_FILES SET SHA256 = ?, VARIANT = ?, ROW_COUNT = ?, WARNING_COUNT = ?, SIZE_BYTES = ? WHERE ID = ?")) {
            ps.setString(1, loaded.sha256());
            ps.setString(2, loaded.variant());
            ps.setLong(3, loaded.rows());
            ps.setLong(4, loaded.warnings());
            ps.setLong(5, sizeBytes);
            ps.setLong(6, fileId);
            ps.executeUpdate();
        }
    }

    /**
     * Records what a file being collected holds so far and the size it has grown to (a live import's source keeps
     * growing), in one update.
     */
    void collected(long fileId, Loaded loaded, long sizeBytes) throws SQLException {
        if (collected == null) {
            collected = connection().prepareStatement("UPDATE SOURCE_FILES SET SHA256 = ?, VARIANT = ?, ROW_COUNT = ?,"
                    + " WARNING_COUNT = ?, SIZE_BYTES = ? WHERE ID = ?");
        }
        collected.setString(1, loaded.sha256());
        collected.setString(2, loaded.variant());
        collected.setLong(3, loaded.rows());
        collected.setLong(4, loaded.warnings());
        collected.setLong(5, sizeBytes);
        collected.setLong(6, fileId);
        collected.executeUpdate();
    }

    /** Releases the statements kept prepared ({@link #collected}); the ledger may still be used. */
    void releaseStatements() {
        if (collected == null) return;
        try {
            collected.close();
        } catch (SQLException ignored) {
            // it only releases the statement
        }
        collected = null;
    }

    /**
     * Settles a run after an import: its start becomes the earliest sample it holds; a run whose data is of several
     * hosts ({@link RunCatalog#hosts}) names them all ({@code db01, app01}), unless this import gave its host; else a run
     * without a host takes the one its files reported.
     *
     * @param base      what this import's elapsed seconds count from (the run's start before the import, else
     *                  the first sample it saw); null when nothing had a time
     * @param earliest  this import's earliest sample; null when it had no rows
     * @param host      the host the files reported first; null when none did
     * @param hostGiven whether the user gave the run's host for this import ({@code --host}), which it keeps
     * @return the run as settled
     */
    OpenRun settle(OpenRun run, Instant base, Instant earliest, String host, boolean hostGiven) throws SQLException {
        Instant start = run.start();
        if (base != null) {
            start = earliest != null && earliest.isBefore(base) ? earliest : base;
            if (start.isBefore(base)) shiftElapsed(run.id(), ElapsedSeconds.between(start, base));
        }
        // a file's host line may be longer than the column (a fuzzer's was): the run keeps its first HOST_LENGTH chars
        String settledHost = run.host() != null ? run.host() : host == null ? null : limit(host, HOST_LENGTH);
        if (!hostGiven) {
            List<String> hosts = new RunCatalog(repo).hosts(run.id());
            if (hosts.size() > 1) settledHost = limit(String.join(", ", hosts), HOST_LENGTH);
        }
        if (!Objects.equals(start, run.start()) || !Objects.equals(settledHost, run.host())) {
            updateRun(run.id(), start, settledHost);
        }
        return new OpenRun(run.id(), run.name(), start, settledHost);
    }

    /** Deletes a run with all its data and commits; an unknown name is refused. */
    public void deleteRun(String name) {
        deleteRuns(List.of(name));
    }

    /**
     * Deletes runs with all their data in one transaction and commits: all or none (an unknown name is refused and
     * nothing is deleted). The columns no remaining run uses are dropped once for all of them: on Derby that took more
     * than half of a small run's delete (a change of a table's columns compiles every later statement afresh).
     */
    public void deleteRuns(List<String> names) {
        Connection c = connection();
        String name = names.size() == 1 ? names.get(0) : names.toString();
        try {
            List<Long> ids = new ArrayList<>();
            for (String run : names) ids.add(find(run).orElseThrow(() -> new UserException("no run named '" + run + "'")).id());
            deleteRunIds(ids);
            dropUnusedColumns();
            c.commit();
            // the partitions' files, once the run is gone for every reader: the command does not wait for the file system
            repo.leftTables().ifPresent(LeftTables::dropLater);
        } catch (UserException e) {
            repo.rollback();
            throw e;
        } catch (SQLException e) {
            repo.rollback();
            throw new StoreException("cannot delete run '" + name + "': " + e.getMessage(), e);
        } catch (StoreException e) {
            repo.rollback();
            throw e;
        }
    }

    /**
     * Drops, inside the current transaction, the columns that no data set uses any more in the tables of the runs and
     * files deleted so far: a deleted run's, and a replaced file's (import, copy or average with {@code --replace}),
     * whose columns no other run uses go with it (issue 31: a junk header's would count against the cap for good).
     * Called once the transaction's own data sets are written, just before it commits, so that the columns they use
     * count as used.
     */
    void dropUnusedColumns() {
        try (ColumnUses uses = new ColumnUses(connection())) {
            for (String table : emptied) repo.tables().dropUnused(table, uses);
        }
        emptied.clear();
    }

    /** The data tables the data sets of a run ({@code RUN_ID}) or file ({@code FILE_ID}) are in. */
    private List<String> tableNames(String column, long id) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = connection().prepareStatement("SELECT DISTINCT TABLE_NAME FROM DATASETS WHERE " + column + " = ?")) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.add(rs.getString(1));
            }
        }
        return out;
    }

    /**
     * Deletes runs and their rows inside the current transaction: where data tables are not partitioned, with one
     * statement per table for all of them. Derby's cascading delete makes and drops temporary tables for every statement,
     * whatever it deletes: a run at a time, that was most of deleting 32 small runs.
     */
    private void deleteRunIds(List<Long> ids) throws SQLException {
        if (repo.dialect().partitionsByDataset() || ids.size() == 1) {
            for (long id : ids) deleteRun(id);
            return;
        }
        String in = "(" + String.join(", ", Collections.nCopies(ids.size(), "?")) + ")";
        Set<String> tables = new LinkedHashSet<>();
        for (long id : ids) tables.addAll(tableNames("RUN_ID", id));
        emptied.addAll(tables);
        if (!repo.dialect().storesBlocks()) {
            for (String table : tables) {
                execute("DELETE FROM " + table + " WHERE DATASET_ID IN (SELECT ID FROM DATASETS WHERE RUN_ID IN " + in + ")", ids);
            }
        }
        execute("DELETE FROM RUNS WHERE ID IN " + in, ids);
    }

    /**
     * Deletes a run and its rows inside the current transaction. Catalog rows go by ON DELETE CASCADE;
     * data-table rows are deleted here because they reference data sets by id only (a foreign key per
     * row would slow bulk loading).
     */
    private void deleteRun(long runId) throws SQLException {
        deleteWithRows("RUN_ID", runId, "DELETE FROM RUNS WHERE ID = ?");
    }

    /** Deletes one source file and its rows inside the current transaction. */
    private void deleteFile(long fileId) throws SQLException {
        deleteWithRows("FILE_ID", fileId, "DELETE FROM SOURCE_FILES WHERE ID = ?");
    }

    /**
     * Deletes the run or file and its data-table rows. Where the engine partitions data tables by data set, its data
     * sets' partitions are taken out of their tables, however many rows they hold, after the catalog rows are deleted
     * (a user who may not change the repository is refused at that first statement, as everywhere else), and dropped
     * after the transaction commits ({@link LeftTables}).
     */
    private void deleteWithRows(String column, long id, String delete) throws SQLException {
        emptied.addAll(tableNames(column, id));
        if (!repo.dialect().partitionsByDataset()) {
            for (String table : tables(column, id)) {
                execute("DELETE FROM " + table + " WHERE DATASET_ID IN (SELECT ID FROM DATASETS WHERE " + column + " = ?)", id);
            }
            execute(delete, id);
            return;
        }
        List<DatasetTable> datasets = datasets(column, id);
        execute(delete, id);
        try {
            LeftTables left = repo.leftTables().orElseThrow();
            for (DatasetTable d : datasets) left.retire(connection(), d.table(), d.id());
        } catch (StoreException e) {
            throw Jdbc.cause(e);
        }
    }

    /** A data set by its id and the data table its rows are in. */
    private record DatasetTable(String table, long id) {
    }

    /** The data sets of a run ({@code RUN_ID}) or file ({@code FILE_ID}), in the order they were made. */
    private List<DatasetTable> datasets(String column, long id) throws SQLException {
        List<DatasetTable> out = new ArrayList<>();
        try (PreparedStatement ps = connection().prepareStatement("SELECT TABLE_NAME, ID FROM DATASETS WHERE " + column + " = ? ORDER BY ID")) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.add(new DatasetTable(rs.getString(1), rs.getLong(2)));
            }
        }
        return out;
    }

    /** Adds {@code seconds} to every elapsed time of the run: its start moved earlier by that much. */
    private void shiftElapsed(long runId, double seconds) throws SQLException {
        // The overviews keep elapsed times too: the run's are dropped, and its charts read rows until a data set's are
        // written again (the file being imported writes its own after this).
        try (PreparedStatement ps = connection().prepareStatement(
                "DELETE FROM OVERVIEWS WHERE DATASET_ID IN (SELECT ID FROM DATASETS WHERE RUN_ID = ?)")) {
            ps.setLong(1, runId);
            ps.executeUpdate();
        }
        if (repo.dialect().storesBlocks()) {
            try {
                BlockStore.shiftElapsed(connection(), runId, seconds);
            } catch (StoreException e) {
                throw Jdbc.cause(e);
            }
        }
        if (repo.dialect().partitionsByDataset()) {
            // partition by partition: an UPDATE of the data table naming the run's data sets by a subquery plans and
            // scans every run's partitions (PostgreSQL prunes by constants and parameters, not by a subquery's rows)
            try {
                for (DatasetTable d : datasets("RUN_ID", runId)) DatasetPartitions.shiftElapsed(connection(), d.table(), d.id(), seconds);
            } catch (StoreException e) {
                throw Jdbc.cause(e);
            }
            return;
        }
        for (String table : tables("RUN_ID", runId)) {
            try (PreparedStatement ps = connection().prepareStatement("UPDATE " + table
                    + " SET ELAPSED_S = ELAPSED_S + ? WHERE DATASET_ID IN (SELECT ID FROM DATASETS WHERE RUN_ID = ?)")) {
                ps.setDouble(1, seconds);
                ps.setLong(2, runId);
                ps.executeUpdate();
            }
        }
    }

    private Optional<OpenRun> find(String name) throws SQLException {
        try (PreparedStatement ps = connection().prepareStatement("SELECT ID, START_TS, HOST FROM RUNS WHERE NAME = ?")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) return Optional.empty();
                return Optional.of(new OpenRun(rs.getLong(1), name, Repository.instant(rs.getTimestamp(2)), rs.getString(3)));
            }
        }
    }

    private OpenRun insertRun(String name, String host, Instant start) throws SQLException {
        try (PreparedStatement ps = connection().prepareStatement(
                "INSERT INTO RUNS (NAME, HOST, START_TS, CREATED_AT) VALUES (?, ?, ?, ?)", Statement.RETURN_GENERATED_KEYS)) {
            ps.setString(1, name);
            ps.setString(2, host);
            ps.setTimestamp(3, start == null ? null : Repository.timestamp(start));
            ps.setTimestamp(4, Repository.timestamp(Instant.now()));
            ps.executeUpdate();
            return new OpenRun(generatedKey(ps), name, start, host);
        }
    }

    private void updateRun(long runId, Instant start, String host) throws SQLException {
        try (PreparedStatement ps = connection().prepareStatement("UPDATE RUNS SET START_TS = ?, HOST = ? WHERE ID = ?")) {
            ps.setTimestamp(1, start == null ? null : Repository.timestamp(start));
            ps.setString(2, host);
            ps.setLong(3, runId);
            ps.executeUpdate();
        }
    }

    private void addTag(long runId, String tag) throws SQLException {
        try (PreparedStatement ps = connection().prepareStatement("INSERT INTO RUN_TAGS (RUN_ID, TAG) SELECT ?, ? FROM RUNS"
                + " WHERE ID = ? AND NOT EXISTS (SELECT 1 FROM RUN_TAGS WHERE RUN_ID = ? AND TAG = ?)")) {
            ps.setLong(1, runId);
            ps.setString(2, tag);
            ps.setLong(3, runId);
            ps.setLong(4, runId);
            ps.setString(5, tag);
            ps.executeUpdate();
        }
    }

    /**
     * The data tables holding rows of the run or file. None where rows are kept in blocks: a data set's blocks go
     * with its DATASETS row (ON DELETE CASCADE).
     */
    private List<String> tables(String column, long id) throws SQLException {
        return repo.dialect().storesBlocks() ? List.of() : tableNames(column, id);
    }

    private void execute(String sql, long id) throws SQLException {
        execute(sql, List.of(id));
    }

    private void execute(String sql, List<Long> ids) throws SQLException {
        try (PreparedStatement ps = connection().prepareStatement(sql)) {
            for (int i = 0; i < ids.size(); i++) ps.setLong(i + 1, ids.get(i));
            ps.executeUpdate();
        }
    }

    private Connection connection() {
        return repo.connection();
    }

    private static long generatedKey(PreparedStatement ps) throws SQLException {
        try (ResultSet keys = ps.getGeneratedKeys()) {
            keys.next();
            return keys.getLong(1);
        }
    }


    private static String limit(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max);
    }
}
