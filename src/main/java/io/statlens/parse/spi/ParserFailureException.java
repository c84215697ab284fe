package io.statlens.parse.spi;

/**
 * A parser threw where it should have warned: the message names the parser (id and version) and the
 * place ({@code file:line}), so that a failing import says which parser failed on which line. Not a user
 * error: the input was readable, the parser was not up to it.
 */
public class ParserFailureException extends IllegalStateException {
    private final ParserInfo parser;
    private final String file;
    private final long line;

    public ParserFailureException(ParserInfo parser, String file, long line, RuntimeException cause) {
        super(file + ":" + line + ": parser " + parser.label() + " failed: " + cause, cause);
        this.parser = parser;
        this.file = file;
        this.line = line;
    }

    /** The same failure, the file named as the caller knows it (the path instead of the file name). */
    public ParserFailureException inFile(String path) {
        return new ParserFailureException(parser, path, line, (RuntimeException) getCause());
    }

    public ParserInfo parser() {
        return parser;
    }

    public String file() {
        return file;
    }

    /** The line the parser had read last (1-based; 0 before the first). */
    public long line() {
        return line;
    }
}
