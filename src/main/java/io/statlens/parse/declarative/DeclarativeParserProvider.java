package io.statlens.parse.declarative;

import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserDefinitionException;
import io.statlens.parse.spi.ParserProvider;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The declarative parsers: every {@code *.parser} file of the class path folder {@code statlens/parsers/}
 * (the project's {@code parsers/} folder, shipped in the jar), by name, then every one of the user's
 * folder, by name. A later definition of the same tool replaces an earlier one in the registry, so a
 * user's file overrides a shipped one.
 */
public final class DeclarativeParserProvider implements ParserProvider {
    /** The class path folder of the shipped definitions. */
    public static final String CLASSPATH_FOLDER = "statlens/parsers";
    /** The file name suffix of definitions. */
    public static final String SUFFIX = ".parser";

    private final ClassLoader loader;

    /** The provider {@link java.util.ServiceLoader} creates: shipped definitions from this class's loader. */
    public DeclarativeParserProvider() {
        this(DeclarativeParserProvider.class.getClassLoader());
    }

    /** A provider reading the shipped definitions through another class loader. */
    public DeclarativeParserProvider(ClassLoader loader) {
        this.loader = loader;
    }

    /** @throws ParserDefinitionException when a definition is malformed; the message names the file and line */
    @Override
    public List<Parser> parsers(Path userParserDir) {
        List<Parser> out = new ArrayList<>();
        List<URL> ownRoot = loader == DeclarativeParserProvider.class.getClassLoader()
                ? ClasspathFolder.rootOf(DeclarativeParserProvider.class) : List.of();
        for (ClasspathFolder.File file : ClasspathFolder.list(loader, CLASSPATH_FOLDER, SUFFIX, ownRoot)) {
            out.add(new DeclarativeParser(DefinitionReader.read(file.source(), file.text())));
        }
        if (userParserDir != null && Files.isDirectory(userParserDir)) {
            for (Path file : userFiles(userParserDir)) {
                out.add(new DeclarativeParser(DefinitionReader.read(file.toString(), read(file))));
            }
        }
        return out;
    }

    private static List<Path> userFiles(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(SUFFIX) && Files.isRegularFile(p)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list parser definitions in " + dir, e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read parser definition " + file, e);
        }
    }
}
