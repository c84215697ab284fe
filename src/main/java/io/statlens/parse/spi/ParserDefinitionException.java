package io.statlens.parse.spi;

/** A declarative parser definition that cannot be used; the message says {@code file:line: what was expected}. */
public class ParserDefinitionException extends RuntimeException {
    public ParserDefinitionException(String message) {
        super(message);
    }
}
