package io.statlens.parse.spi;

import java.nio.file.Path;
import java.util.List;

/**
 * A source of parsers that are not Java classes of their own, such as the declarative definitions
 * in {@code parsers/}. Registered with {@link java.util.ServiceLoader}.
 */
public interface ParserProvider {

    /**
     * @param userParserDir the user's own definitions folder (may not exist)
     * @return the parsers, each a complete {@link Parser}
     * @throws ParserDefinitionException when a definition is malformed; the message names the file and line
     */
    List<Parser> parsers(Path userParserDir);
}
