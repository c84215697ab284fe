package io.statlens.store.schema;

import io.statlens.store.StoreException;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The tables of deleted data sets, on an engine that partitions data tables by data set, and their drop after the
 * delete has committed. Dropping a ten-million-row partition is quick for PostgreSQL, but it unlinks the table's files
 * at {@code COMMIT}, and on a file system that trims online ({@code discard}) that takes time by the files' size: 1.8 s
 * for a 10M-row run (docs/bench.md). So a delete {@link #retire}s each partition in its own transaction (detached from
 * its data table and renamed: at {@code COMMIT} the run is gone for every reader), and the tables are dropped after
 * that commit by a thread of their own, on a connection of their own, one table a transaction: the command's answer
 * does not wait for the file system, and the space comes back when that thread ends. A table whose drop never ran (the
 * process was killed) is dropped by the next open of the repository ({@link #anyLeft}), the same way.
 *
 * <p>Readers do not wait for the drop: a left table is no partition any more, and no query names it.
 */
public final class LeftTables {
    /** A left table's name: this and the data set's id, which no other data set has. */
    static final String PREFIX = "STATLENS_LEFT_D";
    /** Said on every left table, so that a table of the same name that statlens did not leave is never dropped. */
    private static final String MARK = "statlens: the rows of a deleted data set, dropped after the delete committed";
    /**
     * One dropper at a time per repository, across processes (two would wait for each other's tables); the second
     * waits for the first and then finds what is left. The first number says statlens, the second the schema.
     */
    private static final int LOCK_CLASS = 0x5374_4c54;
    /** Takes the lock of {@link #LOCK_CLASS} for the session, waiting for it. */
    static final String LOCK = "SELECT pg_advisory_lock(" + LOCK_CLASS + ", hashtext(current_schema()))";
    /** How long a drop waits for a lock (another dropper, or a reader of the table left open) before leaving it for later. */
    private static final String LOCK_WAIT = "60s";

    private final Supplier<Connection> connections;
    private Thread dropper;
    /** Whether tables were left since the running dropper listed them: it runs again when it ends. */
    private boolean again;
    /** Whether this process left tables that no dropper has been started for. */
    private boolean retired;

    /** @param connections a new connection to the repository each call, the dropper's own; it closes it */
    LeftTables(Supplier<Connection> connections) {
        this.connections = connections;
    }

    /**
     * Takes the data set's partition of {@code table} out of it, inside the caller's transaction, and renames it as a
     * left table; nothing if it has none (a data set without rows). Its rows are gone for every reader when the
     * transaction commits; its files stay until {@link #dropLater}.
     */
    public void retire(Connection c, String table, long datasetId) {
        String partition = DatasetPartitions.name(table, datasetId);
        Statements.inStore("cannot take the rows of data set " + datasetId + " out of " + table, () -> {
            try (PreparedStatement exists = c.prepareStatement("SELECT to_regclass(?)")) {
                exists.setString(1, partition.toLowerCase(Locale.ROOT));
                try (ResultSet rs = exists.executeQuery()) {
                    if (!rs.next() || rs.getString(1) == null) return;
                }
            }
            String left = PREFIX + datasetId;
            Statements.execute(c, "ALTER TABLE " + table + " DETACH PARTITION " + partition);
            Statements.execute(c, "ALTER TABLE " + partition + " RENAME TO " + left);
            Statements.execute(c, "COMMENT ON TABLE " + left + " IS '" + MARK + "'");
        });
        synchronized (this) {
            retired = true;
        }
    }

    /**
     * Drops the committed left tables on a thread of its own, which this returns without waiting for; if one runs
     * already, it looks again when it is done. Call after the commit that left them.
     */
    public synchronized void dropLater() {
        retired = false;
        if (dropper != null) {
            again = true;
            return;
        }
        dropper = Thread.ofPlatform().daemon().name("statlens-left-tables").start(this::dropAll);
    }

    /** Waits until the tables left so far are dropped (as far as they can be: a table locked a minute stays for later). */
    public void awaitDropped() {
        synchronized (this) {
            if (retired) dropLater();
        }
        while (true) {
            Thread running;
            synchronized (this) {
                running = dropper;
            }
            if (running == null) return;
            try {
                running.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            synchronized (this) {
                // ended: it cleared this itself, unless it died of an error, which leaves its tables for the next open
                if (dropper == running) dropper = null;
            }
        }
    }

    private void dropAll() {
        do {
            synchronized (this) {
                again = false;
            }
            try (Connection c = connections.get()) {
                dropAll(c);
            } catch (SQLException | RuntimeException e) {
                // Nothing lost: the tables stay, out of every query, and the next open of the repository drops them.
            }
        } while (takeAgain());
    }

    /** Whether to look again; if not, the dropper is done, and the next {@link #dropLater} starts another. */
    private synchronized boolean takeAgain() {
        if (!again) dropper = null;
        return again;
    }

    private static void dropAll(Connection c) throws SQLException {
        c.setAutoCommit(false);
        Statements.execute(c, "SET lock_timeout = '" + LOCK_WAIT + "'");
        try (PreparedStatement lock = c.prepareStatement(LOCK)) {
            lock.executeQuery().close();
        }
        c.commit();
        for (String table : left(c)) {
            try {
                Statements.execute(c, "DROP TABLE IF EXISTS " + table);
                c.commit();
            } catch (SQLException e) {
                // locked past the wait, or no longer ours to drop: left for the next open
                c.rollback();
            }
        }
    }

    /** Whether the repository holds left tables this user may drop: the open of a repository starts {@link #dropLater} then. */
    static boolean anyLeft(Connection c) {
        try {
            return !left(c).isEmpty();
        } catch (SQLException e) {
            throw new StoreException("cannot list the tables of deleted data sets: " + e.getMessage(), e);
        }
    }

    /** The left tables of the repository's schema that this user owns, by name. */
    static List<String> left(Connection c) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT T.relname FROM pg_catalog.pg_class T JOIN pg_catalog.pg_namespace N"
                + " ON N.oid = T.relnamespace WHERE N.nspname = current_schema() AND T.relkind = 'r' AND T.relname LIKE ?"
                + " AND NOT T.relispartition AND pg_catalog.obj_description(T.oid, 'pg_class') = ?"
                + " AND pg_catalog.pg_has_role(current_user, T.relowner, 'USAGE') ORDER BY T.relname")) {
            ps.setString(1, PREFIX.toLowerCase(Locale.ROOT).replace("_", "\\_") + "%");
            ps.setString(2, MARK);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.add(rs.getString(1));
            }
        }
        return out;
    }
}
