package io.statlens.parse.spi;

import io.statlens.model.UserException;

/**
 * A declarative parser definition that cannot be used; the message says {@code file:line: what was
 * expected}. A user error: the command line prints it and exits with code 1.
 */
public class ParserDefinitionException extends UserException {
    public ParserDefinitionException(String message) {
        super(message);
    }
}
