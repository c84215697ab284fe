package io.statlens.cli;

/** Process exit codes, documented in docs/cli.md. */
public final class ExitCodes {
    /** Success. */
    public static final int OK = 0;
    /** A user or input error: bad option, unknown run, malformed input under --strict, repository in use. */
    public static final int USER_ERROR = 1;
    /** An internal error: a bug or an unexpected repository failure. */
    public static final int INTERNAL_ERROR = 2;

    private ExitCodes() {
    }
}
