package io.statlens.store.read;

import io.statlens.model.UserException;
import io.statlens.store.schema.Repository;

import java.sql.Blob;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * Runs a user's SQL question against the repository, read-only: only a single SELECT or VALUES
 * statement, or a WITH query that changes nothing (no INSERT, UPDATE, DELETE or MERGE in it; PostgreSQL only, Derby has
 * no WITH), is accepted, and it runs on a read-only connection, so that neither DDL nor DML can change the repository. Named parameters ({@code :run}) are bound as string values, so that a
 * saved question (a chart definition) can be asked of any run without splicing text into SQL.
 *
 * <p>A question cannot run away: it has a time limit ({@link Limits}), a deadline for the whole statement that
 * reading its rows cannot outlast, may be capped at a number of
 * rows, and may be stopped from another thread ({@link Stop}). Large objects are read as text (CLOB)
 * or hexadecimal (BLOB).
 */
public final class ReadOnlyQuery {
    private static final Pattern COMMENTS = Pattern.compile("(?s)/\\*.*?\\*/|--[^\\n]*");
    private static final Pattern FIRST_WORD = Pattern.compile("^\\s*\\(*\\s*(\\w+)");
    /** Text a statement's words cannot be in: string literals and quoted identifiers. */
    /**
     * Quoted literals and names. Unrolled ({@code '[^']*+(?:''[^']*+)*'}) rather than a repeated group of one character,
     * which recursed once per character and overflowed the stack on a literal of some thousands of characters.
     */
    private static final Pattern QUOTED = Pattern.compile("'[^']*+(?:''[^']*+)*'|\"[^\"]*+(?:\"\"[^\"]*+)*\"");
    private static final Pattern SINGLE_QUOTED = Pattern.compile("'[^']*+(?:''[^']*+)*'");
    /** What PostgreSQL lets a WITH query do besides reading. */
    private static final Pattern CHANGES = Pattern.compile("(?i)\\b(INSERT|UPDATE|DELETE|MERGE)\\b");
    /** Characters of a CLOB, bytes of a BLOB, read into one value. */
    static final int LOB_LIMIT = 1 << 20;
    /** Rows fetched from the server at a time, so that a result of any size streams. */
    private static final int FETCH_SIZE = 1_000;
    /** Ends questions at their time limit. */
    private static final ScheduledExecutorService DEADLINES = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "statlens-query-deadline");
        t.setDaemon(true);
        return t;
    });
    private final Repository repo;

    public ReadOnlyQuery(Repository repo) {
        this.repo = repo;
    }

    /** Receives a result as it is read. */
    public interface Handler {
        void columns(List<String> names, List<Boolean> numeric);

        /** Values are String, Double/Long/BigDecimal, java.time.Instant (for timestamps, UTC), Boolean or null. */
        void row(List<Object> values);
    }

    /**
     * How far a question may go.
     *
     * @param timeoutSeconds the time limit of the whole statement, from its start to its last row read; 0 for none
     * @param maxRows        rows read at most; 0 for all (one more is read to tell that there are more)
     */
    public record Limits(int timeoutSeconds, long maxRows) {
        /** The time limit of {@code statlens query} and the SQL console unless the user sets another. */
        public static final int DEFAULT_TIMEOUT_SECONDS = 300;
        /** No limit: for the program's own saved questions (charts), which read what they need. */
        public static final Limits NONE = new Limits(0, 0);

        public Limits {
            if (timeoutSeconds < 0) throw new UserException("the query time limit must be 0 (none) or more seconds");
            if (maxRows < 0) throw new UserException("the row limit must be 0 (none) or more");
        }
    }

    /** What a question read: the rows handed over, and whether the row limit left more unread. */
    public record Outcome(long rows, boolean more) {
    }

    /**
     * Stops a running question from another thread (the console's Stop button, Ctrl-C), or at its deadline. A stoppable
     * question runs on a connection of its own: Derby's embedded driver cannot cancel a statement, so stopping
     * interrupts the question's thread, which makes Derby close that connection, and only that one; PostgreSQL's
     * driver does not notice an interrupt while it waits for the server, so the statement is cancelled too.
     */
    public static final class Stop {
        private volatile boolean stopped;
        private volatile boolean expired;
        private Thread runner;
        private Statement statement;

        public synchronized void stop() {
            stopped = true;
            halt();
        }

        /** The question's time limit has passed. */
        synchronized void expire() {
            expired = true;
            stopped = true;
            halt();
        }

        private void halt() {
            if (runner != null) runner.interrupt();
            if (statement != null) {
                try {
                    statement.cancel();
                } catch (SQLException notSupported) {
                    // Derby: the interrupt stops it
                }
            }
        }

        public boolean stopped() {
            return stopped;
        }

        synchronized void begin() {
            if (stopped) throw new UserException("query stopped");
            runner = Thread.currentThread();
        }

        /** The statement to cancel when stopped. */
        synchronized void running(Statement s) {
            statement = s;
        }

        /** Leaves the thread without the interrupt, under the same lock as {@link #stop}, so none arrives late. */
        synchronized void end() {
            runner = null;
            statement = null;
            Thread.interrupted();
        }

        /** Why the question ended early, as the user reads it. */
        UserException reason(Limits limits, Exception cause) {
            if (expired) return timedOut(limits, cause);
            return new UserException("query stopped; nothing was changed", cause);
        }
    }

    private static UserException timedOut(Limits limits, Exception cause) {
        return new UserException("query stopped after its time limit of " + limits.timeoutSeconds() + " s (--timeout);"
                + " narrow it (WHERE, FETCH FIRST n ROWS ONLY) or allow more time", cause);
    }

    /** Thrown by a {@link Handler} to stop reading (a reader that has seen enough); the question ends quietly. */
    public static final class EnoughRows extends RuntimeException {
        public EnoughRows() {
            super(null, null, false, false);
        }
    }

    public void run(String sql, Handler handler) {
        run(sql, Map.of(), handler);
    }

    /**
     * Runs a statement with named parameters: each {@code :name} outside literals and comments is
     * bound to {@code parameters.get(name)} as a string.
     */
    public void run(String sql, Map<String, String> parameters, Handler handler) {
        run(sql, parameters, handler, Limits.NONE, null);
    }

    /**
     * Runs a statement within limits; with a {@link Stop}, on a connection of its own so that stopping it
     * leaves the repository's connection as it was.
     *
     * @throws UserException when it is refused, fails, exceeds its time limit or is stopped
     */
    public Outcome run(String sql, Map<String, String> parameters, Handler handler, Limits limits, Stop stop) {
        String statement = validate(sql);
        if (!repo.dialect().withQueries() && firstWord(statement).equals("WITH")) {
            throw new UserException("this repository is Derby, which has no WITH queries: write each WITH part as a subquery in"
                    + " FROM instead (SELECT ... FROM (SELECT ...) AS name)");
        }
        NamedParameters bound = NamedParameters.of(statement);
        for (String name : bound.names()) {
            if (!parameters.containsKey(name)) {
                String given = parameters.isEmpty() ? "none"
                        : String.join(", ", parameters.keySet().stream().map(n -> ":" + n).sorted().toList());
                throw new UserException("the query uses :" + name + ", which is not given (parameters given: " + given + ")");
            }
        }
        // A time limit is a deadline for the whole statement, reading its rows included: a statement that keeps
        // returning rows never waits long in one call, so the engine's per-call timeout alone would not end it. It is
        // set once, before the first try: a statement that starts over (below) has what is left of it, not another.
        Stop halt = stop != null ? stop : limits.timeoutSeconds() > 0 ? new Stop() : null;
        long endNanos = System.nanoTime() + TimeUnit.SECONDS.toNanos(limits.timeoutSeconds());
        ScheduledFuture<?> deadline = limits.timeoutSeconds() > 0
                ? DEADLINES.schedule(halt::expire, limits.timeoutSeconds(), TimeUnit.SECONDS) : null;
        try {
            // On Derby the statement may meet a writer's commit and be undone to settle a deadlock: until its first row
            // is handed out it starts over (ReadRetry).
            return ReadRetry.read(repo, () -> runOnce(bound, sql, parameters, handler, limits, halt, endNanos));
        } finally {
            if (deadline != null) deadline.cancel(false);
        }
    }

    private Outcome runOnce(NamedParameters bound, String sql, Map<String, String> parameters, Handler handler, Limits limits,
                            Stop halt, long endNanos) {
        // stopped or out of time while it waited to start over
        if (halt != null && halt.stopped()) throw halt.reason(limits, null);
        if (halt != null) halt.begin();
        Connection c = null;
        try {
            c = halt == null ? repo.connection() : repo.openQueryConnection();
            c.rollback();
            c.setReadOnly(true);
            repo.dialect().enterReadOnly(c);
            try (PreparedStatement s = c.prepareStatement(bound.sql())) {
                if (halt != null) halt.running(s);
                for (int i = 0; i < bound.names().size(); i++) s.setString(i + 1, parameters.get(bound.names().get(i)));
                // Bounds one call that waits on a server engine (Derby's network server cannot be interrupted from here).
                if (limits.timeoutSeconds() > 0) s.setQueryTimeout(secondsLeft(endNanos));
                int fetch = FETCH_SIZE;
                if (limits.maxRows() > 0 && limits.maxRows() < Integer.MAX_VALUE) {
                    s.setMaxRows((int) limits.maxRows() + 1);
                    fetch = (int) Math.min(fetch, limits.maxRows() + 1); // Derby refuses a fetch size past the row limit
                }
                // PostgreSQL's driver reads the whole result into memory unless it is asked to fetch it in parts.
                s.setFetchSize(fetch);
                return read(s.executeQuery(), label -> repo.dialect().resultLabel(label, sql), handler, limits.maxRows(), halt,
                        limits);
            }
        } catch (SQLException e) {
            if (halt != null && halt.stopped()) throw halt.reason(limits, e);
            // Derby's "statement cancelled" (XCL52), PostgreSQL's "canceling statement due to statement timeout" (57014)
            if ("XCL52".equals(e.getSQLState()) || "57014".equals(e.getSQLState())) throw timedOut(limits, e);
            // Derby reports a heap that ran out while it executed as a failed statement; it is the JVM's error
            OutOfMemoryError outOfMemory = outOfMemoryIn(e);
            if (outOfMemory != null) throw outOfMemory;
            throw new UserException("query failed: " + e.getMessage().replaceAll("\\s+", " ").trim(), e);
        } finally {
            if (halt != null) {
                halt.end();
                if (c != null) closeQuietly(c);
            } else if (c != null) {
                try {
                    c.rollback();
                    c.setReadOnly(false);
                } catch (SQLException ignored) {
                    // the connection is unusable anyway
                }
            }
        }
    }

    /** Whole seconds left until the deadline, at least one (a query timeout of 0 is none). */
    private static int secondsLeft(long endNanos) {
        long left = endNanos - System.nanoTime();
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, (left + 999_999_999L) / 1_000_000_000L));
    }

    private static void closeQuietly(Connection c) {
        try {
            if (!c.isClosed()) {
                c.rollback();
                c.close();
            }
        } catch (SQLException ignored) {
            // an interrupted query's connection is closed by Derby already
        }
    }

    /** The named parameters a statement uses ({@code run} for {@code WHERE RUN = :run}), each once, in order. */
    public static List<String> parameterNames(String sql) {
        return NamedParameters.of(sql).names().stream().distinct().toList();
    }

    private static Outcome read(ResultSet result, java.util.function.UnaryOperator<String> label, Handler handler, long maxRows,
                                Stop halt, Limits limits) throws SQLException {
        long rows = 0;
        try (ResultSet rs = result) {
            ResultSetMetaData md = rs.getMetaData();
            List<String> names = new ArrayList<>();
            List<Boolean> numeric = new ArrayList<>();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                names.add(label.apply(md.getColumnLabel(i)));
                numeric.add(isNumeric(md.getColumnType(i)));
            }
            // the first row is fetched before the columns are handed out: a statement undone while it waits for it starts over
            boolean next = rs.next();
            ReadRetry.handedOut();
            handler.columns(names, numeric);
            for (; next; next = rs.next()) {
                if (halt != null && halt.stopped()) throw halt.reason(limits, null);
                if (maxRows > 0 && rows == maxRows) return new Outcome(rows, true);
                List<Object> row = new ArrayList<>(names.size());
                for (int i = 1; i <= names.size(); i++) row.add(value(rs.getObject(i)));
                handler.row(row);
                rows++;
            }
        } catch (EnoughRows enough) {
            return new Outcome(rows, true);
        }
        return new Outcome(rows, false);
    }

    /** A value as {@link Handler#row} promises it: large objects and bytes become text. */
    private static Object value(Object v) throws SQLException {
        if (v instanceof Timestamp ts) return Repository.instant(ts);
        if (v instanceof Clob clob) {
            long length = clob.length();
            String text = clob.getSubString(1, (int) Math.min(length, LOB_LIMIT));
            clob.free();
            return length > LOB_LIMIT ? text + "... (" + length + " characters)" : text;
        }
        if (v instanceof Blob blob) {
            long length = blob.length();
            byte[] bytes = blob.getBytes(1, (int) Math.min(length, LOB_LIMIT));
            blob.free();
            return hex(bytes) + (length > LOB_LIMIT ? "... (" + length + " bytes)" : "");
        }
        if (v instanceof byte[] bytes) return hex(bytes);
        return v;
    }

    private static String hex(byte[] bytes) {
        return "0x" + HexFormat.of().formatHex(bytes);
    }

    /** The statement to run, or a UserException saying why it is refused. */
    static String validate(String sql) {
        String trimmed = sql.trim();
        while (trimmed.endsWith(";")) trimmed = trimmed.substring(0, trimmed.length() - 1).trim();
        String code = COMMENTS.matcher(trimmed).replaceAll(" ");
        if (code.isBlank()) throw new UserException("empty query");
        if (SINGLE_QUOTED.matcher(code).replaceAll("''").contains(";")) {
            throw new UserException("only one statement at a time is allowed");
        }
        String first = firstWord(trimmed);
        if (first.equals("WITH")) {
            var change = CHANGES.matcher(QUOTED.matcher(code).replaceAll("''"));
            if (change.find()) {
                throw new UserException("statlens query is read-only: a WITH query may only read (it has "
                        + change.group(1).toUpperCase(Locale.ROOT) + ")");
            }
        } else if (!first.equals("SELECT") && !first.equals("VALUES")) {
            throw new UserException("statlens query is read-only: only SELECT, VALUES and read-only WITH queries are allowed (got "
                    + first + ")");
        }
        return trimmed;
    }

    /** The statement's first word, upper case, past comments and opening brackets. */
    private static String firstWord(String sql) {
        var m = FIRST_WORD.matcher(COMMENTS.matcher(sql).replaceAll(" "));
        return m.find() ? m.group(1).toUpperCase(Locale.ROOT) : "";
    }

    private static boolean isNumeric(int type) {
        return switch (type) {
            case java.sql.Types.BIGINT, java.sql.Types.INTEGER, java.sql.Types.SMALLINT, java.sql.Types.TINYINT,
                 java.sql.Types.DOUBLE, java.sql.Types.FLOAT, java.sql.Types.REAL, java.sql.Types.DECIMAL,
                 java.sql.Types.NUMERIC -> true;
            default -> false;
        };
    }

    /** The OutOfMemoryError among an exception's causes (and a SQLException's next exceptions), or null. */
    private static OutOfMemoryError outOfMemoryIn(Throwable e) {
        for (int depth = 0; e != null && depth < 16; depth++) {
            if (e instanceof OutOfMemoryError oom) return oom;
            Throwable next = e.getCause();
            if (next == null && e instanceof SQLException sql) next = sql.getNextException();
            e = next;
        }
        return null;
    }
}
