package io.statlens.store.read;

import io.statlens.model.UserException;
import io.statlens.store.schema.Repository;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Runs a user's SQL question against the repository, read-only: only a single SELECT or VALUES
 * statement is accepted, and it runs on a read-only connection, so that neither DDL nor DML can
 * change the repository. Named parameters ({@code :run}) are bound as string values, so that a
 * saved question (a chart definition) can be asked of any run without splicing text into SQL.
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
        run(sql, Map.of(), handler);
    }

    /**
     * Runs a statement with named parameters: each {@code :name} outside literals and comments is
     * bound to {@code parameters.get(name)} as a string.
     */
    public void run(String sql, Map<String, String> parameters, Handler handler) {
        NamedParameters bound = NamedParameters.of(validate(sql));
        for (String name : bound.names()) {
            if (!parameters.containsKey(name)) {
                String given = parameters.isEmpty() ? "none"
                        : String.join(", ", parameters.keySet().stream().map(n -> ":" + n).sorted().toList());
                throw new UserException("the query uses :" + name + ", which is not given (parameters given: " + given + ")");
            }
        }
        Connection c = repo.connection();
        try {
            c.rollback();
            c.setReadOnly(true);
            repo.dialect().enterReadOnly(c);
            try (PreparedStatement s = c.prepareStatement(bound.sql())) {
                for (int i = 0; i < bound.names().size(); i++) s.setString(i + 1, parameters.get(bound.names().get(i)));
                read(s.executeQuery(), label -> repo.dialect().resultLabel(label, sql), handler);
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

    /** The named parameters a statement uses ({@code run} for {@code WHERE RUN = :run}), each once, in order. */
    public static List<String> parameterNames(String sql) {
        return NamedParameters.of(sql).names().stream().distinct().toList();
    }

    private static void read(ResultSet result, java.util.function.UnaryOperator<String> label, Handler handler) throws SQLException {
        try (ResultSet rs = result) {
            ResultSetMetaData md = rs.getMetaData();
            List<String> names = new ArrayList<>();
            List<Boolean> numeric = new ArrayList<>();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                names.add(label.apply(md.getColumnLabel(i)));
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
