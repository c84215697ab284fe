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
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The declarative parsers: every {@code *.parser} file of the class path folder {@code statlens/parsers/}
 * (the project's {@code parsers/} folder, shipped in the jar), by name, then every one of the user's
 * folder, by name. A definition that cannot be read is reported and left out. A later definition of the same tool replaces an earlier one in the registry, so a
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

    /**
     * Every definition that can be read; one that cannot (malformed, unreadable) goes to {@code problems} with
     * its {@code file:line} and is left out.
     */
    @Override
    public List<Parser> parsers(Path userParserDir, Consumer<ParserDefinitionException> problems) {
        List<Parser> out = new ArrayList<>();
        List<URL> ownRoot = loader == DeclarativeParserProvider.class.getClassLoader()
                ? ClasspathFolder.rootOf(DeclarativeParserProvider.class) : List.of();
        for (ClasspathFolder.File file : ClasspathFolder.list(loader, CLASSPATH_FOLDER, SUFFIX, ownRoot)) {
            read(file.source(), file::text, problems).ifPresent(out::add);
        }
        if (userParserDir != null && Files.isDirectory(userParserDir)) {
            List<Path> files;
            try {
                files = userFiles(userParserDir);
            } catch (IOException e) {
                problems.accept(new ParserDefinitionException(userParserDir + ": cannot list parser definitions: " + e.getMessage()));
                files = List.of();
            }
            for (Path file : files) {
                read(file.toString(), () -> readText(file), problems).ifPresent(out::add);
            }
        }
        return out;
    }

    /** The text of a definition; an I/O failure is the caller's to report. */
    private interface Text {
        String get() throws IOException;
    }

    private static Optional<Parser> read(String source, Text text, Consumer<ParserDefinitionException> problems) {
        try {
            return Optional.of(new DeclarativeParser(DefinitionReader.read(source, text.get())));
        } catch (ParserDefinitionException e) {
            problems.accept(e);
        } catch (IOException | UncheckedIOException e) {
            problems.accept(new ParserDefinitionException(source + ": cannot read: " + e.getMessage()));
        } catch (RuntimeException e) {
            // The reader should have said file:line; a definition must never take the other parsers with it.
            problems.accept(new ParserDefinitionException(source + ": cannot be read as a parser definition: " + e));
        }
        return Optional.empty();
    }

    private static List<Path> userFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(SUFFIX) && Files.isRegularFile(p)).sorted().toList();
        }
    }

    private static String readText(Path file) throws IOException {
        return Files.readString(file);
    }
}
