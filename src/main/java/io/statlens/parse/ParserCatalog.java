package io.statlens.parse;

import io.statlens.model.StatlensHome;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserProvider;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Every parser statlens knows, by tool id, and what could not be loaded.
 *
 * <p>Order, documented in docs/parsers.md: built-in Java parsers ({@code META-INF/services}, by tool id),
 * then providers (the declarative definitions shipped in the jar, then the user's folder). A later parser
 * with the same tool id replaces an earlier one, so a user's definition overrides a built-in one.
 *
 * <p>Loading is tolerant: a definition or plug-in that cannot be loaded is left out and kept as a
 * {@linkplain #problems() problem} ({@code file:line: what was expected}) for the command line and the GUI to
 * show, and every other parser still works. {@link #installed()} is the one way the application gets its
 * catalog; it is built once per process and again only when the user's folder changes.
 */
public final class ParserCatalog {
    /** The user's definitions folder, below the statlens home. */
    public static final String USER_FOLDER = "parsers";
    private static final int CACHED_FOLDERS = 8;
    private static final Map<String, ParserCatalog> CACHE = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, ParserCatalog> eldest) {
            return size() > CACHED_FOLDERS;
        }
    };

    private final Map<String, Parser> byTool;
    private final List<String> problems;

    public ParserCatalog(List<Parser> parsers) {
        this(parsers, List.of());
    }

    /** @param problems what could not be loaded, one message each ({@code file:line: what was expected}) */
    public ParserCatalog(List<Parser> parsers, List<String> problems) {
        Map<String, Parser> map = new LinkedHashMap<>();
        for (Parser p : parsers) {
            map.remove(p.info().tool());
            map.put(p.info().tool(), p);
        }
        this.byTool = map;
        this.problems = List.copyOf(problems);
    }

    /** The catalog of this installation: built-in parsers, shipped definitions and the user's folder. */
    public static ParserCatalog installed() {
        return load(StatlensHome.path().resolve(USER_FOLDER));
    }

    /**
     * Built-in and declarative parsers, the definitions of {@code userParserDir} last. The same folder in the
     * same state (its definitions' names, sizes and modification times) gives the same catalog, built once;
     * a folder without definitions gives the one catalog of the shipped parsers.
     */
    public static synchronized ParserCatalog load(Path userParserDir) {
        return CACHE.computeIfAbsent(fingerprint(userParserDir), key -> build(userParserDir));
    }

    private static ParserCatalog build(Path userParserDir) {
        List<Parser> all = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        List<Parser> builtIn = new ArrayList<>();
        forEachService(Parser.class, builtIn::add, problems);
        builtIn.sort(Comparator.comparing(p -> p.info().tool()));
        all.addAll(builtIn);
        forEachService(ParserProvider.class, provider -> {
            try {
                all.addAll(provider.parsers(userParserDir, problem -> problems.add(problem.getMessage())));
            } catch (RuntimeException e) {
                problems.add("parser provider " + provider.getClass().getName() + " failed: " + e);
            }
        }, problems);
        return new ParserCatalog(all, problems);
    }

    /** Every service found; one that cannot be instantiated is a problem, not the end of the others. */
    private static <S> void forEachService(Class<S> type, Consumer<S> action, List<String> problems) {
        Iterator<S> it = ServiceLoader.load(type).iterator();
        while (true) {
            try {
                if (!it.hasNext()) return;
                action.accept(it.next());
            } catch (ServiceConfigurationError e) {
                problems.add("a " + type.getSimpleName() + " plug-in could not be loaded: " + e.getMessage());
            }
        }
    }

    /** What decides whether a folder's catalog can be reused. */
    private static String fingerprint(Path dir) {
        if (dir == null || !Files.isDirectory(dir)) return "";
        StringBuilder key = new StringBuilder(dir.toAbsolutePath().normalize().toString());
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".parser")).sorted().toList()) {
                key.append('\n').append(f.getFileName()).append(' ').append(Files.size(f)).append(' ')
                        .append(Files.getLastModifiedTime(f).toMillis());
            }
        } catch (IOException e) {
            // Unreadable now: build afresh (the provider reports why) rather than reuse a stale catalog.
            key.append("\nunreadable ").append(System.nanoTime());
        }
        return key.indexOf("\n") < 0 ? "" : key.toString();
    }

    /** Every parser, in registration order. */
    public List<Parser> all() {
        return List.copyOf(byTool.values());
    }

    /** Every tool id, in registration order. */
    public List<String> tools() {
        return List.copyOf(byTool.keySet());
    }

    public Optional<Parser> byTool(String tool) {
        return Optional.ofNullable(byTool.get(tool.toLowerCase(Locale.ROOT)));
    }

    /** Definitions and plug-ins that could not be loaded, one message each; empty when all loaded. */
    public List<String> problems() {
        return problems;
    }
}
