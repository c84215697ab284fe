package io.statlens.store;


import java.sql.SQLException;

/**
 * JDBC work behind a public store method: its {@link SQLException} becomes a {@link StoreException} whose cause it
 * is, so that callers outside the store never see JDBC, and callers inside it may take the cause back
 * ({@link #cause}) where their transaction handling tells SQL failures apart.
 */
public final class Jdbc {
    private Jdbc() {
    }

    public interface Work {
        void run() throws SQLException;
    }

    public interface Call<T> {
        T call() throws SQLException;
    }

    public static void run(Work work) {
        try {
            work.run();
        } catch (SQLException e) {
            throw new StoreException(e.getMessage(), e);
        }
    }

    public static <T> T call(Call<T> call) {
        try {
            return call.call();
        } catch (SQLException e) {
            throw new StoreException(e.getMessage(), e);
        }
    }

    /** The SQLException a store failure wraps, for code in the store that handles SQL failures as such; else rethrows. */
    public static SQLException cause(StoreException e) {
        if (e.getCause() instanceof SQLException s) return s;
        throw e;
    }
}
