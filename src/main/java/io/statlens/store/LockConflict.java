package io.statlens.store;

import java.sql.SQLException;
import java.util.Optional;
import java.util.Set;

/**
 * The engine ending a transaction to settle a conflict with another client's: a deadlock it broke by
 * undoing this one, or a lock this one waited for longer than the engine allows (Derby's
 * {@code derby.locks.waitTimeout}, 60 s unless set). Nothing is wrong with the command or the
 * repository; the same command again, once the other client is done, will do.
 */
public final class LockConflict {
    /** Serialization failure or deadlock (40001, PostgreSQL's 40P01), a lock not to be had (55P03, Derby's 40XL1 and 40XL2). */
    private static final Set<String> STATES = Set.of("40001", "40P01", "55P03", "40XL1", "40XL2");

    private LockConflict() {
    }

    /** The engine's words, when the failure was such a conflict. */
    public static Optional<String> in(Throwable failure) {
        return exception(failure).map(SQLException::getMessage);
    }

    /** The engine's exception that tells the conflict, when the failure was one. */
    public static Optional<SQLException> exception(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLException s && s.getSQLState() != null && STATES.contains(s.getSQLState())) return Optional.of(s);
        }
        return Optional.empty();
    }
}
