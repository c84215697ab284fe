package io.statlens.store;

import io.statlens.model.UserException;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Runs a user's SQL question against the repository, read-only: only a single SELECT or VALUES
 * statement is accepted, and it runs on a read-only connection, so that neither DDL nor DML can
 * change the repository.
 */
public final class ReadOnlyQuery {
    private static final Pattern COMMENTS = Pattern.compile("(?s)/\\*.*?\\*/|--[^\\n]*");
    private static final Pattern FIRST_WORD = Pattern.compile("^\\s*\\(*\\s*(\\w+)");
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

    public void run(String sql, Handler handler) {
        String statement = validate(sql);
        Connection c = repo.connection();
        try {
            c.rollback();
            c.setReadOnly(true);
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(statement)) {
                ResultSetMetaData md = rs.getMetaData();
                List<String> names = new ArrayList<>();
                List<Boolean> numeric = new ArrayList<>();
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    names.add(md.getColumnLabel(i));
                    numeric.add(isNumeric(md.getColumnType(i)));
                }
                handler.columns(names, numeric);
                while (rs.next()) {
                    List<Object> row = new ArrayList<>(names.size());
                    for (int i = 1; i <= names.size(); i++) {
                        Object v = rs.getObject(i);
                        row.add(v instanceof Timestamp ts ? Repository.instant(ts) : v);
                    }
                    handler.row(row);
                }
            }
        } catch (SQLException e) {
            throw new UserException("query failed: " + e.getMessage().replaceAll("\\s+", " ").trim(), e);
        } finally {
            try {
                c.rollback();
                c.setReadOnly(false);
            } catch (SQLException ignored) {
                // the connection is unusable anyway
            }
        }
    }

    /** The statement to run, or a UserException saying why it is refused. */
    static String validate(String sql) {
        String trimmed = sql.trim();
        while (trimmed.endsWith(";")) trimmed = trimmed.substring(0, trimmed.length() - 1).trim();
        String code = COMMENTS.matcher(trimmed).replaceAll(" ");
        if (code.isBlank()) throw new UserException("empty query");
        if (code.replaceAll("'([^']|'')*'", "''").contains(";")) {
            throw new UserException("only one statement at a time is allowed");
        }
        var m = FIRST_WORD.matcher(code);
        String first = m.find() ? m.group(1).toUpperCase() : "";
        if (!first.equals("SELECT") && !first.equals("VALUES")) {
            throw new UserException("statlens query is read-only: only SELECT and VALUES are allowed (got " + first + ")");
        }
        return trimmed;
    }

    private static boolean isNumeric(int type) {
        return switch (type) {
            case java.sql.Types.BIGINT, java.sql.Types.INTEGER, java.sql.Types.SMALLINT, java.sql.Types.TINYINT,
                 java.sql.Types.DOUBLE, java.sql.Types.FLOAT, java.sql.Types.REAL, java.sql.Types.DECIMAL,
                 java.sql.Types.NUMERIC -> true;
            default -> false;
        };
    }
}
