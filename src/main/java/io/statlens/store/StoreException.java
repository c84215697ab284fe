package io.statlens.store;

/**
 * The repository failed in a way the user did not cause: the database reported an error (a lost
 * connection, a full disk, statlens' own SQL). The store's public methods throw this instead of JDBC's
 * {@code SQLException}, so that no caller needs to know JDBC; what the user got wrong is a
 * {@code UserException} instead.
 */
public final class StoreException extends RuntimeException {
    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
