package io.statlens.parse.spi;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * A source of parsers that are not Java classes of their own, such as the declarative definitions
 * in {@code parsers/}. Registered with {@link java.util.ServiceLoader}.
 */
public interface ParserProvider {

    /**
     * The parsers this provider can make. A definition that cannot be used is reported to {@code problems}
     * ({@code file:line: what was expected}) and left out; the others are still returned, so one broken
     * file does not take every parser with it.
     *
     * @param userParserDir the user's own definitions folder (may not exist)
     */
    List<Parser> parsers(Path userParserDir, Consumer<ParserDefinitionException> problems);
}
