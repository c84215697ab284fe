package io.statlens.store;

import java.sql.SQLException;
import java.util.Optional;

/**
 * A server's refusal of a privilege the user lacks: a reader's write on a Derby network server (a
 * read-only connection, or SQL authorization) or on PostgreSQL. Found anywhere in a failure's causes, so
 * that the command line can say "not permitted" instead of reporting an internal error.
 */
public final class AccessRefusal {
    private AccessRefusal() {
    }

    /**
     * The server's words, when the failure was such a refusal: the refusal itself, not the batch that carried
     * it (PgJDBC reports a refused batch as "Batch entry 0 INSERT ... was aborted", the statement with its
     * values, and chains the server's refusal behind it), and without PostgreSQL's {@code ERROR: } prefix.
     */
    public static Optional<String> in(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLException s && isRefusal(s)) return Optional.ofNullable(words(s));
        }
        return Optional.empty();
    }

    private static String words(SQLException refusal) {
        SQLException said = refusal;
        for (SQLException next = refusal.getNextException(); next != null; next = next.getNextException()) {
            if (isRefusal(next)) said = next;
        }
        String message = said.getMessage();
        return message == null ? null : message.replaceFirst("^ERROR: ", "");
    }

    /** PostgreSQL 42501, Derby 42500-42509, or a write on a read-only connection (25502, 25006). */
    static boolean isRefusal(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        return state.equals("42501") || state.matches("4250[0-9]") || state.equals("25502") || state.equals("25006");
    }
}
