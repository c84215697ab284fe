package io.statlens.parse.declarative;

import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.Parser;

import java.nio.file.Path;
import java.util.Arrays;

/** Test support: the definitions shipped in {@code parsers/}, loaded as the application loads them. */
final class ShippedDefinitions {
    private ShippedDefinitions() {
    }

    static Parser parser(String tool) {
        return new DeclarativeParserProvider().parsers(Path.of("no-user-folder"), problem -> {
                    throw problem;
                }).stream()
                .filter(p -> p.info().tool().equals(tool)).findFirst()
                .orElseThrow(() -> new AssertionError("no shipped definition for " + tool));
    }

    /** A parser read from literal definition text. */
    static Parser fromText(String text) {
        return new DeclarativeParser(DefinitionReader.read("test.parser", text));
    }

    static Head head(String text) {
        return new Head("snippet", Arrays.asList(text.split("\n")));
    }
}
