package io.statlens.model;

/**
 * An error the user can fix: a malformed input line, an unknown run, a repository in use. The
 * command line prints its message alone and exits with code 1; anything else is an internal error.
 * Messages about input lines read {@code file:line: what was expected}.
 */
public class UserException extends RuntimeException {
    public UserException(String message) {
        super(message);
    }

    public UserException(String message, Throwable cause) {
        super(message, cause);
    }
}
