package io.statlens.store.saved;

import io.statlens.store.Jdbc;
import io.statlens.store.StoreException;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * A write of a thing users save, as a transaction of its own: committed whole, or rolled back whole whatever fails
 * (a refused value as much as a failed statement), so that a half-saved note or window never reaches the next commit.
 */
final class OwnTransaction {
    private OwnTransaction() {
    }

    /**
     * Runs the work on the connection and commits it.
     *
     * @param failure what could not be done, for the message of a failed statement ({@code cannot save ...})
     */
    static <T> T commit(Connection c, String failure, Jdbc.Call<T> work) {
        try {
            T result = work.call();
            c.commit();
            return result;
        } catch (SQLException e) {
            rollback(c);
            throw new StoreException(failure + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            rollback(c);
            throw e;
        }
    }

    private static void rollback(Connection c) {
        try {
            c.rollback();
        } catch (SQLException ignored) {
            // nothing was committed
        }
    }
}
