package io.statlens.store;

import java.sql.SQLException;
import java.util.Optional;

/**
 * The repository's server went away under a command: the owner shut the Derby engine or the database
 * down, the server was stopped, or the network failed. Found anywhere in a failure's causes, so that the
 * command line says so in a sentence instead of reporting an internal error. The work in progress was
 * one transaction that never committed: the repository has none of it.
 */
public final class ConnectionLoss {
    private ConnectionLoss() {
    }

    /** The server's or the driver's words, when the failure was such a loss. */
    public static Optional<String> in(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLException s) {
                for (SQLException e = s; e != null; e = e.getNextException()) {
                    if (isLoss(e)) return Optional.of(words(e));
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The message, but for the network protocol's errors (58009, 58014 to 58017), whose words are about the protocol
     * ("DSS length not 0 at end of same id chain parse", "The DDM object 0x1232 is not supported"), not about what
     * happened.
     */
    private static String words(SQLException e) {
        if (e.getMessage() == null || protocolEnded(e)) return "the server ended the connection (" + e.getSQLState() + ")";
        if (engineShutDownMidStatement(e)) return "the server's Derby engine was shut down during a statement (" + e.getSQLState() + ")";
        return e.getMessage().strip();
    }

    /**
     * SQL's connection exceptions (class 08) but a refused login (08004, which happens only at connection
     * time and says why), a conversation the network protocol ended (below), Derby's system shutdown (XJ015),
     * the engine's shutdown met by a statement that was running (below) and PostgreSQL's administrator shutdown
     * (57P01-57P03).
     */
    static boolean isLoss(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        return (state.startsWith("08") && !state.equals("08004")) || protocolEnded(e) || state.equals("XJ015")
                || engineShutDownMidStatement(e) || state.matches("57P0[1-3]");
    }

    /**
     * A conversation Derby's client ended on a network protocol error, each of whose messages ends "The connection has
     * been terminated": 58009, and 58014 to 58017 (a DDM command, object, parameter or value it did not expect), which
     * is what it reads when its server's engine was shut down in the middle of a reply.
     */
    private static boolean protocolEnded(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        return state.equals("58009") || state.matches("5801[4-7]");
    }

    /**
     * A statement the server was running when its engine shut down: Derby's client reports the engine's
     * ShutdownException as a Java exception (XJ001) that names it, not as a connection exception.
     */
    private static boolean engineShutDownMidStatement(SQLException e) {
        return "XJ001".equals(e.getSQLState()) && e.getMessage() != null && e.getMessage().contains("ShutdownException");
    }
}
